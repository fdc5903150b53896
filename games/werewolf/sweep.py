"""How the browser sweep shows Werewolf (``games.kit.game.SweepPlan``): each night's step and
each day's prompt is a screen of its own."""

from __future__ import annotations

from games.kit.game import SweepPlan


def phase_key(state: dict) -> str:
    """The phase, the night's step and the prompt open."""
    step = state.get("step")
    step = step.get("key") if isinstance(step, dict) else step
    prompt = state.get("prompt")
    prompt = prompt.get("kind") if isinstance(prompt, dict) else None
    return "-".join(str(part) for part in (state["phase"], step, prompt) if part)


PLAN = SweepPlan(phase_key=phase_key)
