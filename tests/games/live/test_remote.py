"""REMOTE SEATS ON THE WIRE: a player away from the TV gets the board's public view in its own
frames, and nothing more (README "Playing remotely", docs/protocol.md).

Every frame a remote seat's socket received is checked against the TV's frame of the same change:
its ``board`` is exactly the TV's ``view`` (the rules' ``view(state, None)``), its ``view`` is
its own (the rules' ``view(state, its position)``), and the rest (the room, the recap's public
part) is the TV's; a seat at the TV gets no ``board``. The games' own secrets checks run on a
remote party's frames too (tests/games/werewolf/test_remote.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.kit.errors import ServiceError
from games.kit.registry import game
from games.live import screens, socket_limits
from games.live.handshake import host_cookie_name
from games.rooms import selectors, services
from games.rooms.models import Room, Seat
from tests.games.factories import (
    BOARD,
    NAMES,
    SocketTable,
    board_open,
    direct,
    frame_next,
    quiet,
    room_make,
    seat_open,
    seats_join,
)
from tests.support.testgame import TEST_GAME, pick

pytestmark = pytest.mark.django_db(transaction=True)

db = database_sync_to_async


def set_remote_party(room: Room) -> None:
    Room.objects.filter(pk=room.pk).update(remote_party=True)
    room.remote_party = True


async def table_open(game: str, n: int, options: dict[str, Any], remote_party: bool,
                     names: tuple[str, ...] = NAMES) -> SocketTable:
    """``SocketTable.open`` (the TV, ``n`` phones, the host starts), in a remote party or not."""
    room = await db(room_make)(game, options)
    if remote_party:
        await db(set_remote_party)(room)
    table = SocketTable(room, await db(seats_join)(room, n, names))
    await table.connect(BOARD, board_open(room, room.host_token))
    for position, seat in enumerate(table.seats):
        await table.connect(position, seat_open(room, seat))
        await table.receive_one_each()
    await table.host("start")
    return table


def public_part(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame without its screen's own: ``you``, ``view``, the board, the recap's ``me``."""
    rest = {key: value for key, value in frame.items() if key not in ("you", "view", "board")}
    if rest.get("recap"):
        rest["recap"] = {key: value for key, value in rest["recap"].items() if key != "me"}
    return rest


def remote_frames_check(table: SocketTable, remote: set[int], since: int = 0) -> int:
    """Every round from ``since``: each remote seat's frame is the TV's public part plus its own
    view and the board's view, the same as the TV's; a seat at the TV has no board."""
    checked = 0
    for round_ in table.rounds[since:]:
        if round_.state is None:
            continue
        tv = round_.frames[BOARD]
        played = game(table.room.game)
        assert tv["view"] == played.view(round_.state, None)  # the rules' public view
        public = public_part(tv)
        for key, frame in round_.frames.items():
            if key == BOARD:
                continue
            if key not in remote:
                assert "board" not in frame, key
                continue
            assert frame["board"] == tv["view"], key
            assert frame["view"] == played.view(round_.state, key), key
            assert public_part(frame) == public, key
            assert frame["you"]["position"] == key and frame["you"] is not None
            checked += 1
    return checked


def console_frames_check(table: SocketTable) -> None:
    """The host's console of a remote party (the board's socket, with the host token) draws
    the board from its own frames: every one it received on the wire is the public view alone,
    the rules' ``view(state, None)``, with no ``you``, no seat's view nor ``board``, no player's
    summary in its recap, and no seat's secret (a round's picks) before the round ends."""
    played = game(table.room.game)
    received = [round_ for round_ in table.rounds if round_.state is not None]
    assert received
    for round_ in received:
        frame = round_.frames[BOARD]
        assert set(frame) == {"type", "version", "server_time", "room", "you", "view", "recap"}
        assert frame["you"] is None and frame["view"] == played.view(round_.state, None)
        assert frame["recap"] is None or frame["recap"]["me"] is None
        assert frame["view"]["me"] is None  # no seat's own part
        if not round_.state["over"]:
            assert frame["view"]["picks"] is None


async def test_a_remote_party_sends_every_player_the_tvs_board_and_only_its_own_secrets(
    monkeypatch,
):
    """A whole seeded game of the test game (five rounds), no TV but the host's console: every
    phone's frame carries the board, which is the TV's public view, with its own view beside
    it, and no phone's frame holds another's card before its round ends."""
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 1e9)
    n = 4
    table = await table_open(TEST_GAME, n, {"rounds": 5}, remote_party=True)
    rand = random.Random(5)
    while not table.room.state["over"]:
        seat = rand.choice([s for s in range(n) if table.room.state["picks"][s] is None])
        await table.act(seat, pick(rand.randint(1, 10)))
    await table.close()
    checked = remote_frames_check(table, set(range(n)))
    assert checked == n * (1 + 5 * n)  # every phone, at the start and at each of the 20 picks
    for round_ in table.rounds:
        if round_.state is None:
            continue
        picks = round_.state["picks"]
        for key, frame in round_.frames.items():
            if key != BOARD and not round_.state["over"]:
                assert frame["board"]["picks"] is None and frame["view"]["picks"] is None
                assert frame["view"]["me"]["pick"] == picks[key]
    console_frames_check(table)
    players = table.rounds[-1].frames[BOARD]["room"]["players"]
    assert all(player["remote"] for player in players)
    assert table.rounds[-1].frames[BOARD]["room"]["remote_party"] is True


