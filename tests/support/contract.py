"""The games the rules contract suite (``tests/games/contract``) plays: every registered game's
``Game`` (``games.kit.game``), the one shape the platform knows, reached only through
``games_registered``. The suite calls the ``Game``'s parts, never a rules module: what it checks
is what the platform runs."""

from __future__ import annotations

from games.kit.game import Game
from games.kit.registry import games


def games_registered() -> list[Game]:
    """Every registered game, in registry order."""
    return list(games().values())


def content(game: Game, n_players: int, seed: int) -> dict:
    """What a game is set up with in the suite: its own sample (the platform's comes from the
    database), or nothing for a game without content."""
    return {} if game.content_sample is None else game.content_sample(n_players, seed)
