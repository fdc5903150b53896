"""The live sockets, end to end in-process: snapshots, updates, refusals, host controls, kicks.

Every socket is a ``WebsocketCommunicator`` on the project's ASGI application with the in-memory
channel layer. The consumers reach the database from a worker thread, hence ``transaction=True``.
"""

from __future__ import annotations

import asyncio
import json
import time
from datetime import timedelta

import pytest
from channels import consumer as consumer_module
from channels.db import database_sync_to_async
from django.utils import timezone, translation
from prometheus_client import REGISTRY

from games.kit import errors
from games.kit.errors import error_text
from games.live import consumers, socket_limits, ticker
from games.live import heartbeat as heartbeat_module
from games.live.fanout import fanout
from games.live.handshake import host_cookie_name, scope_cookies, scope_language
from games.live.socket_limits import FLOOD_BURST, MESSAGE_MAX_BYTES
from games.rooms import liveness, presence
from games.rooms.models import Connection, Room, Seat
from partyhub.asgi import application
from tests.games.factories import (
    board_open,
    by_position,
    frame_next,
    quiet,
    room_fresh,
    room_make,
    seat_open,
    seats_join,
    socket_open,
)
from tests.support.testgame import TEST_GAME, pick
from tests.support.waits import until

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


@pytest.fixture
async def sockets():
    """Sockets opened by a test, closed at its end."""
    opened = []
    yield opened
    for communicator in opened:
        try:
            await communicator.disconnect()
        except Exception:  # already closed by the server
            pass


async def lobby(n: int, options: dict | None = None) -> tuple[Room, list[Seat]]:
    room = await db(room_make)(TEST_GAME, options)
    seats = await db(seats_join)(room, n)
    return room, seats


async def open_all(sockets, room: Room, seats: list[Seat], host_token: str | None = None):
    """The TV, then every phone, draining the connect-time frames; returns (board, phones)."""
    board = await board_open(room, host_token)
    sockets.append(board)
    await frame_next(board)
    phones = []
    for seat in seats:
        phone = await seat_open(room, seat)
        sockets.append(phone)
        phones.append(phone)
        await frame_next(phone)  # its snapshot
        for other in [board, *phones]:  # the presence broadcast, the new phone included
            await frame_next(other)
    assert await quiet(board, *phones)
    return board, phones


async def started(sockets, n: int = 3, options: dict | None = None):
    """A game of the test game started from the TV, every screen connected and drained."""
    room, seats = await lobby(n, options)
    board, phones = await open_all(sockets, room, seats, room.host_token)
    await board.send_json_to({"type": "host", "command": "start"})
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["status"] == "playing"
    room = await db(room_fresh)(room)
    for seat in seats:
        await db(seat.refresh_from_db)()  # its token stays on it (stored as its digest)
    return room, seats, board, phones


async def state_of(room: Room) -> tuple[int, dict | None]:
    stored = await db(room_fresh)(room)
    return stored.version, stored.state


PICK = {"type": "act", "action": pick(3)}  # a legal move of any seat that has not picked


def mover_of(state: dict, seats: list[Seat], phones: list) -> object:
    """The phone of the first seat that may still pick."""
    position = next(seat for seat, card in enumerate(state["picks"]) if card is None)
    return phones[seats.index(by_position(seats)[position])]


# --- snapshots and updates ----------------------------------------------------------------


async def test_board_and_seat_get_a_full_snapshot_on_connect_with_the_version(sockets):
    room, seats = await lobby(2)
    board = await board_open(room)
    sockets.append(board)
    snapshot = await frame_next(board)
    stored = await db(room_fresh)(room)
    assert snapshot["type"] == "state" and snapshot["version"] == stored.version
    assert snapshot["you"] is None and snapshot["view"] is None
    assert snapshot["room"]["code"] == room.code and snapshot["room"]["status"] == "lobby"
    assert [p["name"] for p in snapshot["room"]["players"]] == ["Ann", "Bob"]
    assert [p["connected"] for p in snapshot["room"]["players"]] == [False, False]

    phone = await seat_open(room, seats[1])
    sockets.append(phone)
    mine = await frame_next(phone)
    stored = await db(room_fresh)(room)
    assert mine["type"] == "state" and mine["version"] == stored.version
    assert mine["you"] == {
        "id": seats[1].pk, "name": "Bob", "position": None, "audience": False, "vip": False,
        "remote": False,
    }
    # Bob coming online is news for every screen, with the new version.
    for screen in (board, phone):
        update = await frame_next(screen)
        assert update["version"] == stored.version
        assert [p["connected"] for p in update["room"]["players"]] == [False, True]
    assert await quiet(board, phone)


