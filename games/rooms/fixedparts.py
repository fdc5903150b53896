"""A running game's state is stored without its fixed parts, which come from its setup.

The rules declare ``FIXED``: the parts of the state set at setup that no move ever changes
(a game's pool of question cards, nine tenths of its state; a deck's composition; every
game's options). Written back with every move, they cost the live path most of its JSON and database
work (docs/performance.md), so the room's ``state`` column keeps only what a move may change,
and the fixed parts are taken from the game's setup (``Game.setup``, from which the game also
replays): the rules' ``setup`` is a function of its seed and content, and no move changes these
parts, so what a process remembers of them is never stale.

A state stored whole (before this split, or written by hand) is read as it is.
"""

from __future__ import annotations

import threading
from typing import Any

import orjson

from games.kit.registry import game as registered
from games.kit.rules import setup_saved
from games.rooms.jsonfast import ENCODE_OPTIONS
from games.rooms.models import Game, Room

REMEMBERED_GAMES = 256  # games whose fixed parts a process keeps (a pool of question cards: ~10 KB)

# By game and seed: a database that reuses a deleted row's key (SQLite reuses the largest, and
# every rolled-back test reuses its rows' keys) reuses it for another game with another seed.
remembered: dict[tuple[int, Any], dict[str, Any]] = {}
remembered_lock = threading.Lock()


def state_stored(game_id: str, state: dict | None) -> dict | None:
    """What the room's ``state`` column keeps of ``state``: all but its game's fixed parts."""
    fixed = registered(game_id).fixed
    if state is None or not fixed:
        return state
    return {key: value for key, value in state.items() if key not in fixed}


def state_full(room: Room) -> dict | None:
    """The room's whole state: its column completed with its game's fixed parts."""
    state = room.state
    if state is None or room.current_game_id is None:
        return state
    fixed = registered(room.game).fixed
    if all(key in state for key in fixed):
        return state
    return {**state, **fixed_parts(room.current_game_id, state.get("seed"))}


def game_setup(game: Game) -> dict:
    """A game's first state, set up again from what it was set up from."""
    return setup_saved(registered(game.game), game.setup)


def fixed_remember(game: Game, state: dict) -> None:
    """Remember a game's fixed parts from its first state (when it starts in this process)."""
    remember((game.pk, state.get("seed")), game.game, state)


def fixed_parts(game_pk: int, seed: Any) -> dict[str, Any]:
    """The fixed parts of a game's state, set up again from its ``Game.setup`` the first time
    this process needs them."""
    parts = remembered.get((game_pk, seed))
    if parts is None:
        game = Game.objects.get(pk=game_pk)
        parts = remember((game_pk, seed), game.game, game_setup(game))
    return parts


def remember(key: tuple[int, Any], game_id: str, state: dict) -> dict[str, Any]:
    """Keep the fixed parts of ``state`` as the rules see them live, read back from JSON
    (lists, not tuples), the oldest game forgotten past ``REMEMBERED_GAMES``."""
    fixed = registered(game_id).fixed
    parts = orjson.loads(orjson.dumps({name: state[name] for name in fixed},
                                      option=ENCODE_OPTIONS))
    with remembered_lock:
        remembered.pop(key, None)
        remembered[key] = parts
        while len(remembered) > REMEMBERED_GAMES:
            del remembered[next(iter(remembered))]
    return parts
