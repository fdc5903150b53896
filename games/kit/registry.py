"""The game registry: the one place the platform learns which games exist.

A game is a package holding all of it (see the README's "Add a game"), which exports its
``games.kit.game.Game`` as ``GAME``. Settings list the packages (``PARTYHUB_GAMES``, installed
as Django apps for their models, admin and static files; the test settings add a test-only
game); this module imports each package once settings are read and holds their ``Game``
objects, which the platform iterates. Nothing here runs at import time, so this module imports
without Django set up.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

from games.kit.game import Game, GameIncomplete

if TYPE_CHECKING:
    from games.kit.adapter import GameAdapter


def game_apps() -> list[str]:
    """Every game's package, as ``INSTALLED_APPS`` names it (settings' ``PARTYHUB_GAMES``)."""
    from django.conf import settings

    return list(settings.PARTYHUB_GAMES)


def game_load(package: str) -> Game:
    """The ``Game`` a package exports as ``GAME`` (its parts checked as it was built); an
    error naming what is wrong when it exports none or another game's."""
    module = import_module(package)
    exported = vars(module).get("GAME")
    if not isinstance(exported, Game):
        raise GameIncomplete(f"{package} exports no GAME (a games.kit.game.Game)")
    if exported.id != package.rpartition(".")[2]:
        raise GameIncomplete(f"{package} exports the game {exported.id!r}, not its own")
    return exported


@cache
def _games_of(packages: tuple[str, ...]) -> dict[str, Game]:
    games = {}
    for package in packages:
        game = game_load(package)
        games[game.id] = game
    return games


def games() -> dict[str, Game]:
    """Every registered game, keyed by its id, in the order settings list them."""
    return _games_of(tuple(game_apps()))


def game(game_id: str) -> Game:
    """The game ``game_id``; ``KeyError`` when no such game is registered."""
    return games()[game_id]


def __getattr__(name: str) -> Any:
    """``GAMES``: the registered games' ids, read from settings when first asked for."""
    if name == "GAMES":
        return tuple(games())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def adapter_get(game_id: str) -> GameAdapter:
    """The Django side of a game (built on first use, once Django is set up): its
    ``adapter_path`` class, or the defaults; ``KeyError`` for an unknown game."""
    from django.utils.module_loading import import_string

    from games.kit.adapter import GameAdapter

    played = game(game_id)
    if played.adapter_path is None:
        return GameAdapter(played)
    adapter_class = import_string(played.adapter_path)
    if not (isinstance(adapter_class, type) and issubclass(adapter_class, GameAdapter)):
        raise GameIncomplete(
            f"game {game_id!r}: its 'adapter_path' must name a GameAdapter subclass")
    return adapter_class(played)