async def test_a_player_switches_remote_on_and_off_and_only_its_frames_carry_the_board():
    table = await table_open(TEST_GAME, 3, {"rounds": 3}, remote_party=False)
    assert all("board" not in frame for frame in table.rounds[-1].frames.values())
    switched = len(table.rounds)
    frames = await table.send(1, {"type": "remote", "on": True})
    assert frames[1]["you"]["remote"] is True
    assert [p["remote"] for p in frames[BOARD]["room"]["players"]] == [False, True, False]
    assert frames[1]["board"] == frames[BOARD]["view"] and "board" not in frames[0]
    # A move: the remote seat's frame has the board's new view with its own.
    await table.act(0, pick(4))
    assert remote_frames_check(table, {1}, since=switched) == 2
    # A sync (a snapshot for this screen alone) carries it too.
    await table.sockets[1].send_json_to({"type": "sync"})
    again = await frame_next(table.sockets[1])
    assert again["board"] == table.frames[BOARD][-1]["view"]
    # Bad input: a clear error to the sender alone, nothing changed.
    version = table.room.version
    await table.sockets[1].send_json_to({"type": "remote", "on": "yes"})
    error = await frame_next(table.sockets[1])
    assert error["type"] == "error" and error["code"] == "bad_message"
    assert await quiet(*table.sockets.values())
    frames = await table.send(1, {"type": "remote", "on": False})
    assert "board" not in frames[1] and frames[1]["version"] == version + 1
    await table.close()


# --- the pages and the host's setting ----------------------------------------------------------


def page_data(response) -> dict:
    html = response.content.decode()
    opening = '<script id="page-data" type="application/json">'
    start = html.index(opening) + len(opening)
    return json.loads(html[start:html.index("</script>", start)])


def test_the_forms_make_a_remote_party_and_a_remote_seat():
    client = Client()
    client.post("/", {"game": TEST_GAME, "remote_party": "on"})
    party = Room.objects.get()
    assert party.remote_party is True
    client.post("/", {"game": TEST_GAME})
    room = Room.objects.exclude(pk=party.pk).get()
    assert room.remote_party is False
    Client().post("/join", {"code": room.code, "name": "Ann", "remote": "on"})
    Client().post("/join", {"code": room.code, "name": "Bob"})
    assert dict(room.seats.values_list("name", "remote")) == {"Ann": True, "Bob": False}


def test_the_join_form_asks_i_am_not_at_the_tv_only_outside_a_remote_party():
    """In a remote party every seat is remote: its join form (the code known, from the QR
    code's link) does not ask; another room's, or a form with no code yet, does."""
    party = services.room_create(TEST_GAME, {}, remote_party=True)
    room = services.room_create(TEST_GAME, {})
    asked = 'data-testid="join-remote"'
    assert asked not in Client().get(f"/join/{party.code}").content.decode()
    assert asked in Client().get(f"/join/{room.code}").content.decode()
    assert asked in Client().get("/join").content.decode()
    # Joined from it (no box to tick), the player is remote all the same: the party's.
    Client().post("/join", {"code": party.code, "name": "Ann"})
    public = screens.room_public(selectors.snapshot_get(party.code))
    assert [player["remote"] for player in public["players"]] == [True]


def test_the_api_makes_a_remote_party_and_a_remote_seat():
    client = Client()
    made = client.post("/api/rooms", {"game": TEST_GAME, "remote_party": True},
                       content_type="application/json").json()
    seat = client.post(f"/api/rooms/{made['code']}/seats", {"name": "Ann", "remote": True},
                       content_type="application/json").json()
    assert Room.objects.get(code=made["code"]).remote_party is True
    assert Seat.objects.get(pk=seat["seat"]).remote is True


def test_the_boards_mirror_has_no_socket_nor_host_controls_and_only_the_hub_may_frame_it():
    room = services.room_create(TEST_GAME, {})
    client = Client()
    client.cookies[host_cookie_name(room.code)] = room.host_token
    mirror = client.get(f"/tv/{room.code}/mirror")
    data = page_data(mirror)
    assert data["socket"] is None and data["mirror"] is True and data["is_host"] is False
    assert mirror["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in mirror["Content-Security-Policy"]
    tv = client.get(f"/tv/{room.code}")
    assert page_data(tv)["is_host"] is True and page_data(tv)["mirror"] is False
    # The TV's page (a remote party's host console) frames a mirror of its own: this one.
    assert page_data(tv)["mirror_url"] == f"/tv/{room.code}/mirror" and data["mirror_url"] is None
    assert tv["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in tv["Content-Security-Policy"]


def test_the_host_turns_a_remote_party_on_at_any_time_and_refuses_anything_not_boolean():
    room = services.room_create(TEST_GAME, {})
    host = services.Actor(host_token=room.host_token)
    snapshot = direct(services.room_host_settings, room.code, host, {"remote_party": True})
    assert snapshot.room.remote_party is True
    with pytest.raises(ServiceError) as refused:
        direct(services.room_host_settings, room.code, host, {"remote_party": "yes"})
    assert refused.value.code == "bad_message"
    assert Room.objects.get(pk=room.pk).remote_party is True
