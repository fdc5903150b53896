"""What a service checks before it changes a room, each a refusal when it fails: who asks
(``Actor``: the host, ``host_check``), whether the room is in its lobby or paused, the words a
player types (the family filter) and the seat the host names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.rooms import wordfilter
from games.rooms.models import Room, Seat
from games.rooms.selectors import vip_seat
from games.rooms.tokens import token_matches


@dataclass
class Actor:
    """Who asks: the TV (by its host token) or a phone (by its seat token)."""

    host_token: str | None = None
    seat_token: str | None = None


def host_check(room: Room, actor: Actor) -> None:
    """Host controls: the TV's host token or the VIP's phone."""
    if token_matches(actor.host_token, room.host_token_digest):
        return
    if actor.seat_token:
        vip = vip_seat(list(room.seats.all()))
        if vip is not None and token_matches(actor.seat_token, vip.token_digest):
            return
    raise ServiceError(_("Only the host can do that."), code="not_host")


def lobby_check(room: Room) -> None:
    """Refuse lobby-only changes (start, kick, options) outside the lobby.

    After a game ends, "play again" leads back to the lobby first, so that the audience can take
    free seats before the next start.
    """
    if room.status == Room.Status.PLAYING:
        raise ServiceError(_("The game has already started."), code="wrong_phase")
    if room.status == Room.Status.OVER:
        raise ServiceError(_("The game is over: choose Play again first."), code="wrong_phase")


def text_check(room: Room, text: Any) -> None:
    """Refuse free text the family filter catches (when the room has it on), politely, in the
    writer's language's terms (``wordfilter``)."""
    if room.family_filter and isinstance(text, str) and wordfilter.is_rude(text, get_language()):
        raise ServiceError(
            _("Let's keep it family-friendly: please choose other words."), code="filtered"
        )


def seat_in_room(room: Room, seat_id: Any) -> Seat:
    """The room's seat with that id (not removed), or a refusal."""
    seat = Seat.objects.filter(
        room=room, pk=seat_id if type(seat_id) is int else -1, removed=False
    ).first()
    if seat is None:
        raise ServiceError(_("That player is not in this room."), code="no_seat")
    return seat


def paused_check(room: Room) -> None:
    """Refuse a move while the host has the game paused."""
    if room.paused_at is not None:
        raise ServiceError(
            _("The game is paused: wait for the host to resume it."), code="paused"
        )
