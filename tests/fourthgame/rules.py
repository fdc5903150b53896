"""Highest card: every player secretly picks a card from 1 to ``top``; once all have, the
cards are shown and the highest wins (a tie shares the win). The rules of the fourth game,
which lives only under tests/ to prove the platform plays a game it has never heard of."""

from __future__ import annotations

from games.kit.options import Option
from games.kit.options import options_clean as declared_clean
from games.kit.rules import (
    ANY_SEAT,
    Move,
    MoveTable,
    _,
    integer,
    pgettext,
    presence_move,
    require,
    state_copy,
)

GAME_ID = "fourthgame"
TITLE = pgettext("game title", "Highest card")
MIN_PLAYERS = 2
MAX_PLAYERS = 8
PHASES = ("pick", "over")
OPTIONS = (Option("top", "int", 10, _("Highest card"), min=2, max=20),)
FACTS = {"lowest": 1}
FIXED = ("options",)


def options_clean(raw: dict) -> dict:
    return declared_clean(OPTIONS, raw)


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    return {"seed": seed, "rng_draws": 0, "phase": "pick", "deadline": None,
            "connected": [False] * n_players, "over": False, "options": options,
            "picks": [None] * n_players, "winners": []}


def legal_actions(state: dict, seat: int) -> list[dict]:
    if state["over"] or state["picks"][seat] is not None:
        return []
    return [{"type": "pick", "card": card}
            for card in range(FACTS["lowest"], state["options"]["top"] + 1)]


def pick(state: dict, seat: int, action: dict, now: float) -> None:
    """A seat's card, once; the last pick shows them all and names the highest."""
    require(state["picks"][seat] is None, _("You cannot do that now."))
    require(action["card"] <= state["options"]["top"], _("You cannot do that now."))
    state["picks"][seat] = action["card"]
    if all(card is not None for card in state["picks"]):
        best = max(state["picks"])
        state["winners"] = [i for i, card in enumerate(state["picks"]) if card == best]
        state["phase"], state["over"] = "over", True


# The rulebook: a seat picks a card in the pick phase; the platform says who is connected.
MOVES = MoveTable([
    Move("pick", ANY_SEAT, ("pick",), pick, {"card": integer(FACTS["lowest"])}),
    presence_move(),
])
HOST_ACTIONS = MOVES.host_types()


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    after = state_copy(state, FIXED)
    MOVES.play(after, seat, action, now)
    return after


def disguised(state: dict, viewer: int | None, generator) -> dict:
    """The secrets: until the end, the cards others picked (the board sees none); each is
    replaced by another card of the deck, which the viewer's view must not tell apart."""
    if state["over"]:
        return state
    picks = [card if card is None or seat == viewer
             else generator.randint(FACTS["lowest"], state["options"]["top"])
             for seat, card in enumerate(state["picks"])]
    return {**state, "picks": picks}


def view(state: dict, viewer: int | None) -> dict:
    return views(state, [viewer])[0]


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    over = state["over"]
    public = {"phase": state["phase"], "over": over, "top": state["options"]["top"],
              "picked": [pick is not None for pick in state["picks"]],
              "picks": state["picks"] if over else None, "winners": state["winners"],
              "me": None}
    return [public if viewer is None else {
        **public, "me": {"seat": viewer, "pick": state["picks"][viewer],
                         "actions": legal_actions(state, viewer)}}
        for viewer in viewers]
