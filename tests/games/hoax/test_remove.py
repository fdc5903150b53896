"""Hoax: the host removes a player who left. They are out of the game, their resources go back
to the supply, their identity shows only at the end, and what waited on them goes on (the rules
page, games/hoax/docs.md, "A player who leaves")."""

from __future__ import annotations

import pytest

from games.hoax import rules as hoax
from games.kit.rules import RuleError
from tests.games.hoax.test_rules import (
    act,
    claim,
    claim_unchallenged,
    give,
    res,
    start,
    timeout,
    total,
)


def remove(state: dict, seat: int) -> dict:
    return act(state, None, {"type": "remove", "target": seat})


def test_a_removed_player_is_out_their_resources_go_back_and_their_identity_waits():
    state = give(start(4), 2, cash=2, evidence=1)
    before = total(state)
    state = remove(state, 2)
    assert state["out"][2] and res(state, 2) == {"cash": 0, "prestige": 0, "evidence": 0}
    assert total(state) == before and state["supply"]["cash"] == 9
    assert [e["kind"] for e in state["log"][-2:]] == ["left", "eliminated"]
    assert state["log"][-1]["heir"] == hoax.SUPPLY
    assert all("character" not in player for player in hoax.view(state, None)["players"])
    with pytest.raises(RuleError):
        remove(state, 2)


def test_the_active_players_removal_passes_the_turn_and_drops_their_claim():
    state = claim(start(4), "lover", resource="evidence")
    assert state["phase"] == "hoax_window"
    state = remove(state, 0)
    assert state["phase"] == "turn" and state["active"] == 1
    assert state["claim"] is None and state["challenge"] is None


def test_a_removed_voter_is_not_waited_for():
    state = claim(start(4), "lover", resource="evidence")
    state = act(state, 1, {"type": "hoax"})
    state = act(state, 1, {"type": "vote", "vote": "up"})
    state = act(state, 2, {"type": "vote", "vote": "up"})
    assert state["phase"] == "vote"  # seat 3 has not voted
    state = remove(state, 3)
    assert state["phase"] == "turn"  # every vote left was up: the claim went on
    assert res(state, 0)["evidence"] == 1


def test_a_removed_caller_is_not_waited_for():
    state = claim(start(3), "lover", resource="evidence")
    state = act(state, 1, {"type": "pass"})
    state = remove(state, 2)
    assert state["phase"] == "turn" and res(state, 0)["evidence"] == 1  # the claim went on


def test_a_butler_gift_to_a_removed_player_is_not_given():
    state = claim_unchallenged(start(4, immunities=False), "butler", resource="cash", target=2)
    assert state["phase"] == "butler_gift"
    state = remove(state, 2)
    assert state["phase"] == "turn" and state["active"] == 0


def test_a_removed_player_at_setup_gets_no_pick():
    state = hoax.setup(4, {"first_player": 0}, seed=7, now=0.0, content={})
    state = act(state, 0, {"type": "pick", "resource": "cash"})
    state = remove(state, 2)  # not their pick yet
    state = act(state, 1, {"type": "pick", "resource": "cash"})
    assert state["active"] == 3 and state["phase"] == "setup"
    state = remove(state, 3)  # their pick now: skipped, and the first turn begins
    assert state["phase"] == "turn" and state["active"] == 0


def test_the_last_player_left_wins_and_every_identity_shows():
    state = remove(remove(start(3), 1), 2)
    assert state["over"] and state["winner"] == 0
    shown = [player["character"] for player in hoax.view(state, None)["players"]]
    assert shown == state["characters"]


def test_removal_during_a_timer_keeps_the_timeout_working():
    state = claim(start(4), "lover", resource="evidence")
    state = remove(state, 3)
    state = timeout(state)  # the window closes with no call: the claim goes on
    assert res(state, 0)["evidence"] == 1
