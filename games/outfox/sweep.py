"""How the browser sweep shows Outfox the Fox (``games.kit.game.SweepPlan``): every timer at
its longest, so each screen shows a running clock, and only the cards with the longest answers
and questions dealt, so whichever is dealt stresses the layout."""

from __future__ import annotations

from typing import Any

from games.kit.game import SweepPlan
from games.outfox.rules import OFFER_SIZE, turn_plan

OPTIONS = {"language": "", "rank_seconds": 300, "read_seconds": 120, "double_down_seconds": 120,
           "reveal_pace": "manual"}


def phase_key(state: dict) -> str:
    """The phase, and whether a Fox answer is proposed."""
    if state["phase"] == "fox" and state.get("proposal") is not None:
        return "fox-proposal"
    return state["phase"]


def content(adapter: Any, room: Any, n: int, seed: int) -> dict:
    """The cards with the longest answers and questions (any language), as many as a game of
    ``n`` players deals from."""
    from questions.selection import card_pool

    cards = card_pool(None, None, False, room.code, limit=10_000, seed=seed)
    cards.sort(key=lambda card: (-max(len(a) for a in card["answers"]) - len(card["question"]),
                                 card["id"]))
    return {"cards": cards[:len(turn_plan(n)) + OFFER_SIZE - 1]}


PLAN = SweepPlan(options=OPTIONS, phase_key=phase_key, content=content)
