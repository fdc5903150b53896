"""The one door to the screens: every frame is built here, per viewer, from a committed snapshot.

The board (the TV, and anyone watching without a seat) gets the rules' public view. Each seat gets
the view for its own position. A seat's frame goes only to that seat's own group (its sockets),
never to a shared group for the client to filter.
"""

from __future__ import annotations

from typing import Any

import orjson

from games.models import Seat
from games.rules import games_all
from games.services import Snapshot, vip_seat


def board_group(room_id: int) -> str:
    """The channel-layer group of a room's boards (TVs)."""
    return f"room{room_id}.board"


def seat_group(room_id: int, seat_id: int) -> str:
    """The channel-layer group of one seat's own sockets (a phone, or its second tab)."""
    return f"room{room_id}.seat{seat_id}"


def room_public(snapshot: Snapshot) -> dict[str, Any]:
    """What every screen may know about the room itself."""
    room = snapshot.room
    rules = games_all()[room.game]
    vip = vip_seat(snapshot.seats)

    def entry(seat: Seat) -> dict[str, Any]:
        return {
            "id": seat.pk,
            "name": seat.name,
            "position": seat.position,
            "connected": seat.pk in snapshot.connected,
            "vip": vip is not None and seat.pk == vip.pk,
        }

    return {
        "code": room.code,
        "game": room.game,
        "status": room.status,
        "locked": room.locked,
        "options": room.options,
        "min_players": rules.MIN_PLAYERS,
        "max_players": rules.MAX_PLAYERS,
        "players": [entry(seat) for seat in snapshot.seats if not seat.is_audience],
        "audience": [entry(seat) for seat in snapshot.seats if seat.is_audience],
    }


def seat_you(snapshot: Snapshot, seat: Seat) -> dict[str, Any]:
    """A phone's own identity in the room."""
    vip = vip_seat(snapshot.seats)
    return {
        "id": seat.pk,
        "name": seat.name,
        "position": seat.position,
        "audience": seat.is_audience,
        "vip": vip is not None and vip.pk == seat.pk,
    }


def frame_encode(frame: dict[str, Any]) -> str:
    """A frame as the text sent on the socket."""
    return orjson.dumps(frame).decode()


def frames_build(snapshot: Snapshot) -> list[tuple[str, str]]:
    """Every (group, text) to send after a change: the boards', then each seat's own."""
    room = snapshot.room
    rules = games_all()[room.game]
    public = room_public(snapshot)
    state = room.state
    board_view = rules.view(state, None) if state is not None else None
    base = {"type": "state", "version": room.version, "room": public}
    frames = [(board_group(room.pk), frame_encode({**base, "you": None, "view": board_view}))]
    for seat in snapshot.seats:
        if state is not None and seat.position is not None:
            view = rules.view(state, seat.position)
        else:
            view = board_view
        frame = {**base, "you": seat_you(snapshot, seat), "view": view}
        frames.append((seat_group(room.pk, seat.pk), frame_encode(frame)))
    return frames


def frame_for(snapshot: Snapshot, seat: Seat | None) -> str:
    """The snapshot frame for one screen (on connect, or when it asks after a gap)."""
    room = snapshot.room
    rules = games_all()[room.game]
    state = room.state
    position = seat.position if seat is not None else None
    view = rules.view(state, position) if state is not None else None
    you = seat_you(snapshot, seat) if seat is not None else None
    return frame_encode(
        {"type": "state", "version": room.version, "room": room_public(snapshot), "you": you,
         "view": view}
    )