async def test_a_screen_that_asks_gets_a_snapshot_and_a_ping_gets_a_pong(sockets):
    room, seats = await lobby(1)
    board, (phone,) = await open_all(sockets, room, seats)
    await phone.send_json_to({"type": "sync"})
    again = await frame_next(phone)
    assert again["version"] == (await state_of(room))[0] and again["you"]["name"] == "Ann"
    await phone.send_json_to({"type": "ping"})
    assert await frame_next(phone) == {"type": "pong"}
    assert await quiet(board)


async def test_updates_reach_every_screen_with_increasing_versions(sockets):
    room, seats, board, phones = await started(sockets, 3)
    positions = by_position(seats)
    versions = {id(screen): [] for screen in (board, *phones)}
    for position in range(3):
        phone = phones[seats.index(positions[position])]
        await phone.send_json_to({"type": "act", "action": pick(position + 1)})
        for screen in (board, *phones):
            frame = await frame_next(screen)
            versions[id(screen)].append(frame["version"])
            assert frame["view"]["picked"][position] is True
    version, state = await state_of(room)
    assert state["over"] and state["winners"] == [2]
    for seen in versions.values():
        assert seen == sorted(set(seen)) and seen[-1] == version
    assert await quiet(board, *phones)


async def test_a_move_makes_no_thread_hop_but_its_own_database_call(sockets, monkeypatch):
    """Channels' ``dispatch`` hops to the database thread to close stale connections before
    every message; a screen's ``database_call`` closes them itself, so the screens skip it."""
    room, seats, board, phones = await started(sockets, 3)
    hops = []

    async def hop() -> None:
        hops.append(1)

    monkeypatch.setattr(consumer_module, "aclose_old_connections", hop)
    version, state = await state_of(room)
    await mover_of(state, seats, phones).send_json_to(PICK)
    assert (await frame_next(board))["version"] == version + 1
    assert hops == []


# --- the channel layer or the database failing ----------------------------------------------


async def frames_until(socket, test, limit: int = 10) -> list[dict]:
    """The frames a socket receives up to and including the first that passes ``test``."""
    seen = []
    while not seen or not test(seen[-1]):
        assert len(seen) < limit, seen
        seen.append(await frame_next(socket))
    return seen


def served_by_another_process(room: Room) -> None:
    """A TV of the room open in another server process, as that process records it: from now on
    the room's changes go over the channel layer."""
    Connection.objects.create(channel_name="elsewhere.tv", room=room, seat=None,
                              last_seen=timezone.now(), process="another-process")


async def test_a_room_served_by_this_process_alone_changes_without_the_layer(
    sockets, monkeypatch
):
    """Every socket of the room is open here: a change is handed to them without a layer
    message; once another process serves the room too, it goes over the layer (once)."""
    from channels.layers import get_channel_layer

    from games.live.fanout import room_group

    room, seats, board, phones = await started(sockets, 3)
    layer = get_channel_layer()
    working, sent = layer.group_send, []

    async def recorded(group: str, message: dict) -> None:
        sent.append(group)
        await working(group, message)

    monkeypatch.setattr(layer, "group_send", recorded)
    for expected in (False, True):
        version, state = await state_of(room)
        await mover_of(state, seats, phones).send_json_to(PICK)
        for screen in (board, *phones):
            assert (await frame_next(screen))["version"] == version + 1
        assert (room_group(room.pk) in sent) is expected
        assert sent.count(room_group(room.pk)) == int(expected)
        if not expected:
            await db(served_by_another_process)(room)
    assert await quiet(board, *phones)


