"""Restarts nobody notices: two Daphne processes on PostgreSQL and Redis, restarted one after the
other (SIGTERM) mid-game, and one killed without warning (SIGKILL). Real processes, real
sockets; the database is read directly."""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import time

import psycopg
import pytest

from games.live.drain import EXIT_SECONDS, RESTART_CODE
from tests.support.live import (
    NAMES,
    Player,
    Screen,
    all_at,
    all_connected,
    api_post,
    game_create,
    log_agrees,
    log_explains,
    move_sent,
    moves_logged,
    room_row,
    seats_join,
    ws_url,
)
from tests.support.roaming import RoamingScreen, settled
from tests.support.servers import production_env
from tests.support.testgame import TEST_SLOW

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.timeout(180)]

CAUGHT_UP_SECONDS = 5  # "a few seconds": every screen shows the latest version this soon


def presence_rows(database_url: str) -> list[tuple[str, int | None]]:
    """Every socket's presence row: (its process, its seat)."""
    with psycopg.connect(database_url) as db:
        return db.execute("SELECT process, seat_id FROM games_connection").fetchall()


def process_of(database_url: str, seat_id: int) -> str:
    (process,) = {p for p, seat in presence_rows(database_url) if seat == seat_id}
    return process


async def game_started(tv: Screen, phones: list[Screen]) -> None:
    await tv.until(all_connected)
    await phones[0].send({"type": "host", "command": "start"})
    started = await tv.until(lambda f: f["room"]["status"] == "playing")
    await all_at(phones, started["version"])


async def terminated(process) -> float:
    """SIGTERM; how long the process took to exit."""
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    await asyncio.to_thread(process.wait, EXIT_SECONDS + 5)
    return time.monotonic() - sent


def served_by(screens: list[RoamingScreen], base: str) -> list[RoamingScreen]:
    port = int(base.rsplit(":", 1)[1])
    return [screen for screen in screens if screen.socket.remote_address[1] == port]


async def test_a_rolling_restart_mid_game_loses_no_move_and_leaves_no_screen_behind(
    postgres_url, redis_url, daphnes
):
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url}
    a, b = daphnes.start(env), daphnes.start(env)
    ws_a, ws_b = (lambda path: ws_url(a, path)), (lambda path: ws_url(b, path))
    room = game_create(a, **TEST_SLOW)
    seats = seats_join(b, room["code"])
    tv = await RoamingScreen.open("tv", [ws_b(room["board_socket"]), ws_a(room["board_socket"])])
    first = ("a", "a", "b")  # where each phone starts; it goes to the other when told
    phones = []
    for name, seat, at in zip(NAMES, seats, first, strict=True):
        urls = [ws_a(seat["seat_socket"]), ws_b(seat["seat_socket"])]
        phones.append(await RoamingScreen.open(name, urls if at == "a" else urls[::-1]))
    screens = [tv, *phones]
    player = Player(phones)
    try:
        await game_started(tv, phones)
        await player.applied(2)
        for base in (a, b):
            process = daphnes.serving[base]
            going = served_by(screens, base)
            phone = next(screen for screen in going if screen in phones)
            leaving = process_of(postgres_url, seats[phones.index(phone)]["seat"])
            marks = {screen.name: len(screen.closes) for screen in screens}
            # A move on its way as the signal comes: applied or not, never half.
            moving = await move_sent(player)
            took = await terminated(process)
            assert took <= EXIT_SECONDS, took
            await moving
            # Its screens were told to reconnect (not dropped), and the others were not.
            for screen in screens:
                codes = [code for code, _at in screen.closes[marks[screen.name]:]]
                assert codes == ([RESTART_CODE] if screen in going else []), (screen.name, codes)
            # Its presence rows went with it, not 75 s later.
            assert leaving not in {p for p, _seat in presence_rows(postgres_url)}
            # Within a few seconds every screen is back, on the other process, at the latest
            # version, and every seat shows online.
            await settled(tv, screens, postgres_url, room["code"], CAUGHT_UP_SECONDS)
            daphnes.start(env, port=int(base.rsplit(":", 1)[1]))
            await player.applied(2)
        final = room_row(postgres_url, room["code"])["version"]
        await all_at(screens, final, timeout=CAUGHT_UP_SECONDS)
        for screen in screens:
            screen.assert_open()
    finally:
        for screen in screens:
            await screen.close()

    row = room_row(postgres_url, room["code"])
    log_agrees(row)
    outcomes = player.outcomes
    assert {outcome for _s, _a, outcome in outcomes} <= {"applied", "stale", "unanswered"}
    assert sum(outcome == "applied" for _s, _a, outcome in outcomes) >= 6
    assert log_explains(moves_logged(row), outcomes), (moves_logged(row), outcomes)


STALE_SECONDS = 5.0  # the staleness window, shortened for the test (75 s in service)


