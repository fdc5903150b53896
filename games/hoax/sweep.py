"""How the browser sweep shows Hoax (``games.kit.game.SweepPlan``): every timer at its longest,
so each screen shows a running clock, the accuser card in play, and a claim's window, vote and
immunity told apart by what is challenged."""

from __future__ import annotations

from games.kit.game import SweepPlan

OPTIONS = {"hoax_window_seconds": 60, "vote_seconds": 120, "butler_seconds": 60,
           "immunity_seconds": 60, "accuser_card": True, "first_player": 0}


def phase_key(state: dict) -> str:
    """The phase, and the kind of challenge it is about."""
    phase = state["phase"]
    if phase in ("hoax_window", "vote", "immunity"):
        challenge = state.get("challenge") or {}
        kind = challenge.get("kind") or challenge.get("type") or ""
        return f"{phase}-{kind}" if kind else phase
    return phase


PLAN = SweepPlan(options=OPTIONS, phase_key=phase_key)
