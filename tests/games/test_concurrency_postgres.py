"""Two phones acting at the same moment on PostgreSQL: exactly one move applies.

Hoax's hoax window: the first "Hoax!" wins, the second must be refused. Each call runs in its own
process (its own database connection) through ``games.services.action_submit``, released
together by a barrier. In the "queued" case the test also holds the room's row lock while both
calls start, and lets go only once PostgreSQL shows both waiting for it, so the two calls are
certainly in flight together.
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

pytestmark = pytest.mark.postgres

HOAX = {"type": "hoax"}


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


def room_row(db: psycopg.Connection, code: str) -> tuple[int, dict, int]:
    return db.execute(
        "SELECT version, state, current_game_id FROM games_room WHERE code = %s", [code]
    ).fetchone()


@pytest.mark.parametrize("mode", ["barrier", "queued"])
def test_two_hoax_calls_at_once_exactly_one_applies(postgres_url: str, mode: str) -> None:
    room = race_setup(postgres_url)
    assert room["phase"] == "hoax_window"
    assert room["callers"] == [1, 2]
    code = room["code"]
    database = postgres_url.rsplit("/", 1)[1]

    with psycopg.connect(postgres_url, autocommit=True) as db:
        version_before, _state, game_id = room_row(db, code)
        assert version_before == room["version"]
        actions_before = db.execute(
            "SELECT count(*) FROM games_action WHERE game_id = %s", [game_id]
        ).fetchone()[0]

        workers = [
            race_run(
                ["act", code, room["tokens"][seat], json.dumps(HOAX)],
                {"DATABASE_URL": postgres_url},
                stdin=subprocess.PIPE,
            )
            for seat in room["callers"]
        ]
        holder = psycopg.connect(postgres_url) if mode == "queued" else None
        try:
            for worker in workers:
                assert worker.stdout.readline().strip() == "ready", worker.stderr.read()
            if holder is not None:
                holder.execute("SELECT id FROM games_room WHERE code = %s FOR UPDATE", [code])
            for worker in workers:  # the barrier: both go at once
                worker.stdin.write("go\n")
                worker.stdin.flush()
            if holder is not None:
                deadline = time.monotonic() + 20
                while lock_waiters(db, database) < 2:
                    assert time.monotonic() < deadline, "the two calls never queued on the lock"
                    time.sleep(0.02)
                holder.commit()  # both calls are now waiting on the row: let them race
            results = []
            for worker in workers:
                out, err = worker.communicate(timeout=60)
                assert worker.returncode == 0, err
                results.append(json.loads(out.strip().splitlines()[-1]))
        finally:
            if holder is not None:
                holder.close()
            for worker in workers:
                if worker.poll() is None:
                    worker.kill()
                    worker.wait()

        winners = [seat for seat, r in zip(room["callers"], results, strict=True) if r["ok"]]
        losers = [r for r in results if not r["ok"]]
        assert len(winners) == 1, results
        assert len(losers) == 1, results
        # The loser sees the game already moved on: refused by the rules (or the version guard).
        assert losers[0]["error"] in ("RuleError", "ServiceError"), losers
        assert losers[0]["code"] in ("wrong_phase", "conflict"), losers
        winner = winners[0]

        version_after, state, _game = room_row(db, code)
        assert version_after == version_before + 1
        assert [r["version"] for r in results if r["ok"]] == [version_after]
        # The call applied once: the winner holds the hoax card and the claim goes to a vote.
        assert state["phase"] == "vote"
        assert state["challenge"]["caller"] == winner
        assert state["hoax_card"] == winner
        assert [e["kind"] for e in state["log"]].count("hoax") == 1

        log = db.execute(
            "SELECT seq, seat, payload FROM games_action WHERE game_id = %s ORDER BY seq",
            [game_id],
        ).fetchall()
        assert len(log) == actions_before + 1
        hoax_calls = [(seq, seat) for seq, seat, payload in log if payload == HOAX]
        assert hoax_calls == [(version_after, winner)]
