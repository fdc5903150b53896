"""A seat handed to a new phone: the host asks for a one-time code, the new phone takes the
seat over with it (the old phone's token stops working), and a wrong code voids every code
pending."""

from __future__ import annotations

import secrets
import time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.rooms.models import Seat
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.guards import Actor, host_check, seat_in_room
from games.rooms.services.locked import room_bump, room_locked
from games.rooms.tokens import token_new

HANDOVER_SECONDS = 600  # how long a hand-over code stays good


def seat_handover_code(code: str, actor: Actor, seat_id: Any) -> tuple[str, Seat]:
    """The host asks to hand a seat to a new phone: a one-time six-digit code, good for
    ``HANDOVER_SECONDS``, for the asking screen only (a new code replaces the seat's last)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        seat = seat_in_room(room, seat_id)
        taken = set(room.seats.exclude(pk=seat.pk).values_list("handover_code", flat=True))
        handover = f"{secrets.randbelow(10**6):06d}"
        while handover in taken:
            handover = f"{secrets.randbelow(10**6):06d}"
        seat.handover_code, seat.handover_until = handover, time.time() + HANDOVER_SECONDS
        seat.save(update_fields=["handover_code", "handover_until"])
        seat.room = room  # its version: a frame newer than it knows whether the code is spent
        return handover, seat


class HandoverRefused(ServiceError):
    """A wrong hand-over code. It voided the room's pending codes: ``snapshot`` is the room
    since, committed (the host's screen stops showing a dead code), ``None`` when no code was
    pending: nothing changed."""

    def __init__(self, snapshot: Snapshot | None) -> None:
        super().__init__(
            _("That hand-over code is not right, or it has expired: ask the host for a new one."),
            code="bad_handover",
        )
        self.snapshot = snapshot


def seat_takeover(code: str, handover: Any) -> tuple[Seat, Snapshot]:
    """A new phone takes a seat over with the host's code: the seat gets a new token (with it
    the seat's view and secrets); the old phone's token stops working and its sockets are told
    (``handed``). A wrong code voids every code the room has pending, so six digits cannot be
    guessed by trying them: after a typo the host asks for a new one (``HandoverRefused``)."""
    handover = handover.strip() if isinstance(handover, str) else ""
    with transaction.atomic():
        room = room_locked(code)
        seat = room.seats.filter(
            handover_code=handover, handover_until__gte=time.time(), removed=False
        ).first() if len(handover) == 6 else None
        if seat is not None:
            seat.token, seat.token_digest = token_new()  # the new phone's, this once
            seat.handover_code, seat.handover_until = "", None
            seat.save(update_fields=["token_digest", "handover_code", "handover_until"])
            room_bump(room)
            return seat, snapshot_commit(snapshot_take(room, handed=[seat.pk]))
        voided = room.seats.exclude(handover_code="").update(handover_code="",
                                                             handover_until=None)
        if voided:
            room_bump(room)
        snapshot = snapshot_commit(snapshot_take(room)) if voided else None
    raise HandoverRefused(snapshot)
