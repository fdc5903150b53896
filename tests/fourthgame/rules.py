"""Highest card: in each round every player secretly picks a card from 1 to ``top`` before the
timer ends, with an optional shout; once all have (or the time is up, or the host removed the
missing), the cards are shown and the highest wins the round (a tie shares it). After the last
round, whoever won the most rounds wins. The rules of the test-only fourth game, which lives
under tests/ to prove the platform plays a game it has never heard of (and which the platform's
own tests play: several rounds make a game as long as a test needs).

It declares only what differs from the kit's defaults (``games.kit.game.Game.of``): no
``apply``, ``view``, ``options_clean`` or ``HOST_ACTIONS`` of its own."""

from __future__ import annotations

import random

from games.kit.options import Option
from games.kit.rules import (
    ANY_SEAT,
    SYSTEM,
    Move,
    MoveTable,
    Seats,
    _,
    deadline_require,
    integer,
    pgettext,
    presence_move,
    remove_move,
    require,
    text,
    timer,
)

GAME_ID = "fourthgame"
TITLE = pgettext("game title", "Highest card")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
PHASES = ("pick", "over")
OPTIONS = (
    Option("top", "int", 10, _("Highest card"), min=2, max=20),
    Option("rounds", "int", 1, _("Rounds"), min=1, max=30),
    Option("pick_seconds", "int", 60, _("Seconds to pick"), min=1, max=300),
)
SHOUT_MAX = 30  # a shout is a few words, shown with the cards
FACTS = {"lowest": 1, "shout_max": SHOUT_MAX}
FIXED = ("options",)
FREE_TEXT = {"pick": "shout"}  # what the family filter checks: the shout a player types


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    return {"seed": seed, "rng_draws": 0, "phase": "pick",
            "deadline": now + timer(options, options["pick_seconds"]),
            "connected": [True] * n_players, "over": False, "options": options,
            "round": 1, "picks": [None] * n_players, "shouts": [None] * n_players,
            "order": [], "left": [False] * n_players, "scores": [0] * n_players,
            "history": [], "winners": []}


def legal_actions(state: dict, seat: int) -> list[dict]:
    """The cards a seat may pick (a shout is optional: none listed)."""
    if state["over"] or state["left"][seat] or state["picks"][seat] is not None:
        return []
    return [{"type": "pick", "card": card}
            for card in range(FACTS["lowest"], state["options"]["top"] + 1)]


def _round_end(state: dict, now: float) -> None:
    """The round's cards shown: the highest of those who picked wins it (none picked: nobody);
    then the next round, or the end, where the most rounds won wins (nobody won one: nobody)."""
    picks = state["picks"]
    best = max((card for card in picks if card is not None), default=None)
    winners = [] if best is None else [seat for seat, card in enumerate(picks) if card == best]
    for seat in winners:
        state["scores"][seat] += 1
    state["history"].append({"picks": list(picks), "shouts": list(state["shouts"]),
                             "order": list(state["order"]), "winners": winners})
    if state["round"] < state["options"]["rounds"]:
        n = len(picks)
        state["round"] += 1
        state["picks"], state["shouts"], state["order"] = [None] * n, [None] * n, []
        state["deadline"] = now + timer(state["options"], state["options"]["pick_seconds"])
        return
    top = max(state["scores"])
    state["winners"] = [seat for seat, score in enumerate(state["scores"])
                        if score == top and top > 0 and not state["left"][seat]]
    state["phase"], state["over"], state["deadline"] = "over", True, None


def _round_end_if_all(state: dict, now: float) -> None:
    if all(card is not None or gone for card, gone in zip(state["picks"], state["left"],
                                                            strict=True)):
        _round_end(state, now)


def pick(state: dict, seat: int, action: dict, now: float) -> None:
    """A seat's card for the round, once, and its shout; the last pick shows them all."""
    require(state["picks"][seat] is None, _("You have already picked."))
    require(action["card"] <= state["options"]["top"], _("No such card."))
    shout = (action.get("shout") or "").strip()
    require(len(shout) <= SHOUT_MAX, _("A shout is %(n)s characters at most."), n=SHOUT_MAX)
    state["picks"][seat], state["shouts"][seat] = action["card"], shout or None
    state["order"].append(seat)
    _round_end_if_all(state, now)


def timeout(state: dict, seat: None, action: dict, now: float) -> None:
    """Time is up: those who have not picked sit this round out."""
    deadline_require(state, now)
    _round_end(state, now)


def leave(state: dict, host: None, action: dict, now: float) -> None:
    """The host removed a player who left: their card of this round is not counted, nobody
    waits for them any more, and they cannot win."""
    seat = action.get("target")
    require(type(seat) is int and 0 <= seat < len(state["left"]), _("No such seat."),
            code="bad_seat")
    require(not state["left"][seat], _("That player has already left the game."))
    state["left"][seat], state["connected"][seat] = True, False
    state["picks"][seat] = state["shouts"][seat] = None
    state["order"] = [other for other in state["order"] if other != seat]
    if all(state["left"]):
        state["round"] = state["options"]["rounds"]  # nobody is left to play: the end
        _round_end(state, now)
        return
    _round_end_if_all(state, now)


# The rulebook: a seat picks a card in the pick phase; the timer ends the round; the host may
# remove a player who left; the platform says who is connected.
MOVES = MoveTable([
    Move("pick", ANY_SEAT, ("pick",), pick,
         {"card": integer(FACTS["lowest"], refusal=_("No such card.")),
          "shout": text(required=False)}),
    Move("timeout", SYSTEM, ("pick",), timeout),
    remove_move(leave),
    presence_move(),
], present=Seats(lambda state, seat: not state["left"][seat], _("You have left this game.")))

SHOUT_SAMPLES = ("Ha!", "Top that", "Beat this", "Mine wins")


def disguised(state: dict, viewer: int | None, generator: random.Random) -> dict:
    """The secrets: until the round ends, the cards and shouts others picked in it (the board
    sees none); each is replaced by another possible one, which the viewer's view must not
    tell apart. Finished rounds are public."""
    if state["over"]:
        return state
    picks = [card if card is None or seat == viewer
             else generator.randint(FACTS["lowest"], state["options"]["top"])
             for seat, card in enumerate(state["picks"])]
    shouts = [shout if seat == viewer or state["picks"][seat] is None
              else generator.choice((None, *SHOUT_SAMPLES))
              for seat, shout in enumerate(state["shouts"])]
    return {**state, "picks": picks, "shouts": shouts}


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    over = state["over"]
    public = {"phase": state["phase"], "over": over, "top": state["options"]["top"],
              "round": state["round"], "rounds": state["options"]["rounds"],
              "deadline": state["deadline"],
              "picked": [card is not None for card in state["picks"]], "left": state["left"],
              "picks": state["picks"] if over else None,
              "shouts": state["shouts"] if over else None,
              "scores": state["scores"],
              "last": ({key: state["history"][-1][key] for key in ("picks", "shouts", "winners")}
                       if state["history"] else None),
              "winners": state["winners"], "me": None}
    return [public if viewer is None else {
        **public, "me": {"seat": viewer, "pick": state["picks"][viewer],
                         "shout": state["shouts"][viewer],
                         "actions": legal_actions(state, viewer)}}
        for viewer in viewers]
