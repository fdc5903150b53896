"""The rules modules' shared helpers: the state copy, the deadline check."""

from __future__ import annotations

import pytest

from games.rulekit import RuleError, deadline_require, state_copy


def test_a_copy_is_deep_so_changing_it_leaves_the_given_state_alone() -> None:
    state = {"phase": "rank", "scores": [1, 2], "history": [{"points": [0, 3]}]}
    copied = state_copy(state)
    copied["scores"][0] = 9
    copied["history"][0]["points"].append(1)
    assert state == {"phase": "rank", "scores": [1, 2], "history": [{"points": [0, 3]}]}


def test_fixed_parts_are_shared_and_the_rest_copied_in_the_same_order() -> None:
    cards = [{"id": 1, "answers": ["a", "b"]}]
    state = {"seed": 3, "cards": cards, "pile": [0], "over": False}
    copied = state_copy(state, fixed=("cards",))
    assert copied == state and list(copied) == list(state)
    assert copied["cards"] is cards
    assert copied["pile"] is not state["pile"]


def test_what_json_cannot_hold_is_copied_deeply_all_the_same() -> None:
    state = {"seen": {1, 2}, "cards": [[1]]}
    copied = state_copy(state, fixed=("cards",))
    copied["seen"].add(3)
    assert state["seen"] == {1, 2} and copied["cards"] is state["cards"]


def test_a_timeout_is_refused_before_the_deadline_and_without_one():
    for state, now in (({"deadline": 100.0}, 99.9), ({"deadline": None}, 1e12)):
        with pytest.raises(RuleError) as refused:
            deadline_require(state, now)
        assert refused.value.code == "not_due"
    deadline_require({"deadline": 100.0}, 100.0)  # due at the deadline itself
