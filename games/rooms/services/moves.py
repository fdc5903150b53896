"""A move applied to the locked room: the rules decide (the platform's own ``resume``
aside), the new state is saved with the next version and the move logged in the game's action
log; the game's clock, its deadline as the indexed column has it, and its recap once it ends."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from django.utils import timezone

from games.kit import registry
from games.kit.registry import adapter_get
from games.kit.rules import RuleError, logged_action, logged_apply
from games.rooms import rows
from games.rooms.models import Game, Room
from games.rooms.services.locked import room_bump, room_event


def deadline_datetime(state: dict | None, room: Room | None = None) -> datetime | None:
    """The state's deadline (epoch seconds) as the indexed column's datetime; none while the
    room is paused, so the ticker passes it by."""
    if room is not None and room.paused_at is not None:
        return None
    deadline = state.get("deadline") if state else None
    return datetime.fromtimestamp(deadline, tz=UTC) if deadline else None


def state_apply(room: Room, seat: int | None, action: dict, now: float) -> None:
    """Apply one action to the locked room: the rules decide; the room saves the new state with
    the next version, and the game's log records the action under that version."""
    before = room.state
    after = state_next(room.game, before, seat, action, now)
    status = Room.Status.OVER if after.get("over") else Room.Status.PLAYING
    over = {"paused_at": None} if status == Room.Status.OVER else {}  # a removal can end it
    room_bump(room, state=after, deadline=deadline_datetime(after, room), status=status, **over)
    rows.action_insert(game=room.current_game_id, seq=room.version, seat=seat,
                       payload=logged_action(registry.game(room.game), seat, action),
                       applied_at=now)
    if status == Room.Status.OVER:
        Game.objects.filter(pk=room.current_game_id).update(
            ended_at=timezone.now(), recap=recap_compute(room)
        )
        room_event(room, "game_over", game=room.game, version=room.version)
    adapter_get(room.game).after_apply(room, before, after)


def state_next(game_id: str, state: dict, seat: int | None, action: dict, now: float) -> dict:
    """The state after one logged action: the platform's own ``resume`` (a pause's length added
    to the deadlines), else the game's rules."""
    return logged_apply(registry.game(game_id), state, seat, action, now)


def room_clock(room: Room) -> float:
    """The game's clock: it stands still at the moment of a pause until the game resumes."""
    return time.time() if room.paused_at is None else room.paused_at


def recap_compute(room: Room) -> dict | None:
    """The ended game's recap, from what it was set up from and its whole action log (this
    move's included), by the game's pure ``recap``; ``None`` for a game without one."""
    recap = registry.game(room.game).recap
    if recap is None:
        return None
    game = Game.objects.get(pk=room.current_game_id)
    log = list(game.actions.order_by("seq").values("seat", "payload", "applied_at"))
    return recap(game.setup, log)


def presence_record(room: Room, position: int, connected: bool) -> bool:
    """Tell the rules of the locked room's running game that the seat at ``position`` came or
    went (a logged system action); ``False``, with nothing written, when the rules refuse it."""
    action = {"type": "presence", "seat": position, "connected": connected}
    try:
        state_apply(room, None, action, room_clock(room))
    except RuleError:
        return False
    return True
