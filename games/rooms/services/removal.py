"""The host takes a phone out: kicked from the lobby (its seat gone), or a player removed
from a running game (the rules' logged ``remove`` move; the seat stays in the game's record)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.rules import RuleError
from games.rooms.models import Connection, Room, Seat
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.guards import Actor, host_check, lobby_check, seat_in_room
from games.rooms.services.locked import room_bump, room_event, room_locked
from games.rooms.services.moves import room_clock, state_apply
from games.rooms.tokens import token_new


def seat_kick(code: str, actor: Actor, seat_id: Any) -> Snapshot:
    """The host removes a phone from the lobby; its token stops working."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        seat = Seat.objects.filter(room=room, pk=seat_id if isinstance(seat_id, int) else -1)
        target = seat.first()
        if target is None:
            raise ServiceError(_("That player is not in this room."), code="no_seat")
        target.delete()
        room_bump(room)
        room_event(room, "seat_kicked")
        return snapshot_commit(snapshot_take(room, kicked=[seat_id]))


def seat_remove(code: str, actor: Actor, seat_id: Any) -> Snapshot:
    """The host removes a player mid-game (see ``seat_remove_locked``), in a game that declares
    the kit's ``remove`` host move."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        if "remove" not in registry.game(room.game).host_actions:
            raise ServiceError(_("This game has no such host control."), code="bad_action")
        seat = seat_in_room(room, seat_id)
        if seat.position is None:
            raise ServiceError(_("That phone is watching, not playing."), code="audience")
        return seat_remove_locked(room, seat)


def seat_remove_locked(room: Room, seat: Seat) -> Snapshot:
    """Remove a player from the locked room's running game: the rules' logged ``remove`` move
    (each game's page says what it does; on the game's clock, so a paused game can lose a
    player), then the seat is held by no phone and its phone is sent to the join form."""
    try:
        state_apply(room, None, {"type": "remove", "target": seat.position}, room_clock(room))
    except RuleError as error:
        raise ServiceError(error.message, code=error.code, **error.params) from None
    seat.removed, seat.token_digest = True, token_new()[1]  # a token no phone was given
    seat.handover_code, seat.handover_until = "", None
    seat.save(update_fields=["removed", "token_digest", "handover_code", "handover_until"])
    room_event(room, "seat_removed", position=seat.position)
    # Its sockets are told to go; their closing must not report the seat away to the rules.
    Connection.objects.filter(seat=seat).delete()
    return snapshot_commit(snapshot_take(room, kicked=[seat.pk]))