async def test_a_move_whose_broadcast_fails_is_saved_shown_here_and_its_sender_told(
    sockets, monkeypatch
):
    from channels.layers import get_channel_layer

    from games.live import fanout as fanout_module

    monkeypatch.setattr(fanout_module, "RETRY_FIRST_SECONDS", 0.05)
    room, seats, board, phones = await started(sockets, 3)
    await db(served_by_another_process)(room)  # so the move needs the layer
    version, state = await state_of(room)
    mover = mover_of(state, seats, phones)
    layer = get_channel_layer()
    working = layer.group_send

    attempts = []

    async def down(group: str, message: dict) -> None:
        attempts.append(group)
        raise ConnectionError("the layer is down")

    monkeypatch.setattr(layer, "group_send", down)
    await mover.send_json_to({**PICK, "id": 4})
    # The move is saved; this process's screens have it (all of them, in this test), each
    # hears that the others may not, and the mover hears what became of its move.
    seen = await frames_until(mover, lambda f: f["type"] == "notice")
    assert {"type": "notice", "code": "undelivered", "id": 4} == {
        key: seen[-1][key] for key in ("type", "code", "id")
    }
    assert "catch up" in seen[-1]["message"]
    for screen in (board, *phones):
        frames = seen if screen is mover else []
        while not any(f.get("version") == version + 1 for f in frames):
            frames.append(await frame_next(screen))
        while {"type": "net", "status": "degraded"} not in frames:
            frames.append(await frame_next(screen))
    assert (await state_of(room))[0] == version + 1
    # While the layer fails, the process keeps trying (two more of its tries fail); once it
    # works, every screen is told and gets a fresh snapshot.
    tried = len(attempts)
    await until(lambda: len(attempts) >= tried + 2, what="two more tries of the failed layer")
    monkeypatch.setattr(layer, "group_send", working)
    for screen in (board, *phones):
        assert await frame_next(screen) == {"type": "net", "status": "ok"}
        snapshot = await frame_next(screen)
        assert snapshot["type"] == "state" and snapshot["version"] == version + 1
    assert not fanout.degraded
    # The sockets are alive and the layer carries the next move to all of them.
    state = (await state_of(room))[1]
    await mover_of(state, seats, phones).send_json_to(PICK)
    for screen in (board, *phones):
        assert (await frame_next(screen))["version"] == version + 2
    assert await quiet(board, *phones)


async def test_a_socket_opening_while_the_layer_fails_gets_its_snapshot_and_hears_so(
    sockets, monkeypatch
):
    from channels.layers import get_channel_layer

    room, seats = await lobby(1)
    layer = get_channel_layer()

    async def down(*args) -> None:
        raise ConnectionError("the layer is down")

    monkeypatch.setattr(layer, "group_add", down)
    board = await board_open(room)
    sockets.append(board)
    frames = [await frame_next(board), await frame_next(board)]
    assert [frame["type"] for frame in frames].count("state") == 1
    assert {"type": "net", "status": "degraded"} in frames


async def test_a_move_that_meets_the_database_down_is_refused_clearly_and_changes_nothing(
    sockets, monkeypatch
):
    from django.db import OperationalError

    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)

    def refused(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr(consumers.services, "action_submit", refused)
    await phones[0].send_json_to({**PICK, "id": "m1"})
    error = await frame_next(phones[0])
    assert (error["type"], error["code"], error["id"]) == ("error", "unavailable", "m1")
    assert "try again" in error["message"]
    assert await quiet(board, *phones)
    assert await state_of(room) == before
    await phones[0].send_json_to({"type": "ping"})  # the socket is still served
    assert await frame_next(phones[0]) == {"type": "pong"}


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["", "?token=", "?token=not-a-seat"])
async def test_a_seat_without_a_valid_token_is_refused_then_closed(sockets, query):
    room, seats = await lobby(1)
    board, _phones = await open_all(sockets, room, seats)
    stranger = await socket_open(f"/ws/rooms/{room.code}/seat{query}")
    sockets.append(stranger)
    error = await frame_next(stranger)
    assert error["type"] == "error" and error["code"] == "no_seat" and error["message"]
    closed = await stranger.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}
    assert await quiet(board)


async def test_a_token_from_another_room_is_refused(sockets):
    room, _seats = await lobby(1)
    _other, other_seats = await lobby(1)
    stranger = await socket_open(f"/ws/rooms/{room.code}/seat?token={other_seats[0].token}")
    sockets.append(stranger)
    assert (await frame_next(stranger))["code"] == "no_seat"
    assert (await stranger.receive_output(timeout=5))["code"] == 4404


async def test_a_board_for_no_such_room_is_refused_then_closed(sockets):
    room, _seats = await lobby(0)
    missing = "ZZZZ" if room.code != "ZZZZ" else "YYYY"
    board = await socket_open(f"/ws/rooms/{missing}/board")
    sockets.append(board)
    assert (await frame_next(board))["code"] == "no_room"
    assert (await board.receive_output(timeout=5))["code"] == 4404


