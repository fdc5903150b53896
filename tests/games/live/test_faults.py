"""A game goes on through its servers failing: Redis killed and restarted under two Daphne
processes, PostgreSQL stopped and started under moves. Real servers of the test's own, real
sockets; afterwards the database is read directly and the game replayed from its log."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.support.live import (
    NAMES,
    Player,
    Screen,
    all_at,
    all_connected,
    game_create,
    log_agrees,
    log_explains,
    moves_logged,
    room_row,
    seats_join,
    ws_url,
)
from tests.support.servers import manage
from tests.support.testgame import TEST_SLOW

# Each test starts its own servers; a hang must not hold the suite for the default 300 s.
pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.timeout(120)]

DEGRADED = {"type": "net", "status": "degraded"}
RECOVERED = {"type": "net", "status": "ok"}


async def game_started(tv: Screen, phones: list[Screen]) -> int:
    """Everyone connected, the VIP starts; the version every screen then shows."""
    await tv.until(all_connected)
    await phones[0].send({"type": "host", "command": "start"})
    started = await tv.until(lambda f: f["room"]["status"] == "playing")
    await all_at(phones, started["version"])
    return started["version"]


# On the pub/sub layer a reader never sees Redis fail (the layer reconnects by itself): there a
# failed broadcast or the fan-out's probe finds it.
@pytest.mark.parametrize("backend", [
    pytest.param("channels_redis.core.RedisChannelLayer", id="redis"),
    pytest.param("channels_redis.pubsub.RedisPubSubChannelLayer", id="pubsub"),
])
async def test_a_redis_restart_mid_game_loses_no_move_and_every_screen_catches_up(
    backend, postgres_url, redis_server, daphnes
):
    # (daphnes last: its servers stop before the database is dropped)
    env = {
        "DATABASE_URL": postgres_url, "REDIS_URL": redis_server.url,
        "CHANNEL_LAYER_BACKEND": backend,
    }
    a, b = daphnes.start(env), daphnes.start(env)
    room = game_create(a, **TEST_SLOW)
    seats = seats_join(b, room["code"])
    tv = await Screen.open("tv", ws_url(a, room["board_socket"]))
    phones = [
        await Screen.open(name, ws_url(base, seat["seat_socket"]))
        for name, seat, base in zip(NAMES, seats, (a, b, b), strict=True)
    ]
    screens = [tv, *phones]
    player = Player(phones)
    try:
        await game_started(tv, phones)
        await player.applied(3)
        await all_at(screens, room_row(postgres_url, room["code"])["version"])

        # Redis dies: both processes see it, and every screen shows it is reconnecting.
        redis_server.kill()
        for screen in screens:
            await screen.until(lambda f: f == DEGRADED, timeout=10, kind="net")
        marks = {screen.name: len(screen.received) for screen in screens}
        # The game goes on: each move is saved, and shown at once on its mover's process.
        await player.applied(3)
        notices = [f for phone in phones for f in phone.received if f["type"] == "notice"]
        assert notices and all(f["code"] == "undelivered" and f["message"] for f in notices)
        # Redis stays down a while: the outage's length is what is tested here (each process
        # retries after 0.5 s, then 1 s, 2 s..., and must come back however many it made).
        await asyncio.sleep(2)

        redis_server.start()
        back = time.monotonic()
        latest = room_row(postgres_url, room["code"])["version"]
        # Within 10 s of Redis's return every screen hears that the connection is back and
        # then shows the latest version, without a reload: each process sent each of its
        # screens a fresh snapshot.
        for screen in screens:
            recovered = await screen.until(
                lambda f: f == RECOVERED, timeout=back + 10 - time.monotonic(), kind="net",
                start=marks[screen.name],
            )
            after = next(i for i, f in enumerate(screen.received) if f is recovered)
            await screen.until(lambda f: f["version"] == latest,
                               timeout=back + 10 - time.monotonic(), start=after)
        assert time.monotonic() - back <= 10

        # Both processes are back in the room's group: moves reach everyone through Redis.
        await player.applied(3)
        final = room_row(postgres_url, room["code"])["version"]
        await all_at(screens, final, timeout=10)
        for screen in screens:
            screen.assert_open()
    finally:
        for screen in screens:
            await screen.close()

    row = room_row(postgres_url, room["code"])
    log_agrees(row)
    # Nothing lost, nothing twice: the log holds exactly the moves the phones saw applied.
    applied = [(seat, action) for seat, action, outcome in player.outcomes if outcome == "applied"]
    assert len(applied) == 9
    assert moves_logged(row) == applied
    assert {outcome for _seat, _action, outcome in player.outcomes} <= {"applied", "stale"}


def test_the_log_is_explained_only_by_the_applied_moves_and_perhaps_unavailable_ones():
    x, y = (0, {"type": "pick"}), (1, {"type": "pass"})
    assert log_explains([x, y], [(*x, "applied"), (*y, "applied")])
    assert log_explains([x], [(*x, "unavailable"), (*x, "applied")])
    assert log_explains([x, y], [(*x, "unavailable"), (*y, "applied")])
    assert not log_explains([x], [(*x, "applied"), (*y, "applied")])  # a move lost
    assert not log_explains([x, x], [(*x, "applied")])  # a move twice
    assert log_explains([y], [(*x, "stale"), (*y, "applied")])
    assert not log_explains([x], [(*x, "stale")])  # a refused move applied


async def test_postgresql_refusing_connections_mid_game_refuses_moves_clearly_or_applies_them(
    postgres_server, daphnes
):
    manage(["migrate", "--noinput", "-v0"], {"DATABASE_URL": postgres_server.url})
    base = daphnes.start({"DATABASE_URL": postgres_server.url})
    room = game_create(base, **TEST_SLOW)
    seats = seats_join(base, room["code"])
    tv = await Screen.open("tv", ws_url(base, room["board_socket"]))
    phones = [
        await Screen.open(name, ws_url(base, seat["seat_socket"]))
        for name, seat in zip(NAMES, seats, strict=True)
    ]
    screens = [tv, *phones]
    player = Player(phones)
    playing = True

    async def play() -> None:
        """Moves one after another, as fast as a table of eager players, all along."""
        while playing:
            await player.move()
            await asyncio.sleep(0.15)  # under the flood limit of 10 messages a second

    try:
        await game_started(tv, phones)
        moves = asyncio.create_task(play())
        await until_outcomes(player, moves, "applied", 2)
        await asyncio.to_thread(postgres_server.stop, "fast")
        down_at = len(player.outcomes)
        # The game goes on against the stopped database: moves refused, each clearly.
        await until_outcomes(player, moves, "unavailable", 2, since=down_at)
        await asyncio.to_thread(postgres_server.start)
        up_at = len(player.outcomes)
        await until_outcomes(player, moves, "applied", 2, since=up_at)
        playing = False
        await asyncio.wait_for(moves, 20)
        latest = await asyncio.to_thread(room_row, postgres_server.url, room["code"])
        await all_at(screens, latest["version"], timeout=10)
        for screen in screens:
            screen.assert_open()
    finally:
        playing = False
        for screen in screens:
            await screen.close()

    outcomes = player.outcomes
    # While it was down, moves were refused, each with a clear error; nothing else went wrong.
    assert "unavailable" in {outcome for _s, _a, outcome in outcomes[down_at:up_at]}
    assert {outcome for _s, _a, outcome in outcomes} <= {"applied", "unavailable", "stale"}
    assert not [f for screen in screens for f in screen.errors if f["code"] not in
                ("unavailable", "stale")]
    row = room_row(postgres_server.url, room["code"])
    log_agrees(row)
    assert log_explains(moves_logged(row), outcomes), (moves_logged(row), outcomes)


async def until_outcomes(player: Player, moves: asyncio.Task, outcome: str, count: int,
                         since: int = 0, timeout: float = 30) -> None:
    """Wait until ``count`` moves from the ``since``-th on ended as ``outcome`` (the task making
    them failing fails this)."""
    deadline = time.monotonic() + timeout
    while sum(o == outcome for _s, _a, o in player.outcomes[since:]) < count:
        if moves.done():
            moves.result()
        assert time.monotonic() < deadline, player.outcomes[since:]
        await asyncio.sleep(0.05)
