"""Every change to a room but a screen's coming and going (``presence``) goes through one of
these services.

Each runs one transaction: it reads the room with its row locked (``room_locked``, the one way a
room is locked), checks the request (and, for a move, the version the phone saw), applies it,
saves the room with its next version and logs each move in the game's action log. What it
changed it hands to the screens with ``snapshot_commit``: the snapshot goes out once the
transaction has committed (``games.rooms.outbox``), by whichever door called the service
(``games.live.door``). Consumers and views stay thin: parse, call one service through the door.
"""

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
from games.rooms.selectors import Snapshot, seat_holding, seats_online, snapshot_make, snapshot_take
from games.rooms.services.creation import options_validate, room_create
from games.rooms.services.guards import (
    Actor,
    host_check,
    lobby_check,
    paused_check,
    seat_in_room,
    text_check,
)
from games.rooms.services.handover import (
    HANDOVER_SECONDS,
    HandoverRefused,
    seat_handover_code,
    seat_takeover,
)
from games.rooms.services.host_controls import room_host_act, room_pause_set
from games.rooms.services.host_settings import (
    room_guide_set,
    room_host_settings,
    room_lock_set,
    room_options_set,
)
from games.rooms.services.joining import (
    AUDIENCE_MAX,
    NAME_MAX,
    name_clean,
    seat_join,
    seat_remote_set,
)
from games.rooms.services.locked import room_bump, room_event, room_locked
from games.rooms.services.moves import (
    deadline_datetime,
    presence_record,
    recap_compute,
    room_clock,
    state_apply,
    state_next,
)
from games.rooms.services.play_again import lobby_return, room_play_again, room_switch_game
from games.rooms.services.removal import seat_kick, seat_remove, seat_remove_locked
from games.rooms.services.start import room_start


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
            seats, connected, elsewhere = seats_online(room)
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
    if room.status == Room.Status.PLAYING and not any(
        seat_token and seat.token == seat_token for seat in seats
    ) and Seat.objects.filter(room=room, token=seat_token or "", is_audience=True).exists():
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


def deadline_expire(room_id: int, now: float | None = None) -> Snapshot | None:
    """Expire a due phase deadline exactly once: under the room's lock, only if the room still
    runs a game whose current version's deadline has passed (a second call, or one for a
    deadline a move has since replaced, finds none due and changes nothing)."""
    now = time.time() if now is None else now
    with transaction.atomic():
        try:
            room = room_locked(room_id)
        except ServiceError:
            return None  # the room is gone since it was found due
        if room.status != Room.Status.PLAYING or room.state is None or room.paused_at is not None:
            return None
        deadline = room.state.get("deadline")
        if deadline is None or now < deadline:
            return None
        metrics.TICKER_LAG.observe(now - deadline)
        state_apply(room, None, {"type": "timeout"}, now)
        return snapshot_commit(snapshot_take(room))


__all__ = [
    "Actor",
    "AUDIENCE_MAX",
    "HANDOVER_SECONDS",
    "HandoverRefused",
    "NAME_MAX",
    "action_submit",
    "deadline_datetime",
    "deadline_expire",
    "host_check",
    "lobby_check",
    "lobby_return",
    "mover_position",
    "name_clean",
    "options_validate",
    "paused_check",
    "presence_record",
    "recap_compute",
    "room_bump",
    "room_clock",
    "room_create",
    "room_event",
    "room_guide_set",
    "room_host_act",
    "room_host_settings",
    "room_lock_set",
    "room_locked",
    "room_options_set",
    "room_pause_set",
    "room_play_again",
    "room_start",
    "room_switch_game",
    "seat_handover_code",
    "seat_in_room",
    "seat_join",
    "seat_kick",
    "seat_remote_set",
    "seat_remove",
    "seat_remove_locked",
    "seat_takeover",
    "state_apply",
    "state_next",
    "text_check",
]
