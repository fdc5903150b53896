"""The one door to the screens: every frame is built here, per viewer, from a committed snapshot.

The board (the TV, and anyone watching without a seat) gets the rules' public view. Each seat gets
the view for its own position. Every frame is addressed to one screen: the board, or one seat (a
phone, or its second tab); ``games.live.fanout`` hands it only to that screen's sockets, never to a
shared one for the client to filter.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from games.kit.registry import game
from games.live.fanout import AUDIENCE, BOARD
from games.rooms.models import Seat
from games.rooms.selectors import Snapshot, vip_seat

__all__ = ["AUDIENCE", "BOARD", "frame_for", "frames_build", "seat_screen"]

server_clock = time.time  # the clock frames carry (tests hold it still to compare frames)


def seat_screen(seat_id: int) -> str:
    """The screen of one seat's own sockets (a phone, or its second tab)."""
    return f"seat{seat_id}"


def room_public(snapshot: Snapshot) -> dict[str, Any]:
    """What every screen may know about the room itself."""
    room = snapshot.room
    played = game(room.game)
    vip = vip_seat(snapshot.seats)

    def entry(seat: Seat) -> dict[str, Any]:
        return {
            "id": seat.pk,
            "name": seat.name,
            "position": seat.position,
            "connected": seat.pk in snapshot.connected,
            "vip": vip is not None and seat.pk == vip.pk,
            "removed": seat.removed,
            # A hand-over code is pending (the code itself only ever goes to the asking screen).
            "handover": bool(seat.handover_code),
            "remote": seat.remote or room.remote_party,  # plays from its own device's board
        }

    options = room.options
    if room.status != room.Status.LOBBY and played.options_public is not None:
        options = played.options_public(options)  # a game may keep some secret once dealt
    return {
        "code": room.code,
        "game": room.game,
        "status": room.status,
        "locked": room.locked,
        "paused": room.paused_at is not None,
        "family_filter": room.family_filter,
        "streamer": room.streamer,
        "remote_party": room.remote_party,
        "guide": room.guide_started,
        "options": options,
        "min_players": played.min_players,
        "max_players": played.max_players,
        "players": [entry(seat) for seat in snapshot.seats if not seat.is_audience],
        "audience": [entry(seat) for seat in snapshot.seats if seat.is_audience],
    }


def seat_you(seat: Seat, vip: Seat | None) -> dict[str, Any]:
    """A phone's own identity in the room (``remote``: its own choice, "not at the TV")."""
    return {
        "id": seat.pk,
        "name": seat.name,
        "position": seat.position,
        "audience": seat.is_audience,
        "vip": vip is not None and vip.pk == seat.pk,
        "remote": seat.remote,
    }


def shows_board(seat: Seat | None, remote_party: bool) -> bool:
    """Whether a screen's frame carries the board's public view besides its own: a player's
    device away from the TV (its own choice, or a remote party's). The audience's own view is
    the public one already."""
    return (
        seat is not None and not seat.is_audience and seat.position is not None
        and (seat.remote or remote_party)
    )


class Frames:
    """The frames of one snapshot: the room block is built once and shared by every screen, and
    the rules build every screen's view in one call (``views``), sharing what screens see alike.
    The board and the audience get the public view; a player's phone that of its own position."""

    def __init__(self, snapshot: Snapshot) -> None:
        room = snapshot.room
        self.game = game(room.game)
        self.state = room.state
        self.vip = vip_seat(snapshot.seats)
        self.recap = snapshot.recap
        self.remote_party = room.remote_party
        self.base = {
            "type": "state",
            "version": room.version,
            # The server's clock when the frame was built: screens count deadlines down by it,
            # not by their own clock (a phone's may be off by minutes). A paused game's clock
            # stands at the pause, so every countdown shows what was left.
            "server_time": round(
                server_clock() if room.paused_at is None else room.paused_at, 3
            ),
            "room": room_public(snapshot),
        }

    def texts(self, seats: list[Seat | None]) -> list[str]:
        """The frames for the board (``None``) or for seats, as sent on their sockets."""
        remote = [shows_board(seat, self.remote_party) for seat in seats]
        positions = [None if seat is None else seat.position for seat in seats]
        public_needed = any(remote) and None not in positions
        if self.state is None:
            views: list[dict | None] = [None] * (len(seats) + public_needed)
        else:
            # A remote seat's board is the very view the TV gets, built once in the same call.
            views = self.game.views(self.state, positions + [None] * public_needed)
        board = orjson.dumps(views[positions.index(None) if None in positions else -1])
        # Every frame is ``{**base, "you": …, "view": …, "recap": …}`` as orjson writes it, and
        # a remote seat's ``"board": …`` too; the base (the room block, the same on every
        # screen) is written once for them all.
        head = orjson.dumps(self.base)[:-1]
        return [
            b"".join((
                head,
                b',"you":', orjson.dumps(None if seat is None else seat_you(seat, self.vip)),
                b',"view":', orjson.dumps(view),
                b',"recap":', orjson.dumps(self.recap_for(seat)),
                *((b',"board":', board) if shows else ()),
                b"}",
            )).decode()
            for seat, view, shows in zip(seats, views, remote, strict=False)
        ]


    def recap_for(self, seat: Seat | None) -> dict | None:
        """The ended game's recap for one screen: the board's part (public once the game is
        over) and, on a player's phone, that player's own summary under ``me``."""
        if self.recap is None:
            return None
        playing = seat is not None and not seat.is_audience and seat.position is not None
        mine = self.recap["seats"][seat.position] if playing else None
        return {**self.recap["board"], "me": mine}


def frames_build(snapshot: Snapshot) -> dict[str, str]:
    """Every screen's frame after a change, by screen: the boards', each player's own, and the
    audience's, which all its phones share: the board's, marked ``coalesced`` (the fan-out may
    skip versions of it, so a gap is no reason for a phone to ask for a snapshot)."""
    texts = Frames(snapshot).texts([None, *snapshot.seats])
    built = {BOARD: texts[0], AUDIENCE: texts[0][:-1] + ',"coalesced":true}'}
    for seat, text in zip(snapshot.seats, texts[1:], strict=True):
        built[seat_screen(seat.pk)] = text
    return built


def frame_for(snapshot: Snapshot, seat: Seat | None) -> str:
    """The snapshot frame for one screen (on connect, or when it asks after a gap)."""
    return Frames(snapshot).texts([seat])[0]
