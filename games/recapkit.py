"""What every game's recap shares: the game replayed from its setup and action log, the new
public events of each move, and the winners of an award (ties share it).

A game's ``recap.py`` is pure (no Django import), like its rules, and exposes
``recap(setup, log) -> {"board": ..., "seats": [...]}``: ``setup`` is what the game was set up
from (``Game.setup``: ``n_players``, ``options``, ``seed``, ``now``, ``content``), ``log`` its
applied actions in order (``seat``, ``payload``, ``applied_at``). ``board`` is public once the
game is over (every screen gets it); ``seats[i]`` is seat ``i``'s own summary, sent to that
phone only. Awards are named by key and facts (seats, answers, cards): each screen words them in
its own language.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType
from typing import Any

import orjson

from games.rulekit import logged_apply


def _json(state: dict) -> dict:
    """The state as the live game stored it (lists, string keys, nothing shared)."""
    return orjson.loads(orjson.dumps(state))


def replay(
    rules: ModuleType, setup: dict, log: list[dict]
) -> Iterator[tuple[dict, Any, dict, dict]]:
    """Each move of the game in order, as ``(before, seat, action, after)``."""
    state = _json(rules.setup(
        setup["n_players"], rules.options_clean(setup["options"]), setup["seed"], setup["now"],
        setup["content"],
    ))
    for entry in log:
        after = _json(logged_apply(rules, state, entry["seat"], entry["payload"],
                                   entry["applied_at"]))
        yield state, entry["seat"], entry["payload"], after
        state = after


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
