"""A phone joins a room: a player in the lobby, the audience once a game has started; and a
player says whether they play away from the TV."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.rooms.models import Room, Seat
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, seat_holding, snapshot_take
from games.rooms.services.guards import text_check
from games.rooms.services.locked import room_bump, room_event, room_locked
from games.rooms.tokens import token_new

NAME_MAX = 20


AUDIENCE_MAX = 10_000  # phones watching one room (docs/performance.md: "An audience of 10,000")


def name_clean(raw: Any) -> str:
    """A display name: trimmed, single-spaced, 1–20 characters, no control characters.

    HTML is not stripped: names are shown escaped everywhere, so "<b>" stays visible text.
    """
    if not isinstance(raw, str):
        raise ServiceError(_("Type a name."), code="bad_name")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    if not name:
        raise ServiceError(_("Type a name."), code="bad_name")
    if len(name) > NAME_MAX:
        raise ServiceError(
            _("Names are at most %(max)s characters."), code="bad_name", max=NAME_MAX
        )
    return name


def seat_join(code: str, raw_name: Any, remote: bool = False) -> tuple[Seat, Snapshot | None]:
    """A phone joins: a player in the lobby, audience once the game has started (no screen
    changes for that: the tally counts it, so no snapshot); ``remote``, not at the TV."""
    name = name_clean(raw_name)
    with transaction.atomic():
        room = room_locked(code)
        if room.locked:
            raise ServiceError(_("This room is locked."), code="locked")
        text_check(room, name)
        # Names and kinds only, not a model per seat: with thousands watching, a join read
        # thousands of seats (an audience of 10,000 joined in minutes instead of seconds).
        seats = list(room.seats.values_list("name", "removed", "is_audience"))
        # A removed player's seat keeps its name for the game's record (the recap names them)
        # but no phone: its name is free, for that player to come back and watch.
        folded = name.casefold()
        if any(taken.casefold() == folded for taken, removed, _watches in seats if not removed):
            raise ServiceError(
                _("Someone here is already called %(name)s."), code="name_taken", name=name
            )
        played = registry.game(room.game)
        audience = room.status != Room.Status.LOBBY
        watching = sum(watches for _name, _removed, watches in seats)
        if not audience and len(seats) - watching >= played.max_players:
            raise ServiceError(
                _("This room is full: %(game)s takes at most %(max)s players."),
                code="full",
                game=played.title_shown(),
                max=played.max_players,
            )
        if audience and watching >= AUDIENCE_MAX:
            raise ServiceError(_("The audience is full."), code="full")
        token, digest = token_new()
        seat = Seat.objects.create(
            room=room, name=name, token_digest=digest, is_audience=audience,
            remote=bool(remote),
        )
        seat.token = token  # for the phone's cookie or the API's answer, this once
        room_event(room, "seat_joined", audience=audience)
        if audience:
            return seat, None
        room_bump(room)
        return seat, snapshot_commit(snapshot_take(room))


def seat_remote_set(code: str, seat_token: str | None, remote: Any) -> Snapshot:
    """A player says whether they are at the TV: a remote seat's frames carry the board's public
    view besides its own (``games.screens``), and every screen shows who plays remotely."""
    if type(remote) is not bool:
        raise ServiceError(_("Say whether you are at the TV: true or false."), code="bad_message")
    with transaction.atomic():
        room = room_locked(code)
        seat = seat_holding(list(room.seats.all()), seat_token)
        if seat.remote != remote:
            Seat.objects.filter(pk=seat.pk).update(remote=remote)
            room_bump(room)
        return snapshot_commit(snapshot_take(room))
