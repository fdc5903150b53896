"""The host's tools on the wire: the hand-over code goes only to the screen that asked, the
seat's secrets only to the new phone (the old one is told and hung up on), "Paused" reaches
every screen with the clock stopped, and a removed phone is sent away."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.live import door
from games.rooms import selectors, services
from tests.games.factories import board_open, frame_next, quiet, seat_open
from tests.games.live.test_consumers import sockets, started  # noqa: F401  (a fixture)
from tests.support.testgame import pick

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_the_handover_code_goes_to_the_asking_tv_only_and_the_secrets_to_the_new_phone(
    sockets,  # noqa: F811
):
    room, seats, board, phones = await started(sockets, 3)
    await phones[1].send_json_to({"type": "act", "action": pick(6)})  # Bob's secret card
    for screen in (board, *phones):
        await frame_next(screen)
    watcher = await board_open(room)  # a second TV without the host token
    sockets.append(watcher)
    await frame_next(watcher)
    bob = seats[1]
    await board.send_json_to({"type": "host", "command": "handover", "seat": bob.pk, "id": 7})
    reply = await frame_next(board)
    assert reply["type"] == "handover" and reply["seat"] == bob.pk and reply["id"] == 7
    code = reply["code"]
    assert len(code) == 6
    assert await quiet(watcher, *phones)  # no other screen hears of the code
    # A TV without the host token, or a phone that is not the VIP, cannot ask for one.
    await watcher.send_json_to({"type": "host", "command": "handover", "seat": bob.pk})
    assert (await frame_next(watcher))["code"] == "not_host"
    await phones[2].send_json_to({"type": "host", "command": "handover", "seat": bob.pk})
    assert (await frame_next(phones[2]))["code"] == "not_host"

    taken, snapshot = await door.service_call(services.seat_takeover, room.code, code)
    # The old phone is told why, hung up on, and gets no frame of the seat any more.
    assert await frame_next(phones[1]) == {"type": "handed"}
    assert (await phones[1].receive_output(timeout=5)) == {"type": "websocket.close", "code": 4409}
    for screen in (board, watcher, phones[0], phones[2]):
        assert (await frame_next(screen))["type"] == "state"
    # The new phone opens the seat with its new token and gets the seat's secrets.
    fresh = await seat_open(room, taken)
    sockets.append(fresh)
    mine = await frame_next(fresh)
    assert mine["you"]["id"] == bob.pk and mine["view"]["me"]["pick"] == 6
    assert (await db(selectors.room_get)(room.code)).state["picks"][1] == 6
    # The old token opens nothing.
    old = await seat_open(room, bob)
    sockets.append(old)
    assert (await frame_next(old))["code"] == "no_seat"


async def test_pause_reaches_every_screen_with_the_clock_stopped(sockets):  # noqa: F811
    room, seats, board, phones = await started(sockets, 3)
    await board.send_json_to({"type": "host", "command": "pause"})
    frames = [await frame_next(screen) for screen in (board, *phones)]
    paused = await db(selectors.room_get)(room.code)
    for frame in frames:
        assert frame["room"]["paused"] is True
        assert frame["server_time"] == round(paused.paused_at, 3)
    await phones[0].send_json_to({"type": "act", "action": pick(3)})
    error = await frame_next(phones[0])
    assert error["type"] == "error" and error["code"] == "paused"
    assert await quiet(board, *phones)
    await phones[0].send_json_to({"type": "host", "command": "resume"})  # the VIP may
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["paused"] is False


async def test_a_removed_phone_is_sent_away_and_the_others_see_it_removed(sockets):  # noqa: F811
    room, seats, board, phones = await started(sockets, 4)
    await board.send_json_to({"type": "host", "command": "remove", "seat": seats[3].pk})
    for screen in (board, *phones[:3]):
        frame = await frame_next(screen)
        removed = [p for p in frame["room"]["players"] if p["removed"]]
        assert [p["id"] for p in removed] == [seats[3].pk]
        assert frame["view"]["left"][3] is True
    assert (await frame_next(phones[3]))["type"] == "state"  # the change, then the farewell
    assert await frame_next(phones[3]) == {"type": "kicked"}
    assert (await phones[3].receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}
