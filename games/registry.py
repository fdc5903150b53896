"""The game registry: the one place the platform learns which games exist.

A game is a package ``games/<id>/`` holding all of it (see the README's "Add a game"): its pure
rules (``rules.py``), the declaration of its options (``options.py``), its Django side
(``adapter.py``, models, admin, migrations when it has data), its screens and art
(``static/<id>/``) and its rules page (``docs.md``). Adding a game is that folder plus one name
here. Settings read ``GAMES`` to install each game as a Django app (for its models, admin and
static files), so this module imports nothing at load time.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.adapter import GameAdapter

GAMES = ("outfox", "hoax", "werewolf")


def game_apps() -> list[str]:
    """Every game's package, as ``INSTALLED_APPS`` names it."""
    return [f"games.{game_id}" for game_id in GAMES]


@cache
def games_all() -> dict[str, ModuleType]:
    """Every registered game's rules module, keyed by its ``GAME_ID``, in registry order."""
    modules = {}
    for game_id in GAMES:
        rules = import_module(f"games.{game_id}.rules")
        if rules.GAME_ID != game_id:
            raise ImportError(f"games.{game_id}.rules declares GAME_ID {rules.GAME_ID!r}")
        modules[game_id] = rules
    return modules


def game_get(game_id: str) -> ModuleType:
    """The rules module for ``game_id``; ``KeyError`` when no such game exists."""
    return games_all()[game_id]


def game_title(rules: ModuleType) -> str:
    """A game's title in the active language (its own context: Werewolf's title is not its
    card's name)."""
    from django.utils.translation import pgettext

    from games.rulekit import TITLE_CONTEXT

    return pgettext(TITLE_CONTEXT, rules.TITLE)


@cache
def adapter_get(game_id: str) -> GameAdapter:
    """The Django side of a game (``games/<id>/adapter.py``'s ``Adapter``, else the defaults of
    a game with no content); ``KeyError`` for an unknown game."""
    from games.adapter import GameAdapter

    rules = game_get(game_id)
    if find_spec(f"games.{game_id}.adapter") is None:
        return GameAdapter(rules)
    return import_module(f"games.{game_id}.adapter").Adapter(rules)


@cache
def recap_get(game_id: str) -> ModuleType | None:
    """The game's recap (``games/<id>/recap.py``: ``recap(setup, log)``), ``None`` when it has
    none."""
    game_get(game_id)  # an unknown game is a KeyError here too
    if find_spec(f"games.{game_id}.recap") is None:
        return None
    return import_module(f"games.{game_id}.recap")


def guide_get(game_id: str) -> ModuleType:
    """The game's how-to-play data (``games/<id>/guide.py``): its picture, pitch, length,
    narrated intro, rules card and roles."""
    game_get(game_id)
    return import_module(f"games.{game_id}.guide")
