"""The host's settings of a room: the game's options and the family filter (in the lobby),
streamer mode and the remote party (at any time), the lock on new phones, the TV's
how-to-play intro."""

from __future__ import annotations

import time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.creation import options_validate
from games.rooms.services.guards import Actor, host_check, lobby_check
from games.rooms.services.locked import room_bump, room_locked


def room_options_set(code: str, actor: Actor, options: dict[str, Any]) -> Snapshot:
    """The host changes the options before the start."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        clean = options_validate(room.game, {**room.options, **options})
        room_bump(room, options=clean)
        return snapshot_commit(snapshot_take(room))


def room_host_settings(code: str, actor: Actor, settings: Any) -> Snapshot:
    """The host's room settings: the family filter (in the lobby), streamer mode and the
    remote party (at any time: a TV that fails mid-game hands the board to every phone)."""
    if not isinstance(settings, dict) or not settings or not set(settings) <= {
        "family_filter", "streamer", "remote_party"
    } or not all(type(value) is bool for value in settings.values()):
        raise ServiceError(_("Those settings are not valid."), code="bad_message")
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if "family_filter" in settings:
            lobby_check(room)
        room_bump(room, **settings)
        return snapshot_commit(snapshot_take(room))


def room_lock_set(code: str, actor: Actor, locked: bool) -> Snapshot:
    """The host locks the room (no new phones) or opens it again."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        room_bump(room, locked=bool(locked))
        return snapshot_commit(snapshot_take(room))


def room_guide_set(code: str, actor: Actor, on: bool) -> Snapshot:
    """The host starts the TV's how-to-play intro in the lobby, or stops it (skipped, or
    played to its end)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        room_bump(room, guide_started=time.time() if on else None)
        return snapshot_commit(snapshot_take(room))