BAD_MESSAGES = [
    ("not json at all", "bad_json"),
    ('{"type": "act",', "bad_json"),
    ("[1, 2, 3]", "bad_message"),
    ('"act"', "bad_message"),
    ("42", "bad_message"),
    ('{"action": {"type": "pick"}}', "bad_message"),
    ('{"type": 7}', "bad_message"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "host", "command": "explode"}', "unknown_type"),
    ('{"type": "host", "command": ["start"]}', "unknown_type"),
    ('{"type": "host"}', "unknown_type"),
    ('{"type": "host", "command": "options", "options": [1]}', "bad_message"),
    ('{"type": "act", "pad": "' + "x" * MESSAGE_MAX_BYTES + '"}', "too_large"),
    ('{"type": "act", "action": "pick"}', "bad_action"),
    ('{"type": "act", "action": {"type": "pick", "card": "gold"}}', "bad_action"),
    ('{"type": "act", "action": {"type": "pick", "card": 3}, "version": "x"}', "bad_action"),
    ('{"type": "act", "action": {"type": "pick", "card": 99}}', "illegal"),  # the rules' no
    ('{"type": "act", "action": {"type": "timeout"}}', "bad_action"),  # the system's move
    ('{"type": "host", "command": "start"}', "not_host"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
async def test_a_bad_message_gets_an_error_on_the_sender_only_and_the_game_goes_on(
    sockets, text, code
):
    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)
    sender = phones[1]
    await sender.send_to(text_data=text)
    error = await frame_next(sender)
    assert set(error) == {"type", "code", "message"}
    assert error["type"] == "error" and error["code"] == code
    assert isinstance(error["message"], str) and error["message"]
    assert await quiet(board, *phones)
    assert await state_of(room) == before
    # The server keeps serving: the sender's socket, and another seat's valid move.
    await sender.send_json_to({"type": "ping"})
    assert await frame_next(sender) == {"type": "pong"}
    await phones[0].send_json_to(PICK)
    for screen in (board, *phones):
        assert (await frame_next(screen))["version"] == before[0] + 1


async def test_an_oversize_message_in_multibyte_characters_is_refused(sockets):
    """The limit is on bytes: 4 KiB of emoji is far more than 4096 bytes."""
    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)
    padding = "\N{FOX FACE}" * (MESSAGE_MAX_BYTES // 4 + 10)  # 4 bytes each in UTF-8
    text = json.dumps(
        {**PICK, "pad": padding},
        ensure_ascii=False,
    )
    assert len(text) < MESSAGE_MAX_BYTES < len(text.encode())
    await phones[0].send_to(text_data=text)
    assert (await frame_next(phones[0]))["code"] == "too_large"
    assert await quiet(board, *phones)
    assert await state_of(room) == before


async def test_a_request_id_comes_back_with_its_error(sockets):
    room, seats, board, phones = await started(sockets, 3)
    await phones[2].send_json_to({"type": "dance", "id": "r-17"})
    assert await frame_next(phones[2]) == {
        "type": "error", "code": "unknown_type", "message": "Unknown message type.", "id": "r-17",
    }


PICKED = '"action": {"type": "pick", "card": 3}'
# Refusals of readable objects, each carrying an id: (sender, raw message, code). Seat 0's pick
# is legal but for the version.
REFUSALS_WITH_ID = [
    (1, '{"id": "r-1"}', "bad_message"),
    (1, '{"type": 7, "id": "r-1"}', "bad_message"),
    (1, '{"type": "host", "command": "explode", "id": "r-1"}', "unknown_type"),
    (0, '{"type": "act", ' + PICKED + ', "version": true, "id": "r-1"}', "bad_action"),
    (0, '{"type": "act", ' + PICKED + ', "version": "7", "id": "r-1"}', "bad_action"),
    (0, '{"type": "act", ' + PICKED + ', "version": 7.0, "id": "r-1"}', "bad_action"),
    (None, '{"type": "act", ' + PICKED + ', "id": "r-1"}', "unknown_type"),  # from the board
]


@pytest.mark.parametrize(("sender", "text", "code"), REFUSALS_WITH_ID)
async def test_every_refusal_of_a_readable_message_echoes_its_id(sockets, sender, text, code):
    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)
    screen = board if sender is None else phones[sender]
    await screen.send_to(text_data=text)
    error = await frame_next(screen)
    assert error["type"] == "error" and error["code"] == code and error["id"] == "r-1"
    assert await quiet(board, *phones)
    assert await state_of(room) == before


