"""After a game: the same group back in the lobby, of the same game (play again) or of
another (switch game), the seats in join order filling the places and the rest watching."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.registry import adapter_get
from games.rooms.models import Room
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.creation import options_validate
from games.rooms.services.guards import Actor, host_check
from games.rooms.services.locked import room_bump, room_locked


def room_play_again(code: str, actor: Actor) -> Snapshot:
    """Back to the lobby with the same group; audience fills free seats in join order."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.OVER:
            raise ServiceError(_("The game is not over yet."), code="wrong_phase")
        reseated = lobby_return(room, room.game, room.options)
        return snapshot_commit(snapshot_take(room, reseated=reseated))


def room_switch_game(code: str, actor: Actor, game_id: Any) -> Snapshot:
    """From the end screen (or the lobby), the same group goes to another game's lobby: the
    same room, code and seats, the new game's options as the home page's form starts them for
    the asking screen (``option_default``: question cards in that screen's language, not "any
    language"), the room's own choice of an option both games have (its card language) and
    its extended timers kept."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status == Room.Status.PLAYING:
            raise ServiceError(_("The game is not over yet."), code="wrong_phase")
        if not isinstance(game_id, str) or game_id not in registry.games():
            raise ServiceError(
                _("There is no game called %(game)s."), code="no_game", game=str(game_id)
            )
        adapter = adapter_get(game_id)
        kept = {option.name: room.options[option.name] if option.name in room.options
                else adapter.option_default(option.name, option.default)
                for option in adapter.game.options}
        if "timer_scale" in room.options:
            kept["timer_scale"] = room.options["timer_scale"]
        return snapshot_commit(snapshot_take(
            room, reseated=lobby_return(room, game_id, options_validate(game_id, kept))
        ))


def lobby_return(room: Room, game_id: str, options: dict[str, Any]) -> dict[int, bool]:
    """The locked room back in the lobby for ``game_id``: the seats in join order fill the
    game's places, the rest watch. Returns the seats moved between the audience and the places
    (pk: whether it now watches), whose phones change screens (``games.fanout``)."""
    max_players = registry.game(game_id).max_players
    room.seats.filter(removed=True).delete()
    seated = 0
    reseated = {}
    for seat in room.seats.all():
        watches = seated >= max_players
        if watches != seat.is_audience:
            reseated[seat.pk] = watches
        seat.position = None
        seat.is_audience = watches
        seated += not seat.is_audience
        seat.save(update_fields=["position", "is_audience"])
    room_bump(room, game=game_id, options=options, status=Room.Status.LOBBY, state=None,
              deadline=None, current_game=None, paused_at=None, guide_started=None)
    return reseated
