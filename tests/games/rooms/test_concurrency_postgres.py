"""Changes at the same moment on PostgreSQL, each from its own process: the room's row lock.

One phone's pick sent twice at once (two sockets of one seat, a double tap): the first wins,
the second must be refused by the rules. Two tickers on one deadline: it expires once. Each
call runs in its own process (its own database connection) through ``games.services``,
released together by a barrier. In the "queued" case the test also holds the room's row lock
while both calls start, and lets go only once PostgreSQL shows both waiting for it, so the two
calls are certainly in flight together. And every service that changes a room waits for that
lock (``services.room_locked``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import psycopg
import pytest

from tests.support.servers import ROOT
from tests.support.testgame import pick

pytestmark = pytest.mark.postgres

PICKS = [pick(4), pick(9)]  # seat 1's two picks, sent at once


def race_run(args: list[str], env: dict[str, str], **popen: object) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.race", *args],
        cwd=ROOT,
        env={**os.environ, "PARTYHUB_TICKER": "0", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


def line_read(worker: subprocess.Popen) -> str:
    """The worker's next line of output; its error output when it has ended instead."""
    line = worker.stdout.readline()
    if not line:
        worker.wait(timeout=30)
        raise AssertionError(worker.stderr.read())
    return line.strip()


def race_setup(postgres_url: str) -> dict:
    process = race_run(["setup"], {"DATABASE_URL": postgres_url})
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


def lock_waiters(admin: psycopg.Connection, database: str) -> int:
    """How many backends of this database wait for a lock."""
    row = admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
        [database],
    ).fetchone()
    return row[0]


def lock_waited(db: psycopg.Connection, database: str, count: int) -> None:
    """Wait until ``count`` backends of this database wait for a lock (20 s at most)."""
    deadline = time.monotonic() + 20
    while lock_waiters(db, database) < count:
        assert time.monotonic() < deadline, f"never {count} calls waiting on the lock"
        time.sleep(0.02)


def two_at_once(postgres_url: str, code: str, steps: list[dict], mode: str) -> list[dict]:
    """Run each step in its own process, released together; their outcomes, in order."""
    database = postgres_url.rsplit("/", 1)[1]
    env = {"DATABASE_URL": postgres_url}
    workers = [
        race_run(["act", json.dumps(step)], env, stdin=subprocess.PIPE) for step in steps
    ]
    holder = psycopg.connect(postgres_url) if mode == "queued" else None
    try:
        for worker in workers:
            assert line_read(worker) == "ready"
        if holder is not None:
            holder.execute("SELECT id FROM games_room WHERE code = %s FOR UPDATE", [code])
        for worker in workers:  # the barrier: all go at once
            worker.stdin.write("go\n")
            worker.stdin.flush()
        if holder is not None:
            with psycopg.connect(postgres_url, autocommit=True) as db:
                lock_waited(db, database, len(workers))
            holder.commit()  # every call is now waiting on the row: let them race
        results = []
        for worker in workers:
            out, err = worker.communicate(timeout=60)
            assert worker.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
        return results
    finally:
        if holder is not None:
            holder.close()
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait()


def room_row(db: psycopg.Connection, code: str) -> tuple[int, dict, int]:
    return db.execute(
        "SELECT version, state, current_game_id FROM games_room WHERE code = %s", [code]
    ).fetchone()


@pytest.mark.parametrize("mode", ["barrier", "queued"])
def test_two_moves_at_once_exactly_one_applies(postgres_url: str, mode: str) -> None:
    room = race_setup(postgres_url)
    assert room["phase"] == "pick"
    assert room["picked"] == [True, False, False]
    code = room["code"]

    with psycopg.connect(postgres_url, autocommit=True) as db:
        version_before, _state, game_id = room_row(db, code)
        assert version_before == room["version"]
        actions_before = db.execute(
            "SELECT count(*) FROM games_action WHERE game_id = %s", [game_id]
        ).fetchone()[0]

        steps = [
            {"kind": "move", "code": code, "token": room["tokens"][1], "action": action}
            for action in PICKS
        ]
        results = two_at_once(postgres_url, code, steps, mode)

        winners = [action for action, r in zip(PICKS, results, strict=True) if r["ok"]]
        losers = [r for r in results if not r["ok"]]
        assert len(winners) == 1, results
        assert len(losers) == 1, results
        # The loser read the room only once the winner had committed (the row lock): the rules
        # refuse its pick, the seat having picked (not the write's version guard: conflict).
        assert (losers[0]["error"], losers[0]["code"]) == ("RuleError", "illegal"), losers
        winner = winners[0]

        version_after, state, _game = room_row(db, code)
        assert version_after == version_before + 1
        assert [r["version"] for r in results if r["ok"]] == [version_after]
        # The pick applied once: seat 1 holds the winning move's card.
        assert state["picks"] == [5, winner["card"], None]

        log = db.execute(
            "SELECT seq, seat, payload FROM games_action WHERE game_id = %s ORDER BY seq",
            [game_id],
        ).fetchall()
        assert len(log) == actions_before + 1
        picks = [(seq, seat) for seq, seat, payload in log if payload in PICKS]
        assert picks == [(version_after, 1)]


