"""How the browser sweep shows Hoax (``games.kit.game.SweepPlan``): every timer at its longest,
so each screen shows a running clock, the accuser card in play, a claim's window, vote and
immunity told apart by what is challenged, a turn whose claim was voted on (every ballot
shown) apart from one not yet, and each way to win its own end."""

from __future__ import annotations

from games.kit.game import SweepPlan

OPTIONS = {"hoax_window_seconds": 60, "vote_seconds": 120, "butler_seconds": 60,
           "immunity_seconds": 60, "accuser_card": True, "first_player": 0}


def phase_key(state: dict) -> str:
    """The phase, and the kind of challenge it is about; the end, and how it was won (a
    truthful claim voted down ends with more on the felt than the last one standing)."""
    phase = state["phase"]
    if phase == "over":
        wins = [entry for entry in state["log"] if entry.get("kind") == "win"]
        return f"over-{wins[-1]['how']}" if wins else phase
    if phase == "turn" and claim_voted(state["log"]):
        return "turn-voted"  # the vote's every ballot shown under the claim
    if phase in ("hoax_window", "vote", "immunity"):
        challenge = state.get("challenge") or {}
        kind = challenge.get("kind") or challenge.get("type") or ""
        return f"{phase}-{kind}" if kind else phase
    return phase


def claim_voted(log: list[dict]) -> bool:
    """Whether this turn's claim was voted on (its votes are shown until the turn ends)."""
    for entry in reversed(log):
        if entry.get("kind") in ("turn", "claim"):
            return False
        if entry.get("kind") == "vote":
            return True
    return False


PLAN = SweepPlan(options=OPTIONS, phase_key=phase_key)
