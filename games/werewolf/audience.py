"""What Werewolf's audience plays, from the public view only (pure: no Django, no secrets).

Each day, while the village talks and votes, the audience names who it suspects among the
living. Once the day's execution is announced, the tally is shown beside what is public then:
who is dead, and the cards the game has shown.
"""

from __future__ import annotations

OPEN_PHASES = ("talk", "vote")


def ballot(view: dict) -> dict | None:
    """The ballot open now (one per day), or ``None``."""
    if view["over"] or view["day"] < 1 or view["phase"] not in OPEN_PHASES:
        return None
    living = [player["seat"] for player in view["players"] if player["alive"]]
    return {
        "key": f"d{view['day']}",
        "questions": [
            {"name": "suspect", "choices": [{"value": seat, "seat": seat} for seat in living]},
        ],
    }


def result(view: dict, key: str) -> dict | None:
    """Once day ``key``'s vote is over (its execution announced, or a later phase): the dead
    and every card shown so far; else ``None``."""
    if key != f"d{view['day']}" or view["phase"] in OPEN_PHASES:
        return None
    if view["phase"] not in ("execution", "prompt", "night", "over"):
        return None
    players = view["players"]
    return {
        "dead": [player["seat"] for player in players if not player["alive"]],
        "cards": {str(player["seat"]): player["card"] for player in players if player["card"]},
    }
