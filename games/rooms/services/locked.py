"""The shape every service shares: one transaction, in which the room is read with its row
locked (``room_locked``, the one way a room is locked), saved with its next version
(``room_bump``) and its events logged once it commits (``room_event``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.ops import metrics
from games.rooms import rows
from games.rooms.codes import code_normalize
from games.rooms.fixedparts import state_stored
from games.rooms.models import Room
from games.rooms.selectors import RoomClosed, room_completed, room_missing


def room_locked(key: str | int) -> Room:
    """The room by code (a ``str``, any case) or primary key (an ``int``), its row locked until
    the surrounding transaction ends: the one way a service locks a room.

    Refused outside a transaction, where the lock would end at once. On PostgreSQL the row is
    locked (``SELECT ... FOR UPDATE``); SQLite, which has no row locks, takes the whole database
    for writing when the transaction begins (``transaction_mode`` ``IMMEDIATE`` in the settings).
    """
    if transaction.get_autocommit():
        raise RuntimeError("room_locked needs a transaction (transaction.atomic)")
    room = rows.room_row_locked(code_normalize(key) if isinstance(key, str) else key)
    if room is None:
        raise room_missing(key)
    if room.code is None:
        raise RoomClosed()  # by key: it ended (by code, only live rooms are found)
    return room_completed(room)


def room_event(room: Room, name: str, **fields: Any) -> None:
    """Log the room's event once its transaction commits (one that rolls back did not
    happen)."""
    code = room.code
    transaction.on_commit(lambda: metrics.event(name, code, **fields))


def room_bump(room: Room, **fields: Any) -> None:
    """Save ``fields`` and the next version of ``room`` (read by ``room_locked``); a new
    ``state`` is saved without its game's fixed parts, and kept whole on ``room``.

    The write names the version read: under the row lock it always matches; a room read without
    the lock that changed since is refused (``conflict``) instead of overwritten."""
    expected = room.version
    changes = {**fields, "version": expected + 1, "updated_at": timezone.now()}
    stored = changes
    if "state" in fields:
        stored = {**changes, "state": state_stored(fields.get("game", room.game), fields["state"])}
    if not rows.room_update(room, expected, stored):
        raise ServiceError(_("The room changed at the same moment; try again."), code="conflict")
    for name, value in changes.items():
        setattr(room, name, value)
