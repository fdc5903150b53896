"""Reading rooms: the snapshots screens are drawn from, and the lookups the services and the
pages share. Nothing here writes (HackSoft's selectors); the changes are in ``services`` and
``presence``."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.rules import replay_end
from games.rooms import rows
from games.rooms.codes import code_normalize
from games.rooms.fixedparts import state_full
from games.rooms.liveness import CONNECTION_STALE, PROCESS
from games.rooms.models import Game, Room, Seat
from games.rooms.tokens import token_digest


@dataclass
class Snapshot:
    """A room as committed, with what the broadcaster needs to build every screen's frame."""

    room: Room
    seats: list[Seat]
    connected: set[int] = field(default_factory=set)  # seat pks with a live socket
    kicked: list[int] = field(default_factory=list)  # seat pks removed by this change
    handed: list[int] = field(default_factory=list)  # seat pks now held by another phone
    # seat pk: whether it now watches, for seats moved between the audience and the places
    reseated: dict[int, bool] = field(default_factory=dict)
    recap: dict | None = None  # the ended game's recap (``recap_read``)
    # A socket of the room is open in another process: the change goes over the channel layer.
    # ``False``: every screen of the room is this process's, and the change is handed to them
    # here (``games.live.broadcast``).
    elsewhere: bool = True


def seats_online(room: Room, shared: bool = False) -> tuple[list[Seat], set[int], bool]:
    """The room's seats in join order, the pks of those with a socket seen lately, and whether
    a socket of the room is open in another process (one query). Once a game runs, the players'
    only: the audience (up to ``AUDIENCE_MAX`` phones) shares one screen and is counted in its
    tally (``games.audience``), so a move reads and sends the same whether a thousand watch or
    none.

    Read under the room's lock, as ``connection_open`` writes its row, the last tells a change
    whether it needs the channel layer: a socket opening elsewhere is either counted here or
    reads the change in its own first snapshot.

    ``shared``: the caller only reads the seats, which may then be the models of the last such
    read (``rows.seats_with_presence``)."""
    players_only = room.status != Room.Status.LOBBY
    return rows.seats_with_presence(room, timezone.now() - CONNECTION_STALE, players_only,
                                    PROCESS, shared)


def snapshot_take(room: Room, kicked: list[int] | None = None,
                  handed: list[int] | None = None,
                  reseated: dict[int, bool] | None = None) -> Snapshot:
    """The room with its seats and who is connected, for building frames."""
    seats, connected, elsewhere = seats_online(room)
    return snapshot_make(room, seats, connected, elsewhere, kicked=kicked or [],
                         handed=handed or [], reseated=reseated or {})


def snapshot_make(room: Room, seats: list[Seat], connected: set[int], elsewhere: bool,
                  **changes: Any) -> Snapshot:
    """A snapshot of the room as this transaction leaves it, from what ``seats_online`` read:
    with the recap once the game is over."""
    return Snapshot(room=room, seats=seats, connected=connected, recap=recap_read(room),
                    elsewhere=elsewhere, **changes)


def recap_read(room: Room) -> dict | None:
    """The recap of the room's game once it is over (computed when it ended), else ``None``."""
    if room.status != Room.Status.OVER or room.current_game_id is None:
        return None
    return Game.objects.filter(pk=room.current_game_id).values_list("recap", flat=True).first()


def snapshot_get(code: str) -> Snapshot:
    """A fresh snapshot by room code, or ``ServiceError`` when there is no such room."""
    return snapshot_take(room_get(code))


def room_missing(key: str | int) -> ServiceError:
    return ServiceError(_("There is no room %(room)s."), code="no_room", room=key)


class RoomClosed(ServiceError):
    """The room a screen belongs to has ended (``games.lifecycle``): the screen shows the closed
    page, whatever room holds the code now."""

    def __init__(self) -> None:
        super().__init__(_("This room has closed."), code="room_closed")


