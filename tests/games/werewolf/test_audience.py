"""Werewolf's audience (pure): who it suspects each day, and what is public after the vote."""

from __future__ import annotations

from games.werewolf import audience, rules
from tests.games.werewolf.test_rules import (
    NO_MAYOR,
    act,
    begin,
    game,
    night_with,
    timeout,
    to_phase,
)

CARDS = ["villager", "werewolf", "villager", "villager", "werewolf", "villager", "villager"]


def board(state: dict) -> dict:
    return rules.view(state, None)


def test_no_ballot_at_night_and_one_per_day_among_the_living():
    state = begin(game(CARDS, options=NO_MAYOR))
    assert audience.ballot(board(state)) is None  # night 1
    state = to_phase(night_with(state, 0), "talk")  # seat 0 died in the night
    ballot = audience.ballot(board(state))
    assert ballot["key"] == "d1"
    assert [choice["value"] for choice in ballot["questions"][0]["choices"]] == [1, 2, 3, 4, 5, 6]
    state = act(state, None, "talk_end")
    assert state["phase"] == "vote" and audience.ballot(board(state))["key"] == "d1"


def test_after_the_execution_the_dead_and_their_shown_cards_are_the_result():
    state = to_phase(night_with(begin(game(CARDS, options=NO_MAYOR)), 0), "talk")
    assert audience.result(board(state), "d1") is None  # still talking
    state = act(state, None, "talk_end")
    for voter in (2, 3, 5, 6):
        state = act(state, voter, "vote", 1)
    state = timeout(state)
    assert state["phase"] == "execution"
    assert audience.ballot(board(state)) is None
    result = audience.result(board(state), "d1")
    assert 1 in result["dead"] and 0 in result["dead"]
    assert result["cards"].get("1") in (None, "werewolf")  # only what the game has shown
    for seat, card in result["cards"].items():
        assert board(state)["players"][int(seat)]["card"] == card
    assert audience.result(board(state), "d2") is None


def test_the_ballot_holds_no_card_of_the_living():
    state = to_phase(night_with(begin(game(CARDS, options=NO_MAYOR)), 0), "talk")
    assert "werewolf" not in repr(audience.ballot(board(state)))
