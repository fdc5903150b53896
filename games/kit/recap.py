"""What every game's recap shares: the new public events of each move of the game replayed from
its setup and action log (``games.kit.rules.replay``), and the winners of an award (ties share
it).

A game's ``recap.py`` is pure (no Django import), like its rules, and exposes
``recap(setup, log) -> {"board": ..., "seats": [...]}``: ``setup`` is what the game was set up
from (``Game.setup``: ``n_players``, ``options``, ``seed``, ``now``, ``content``), ``log`` its
applied actions in order (``seat``, ``payload``, ``applied_at``). ``board`` is public once the
game is over (every screen gets it); ``seats[i]`` is seat ``i``'s own summary, sent to that
phone only. Awards are named by key and facts (seats, answers, cards): each screen words them in
its own language.
"""

from __future__ import annotations

from typing import Any


def events_new(before: dict, after: dict) -> list[dict]:
    """The public events a move added to the state's log (a log whose oldest events leave the
    state counts them in ``log_from``)."""
    start = before.get("log_from", 0) + len(before["log"])
    return after["log"][max(0, start - after.get("log_from", 0)):]


def leaders(counts: dict[int, int]) -> list[int]:
    """The seats with the highest count (all of them on a tie), none when nobody scored."""
    best = max(counts.values(), default=0)
    return sorted(seat for seat, count in counts.items() if count == best) if best > 0 else []


def award(key: str, seats: list[int], **facts: Any) -> dict:
    """One award: its key (the screens word it), its winners (shared on a tie) and its facts."""
    return {"key": key, "seats": seats, **facts}