def screen_room(code: str, room_id: str | None = None) -> Room:
    """The live room a page or socket asks for by its code and, once the page knows it, the
    room's id (``?room=``): ``RoomClosed`` when the room with that id is no longer the live one
    with that code (it ended, and the code may have gone to a new room), ``no_room`` when no
    live room has the code."""
    room = Room.objects.filter(code=code_normalize(code)).first()
    if room_id is not None and (room is None or str(room.pk) != room_id):
        raise RoomClosed()
    if room is None:
        raise room_missing(code)
    return room_completed(room)


def seat_ended(token: str | None) -> bool:
    """Whether ``token`` is a seat of an ended room (a phone's cookie from before its room
    closed; it holds nothing in the room that has the code now)."""
    return bool(token) and Seat.objects.filter(token_digest=token_digest(token),
                                               room__code__isnull=True).exists()


def screen_seat(code: str, room_id: str | None, token: str | None) -> tuple[Room, Seat]:
    """The live room a phone's socket asks for (``screen_room``) and the seat its token holds
    there; ``RoomClosed`` too when the token is a seat of an ended room."""
    try:
        room = screen_room(code, room_id)
        return room, seat_by_token(room, token)
    except ServiceError:
        if seat_ended(token):  # a seat of the room that had the code before
            raise RoomClosed() from None
        raise


def room_by_id(room_id: int) -> Room:
    """The live room with that id (an open screen's), ``RoomClosed`` once it has ended: a
    screen never reads the room that took its code since."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None or room.code is None:
        raise RoomClosed()
    return room_completed(room)


def snapshot_by_id(room_id: int) -> Snapshot:
    """A fresh snapshot of an open screen's room (``room_by_id``)."""
    return snapshot_take(room_by_id(room_id))


def room_get(code: str) -> Room:
    """The room with that code (case-insensitive), its whole state read, or a clear
    refusal."""
    try:
        return room_completed(Room.objects.get(code=code_normalize(code)))
    except Room.DoesNotExist:
        raise room_missing(code) from None


def room_completed(room: Room) -> Room:
    """The room as read, its ``state`` completed with its game's fixed parts (the column keeps
    the rest: ``games.fixedparts``)."""
    room.state = state_full(room)
    return room


def seat_by_token(room: Room, token: str | None) -> Seat:
    """The seat in this room holding that token (``seat.token`` is it), or a refusal."""
    if token:
        seat = Seat.objects.filter(room=room, token_digest=token_digest(token)).first()
        if seat is not None:
            seat.token = token
            return seat
    raise ServiceError(_("This phone has no seat in this room."), code="no_seat")


def seat_holding(seats: list[Seat], token: str | None) -> Seat:
    """The seat among ``seats`` holding that token, or the same refusal as ``seat_by_token``."""
    digest = token_digest(token)
    seat = next((seat for seat in seats if digest and seat.token_digest == digest), None)
    if seat is None:
        raise ServiceError(_("This phone has no seat in this room."), code="no_seat")
    return seat


def vip_seat(seats: list[Seat]) -> Seat | None:
    """The first player to join (not audience, not removed) is the VIP, who has the host
    controls."""
    return next((seat for seat in seats if not seat.is_audience and not seat.removed), None)


def players(seats: list[Seat]) -> list[Seat]:
    """The seats that play, in join order."""
    return [seat for seat in seats if not seat.is_audience]


def deadlines_due(now: float | None = None) -> list[int]:
    """Ids of running rooms whose deadline has passed."""
    moment = datetime.fromtimestamp(time.time() if now is None else now, tz=UTC)
    return list(
        Room.objects.filter(status=Room.Status.PLAYING, deadline__lte=moment)
        .values_list("pk", flat=True)
    )


def deadline_soonest() -> float | None:
    """The soonest deadline of any running room (epoch seconds), or ``None``."""
    soonest = (
        Room.objects.filter(status=Room.Status.PLAYING, deadline__isnull=False)
        .order_by("deadline").values_list("deadline", flat=True).first()
    )
    return soonest.timestamp() if soonest else None


def game_replay(game: Game) -> dict:
    """The state rebuilt from the game's seed and its action log (each state passed through
    JSON, as live: ``games.rulekit.replay``)."""
    log = list(game.actions.order_by("seq").values("seat", "payload", "applied_at"))
    return replay_end(registry.game(game.game), game.setup, log)
