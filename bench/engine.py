"""The rules engine alone: validate and apply a move, build every screen's view, serialize.

No database, no sockets: the floor under what the live path can cost per move. The moves are the
benchmark's scripted ones (each game's ``BenchPlan.move``), chosen from the views exactly as the
socket clients choose them, on a six-player game (or the size of the game's own room) in its
steady phase.
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from bench.clients import game_options, game_phones, plan, steady
from games.kit.registry import game as registered


def game_start(game: str, players: int, seed: int = 1) -> tuple[Any, dict]:
    """A fresh ``players`` game with the benchmark's options."""
    rules = registered(game)
    options = rules.options_clean(game_options(game, players))
    return rules, rules.setup(players, options, seed, time.time(), plan(game).content())


def game_steady(game: str, players: int = 6, seed: int = 1) -> tuple[Any, dict]:
    """A ``players`` game walked to the phase the benchmark measures, with the scripted moves
    (and the deadlines the server would expire on the way: a timed night, say)."""
    rules, state = game_start(game, players, seed)
    for k in range(200):
        if steady(game, rules.view(state, None)):
            return rules, state
        state = move_apply(rules, state, game, k)
    raise RuntimeError(f"{game}: the scripted moves never reached the steady phase")


def move_pick(rules: Any, state: dict, game: str, k: int) -> tuple[int, dict]:
    """The seat and move the socket clients would send now, from each seat's view."""
    players = len(state["connected"])
    for shift in range(players):
        seat = (k + shift) % players
        action = plan(game).move(rules.view(state, seat), k)
        if action is not None:
            return seat, action
    raise RuntimeError(f"{game}: no scripted move in phase {state['phase']}")


def move_apply(rules: Any, state: dict, game: str, k: int) -> dict:
    """The next scripted move applied; with none to make, the deadline the server's ticker
    would expire."""
    try:
        seat, action = move_pick(rules, state, game, k)
    except RuntimeError:
        if state.get("deadline") is None:
            raise
        return rules.apply(state, None, {"type": "timeout"}, state["deadline"])
    return rules.apply(state, seat, action, time.time())


def engine_time(game: str, seconds: float = 1.0, players: int = 6) -> dict[str, float]:
    """Moves per second through apply (which validates), every view (board and each seat, in
    one ``views`` call as the server builds them) and ``orjson`` serialization, on one core
    (or as many as the game's own room has)."""
    players = game_phones(game, players)
    rules, state = game_steady(game, players)
    moves = []
    # Pick the moves up front, so the timed loop does only what the server does per move.
    scratch = state
    for k in range(60):
        seat, action = move_pick(rules, scratch, game, k)
        moves.append((seat, action))
        scratch = rules.apply(scratch, seat, action, time.time())
    count, elapsed, bytes_out = 0, 0.0, 0
    while elapsed < seconds:
        current = state
        started = time.perf_counter()
        for seat, action in moves:
            current = rules.apply(current, seat, action, time.time())
            for view in rules.views(current, [None, *range(players)]):
                bytes_out += len(orjson.dumps(view))
        elapsed += time.perf_counter() - started
        count += len(moves)
    return {
        "game": game,
        "moves": count,
        "moves_per_second": round(count / elapsed, 1),
        "us_per_move": round(elapsed / count * 1e6, 1),
        "bytes_per_frame": round(bytes_out / count / (players + 1)),
        "views": players + 1,
    }