@pytest.mark.parametrize("mode", ["barrier", "queued"])
def test_two_tickers_on_one_deadline_expire_it_once(postgres_url: str, mode: str) -> None:
    room = race_setup(postgres_url)
    code = room["code"]
    due = {"kind": "expire", "room": room["id"], "now": room["deadline"] + 1}
    results = two_at_once(postgres_url, code, [due, due], mode)
    assert all(r["ok"] for r in results), results
    assert sorted(r["applied"] for r in results) == [False, True], results
    with psycopg.connect(postgres_url, autocommit=True) as db:
        version, state, game_id = room_row(db, code)
        assert version == room["version"] + 1
        assert [r["version"] for r in results if r["applied"]] == [version]
        assert state["round"] == 2  # nobody else picked: the round closed once
        timeouts = db.execute(
            "SELECT seq FROM games_action WHERE game_id = %s AND payload = %s::jsonb",
            [game_id, json.dumps({"type": "timeout"})],
        ).fetchall()
        assert timeouts == [(version,)]


def test_room_locked_holds_the_rooms_row_until_its_transaction_ends(postgres_url: str) -> None:
    room = race_setup(postgres_url)
    code, other = room["code"], room["lobby"]["code"]
    lock_now = "SELECT id FROM games_room WHERE code = %s FOR UPDATE NOWAIT"
    worker = race_run(["serve"], {"DATABASE_URL": postgres_url}, stdin=subprocess.PIPE)
    try:
        assert line_read(worker) == "ready"
        worker.stdin.write(json.dumps({"kind": "hold", "code": code.lower()}) + "\n")
        worker.stdin.flush()
        assert json.loads(line_read(worker)) == {"locked": room["version"]}
        with psycopg.connect(postgres_url) as db:
            with pytest.raises(psycopg.errors.LockNotAvailable):
                db.execute(lock_now, [code])
            db.rollback()
            db.execute(lock_now, [other])  # the row's lock, not the table's: others are free
            db.rollback()
            worker.stdin.write("\n")  # the transaction ends
            worker.stdin.flush()
            assert json.loads(line_read(worker))["released"] is True
            db.execute(lock_now, [code])
            db.rollback()
        worker.stdin.close()
        assert worker.wait(timeout=30) == 0
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()


def test_every_change_to_a_room_waits_for_its_row_lock(postgres_url: str) -> None:
    room = race_setup(postgres_url)
    code, lobby = room["code"], room["lobby"]
    database = postgres_url.rsplit("/", 1)[1]
    later = time.time() + 10_000  # past any deadline the game sets
    steps = [
        (code, {"kind": "move", "code": code, "token": room["tokens"][1], "action": PICKS[0]}),
        (code, {"kind": "lock", "code": code, "host": room["host"]}),
        (code, {"kind": "close", "channel": room["channels"][2]}),
        (code, {"kind": "expire", "room": room["id"], "now": later}),
        # A player joins in the lobby (mid-game a join is the audience's, which changes nothing).
        (lobby["code"], {"kind": "join", "code": lobby["code"], "name": "Gus"}),
        (lobby["code"], {"kind": "start", "code": lobby["code"], "host": lobby["host"]}),
    ]
    worker = race_run(["serve"], {"DATABASE_URL": postgres_url}, stdin=subprocess.PIPE)
    try:
        assert line_read(worker) == "ready"
        with psycopg.connect(postgres_url, autocommit=True) as db:
            for locked_code, step in steps:
                # Another writer changes the room and holds its row until it commits.
                with psycopg.connect(postgres_url) as holder:
                    held = holder.execute(
                        "UPDATE games_room SET version = version + 1 WHERE code = %s "
                        "RETURNING version",
                        [locked_code],
                    ).fetchone()[0]
                    worker.stdin.write(json.dumps(step) + "\n")
                    worker.stdin.flush()
                    lock_waited(db, database, 1)  # the change waits for the row...
                    assert db.execute(
                        "SELECT version FROM games_room WHERE code = %s", [locked_code]
                    ).fetchone()[0] == held - 1  # ...and nothing is written yet
                # The writer committed: the change reads the room only now, so it goes on on
                # top of that change (one that read the room before would be refused: conflict).
                result = json.loads(line_read(worker))
                assert result["ok"] and result["applied"], (step, result)
                assert result["version"] > held, (step, result)
        worker.stdin.close()
        assert worker.wait(timeout=30) == 0
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
