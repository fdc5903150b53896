"""What Highest card's audience plays, from the public view only (pure: no Django, no secrets).

While the players pick, the audience guesses who will hold the round's highest card; once the
round's cards are shown, its winners are the truth beside the tally."""

from __future__ import annotations


def ballot(view: dict) -> dict | None:
    """The ballot open while the players pick (one a round), or ``None``."""
    if view["phase"] != "pick":
        return None
    playing = [seat for seat, gone in enumerate(view["left"]) if not gone]
    return {"key": f"r{view['round']}", "questions": [
        {"name": "winner", "choices": [{"value": seat, "seat": seat} for seat in playing]}]}


def result(view: dict, key: str) -> dict | None:
    """Once round ``key`` is over: who held the highest card."""
    finished = view["round"] - 1 if not view["over"] else view["round"]
    if key != f"r{finished}" or view["last"] is None:
        return None
    return {"winners": view["last"]["winners"]}
