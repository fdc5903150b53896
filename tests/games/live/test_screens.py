"""SECRETS ON THE WIRE: what every screen actually receives, and the frames built for it.

The frames a change makes: the board's view for the TV and the audience, each seat's own view
for its phone, each exactly as orjson writes it. Then a difference check on real sockets: the
same game of the test game played twice with one player's secret (its card) chosen differently:
until the round ends, every frame to the TV and to the other phones is byte-for-byte the same,
while that player's own frames differ. (Each game's own secrets are checked on the wire by its
tests, e.g. tests/games/hoax/test_secrets_wire.py.)
"""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import orjson
import pytest

from games.kit.registry import game
from games.live import screens
from games.live.screens import AUDIENCE, frame_for, frames_build, seat_screen
from games.rooms import selectors, services
from tests.games.factories import (
    BOARD,
    SocketTable,
    picks_made,
    room_make,
    seats_join,
    services_patch,
    started,
)
from tests.support.testgame import TEST_GAME, pick

NOW = 1_700_000_000.0


@pytest.fixture(autouse=True)
def clock_still(monkeypatch):
    """Frames carry the server's clock; holding it still lets two builds be compared whole."""
    monkeypatch.setattr(screens, "server_clock", lambda: NOW)


# --- frames_build -------------------------------------------------------------------------


@pytest.mark.django_db
def test_frames_build_sends_the_board_its_view_and_each_seat_its_own_only():
    room, seats = started(4)
    picks_made(room, seats, [3, 8])  # two secrets
    watcher, _snapshot = services.seat_join(room.code, "Zed")
    snapshot = selectors.snapshot_get(room.code)
    state = snapshot.room.state
    frames = frames_build(snapshot)
    # The audience is no seat of the snapshot once a game runs: it shares one screen.
    assert watcher.pk not in [s.pk for s in snapshot.seats]
    assert list(frames) == [BOARD, AUDIENCE] + [seat_screen(s.pk) for s in snapshot.seats]

    board = json.loads(frames[BOARD])
    assert board["you"] is None and board["version"] == snapshot.room.version
    assert board["view"] == json.loads(json.dumps(game(TEST_GAME).view(state, None)))
    assert board["view"]["me"] is None and board["view"]["picks"] is None

    # The audience sees the board's view: all its phones one frame, marked coalesced; its own
    # snapshot (on connect) names it.
    shared = json.loads(frames[AUDIENCE])
    assert shared == {**board, "coalesced": True}
    own = json.loads(frame_for(snapshot, watcher))
    assert own["you"]["audience"] is True and own["view"] == board["view"]
    for seat in snapshot.seats:
        frame = json.loads(frames[seat_screen(seat.pk)])
        assert frame["you"]["id"] == seat.pk and frame["you"]["name"] == seat.name
        me = frame["view"]["me"]
        assert me["seat"] == seat.position
        assert me["pick"] == state["picks"][seat.position] == [3, 8, None, None][seat.position]
        assert frame["view"]["picks"] is None  # nobody else's card
        assert frame["view"] == game(TEST_GAME).view(state, seat.position)
        # The snapshot a screen gets on (re)connect is the very frame the broadcast sends it.
        assert frame_for(snapshot, seat) == frames[seat_screen(seat.pk)]
    assert frame_for(snapshot, None) == frames[BOARD]


@pytest.mark.django_db
def test_frames_build_in_the_lobby_has_no_view_and_names_the_vip():
    room = room_make()
    seats = seats_join(room, 2)
    frames = frames_build(selectors.snapshot_get(room.code))
    assert list(frames) == [BOARD, AUDIENCE, *(seat_screen(s.pk) for s in seats)]
    decoded = [json.loads(text) for key, text in frames.items() if key != AUDIENCE]
    assert [f["view"] for f in decoded] == [None, None, None]
    assert [p["vip"] for p in decoded[0]["room"]["players"]] == [True, False]
    assert [f["you"] and f["you"]["vip"] for f in decoded[1:]] == [True, False]
    assert [f["you"]["id"] for f in decoded[1:]] == [s.pk for s in seats]


@pytest.mark.django_db
def test_every_frame_is_its_object_as_orjson_writes_it_in_the_lobby_in_play_and_at_the_end():
    """The room block is written once for every screen of a change and joined to each screen's
    own part: each frame must still be exactly ``{room..., you, view, recap}`` as one
    ``orjson.dumps`` writes it."""
    lobby = selectors.snapshot_get(room_make().code)
    room, _seats = started(4)
    playing = selectors.snapshot_get(room.code)
    recap = {"board": {"awards": ["<b>Zoë</b> 🦊"]},
             "seats": [{"line": f"seat {n}"} for n in range(4)]}
    over = dataclasses.replace(playing, recap=recap)
    for snapshot in (lobby, playing, over):
        for text in frames_build(snapshot).values():
            frame = orjson.loads(text)
            assert orjson.dumps(frame).decode() == text
            assert list(frame)[:7] == ["type", "version", "server_time", "room", "you", "view",
                                       "recap"]
    seat = playing.seats[2]
    mine = orjson.loads(frames_build(over)[seat_screen(seat.pk)])
    assert mine["recap"] == {**recap["board"], "me": recap["seats"][seat.position]}
    assert mine["room"] == orjson.loads(frames_build(over)[BOARD])["room"]




# --- the difference check -------------------------------------------------------------------


@pytest.fixture
def fixed_clock(monkeypatch):
    """The services' clock stands still, so two plays of a game carry the same deadlines."""
    services_patch(monkeypatch, "time", SimpleNamespace(time=lambda: NOW))


async def played(secret: int) -> SocketTable:
    """Two rounds of the test game on real sockets; seat 2's first card is ``secret``."""
    table = await SocketTable.open(TEST_GAME, 4, {"rounds": 2})
    for position, card in ((0, 5), (2, secret), (1, 9), (3, 2), (0, 4)):
        await table.act(position, pick(card))
    await table.close()
    return table


@pytest.mark.django_db(transaction=True)
async def test_a_different_secret_changes_no_frame_but_its_owners_until_it_is_shown(fixed_clock):
    first, second = await played(7), await played(3)
    # The broadcast that ends the first round (its fourth pick) shows every card of it.
    shown = next(index for index, round_ in enumerate(first.rounds)
                 if round_.state is not None and round_.state["history"])
    for index, (one, other) in enumerate(zip(first.rounds, second.rounds, strict=True)):
        if one.state is None:
            continue  # the lobby, while the phones connect
        for key in (BOARD, 0, 1, 3):
            same = (first.normalize(one.frames[key]) == second.normalize(other.frames[key]))
            assert same is (index < shown), (index, key)  # once shown, it is public
        mine = (first.normalize(one.frames[2]), second.normalize(other.frames[2]))
        if one.state["round"] == 1 and one.state["picks"][2]:
            assert mine[0]["view"]["me"]["pick"] == 7 and mine[1]["view"]["me"]["pick"] == 3
            assert mine[0] != mine[1]
    assert first.rounds[shown].frames[BOARD]["view"]["last"]["picks"] == [5, 9, 7, 2]
    assert second.rounds[shown].frames[BOARD]["view"]["last"]["picks"] == [5, 9, 3, 2]
