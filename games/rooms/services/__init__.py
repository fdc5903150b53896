"""Every change to a room but a screen's coming and going (``presence``) goes through one of
these services, HackSoft's way: each module holds the services of one thing, and this package
hands every one of them on, so that callers import ``games.rooms.services``.

Each runs one transaction: it reads the room with its row locked (``room_locked``, the one way a
room is locked), checks the request (and, for a move, the version the phone saw), applies it,
saves the room with its next version and logs each move in the game's action log. What it
changed it hands to the screens with ``snapshot_commit``: the snapshot goes out once the
transaction has committed (``games.rooms.outbox``), by whichever door called the service
(``games.live.door``). Consumers and views stay thin: parse, call one service through the door.

- ``locked``: the one transaction shape (``room_locked``, ``room_bump``, ``room_event``);
- ``guards``: who asks (``Actor``) and what a service checks before it changes a room;
- ``moves``: a move applied to the locked room, the game's clock, its recap;
- ``creation``: ``room_create``, and a game's options cleaned;
- ``host_settings``: the host's settings (options, family filter, streamer, remote party, lock,
  the intro);
- ``joining``: ``seat_join``, and a player at the TV or away from it;
- ``handover``: a seat handed to a new phone by a one-time code;
- ``removal``: a phone kicked from the lobby, a player removed from a running game;
- ``start``: ``room_start``;
- ``play_again``: back to the lobby, of the same game or another;
- ``host_controls``: pause, resume, and the host's moves of a running game;
- ``actions``: ``action_submit``, a phone's move;
- ``timeouts``: ``deadline_expire``, a phase's deadline passed.
"""

from __future__ import annotations

from games.rooms.services.actions import action_submit, mover_position
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
from games.rooms.services.timeouts import deadline_expire

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
