"""The game registry: every playable game's pure rules module, by its ``GAME_ID``."""

from __future__ import annotations

from types import ModuleType

from games.rules.base import RuleError

__all__ = ["RuleError", "game_get", "games_all"]


def games_all() -> dict[str, ModuleType]:
    """Every registered rules module, keyed by game id (imported lazily to keep start-up cheap)."""
    from games.rules import hoax, outfox

    return {module.GAME_ID: module for module in (outfox, hoax)}


def game_get(game_id: str) -> ModuleType:
    """The rules module for ``game_id``; ``KeyError`` when no such game exists."""
    return games_all()[game_id]
