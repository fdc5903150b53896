"""What Outfox's audience plays, from the public view only (pure: no Django, no secrets).

While the answers are on the board (read, rank, Double Down), the audience guesses which answer
is the Fox and which is #1. Once the turn is scored, the truth is public and the tally is shown
beside it. The audience never changes the game: these functions only read a view.
"""

from __future__ import annotations

OPEN_PHASES = ("read", "rank", "double_down")


def ballot(view: dict) -> dict | None:
    """The ballot open now (one per turn), or ``None``."""
    if view["phase"] not in OPEN_PHASES or not view["answers"]:
        return None
    choices = [{"value": index, "label": text} for index, text in enumerate(view["answers"])]
    return {
        "key": f"t{view['turn']}",
        "questions": [
            {"name": "fox", "choices": choices},
            {"name": "top", "choices": choices},
        ],
    }


def result(view: dict, key: str) -> dict | None:
    """The truth of ballot ``key`` once the players' result is public (the turn scored, its
    reveal done): the Fox's answer and the #1's, by answer index; else ``None``."""
    if key != f"t{view['turn']}" or view["phase"] != "score":
        return None
    revealed = view["revealed"] or []
    truth = {step["rank"]: step["answer"] for step in revealed}
    if 0 not in truth or 1 not in truth:
        return None
    return {"fox": truth[0], "top": truth[1]}
