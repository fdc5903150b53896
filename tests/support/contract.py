"""The games the rules contract suite (``tests/games/contract``) plays: every registered game,
reached only through ``games_registered``, so how the registry hands out a game changes here
and nowhere else in the suite."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.util import find_spec
from types import ModuleType

from games.kit.registry import games


@dataclass(frozen=True)
class GameUnderTest:
    """One game's pure parts: its rules, its recap (``None`` when it has none) and its
    audience's ballot and result (``audience``: whether it has ballots, its ``audience.py``;
    a game without returns no ballot ever)."""

    id: str
    rules: ModuleType
    recap: Callable | None
    ballot: Callable
    result: Callable
    audience: bool

    def content(self, n_players: int, seed: int) -> dict:
        """What the game is set up with (its own sample: the platform's comes from the
        database), or nothing for a game without content."""
        sample = getattr(self.rules, "content_sample", None)
        return {} if sample is None else sample(n_players, seed)


def games_registered() -> list[GameUnderTest]:
    """Every registered game (its ``Game``, ``games.kit.game``), in registry order."""
    return [GameUnderTest(id=game.id, rules=game.rules, recap=game.recap, ballot=game.ballot,
                          result=game.result,
                          audience=find_spec(f"{game.rules.__package__}.audience") is not None)
            for game in games().values()]
