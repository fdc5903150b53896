"""A running game's state between moves: what moves change, as JSON, and what they never change.

A rules module names the parts of its state that are set at setup and never changed by a move
(``FIXED``: Outfox's card pool, nine tenths of its state). Every move's state shares those
objects (``rules.base.state_copy``), so between moves this process keeps them as they are, with
their JSON ready to splice into the row each move writes; only the rest is decoded and encoded
per move. The row still holds the whole state, as JSON any reader can read whole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from games.jsonfast import ENCODE_OPTIONS
from games.rulekit import state_split


def members_json(values: dict[str, Any]) -> bytes:
    """``values`` as the members of a JSON object, without the braces."""
    return orjson.dumps(values, option=ENCODE_OPTIONS)[1:-1]


@dataclass(frozen=True)
class StateParts:
    """One state, split: the changing part as JSON, the fixed parts as objects and as JSON."""

    changing_json: bytes
    fixed: dict[str, Any]
    fixed_json: bytes  # the fixed parts as JSON object members (no braces); b"" for none

    @classmethod
    def of(cls, state: dict, fixed_keys: tuple[str, ...],
           previous: StateParts | None = None) -> StateParts:
        """Split ``state``. The fixed parts' JSON is taken from ``previous`` when ``state``
        shares its very objects (a move's state does), so it is encoded once per game."""
        changing, fixed = state_split(state, fixed_keys)
        if previous is not None and previous.shares(fixed):
            fixed_json = previous.fixed_json
        else:
            fixed_json = members_json(fixed)
        return cls(orjson.dumps(changing, option=ENCODE_OPTIONS), fixed, fixed_json)

    def shares(self, fixed: dict[str, Any]) -> bool:
        return fixed.keys() == self.fixed.keys() and all(
            value is self.fixed[key] for key, value in fixed.items()
        )

    def state(self) -> dict:
        """The state to apply a move to: its changing part decoded afresh, the fixed shared."""
        return {**orjson.loads(self.changing_json), **self.fixed}

    def stored_json(self) -> bytes:
        """The whole state as one JSON object, as the room's row holds it."""
        if not self.fixed_json:
            return self.changing_json
        if self.changing_json == b"{}":
            return b"{" + self.fixed_json + b"}"
        return self.changing_json[:-1] + b"," + self.fixed_json + b"}"