async def test_a_killed_process_sockets_audience_included_count_as_gone_within_the_window(
    postgres_url, redis_url, daphnes
):
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url,
           "PARTYHUB_CONNECTION_STALE_SECONDS": str(STALE_SECONDS)}
    a, b = daphnes.start(env), daphnes.start(env)
    room = game_create(b, **TEST_SLOW)
    seats = seats_join(b, room["code"])
    tv = await Screen.open("tv", ws_url(b, room["board_socket"]))
    homes = (a, b, b)
    phones = [
        await Screen.open(name, ws_url(home, seat["seat_socket"]))
        for name, seat, home in zip(NAMES, seats, homes, strict=True)
    ]
    screens = [tv, *phones]
    try:
        await game_started(tv, phones)
        watcher = api_post(a, f"/api/rooms/{room['code']}/seats", {"name": "Dee"})
        audience = await Screen.open("Dee", ws_url(a, watcher["seat_socket"]))
        screens.append(audience)
        await audience.until(lambda f: True)
        killed = process_of(postgres_url, seats[0]["seat"])
        assert {p for p, seat in presence_rows(postgres_url) if seat == watcher["seat"]} == {killed}

        daphnes.serving[a].send_signal(signal.SIGKILL)
        died = time.monotonic()
        while killed in {p for p, _seat in presence_rows(postgres_url)}:
            assert time.monotonic() - died < STALE_SECONDS + 2, presence_rows(postgres_url)
            await asyncio.sleep(0.1)
        gone = await tv.until(
            lambda f: [p["connected"] for p in f["room"]["players"]] == [False, True, True],
            timeout=died + STALE_SECONDS + 2 - time.monotonic(),
        )
        assert time.monotonic() - died <= STALE_SECONDS + 2
        # The live process's own sockets were never swept meanwhile: its heartbeat keeps them.
        rows = presence_rows(postgres_url)
        assert len(rows) == 3 and len({p for p, _seat in rows}) == 1, rows
        assert gone["room"]["players"][1]["connected"]
    finally:
        for screen in screens:
            await screen.close()


async def test_a_killed_process_audience_leaves_the_tally_within_the_window(
    postgres_url, redis_url, daphnes
):
    """An audience phone on a process killed without a word leaves the count (``watching``) on
    the screens of the process that lives, as its players' seats go offline: within the
    staleness window, though no frame of the room changes (docs/protocol.md, ``tally``)."""
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url,
           "PARTYHUB_CONNECTION_STALE_SECONDS": str(STALE_SECONDS)}
    a, b = daphnes.start(env), daphnes.start(env)
    room = game_create(b, **TEST_SLOW)
    seats = seats_join(b, room["code"])
    tv = await Screen.open("tv", ws_url(b, room["board_socket"]))
    phones = [await Screen.open(name, ws_url(b, seat["seat_socket"]))
              for name, seat in zip(NAMES, seats, strict=True)]
    screens = [tv, *phones]
    try:
        await game_started(tv, phones)
        # Two audience phones: one on each process; the TV counts both, wherever they are.
        for name, base in (("Dee", b), ("Eve", a)):
            watcher = api_post(base, f"/api/rooms/{room['code']}/seats", {"name": name})
            screens.append(await Screen.open(name, ws_url(base, watcher["seat_socket"])))
        await tv.until(lambda f: f["watching"] == 2, kind="tally", timeout=10)
        seen = len(tv.received)

        daphnes.serving[a].send_signal(signal.SIGKILL)
        died = time.monotonic()
        await tv.until(lambda f: f["watching"] == 1, kind="tally", start=seen,
                       timeout=STALE_SECONDS + 2)
        assert time.monotonic() - died <= STALE_SECONDS + 2
        # Dee, alive on b, is told the same count.
        await screens[-2].until(lambda f: f["watching"] == 1, kind="tally", timeout=2)
    finally:
        for screen in screens:
            await screen.close()


async def test_a_process_whose_database_hangs_still_exits_within_the_bound(daphnes):
    # A database that takes connections and never answers: the ticker's first call, and then
    # the drain's, wait on it for ever. The process still ends EXIT_SECONDS after the signal.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        base = daphnes.start({"DATABASE_URL": f"postgres://postgres@127.0.0.1:{port}/hung"})
        took = await terminated(daphnes.serving[base])
    assert took <= EXIT_SECONDS + 1, took
    assert "did not stop within" in daphnes.logs()


async def test_a_sigterm_leaves_a_line_at_its_start_and_at_its_end(postgres_url, daphnes):
    # At the default LOG_LEVEL (WARNING), in the production JSON lines: the operator sees each
    # restart. (A SIGKILL cannot leave one: the process is gone before it could write.)
    base = daphnes.start({**production_env(), "DATABASE_URL": postgres_url,
                          "LOG_LEVEL": "WARNING", "LOG_FORMAT": "json"})
    screen = await Screen.open("tv", ws_url(base, game_create(base)["board_socket"]))
    await screen.until(lambda f: True)
    took = await terminated(daphnes.serving[base])
    assert took <= EXIT_SECONDS, took
    lines = [json.loads(line) for line in daphnes.logs(size=20_000).splitlines()
             if line.startswith("{")]
    drained = [line for line in lines if line["logger"] == "games.live.drain"]
    assert [line["level"] for line in drained] == ["INFO", "INFO"], lines
    assert drained[0]["message"].startswith("stopping (SIGTERM or Ctrl-C)")
    assert "telling 1 screens to reconnect" in drained[0]["message"]
    assert drained[1]["message"].startswith("drained in ")
    await screen.close()
