"""The deadline ticker: due deadlines expire with no phone involved, and the screens hear of it."""

from __future__ import annotations

import asyncio
import itertools
import time
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.live import ticker
from games.live.deadlines import Deadlines, deadline_noted
from games.rooms import liveness, selectors, services
from games.rooms.models import Action, Connection
from tests.games.factories import (
    board_open,
    frame_next,
    quiet,
    room_fresh,
    services_patch,
    started,
)
from tests.support.waits import until

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


@pytest.fixture
def clock(monkeypatch):
    """The services' clock, set by the test (the ticker asks the services what time it is)."""
    now = SimpleNamespace(value=0.0)
    services_patch(monkeypatch, "time", SimpleNamespace(time=lambda: now.value))
    monkeypatch.setattr(selectors, "time", SimpleNamespace(time=lambda: now.value))
    return now


async def running_room(clock, n: int = 3):
    clock.value = 1_700_000_000.0
    room, seats = await db(started)(n, {"pick_seconds": 20})
    board = await board_open(room)
    snapshot = await frame_next(board)
    return room, seats, board, snapshot


async def test_nothing_happens_before_the_deadline(clock):
    room, _seats, board, snapshot = await running_room(clock)
    deadline = snapshot["view"]["deadline"]
    assert deadline == clock.value + 20
    clock.value = deadline - 0.1
    assert await ticker.ticker_tick() == 0
    assert await quiet(board)
    stored = await db(room_fresh)(room)
    assert stored.version == snapshot["version"] and not stored.state["over"]
    await board.disconnect()


async def test_a_due_deadline_expires_once_and_the_board_hears_of_it(clock):
    room, _seats, board, snapshot = await running_room(clock)
    deadline = snapshot["view"]["deadline"]
    clock.value = deadline + 0.5
    assert await ticker.ticker_tick() == 1
    frame = await frame_next(board)
    assert frame["version"] == snapshot["version"] + 1
    # The pick timed out: nobody picked, the cards are shown and nobody wins.
    assert frame["view"]["over"] and frame["view"]["winners"] == []
    assert frame["view"]["deadline"] is None
    timeouts = await db(Action.objects.filter(payload={"type": "timeout"}).count)()
    assert timeouts == 1
    # The next tick at the same moment finds nothing due.
    assert await ticker.ticker_tick() == 0
    assert await quiet(board)
    await board.disconnect()


async def test_one_tick_expires_every_due_room(clock):
    first, _seats, board, snapshot = await running_room(clock)
    second, _ = await db(started)(4, {"pick_seconds": 20})
    clock.value = snapshot["view"]["deadline"] + 1
    assert await ticker.ticker_tick() == 2
    assert (await frame_next(board))["view"]["over"]
    assert (await db(room_fresh)(second)).state["over"]
    await board.disconnect()


async def test_one_failing_room_does_not_hold_up_the_others(clock, monkeypatch):
    first, _seats, board, snapshot = await running_room(clock)
    second, _ = await db(started)(4, {"pick_seconds": 20})
    clock.value = snapshot["view"]["deadline"] + 1
    expire = services.deadline_expire

    def expire_or_fail(room_id, now=None):
        if room_id == first.pk:
            raise RuntimeError("a broken room")
        return expire(room_id, now)

    monkeypatch.setattr(services, "deadline_expire", expire_or_fail)
    assert await ticker.ticker_tick() == 1
    assert (await db(room_fresh)(second)).state["over"]
    assert not (await db(room_fresh)(first)).state["over"]
    await board.disconnect()


async def test_the_sweep_reports_a_phone_whose_socket_died(clock):
    room, seats, board, snapshot = await running_room(clock)
    old = timezone.now() - liveness.CONNECTION_STALE - timedelta(seconds=1)
    channel = f"fake.{room.code}.{seats[2].pk}"
    await db(Connection.objects.filter(channel_name=channel).update)(last_seen=old)
    await ticker.ticker_sweep()
    frame = await frame_next(board)
    assert [p["connected"] for p in frame["room"]["players"]] == [True, True, False]
    assert (await db(room_fresh)(room)).state["connected"] == [True, True, False]
    await board.disconnect()


@pytest.fixture
async def ticking(settings):
    """Starts this process's ticker, looking every ``seconds``; stopped after the test."""

    def start(seconds: float) -> asyncio.Task | None:
        settings.PARTYHUB_TICK_SECONDS = seconds
        ticker._ticker = None
        ticker.ticker_ensure()
        return ticker._ticker

    yield start
    if ticker._ticker is not None:
        ticker._ticker.cancel()
        with pytest.raises(asyncio.CancelledError):
            await ticker._ticker
        ticker._ticker = None


async def test_the_ticker_runs_only_when_enabled(settings, ticking):
    settings.PARTYHUB_TICKER = False
    assert ticking(0.01) is None
    settings.PARTYHUB_TICKER = True
    task = ticking(0.01)
    assert task is not None and not task.done()
    ticker.ticker_ensure()
    assert ticker._ticker is task  # once per process


