"""The Django side of each game: options beyond the rules, the content it plays with, records.

A rules module stays pure; what needs the database (question cards, statistics) lives here.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from games.rules import game_get


class GameAdapter:
    """Defaults for a game with no content and nothing to record."""

    def __init__(self, rules: ModuleType) -> None:
        self.rules = rules

    def options_clean(self, raw: dict[str, Any]) -> dict[str, Any]:
        """The room's options: the rules' own, validated, with defaults."""
        return self.rules.options_clean(raw)

    def content_for(self, room: Any, n_players: int, seed: int) -> dict[str, Any]:
        """What ``setup`` plays with (Outfox: the card pool)."""
        return {}

    def after_apply(self, room: Any, before: dict, after: dict) -> None:
        """Record what the game's statistics need once an action is applied."""

    def option_fields(self) -> list:
        """The host's options as form fields (see ``games.adapters.fields``)."""
        return []

    def page_context(self) -> dict[str, Any]:
        """Data the game's pages need besides the live view (e.g. character names)."""
        return {}


def adapter_get(game_id: str) -> GameAdapter:
    """The adapter for a game id; ``KeyError`` for an unknown game."""
    from games.adapters.hoax import HoaxAdapter
    from games.adapters.outfox import OutfoxAdapter

    adapters = {"outfox": OutfoxAdapter, "hoax": HoaxAdapter}
    cls = adapters.get(game_id, GameAdapter)
    return cls(game_get(game_id))
