"""Hoax's audience (pure): believe or hoax on each called claim, and the verdict beside it."""

from __future__ import annotations

from games.hoax import audience
from games.hoax import rules as hoax
from tests.games.hoax.test_rules import act, claim, start


def board(state: dict) -> dict:
    return hoax.view(state, None)


def called(state: dict, caller: int = 1) -> dict:
    state = act(state, caller, {"type": "hoax"})
    assert state["phase"] == "vote"
    return state


def test_a_claim_nobody_called_opens_no_ballot():
    state = claim(start(immunities=False), "lover", resource="prestige")
    assert state["phase"] == "hoax_window"
    assert audience.ballot(board(state)) is None


def test_a_called_claim_opens_a_ballot_believe_or_hoax_with_the_claim():
    state = called(claim(start(immunities=False), "lover", resource="prestige"))
    ballot = audience.ballot(board(state))
    assert ballot["claim"] == {"seat": 0, "character": "lover"}
    assert [choice["value"] for choice in ballot["questions"][0]["choices"]] == ["up", "down"]
    assert audience.result(board(state), ballot["key"]) is None  # the players still vote


def test_a_lie_voted_down_shows_the_verdict_and_the_truth():
    state = called(claim(start(immunities=False), "lover", resource="prestige"))
    key = audience.ballot(board(state))["key"]
    for seat in list(state["challenge"]["voters"]):
        state = act(state, seat, {"type": "vote", "vote": "down"})
    assert audience.ballot(board(state)) is None
    assert audience.result(board(state), key) == {
        "claim": {"seat": 0, "character": "lover"}, "players": "down", "truth": "lie"}


def test_a_believed_claim_keeps_its_truth_secret():
    state = claim(start(immunities=False), "lover", resource="prestige")
    state = act(state, 1, {"type": "hoax"})
    key = audience.ballot(board(state))["key"]
    for seat in list(state["challenge"]["voters"]):
        state = act(state, seat, {"type": "vote", "vote": "up"})
    assert audience.result(board(state), key) == {
        "claim": {"seat": 0, "character": "lover"}, "players": "up", "truth": None}


def test_a_truthful_claim_voted_down_shows_the_truth():
    state = claim(start(immunities=False), "ex", option="supply", resource="cash")  # seat 0: Ex
    state = called(state)
    key = audience.ballot(board(state))["key"]
    for seat in list(state["challenge"]["voters"]):
        state = act(state, seat, {"type": "vote", "vote": "down"})
    assert audience.result(board(state), key)["truth"] == "true"


def test_each_call_has_its_own_ballot():
    state = called(claim(start(immunities=False), "lover", resource="prestige"))
    first = audience.ballot(board(state))["key"]
    for seat in list(state["challenge"]["voters"]):
        state = act(state, seat, {"type": "vote", "vote": "down"})
    state = act(state, 0, {"type": "end_turn"})
    state = called(claim(state, "cousin", resource="cash"), caller=2)
    second = audience.ballot(board(state))["key"]
    assert second != first
    assert audience.result(board(state), "nonsense") is None
