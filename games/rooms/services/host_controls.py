"""The host's controls of a running game: pause and resume, and the system moves its
``Game`` names in ``host_actions`` (end a discussion, extend a timer, remove a player)."""

from __future__ import annotations

import time
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.rooms.models import Room
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.guards import Actor, host_check, paused_check
from games.rooms.services.locked import room_bump, room_locked
from games.rooms.services.moves import state_apply
from games.rooms.services.removal import seat_remove_locked


def room_pause_set(code: str, actor: Actor, paused: bool) -> Snapshot:
    """The host pauses the running game (its deadline leaves the ticker's sight; every screen
    shows "Paused"), or resumes it: the deadline moves on by the time paused, a logged move
    (``resume``) so the game replays the same."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        if paused:
            paused_check(room)
            room_bump(room, paused_at=time.time(), deadline=None)
            return snapshot_commit(snapshot_take(room))
        if room.paused_at is None:
            raise ServiceError(_("The game is not paused."), code="not_paused")
        now = time.time()
        paused_for = max(0.0, now - room.paused_at)
        room_bump(room, paused_at=None)
        state_apply(room, None, {"type": "resume", "paused": paused_for}, now)
        return snapshot_commit(snapshot_take(room))


def room_host_act(code: str, actor: Actor, action: Any) -> Snapshot:
    """The host's control of a running game (end the discussion, extend a timer,
    remove a player who left): one of the system moves its ``Game`` names in ``host_actions``,
    applied and logged like any move."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        if action["type"] not in registry.game(room.game).host_actions:
            raise ServiceError(_("This game has no such host control."), code="bad_action")
        if action["type"] == "remove":
            target = action.get("target")
            seat = next((seat for seat in room.seats.all() if not seat.removed
                         and type(target) is int and seat.position == target), None)
            if seat is None:
                raise ServiceError(_("That player is not in this room."), code="no_seat")
            return seat_remove_locked(room, seat)
        paused_check(room)
        state_apply(room, None, action, time.time())
        return snapshot_commit(snapshot_take(room))
