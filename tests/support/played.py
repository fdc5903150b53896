"""A game played move by move in a test, kept as the platform keeps it: what it was set up from
and its action log, so a recap can be computed from them as it is live."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import orjson

from games.kit.rules import setup_saved


class Played:
    """A seeded game of ``rules``; ``act`` applies a move and logs it."""

    def __init__(self, rules: ModuleType, n: int, options: dict, seed: int = 7,
                 content: dict | None = None, now: float = 1_000.0) -> None:
        self.rules = rules
        self.now = now
        self.setup = {"n_players": n, "options": options, "seed": seed, "now": now,
                      "content": content or {}}
        self.state = setup_saved(rules, self.setup)
        self.log: list[dict[str, Any]] = []

    def act(self, seat: int | None, action: dict, now: float | None = None) -> dict:
        now = self.now if now is None else now
        self.state = orjson.loads(orjson.dumps(self.rules.apply(self.state, seat, action, now)))
        self.log.append({"seat": seat, "payload": action, "applied_at": now})
        return self.state

    def timeout(self) -> dict:
        return self.act(None, {"type": "timeout"}, self.state["deadline"])


def fixed_parts_hold(rules: ModuleType, setup: dict, history: list[tuple]) -> int:
    """Replay ``history`` ((seat, action, now) in order) from ``setup`` (``rules.setup``'s
    arguments by name): the parts of the state the rules declare ``FIXED`` are, after every
    move, those the setup made, and setting the game up at another moment makes the same ones
    (the platform stores them once and sets them up again from the game's setup). Returns how
    many moves were checked."""
    state = rules.setup(**setup)
    fixed = orjson.loads(orjson.dumps({key: state[key] for key in rules.FIXED}))  # a copy: a
    # move that changed a shared part in place would change it too
    later = rules.setup(**{**setup, "now": setup["now"] + 3_600.0})
    assert {key: later[key] for key in rules.FIXED} == fixed
    for seat, action, now in history:
        state = orjson.loads(orjson.dumps(rules.apply(state, seat, action, now)))
        assert {key: state[key] for key in rules.FIXED} == fixed, action
    return len(history)
