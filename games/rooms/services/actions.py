"""A phone's move: checked against the version the phone saw and the rules, applied, saved
and logged in one transaction under the room's lock."""

from __future__ import annotations

import time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.rules import Refusal
from games.ops import metrics
from games.rooms.models import Room, Seat
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, seat_holding, seats_online, snapshot_make
from games.rooms.services.guards import paused_check, text_check
from games.rooms.services.locked import room_locked
from games.rooms.services.moves import state_apply
from games.rooms.tokens import token_digest


def action_submit(
    code: str, seat_token: str | None, action: Any, version: Any = None
) -> Snapshot:
    """A phone's move: read under the room's lock, checked against the version the phone saw
    and the rules, applied, saved and logged in one transaction."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    with transaction.atomic():
        room = room_locked(code)
        try:
            # Read only: the seats' models may be those of the room's last move.
            seats, connected, elsewhere = seats_online(room, shared=True)
            position = mover_position(room, seats, seat_token, version)
            paused_check(room)
            field = registry.game(room.game).free_text.get(action["type"])
            if field is not None:
                text_check(room, action.get(field))
            state_apply(room, position, action, time.time())
        except Refusal as error:
            metrics.move_refused(room.game, error.code)
            raise
        # A move changes neither the seats nor who is online: what was read stands.
        snapshot = snapshot_commit(snapshot_make(room, seats, connected, elsewhere))
    metrics.move_done(room.game)
    return snapshot


def mover_position(room: Room, seats: list[Seat], seat_token: str | None,
                   version: int | None) -> int:
    """The position of the seat holding ``seat_token``, if it may move in this room now."""
    digest = token_digest(seat_token)
    if room.status == Room.Status.PLAYING and not any(
        digest and seat.token_digest == digest for seat in seats
    ) and Seat.objects.filter(room=room, token_digest=digest, is_audience=True).exists():
        raise ServiceError(_("You are watching this game."), code="audience")
    seat = seat_holding(seats, seat_token)
    if room.status != Room.Status.PLAYING or room.state is None:
        raise ServiceError(_("There is no game running."), code="wrong_phase")
    if seat.position is None:
        raise ServiceError(_("You are watching this game."), code="audience")
    if version is not None and version != room.version:
        raise ServiceError(
            _("The game moved on before your move arrived; look again."), code="stale"
        )
    return seat.position