async def test_the_running_ticker_expires_a_deadline_with_no_one_asking(clock, settings, ticking):
    room, _seats, board, snapshot = await running_room(clock)
    clock.value = snapshot["view"]["deadline"] + 1
    settings.PARTYHUB_TICKER = True
    ticking(0.01)
    frame = await frame_next(board)
    assert frame["version"] == snapshot["version"] + 1 and frame["view"]["over"]
    await board.disconnect()


async def test_a_failing_database_is_tried_again_at_the_next_look_not_at_once(
    settings, ticking, monkeypatch, caplog
):
    calls = []

    def down() -> list[int]:
        calls.append(time.monotonic())
        raise RuntimeError("the database is gone")

    monkeypatch.setattr(selectors, "deadlines_due", down)
    settings.PARTYHUB_TICKER = True
    ticking(0.2)
    # Time passing is what is tested: in half a second it looks at start, then once a look,
    # never at once again (it spun thousands of times).
    await asyncio.sleep(0.5)
    assert 2 <= len(calls) <= 4
    assert all(b - a >= 0.15 for a, b in itertools.pairwise(calls))
    assert "deadline tick failed" in caplog.text


# --- waking at the deadlines it knows ----------------------------------------------------------


async def test_deadlines_keep_the_soonest_first_once_per_room_and_forget_the_passed():
    deadlines = Deadlines()
    assert deadlines.soonest() == float("inf")
    deadlines.note(1, 50.0)
    assert deadlines.changed.is_set()
    deadlines.changed.clear()
    deadlines.note(2, 80.0)
    assert not deadlines.changed.is_set()  # later than the plan: no need to wake
    deadlines.note(1, 50.0)  # the same deadline again (another move in the room)
    assert len(deadlines.heap) == 2
    deadlines.note(3, 20.0)
    assert deadlines.changed.is_set() and deadlines.soonest() == 20.0
    deadlines.passed(50.0)
    assert deadlines.soonest() == 80.0 and deadlines.by_room == {2: 80.0}


async def test_a_deadline_the_room_moved_or_cleared_no_longer_stands():
    deadlines = Deadlines()
    deadlines.note(1, 20.0)
    deadlines.note(2, 30.0)
    deadlines.note(1, 60.0)  # room 1 moved on: a new phase, a new deadline
    assert deadlines.soonest() == 30.0
    deadlines.note(2, None)  # room 2's window closed early (everyone passed)
    assert deadlines.soonest() == 60.0 and deadlines.by_room == {1: 60.0}
    deadlines.changed.clear()
    deadlines.note(3, 40.0)
    # Sooner than any deadline still standing, though a stale 20.0 was once the heap's top.
    assert deadlines.changed.is_set()
    deadlines.note(3, None)
    deadlines.note(1, None)
    assert deadlines.soonest() == float("inf") and deadlines.heap == []


async def test_the_ticker_does_not_wake_for_a_deadline_that_was_cleared(
    settings, ticking, monkeypatch
):
    looks = []

    def due() -> list[int]:
        looks.append(time.time())
        return []

    monkeypatch.setattr(selectors, "deadlines_due", due)
    settings.PARTYHUB_TICKER = True
    ticking(600)  # it looks at start, then not again during the test
    await until(lambda: looks, what="the ticker's first look")
    deadline_noted(7, {"deadline": time.time() + 0.2})
    deadline_noted(8, {"deadline": time.time() + 0.3})
    deadline_noted(7, {"deadline": None})  # the room moved on before its deadline
    # Time passing is what is tested: past both deadlines, it has woken once, not twice.
    await asyncio.sleep(0.6)
    # One wake, for room 8's deadline: none for room 7's, which no longer stood.
    assert len(looks) == 2 and looks[1] >= looks[0] + 0.25


async def test_the_ticker_wakes_at_a_deadline_it_broadcast_without_looking_again(
    settings, ticking, monkeypatch
):
    from games.live.broadcast import snapshot_broadcast
    from games.rooms.models import Game as GameRecord
    from games.rooms.models import Room

    room, _seats = await db(started)(3, {"pick_seconds": 20})
    board = await board_open(room)
    snapshot = await frame_next(board)
    settings.PARTYHUB_TICKER = True
    looks = []
    due = selectors.deadlines_due
    monkeypatch.setattr(selectors, "deadlines_due", lambda: looks.append(1) or due())
    ticking(600)  # it looks at start, then not again during the test
    await until(lambda: looks, what="the ticker's first look")
    assert await quiet(board)  # the first look found the real deadline 20 s away
    soon = time.time() + 0.4

    def deadline_moved() -> None:
        """The room as if its game had started 20 s before ``soon`` (its setup too, so that the
        recap's replay of the timeout finds it due)."""
        Room.objects.filter(pk=room.pk).update(
            state={**room_fresh(room).state, "deadline": soon},
            deadline=datetime.fromtimestamp(soon, tz=UTC),
        )
        game = GameRecord.objects.get(pk=room.current_game_id)
        game.setup = {**game.setup, "now": soon - 20}
        game.save(update_fields=["setup"])

    await db(deadline_moved)()
    await snapshot_broadcast(await db(selectors.snapshot_get)(room.code))
    assert (await frame_next(board))["version"] == snapshot["version"]
    frame = await frame_next(board)
    assert frame["version"] == snapshot["version"] + 1 and frame["view"]["over"]
    assert time.time() >= soon
    await board.disconnect()