async def test_an_action_for_a_version_not_yet_reached_is_stale_too(sockets):
    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)
    await phones[0].send_json_to({**PICK, "version": before[0] + 5, "id": 9})
    error = await frame_next(phones[0])
    assert (error["code"], error["id"]) == ("stale", 9)
    assert (await frame_next(phones[0]))["version"] == before[0]
    assert await state_of(room) == before


async def test_an_action_in_the_lobby_is_wrong_phase_with_its_id(sockets):
    room, seats = await lobby(2)
    board, phones = await open_all(sockets, room, seats)
    await phones[0].send_json_to({**PICK, "id": [1, "x"]})
    error = await frame_next(phones[0])
    assert (error["code"], error["id"]) == ("wrong_phase", [1, "x"])


async def test_a_stale_action_gets_an_error_and_a_fresh_snapshot_on_the_sender_only(sockets):
    room, seats, board, phones = await started(sockets, 3)
    before = await state_of(room)
    await phones[0].send_json_to({**PICK, "version": before[0] - 1})
    error = await frame_next(phones[0])
    assert error["type"] == "error" and error["code"] == "stale"
    snapshot = await frame_next(phones[0])
    assert snapshot["type"] == "state" and snapshot["version"] == before[0]
    assert await quiet(board, *phones)
    assert await state_of(room) == before


async def test_flooding_beyond_the_burst_is_refused_and_others_are_served(sockets, monkeypatch):
    room, seats, board, phones = await started(sockets, 3)
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 0.0)  # no refill: the count is exact
    before = await state_of(room)
    flooded = REGISTRY.get_sample_value("partyhub_limited_total", {"limit": "flood"})
    for _ in range(FLOOD_BURST + 5):
        await phones[1].send_to(text_data='{"type": "dance"}')
    codes = [(await frame_next(phones[1]))["code"] for _ in range(FLOOD_BURST + 5)]
    assert codes == ["unknown_type"] * FLOOD_BURST + ["flood"] * 5
    # Counted for the operator, beside the limits per client network.
    assert REGISTRY.get_sample_value("partyhub_limited_total", {"limit": "flood"}) == (
        flooded + 5)
    assert await quiet(board, phones[0], phones[2])
    assert await state_of(room) == before
    await phones[0].send_json_to(PICK)
    for screen in (board, *phones):
        assert (await frame_next(screen))["version"] == before[0] + 1


async def test_flood_refusals_echo_the_id_and_count_per_socket(sockets, monkeypatch):
    """The limit is each socket's own: the same seat's second socket is served meanwhile."""
    room, seats, board, phones = await started(sockets, 3)
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 0.0)
    for number in range(FLOOD_BURST + 2):
        await phones[1].send_json_to({"type": "dance", "id": number})
    errors = [await frame_next(phones[1]) for _ in range(FLOOD_BURST + 2)]
    assert [(e["code"], e["id"]) for e in errors[-2:]] == [
        ("flood", FLOOD_BURST), ("flood", FLOOD_BURST + 1)
    ]
    second = await seat_open(room, seats[1])
    sockets.append(second)
    assert (await frame_next(second))["type"] == "state"
    await second.send_json_to({"type": "ping"})
    assert await frame_next(second) == {"type": "pong"}


async def test_flood_allowance_refills_over_time(monkeypatch):
    """The token bucket: spent at once, refilled at the steady rate, never above the burst."""
    clock = [100.0]
    monkeypatch.setattr(socket_limits.time, "monotonic", lambda: clock[0])
    bucket = socket_limits.FloodBucket()
    bucket.allowance, bucket.allowance_at = float(FLOOD_BURST), clock[0]
    assert all(bucket.allows() for _ in range(FLOOD_BURST))
    assert not bucket.allows()
    clock[0] += 1.5 / socket_limits.FLOOD_RATE
    assert bucket.allows() and not bucket.allows()
    clock[0] += 1000
    assert sum(bucket.allows() for _ in range(2 * FLOOD_BURST)) == FLOOD_BURST


# --- host controls ------------------------------------------------------------------------


