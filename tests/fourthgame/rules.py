"""Highest card: every player secretly picks a card from 1 to ``top``; once all have, the
cards are shown and the highest wins (a tie shares the win). The rules of the fourth game,
which lives only under tests/ to prove the platform plays a game it has never heard of."""

from __future__ import annotations

from games.options import Option
from games.options import options_clean as declared_clean
from games.rulekit import RuleError, _, pgettext, presence_apply, require, state_copy

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


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    if not isinstance(action, dict):
        raise RuleError(_("That is not an action."), code="bad_action")
    after = state_copy(state, FIXED)
    if seat is None and action.get("type") == "presence":
        presence_apply(after, action)
        return after
    require(seat is not None and action in legal_actions(state, seat), _("You cannot do that now."))
    after["picks"][seat] = action["card"]
    if all(pick is not None for pick in after["picks"]):
        best = max(after["picks"])
        after["winners"] = [i for i, pick in enumerate(after["picks"]) if pick == best]
        after["phase"], after["over"] = "over", True
    return after


def view(state: dict, viewer: int | None) -> dict:
    return views(state, [viewer])[0]


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    over = state["over"]
    public = {"phase": state["phase"], "over": over, "top": state["options"]["top"],
              "picked": [pick is not None for pick in state["picks"]],
              "picks": state["picks"] if over else None, "winners": state["winners"]}
    return [public if viewer is None else {
        **public, "me": {"seat": viewer, "pick": state["picks"][viewer],
                         "actions": legal_actions(state, viewer)}}
        for viewer in viewers]
