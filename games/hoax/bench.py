"""How the benchmark plays Hoax: whole turns, each a claim, every caller's pass and the end of
the turn (see ``games.kit.game.BenchPlan``). Pure: the moves are functions of a seat's own view,
which the bench's tests play whole games with against the rules."""

from __future__ import annotations

from typing import Any

from games.kit.game import BenchPlan

# Windows and votes long enough that no timer fires mid-run.
OPTIONS: dict[str, Any] = {
    "hoax_window_seconds": 60,
    "vote_seconds": 120,
    "butler_seconds": 60,
    "immunity_seconds": 60,
}
# Claims whose privilege asks nobody anything (no immunity, no Butler gift): a turn stays short.
SAFE_CLAIMS = ("lover", "cousin")


def move(view: dict, k: int) -> dict | None:
    """What a seat does from its own view, chosen from the legal moves the view lists:
    take a starting resource, claim the Lover or the Cousin, let claims pass, end the turn."""
    me = view.get("me") or {}
    actions = me.get("actions") or []
    picks = [action for action in actions if action["type"] == "pick"]
    if picks:
        return picks[k % len(picks)]
    claims = [
        action
        for action in actions
        if action["type"] == "claim" and action["character"] in SAFE_CLAIMS
    ]
    if claims:
        return claims[k % len(claims)]
    for kind in ("pass", "end_turn"):
        for action in actions:
            if action["type"] == kind:
                return action
    return None


PLAN = BenchPlan(options=lambda phones: OPTIONS, move=move,
                 steady_phases=("turn", "hoax_window"))