async def test_host_commands_work_from_the_tv_with_the_host_token(sockets):
    room, seats = await lobby(2)
    board, phones = await open_all(sockets, room, seats, room.host_token)
    await board.send_json_to({"type": "host", "command": "lock"})
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["locked"] is True
    await board.send_json_to(
        {"type": "host", "command": "options", "options": {"pick_seconds": 45}}
    )
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["options"]["pick_seconds"] == 45
    assert (await db(room_fresh)(room)).locked


async def test_the_host_cookie_works_like_the_host_token(sockets):
    room, seats = await lobby(1)
    board = await socket_open(
        f"/ws/rooms/{room.code}/board", {host_cookie_name(room.code): room.host_token}
    )
    sockets.append(board)
    await frame_next(board)
    await board.send_json_to({"type": "host", "command": "lock"})
    assert (await frame_next(board))["room"]["locked"] is True


async def test_a_tv_without_the_host_token_has_no_host_controls(sockets):
    room, seats = await lobby(1)
    board, phones = await open_all(sockets, room, seats)  # no token
    await board.send_json_to({"type": "host", "command": "lock"})
    assert (await frame_next(board))["code"] == "not_host"
    assert await quiet(*phones)
    assert not (await db(room_fresh)(room)).locked


async def test_host_commands_work_from_the_vip_phone_and_not_from_another_phone(sockets):
    room, seats = await lobby(3)
    board, phones = await open_all(sockets, room, seats)
    before = await state_of(room)
    await phones[1].send_json_to({"type": "host", "command": "lock"})
    assert (await frame_next(phones[1]))["code"] == "not_host"
    assert await quiet(board, phones[0], phones[2])
    assert await state_of(room) == before
    await phones[0].send_json_to({"type": "host", "command": "lock"})
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["locked"] is True
    await phones[0].send_json_to({"type": "host", "command": "start"})
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["status"] == "playing"


async def test_kick_tells_the_phone_and_closes_its_socket(sockets):
    room, seats = await lobby(3)
    board, phones = await open_all(sockets, room, seats, room.host_token)
    await board.send_json_to({"type": "host", "command": "kick", "seat": seats[2].pk})
    for screen in (board, phones[0], phones[1]):
        frame = await frame_next(screen)
        assert [p["name"] for p in frame["room"]["players"]] == ["Ann", "Bob"]
    assert await frame_next(phones[2]) == {"type": "kicked"}
    assert (await phones[2].receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}
    assert await quiet(board, phones[0], phones[1])
    # Its token no longer opens a seat.
    again = await seat_open(room, seats[2])
    sockets.append(again)
    assert (await frame_next(again))["code"] == "no_seat"


async def test_a_phone_cannot_kick(sockets):
    room, seats = await lobby(3)
    board, phones = await open_all(sockets, room, seats)
    await phones[1].send_json_to({"type": "host", "command": "kick", "seat": seats[2].pk})
    assert (await frame_next(phones[1]))["code"] == "not_host"
    assert await quiet(board, phones[0], phones[2])
    assert await db(Seat.objects.filter(pk=seats[2].pk).exists)()


# --- reconnecting -------------------------------------------------------------------------


async def test_a_seat_reconnecting_gets_its_own_private_view_back(sockets):
    room, seats, board, phones = await started(sockets, 3)
    bob = seats[1]
    await phones[1].send_json_to({"type": "act", "action": pick(7)})  # Bob's secret
    for screen in (board, *phones):
        await frame_next(screen)
    await phones[1].disconnect()
    # Bob going away is news for the others (and for the rules).
    for screen in (board, phones[0], phones[2]):
        frame = await frame_next(screen)
        assert frame["room"]["players"][1]["connected"] is False
    assert (await state_of(room))[1]["connected"][bob.position] is False
    again = await seat_open(room, bob)
    sockets.append(again)
    mine = await frame_next(again)
    assert mine["you"]["id"] == bob.pk and mine["you"]["position"] == bob.position
    assert mine["view"]["me"]["pick"] == 7 and mine["view"]["picks"] is None
    for screen in (board, phones[0], phones[2], again):
        frame = await frame_next(screen)
        assert frame["room"]["players"][1]["connected"] is True


