"""The games the rules contract suite (``tests/games/contract``) plays: every registered game,
reached only through ``games_registered``, so how the registry hands out a game changes here
and nowhere else in the suite."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from games.registry import games_all, recap_get


@dataclass(frozen=True)
class GameUnderTest:
    """One game's pure parts: its rules, its recap and its audience ballots (``None`` when
    the game has none)."""

    id: str
    rules: ModuleType
    recap: ModuleType | None
    audience: ModuleType | None

    def content(self, n_players: int, seed: int) -> dict:
        """What the game is set up with (its own sample: the platform's comes from the
        database), or nothing for a game without content."""
        sample = getattr(self.rules, "content_sample", None)
        return {} if sample is None else sample(n_players, seed)


def games_registered() -> list[GameUnderTest]:
    """Every registered game, in registry order."""
    return [
        GameUnderTest(
            id=game_id,
            rules=rules,
            recap=recap_get(game_id),
            audience=(import_module(f"games.{game_id}.audience")
                      if find_spec(f"games.{game_id}.audience") else None),
        )
        for game_id, rules in games_all().items()
    ]
