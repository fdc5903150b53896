"""A state between moves: the changing part as JSON, the fixed parts kept, the row's JSON whole."""

from __future__ import annotations

import time

import orjson
import pytest

from bench.engine import game_steady, move_pick
from games.rules import outfox
from games.stateparts import StateParts

STATE = {
    "phase": "rank",
    "scores": [3, 1, 0],
    "names": ["Zoë", "李"],
    "cards": [{"id": 1, "answers": ["a", "b"]}, {"id": 2, "answers": ["c"]}],
    "plan": [[0, None], [1, 2]],
}


def test_the_row_holds_the_whole_state_and_a_move_gets_it_back_with_the_fixed_parts_shared():
    parts = StateParts.of(STATE, ("cards", "plan"))
    assert orjson.loads(parts.stored_json()) == STATE
    assert orjson.loads(parts.changing_json) == {"phase": "rank", "scores": [3, 1, 0],
                                                 "names": ["Zoë", "李"]}
    state = parts.state()
    assert state == STATE
    assert state["cards"] is STATE["cards"] and state["plan"] is STATE["plan"]
    assert state["scores"] is not STATE["scores"]  # the changing part is the move's own
    assert parts.state()["scores"] is not state["scores"]


def test_the_fixed_parts_are_encoded_once_while_states_share_them():
    first = StateParts.of(STATE, ("cards",))
    moved = {**STATE, "phase": "reveal", "scores": [4, 1, 0]}  # shares STATE's cards
    second = StateParts.of(moved, ("cards",), first)
    assert second.fixed_json is first.fixed_json
    assert orjson.loads(second.stored_json()) == moved
    changed = {**moved, "cards": [{"id": 9, "answers": []}]}  # not the same object: encoded
    third = StateParts.of(changed, ("cards",), second)
    assert orjson.loads(third.stored_json()) == changed


@pytest.mark.parametrize("fixed", [(), ("missing",)])
def test_without_fixed_parts_the_row_holds_the_changing_part(fixed):
    parts = StateParts.of(STATE, fixed)
    assert parts.stored_json() == parts.changing_json
    assert orjson.loads(parts.stored_json()) == STATE


def test_a_state_of_fixed_parts_only_is_still_one_json_object():
    parts = StateParts.of({"cards": [1, 2]}, ("cards",))
    assert orjson.loads(parts.stored_json()) == {"cards": [1, 2]}


def test_an_outfox_move_shares_the_card_pool_so_it_is_not_encoded_again():
    rules, state = game_steady("outfox")
    before = StateParts.of(state, outfox.FIXED)
    seat, action = move_pick(rules, state, "outfox", 0)
    after = rules.apply(before.state(), seat, action, time.time())
    parts = StateParts.of(after, outfox.FIXED, before)
    assert parts.fixed_json is before.fixed_json
    assert orjson.loads(parts.stored_json()) == orjson.loads(orjson.dumps(after))
    assert len(parts.changing_json) < len(parts.stored_json()) / 5  # the pool is most of it