async def test_a_phone_swept_while_the_process_was_held_up_comes_back_at_the_next_heartbeat(
    sockets, monkeypatch
):
    """A stall longer than the sweep's limit, with the socket still open afterwards."""
    room, seats, board, phones = await started(sockets, 3)
    old = timezone.now() - liveness.CONNECTION_STALE - timedelta(seconds=1)
    await db(Connection.objects.filter(seat_id=seats[2].pk).update)(last_seen=old)
    await ticker.ticker_sweep()
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["players"][2]["connected"] is False
    assert (await state_of(room))[1]["connected"] == [True, True, False]
    await heartbeat_module.heartbeat.beat_once()
    for screen in (board, *phones):
        assert (await frame_next(screen))["room"]["players"][2]["connected"] is True
    # Unrecorded meanwhile, its process did not count as serving the room: the phone gets a
    # fresh snapshot too, in case a change went to the room's other processes only.
    again = await frame_next(phones[2])
    assert again["type"] == "state" and again["version"] == (await state_of(room))[0]
    assert (await state_of(room))[1]["connected"] == [True, True, True]
    assert await quiet(board, *phones)


# --- language -----------------------------------------------------------------------------


def test_the_language_comes_from_the_cookie_then_the_browser():
    cookie = [(b"cookie", b"django_language=fr; other=1")]
    assert scope_language({"headers": cookie}, scope_cookies({"headers": cookie})) == "fr"
    browser = {"headers": [(b"accept-language", b"es-ES,es;q=0.9,en;q=0.5")]}
    assert scope_language(browser, {}) == "es"
    unknown = {"headers": [(b"accept-language", b"xx")]}
    assert scope_language(unknown, {}) == "en"


async def test_errors_are_in_the_sockets_language(sockets):
    room, seats, board, phones = await started(sockets, 3)
    french = await socket_open(
        f"/ws/rooms/{room.code}/seat?token={seats[1].token}", {"django_language": "fr"}
    )
    sockets.append(french)
    await frame_next(french)
    await french.send_json_to({"type": "act", "action": pick(99)})
    error = await frame_next(french)
    assert error["code"] == "illegal"
    with translation.override("fr"):
        expected = error_text(errors.ServiceError("No such card."))
    assert error["message"] == expected != "No such card."
    # An English phone in the same room still reads English.
    await phones[1].send_json_to({"type": "act", "action": pick(99)})
    assert (await frame_next(phones[1]))["message"] == "No such card."


async def test_an_action_with_no_game_running_is_refused(sockets):
    room, seats = await lobby(2)
    board, phones = await open_all(sockets, room, seats)
    await phones[0].send_json_to(PICK)
    assert (await frame_next(phones[0]))["code"] == "wrong_phase"
    assert await quiet(board, phones[1])


async def test_host_start_with_too_few_players_says_why(sockets):
    room, seats = await lobby(1)
    board, phones = await open_all(sockets, room, seats, room.host_token)
    await board.send_json_to({"type": "host", "command": "start"})
    error = await frame_next(board)
    assert error["code"] == "player_count" and "2 to 8 players" in error["message"]
    assert await quiet(*phones)
    assert (await db(room_fresh)(room)).status == Room.Status.LOBBY


async def test_play_again_from_the_tv_after_the_end(sockets):
    room, seats, board, phones = await started(sockets, 3)
    for phone in phones:  # everyone picks: the game is over
        await phone.send_json_to(PICK)
        for screen in (board, *phones):
            await frame_next(screen)
    assert (await state_of(room))[1]["over"]
    await board.send_json_to({"type": "host", "command": "play_again"})
    for screen in (board, *phones):
        frame = await frame_next(screen)
        assert frame["room"]["status"] == "lobby" and frame["view"] is None
    assert (await db(room_fresh)(room)).status == Room.Status.LOBBY


# --- the heartbeat: every open socket recorded together ------------------------------------


