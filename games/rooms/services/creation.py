"""A new room in its lobby, and a game's options cleaned by its rules (when a room is made,
when the host changes them, when the room switches games)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.registry import adapter_get
from games.kit.rules import RuleError
from games.ops import metrics
from games.rooms.codes import code_generate
from games.rooms.models import Room
from games.rooms.tokens import token_new


def room_create(game_id: str, options: dict[str, Any] | None = None,
                remote_party: bool = False) -> Room:
    """A new room in the lobby, with a fresh code and the TV's host token (with
    ``remote_party``, no TV: the creating screen is the host's console, every player remote)."""
    if game_id not in registry.games():
        raise ServiceError(_("There is no game called %(game)s."), code="no_game", game=game_id)
    clean = options_validate(game_id, options or {})
    host_token, host_token_digest = token_new()
    for _attempt in range(50):
        try:
            with transaction.atomic():
                room = Room.objects.create(
                    code=code_generate(),
                    game=game_id,
                    options=clean,
                    host_token_digest=host_token_digest,
                    remote_party=bool(remote_party),
                )
        except IntegrityError:
            continue  # the code was taken; draw another
        room.host_token = host_token  # for the TV's cookie or the API's answer, this once
        metrics.event("room_created", room.code, game=game_id)
        return room
    raise ServiceError(_("No free room code; try again."), code="no_code")


def options_validate(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options, cleaned; a ``ServiceError`` carrying the rules' message otherwise."""
    try:
        return adapter_get(game_id).options_clean(options)
    except RuleError as error:
        raise ServiceError(error.message, code="bad_options", **error.params) from None
