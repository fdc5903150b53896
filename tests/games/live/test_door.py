"""``games.live.door``: what a service committed reaches the room's screens as the call returns,
whether it returned or raised, from the event loop and from synchronous code alike; a refusal
that changed nothing sends nothing."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.kit.errors import ServiceError
from games.live import door
from games.rooms import services
from tests.games.factories import board_open, frame_next, host, quiet, room_make, seats_join
from tests.games.live.test_consumers import sockets  # noqa: F401  (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def board_ready(sockets, room):  # noqa: F811
    board = await board_open(room)
    sockets.append(board)
    assert (await frame_next(board))["type"] == "state"
    return board


async def test_a_change_made_through_the_door_reaches_the_screens(sockets):  # noqa: F811
    room = await db(room_make)()
    board = await board_ready(sockets, room)
    seat, snapshot = await door.service_call(services.seat_join, room.code, "Ann")
    frame = await frame_next(board)
    assert frame["version"] == snapshot.room.version
    assert [player["name"] for player in frame["room"]["players"]] == ["Ann"]
    assert await quiet(board)  # once


async def test_a_refusal_that_committed_a_change_sends_it_and_still_raises(sockets):  # noqa: F811
    room = await db(room_make)()
    seats = await db(seats_join)(room, 2)
    await db(services.seat_handover_code)(room.code, host(room), seats[1].pk)
    board = await board_ready(sockets, room)
    with pytest.raises(services.HandoverRefused) as refused:
        await door.service_call(services.seat_takeover, room.code, "123")
    assert (await frame_next(board))["version"] == refused.value.snapshot.room.version


async def test_a_refusal_that_changed_nothing_sends_nothing(sockets):  # noqa: F811
    room = await db(room_make)()
    board = await board_ready(sockets, room)
    with pytest.raises(ServiceError):
        await door.service_call(services.room_lock_set, room.code,
                                services.Actor(host_token="not the host"), True)
    assert await quiet(board)


async def test_the_synchronous_door_sends_too(sockets):  # noqa: F811
    """As a page calls it (a view runs on a thread of its own)."""
    room = await db(room_make)()
    board = await board_ready(sockets, room)
    await db(door.service_call_sync)(services.seat_join, room.code, "Bea")
    frame = await frame_next(board)
    assert [player["name"] for player in frame["room"]["players"]] == ["Bea"]
