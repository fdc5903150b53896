"""How the benchmark plays Werewolf, in a village of 12 phones: the day's vote, every phone
changing its ballot (see ``games.kit.game.BenchPlan``). Pure: the moves are functions of a
seat's own view, which the bench's tests play whole games with against the rules."""

from __future__ import annotations

from typing import Any

from games.kit.game import BenchPlan

# A village of Werewolves and Villagers (night 1 is one step), no Mayor, and a day vote whose
# timer outlasts any run: the phones keep changing their ballots.
PHONES = 12
WOLVES = 2
START_SECONDS = 120.0  # night 1 and the dawn last at least a drawn 8-20 s and 14 s


def options(players: int) -> dict[str, Any]:
    """The options of a benchmark village of ``players`` phones."""
    specials = ("seer", "witch", "hunter")  # on by default: off here
    return {
        "composition": "custom",
        "composition.werewolves": WOLVES,
        "composition.villagers": players - WOLVES,
        **{f"composition.{role}": False for role in specials},
        "mayor.enabled": False,
        "timers.vote": 600,
        "timers.wolves": 10,  # night 1 lasts its drawn share of this, whatever the wolves do
        "timers.double": True,
    }


def move(view: dict, k: int) -> dict | None:
    """What a seat does from its own view, chosen from the legal moves the view lists:
    look at the card, the pack points at "No victim" and confirms (everyone lives to vote),
    be ready to vote, then keep changing the ballot (never confirming: the vote stays open)."""
    me = view.get("me") or {}
    actions = me.get("actions") or []
    prompt = me.get("prompt") or {}
    kind = prompt.get("kind")
    wanted: list[dict] = []
    if kind == "look":
        wanted = [{"type": "look", "target": None}]
    elif kind == "wolf":
        spare = {"type": "wolf_vote", "target": None}
        wanted = [spare] if prompt.get("chosen") != ["none"] else []
        wanted.append({"type": "confirm", "target": None})
    elif kind == "talk":
        wanted = [{"type": "ready", "target": True}]
    elif kind == "vote":
        ballots = [action for action in actions if action["type"] == "vote"]
        return ballots[k % len(ballots)] if ballots else None
    return next((action for action in wanted if action in actions), None)


PLAN = BenchPlan(options=options, move=move, steady_phases=("vote",), phones=PHONES,
                 start_seconds=START_SECONDS)