async def test_the_heartbeat_records_every_open_socket_in_slices_and_pings_just_pong(
    sockets, monkeypatch
):
    room, seats, board, phones = await started(sockets, 3)
    calls = []
    touch = presence.connections_touch

    def counted(names):
        calls.append(sorted(names))
        return touch(names)

    monkeypatch.setattr(presence, "connections_touch", counted)
    monkeypatch.setattr(heartbeat_module, "HEARTBEAT_SECONDS", 0.4)
    monkeypatch.setattr(heartbeat_module, "HEARTBEAT_STEPS", 2)
    monkeypatch.setattr(heartbeat_module, "HEARTBEAT_SLICE_MIN", 1)
    # The beat already sleeps its first 20 s: start it again so the shorter period applies now.
    heartbeat_module.heartbeat.task.cancel()
    heartbeat_module.heartbeat.task = asyncio.get_running_loop().create_task(
        heartbeat_module.heartbeat.beat()
    )
    old = timezone.now() - timedelta(seconds=50)
    await db(Connection.objects.filter(room=room).update)(last_seen=old)
    await phones[0].send_json_to({"type": "ping"})
    assert await frame_next(phones[0]) == {"type": "pong"}
    assert calls == []  # a ping writes nothing (its pong went out once it was handled)
    await until(lambda: len(calls) >= 2, what="two slices of the heartbeat")
    # Four sockets (the board and three phones) in two slices of two, each socket once.
    assert [len(names) for names in calls[:2]] == [2, 2]
    assert len(set(calls[0] + calls[1])) == 4
    seen = await db(lambda: list(Connection.objects.values_list("last_seen", flat=True)))()
    assert len(seen) == 4 and all(when > old for when in seen)
    assert await quiet(board, *phones)


def test_a_heartbeat_slice_is_a_twentieth_of_the_sockets_but_never_a_handful():
    beat = heartbeat_module.Heartbeat()
    beat.sockets = {f"c{i}": None for i in range(70)}
    assert beat.slice_size() == heartbeat_module.HEARTBEAT_SLICE_MIN == 64
    first, second = beat.next_slice(), beat.next_slice()
    assert first == [f"c{i}" for i in range(64)]
    assert second == [f"c{i}" for i in [*range(64, 70), *range(58)]]  # round the list
    beat.sockets = {f"c{i}": None for i in range(2000)}
    assert beat.slice_size() == 100


async def test_the_shared_layer_holds_one_channel_per_room_and_none_per_socket(sockets):
    """Frames come through the fan-out: the shared layer holds the room's one channel; each
    socket's own channel (which Channels makes for every consumer) is on the process's socket
    layer, and its name keys the socket's presence row."""
    from channels.layers import get_channel_layer

    room, seats, board, phones = await started(sockets, 3)
    names = await db(lambda: list(Connection.objects.values_list("channel_name", flat=True)))()
    assert list(get_channel_layer().channels) == [fanout.rooms[room.pk].channel]
    assert len(names) == 4 and set(names) == set(get_channel_layer("sockets").channels)
    assert await quiet(board, *phones)


async def test_a_closed_socket_is_not_recorded_again(sockets):
    room, seats, board, phones = await started(sockets, 3)
    await phones[2].disconnect()
    await heartbeat_module.heartbeat.beat_once()
    assert not await db(Connection.objects.filter(seat_id=seats[2].pk).exists)()


async def test_a_screen_handles_each_message_before_it_reads_the_next():
    room, _seats = await lobby(3)
    inbox: asyncio.Queue = asyncio.Queue()
    for message in [
        {"type": "websocket.connect"},
        *({"type": "websocket.receive", "text": '{"type":"ping"}'} for _ in range(3)),
        {"type": "websocket.disconnect", "code": 1000},
    ]:
        inbox.put_nowait(message)
    reads, sent = [], []

    async def receive() -> dict:
        reads.append(len(sent))
        return await inbox.get()

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "websocket", "path": f"/ws/rooms/{room.code}/board", "query_string": b"",
             "headers": [], "subprotocols": []}
    await asyncio.wait_for(application(scope, receive, send), 10)
    assert len(reads) == 5
    pongs = [i for i, message in enumerate(sent) if message.get("text") == '{"type":"pong"}']
    assert len(pongs) == 3
    # Each ping's pong went out before the next message was read.
    assert reads[2:] == [i + 1 for i in pongs]



async def test_every_frame_carries_the_servers_clock(sockets):
    """Screens count deadlines down by the server's clock, not by their own."""
    room, _seats = await lobby(2)
    before = time.time()
    board = await board_open(room)
    sockets.append(board)
    frame = await frame_next(board)
    assert before <= frame["server_time"] <= time.time() + 0.01


async def test_a_socket_closed_before_it_opened_closes_quietly():
    """A client gone mid-handshake: Channels may call ``disconnect`` on a consumer whose
    ``connect`` never ran (it raised ``AttributeError`` on its screens, a traceback a socket in
    the 10,000-phone benchmark's runs)."""
    consumer = consumers.SeatConsumer()
    consumer.channel_name = "sockets.closed-early"  # Channels names it before any message
    await consumer.disconnect(1006)
    assert consumer.gone and consumer.screens == []
