"""Coin call: every player secretly calls heads or tails; once all have, the coin is tossed (from
the game's seed) and those who called it win. The smallest game the kit takes: it declares its
phases, its setup, its moves, its legal actions, its views and its secrets, and nothing else."""

from __future__ import annotations

import random

from games.kit.rules import (
    ANY_SEAT,
    Move,
    MoveTable,
    _,
    choice,
    pgettext,
    presence_move,
    require,
    rng,
)

GAME_ID = "fifthgame"
TITLE = pgettext("game title", "Coin call")
MIN_PLAYERS = 2
MAX_PLAYERS = 6
PHASES = ("call", "over")
SIDES = ("heads", "tails")


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    return {"seed": seed, "rng_draws": 0, "phase": "call", "deadline": None,
            "connected": [True] * n_players, "over": False, "options": options,
            "calls": [None] * n_players, "coin": None, "winners": []}


def legal_actions(state: dict, seat: int) -> list[dict]:
    if state["over"] or state["calls"][seat] is not None:
        return []
    return [{"type": "call", "side": side} for side in SIDES]


def call(state: dict, seat: int, action: dict, now: float) -> None:
    """A seat's call, once; the last one tosses the coin."""
    require(state["calls"][seat] is None, _("You have already called."))
    state["calls"][seat] = action["side"]
    if all(side is not None for side in state["calls"]):
        state["coin"] = rng(state).choice(SIDES)
        state["winners"] = [seat for seat, side in enumerate(state["calls"])
                            if side == state["coin"]]
        state["phase"], state["over"] = "over", True


MOVES = MoveTable([
    Move("call", ANY_SEAT, ("call",), call,
         {"side": choice(*SIDES, refusal=_("Call heads or tails."))}),
    presence_move(),
])


def disguised(state: dict, viewer: int | None, generator: random.Random) -> dict:
    """The secrets: until the toss, the calls others made."""
    if state["over"]:
        return state
    calls = [side if side is None or seat == viewer else generator.choice(SIDES)
             for seat, side in enumerate(state["calls"])]
    return {**state, "calls": calls}


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    over = state["over"]
    public = {"phase": state["phase"], "over": over,
              "called": [side is not None for side in state["calls"]],
              "calls": state["calls"] if over else None, "coin": state["coin"],
              "winners": state["winners"], "me": None}
    return [public if viewer is None else {
        **public, "me": {"seat": viewer, "call": state["calls"][viewer],
                         "actions": legal_actions(state, viewer)}}
        for viewer in viewers]
