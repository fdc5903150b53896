"""Outfox's audience (pure): which answer is the Fox and which is #1, and the truth once scored."""

from __future__ import annotations

from games.outfox import audience
from games.outfox import rules as outfox
from tests.games.outfox.test_rules import (
    DAFFY,
    EXAMPLE_GUESS,
    FOX,
    act,
    all_agree,
    column,
    new_game,
    to_rank,
    to_read,
)


def board(state: dict) -> dict:
    return outfox.view(state, None)


def test_no_ballot_before_the_answers_are_read():
    state = new_game(3)
    assert audience.ballot(board(state)) is None  # draw: no answers on the board yet


def test_the_ballot_opens_when_the_answers_are_on_the_board_and_asks_fox_and_top():
    state = to_read(new_game(3))
    ballot = audience.ballot(board(state))
    assert ballot["key"] == "t1"
    assert [question["name"] for question in ballot["questions"]] == ["fox", "top"]
    labels = [choice["label"] for choice in ballot["questions"][0]["choices"]]
    assert labels == board(state)["answers"]
    assert audience.ballot(board(to_rank(new_game(3))))["key"] == "t1"


def test_the_ballot_closes_at_the_reveal_and_the_truth_shows_only_once_scored():
    state = all_agree(column(to_rank(new_game(3)), EXAMPLE_GUESS))
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, 2, {"type": "double_down", "answer": FOX})
    assert state["phase"] == "reveal"
    assert audience.ballot(board(state)) is None
    for _ in range(5):
        state = act(state, 0, {"type": "next"})
        assert audience.result(board(state), "t1") is None  # mid-reveal: not the players' result
    state = act(state, 0, {"type": "next"})
    assert state["phase"] == "score"
    assert audience.result(board(state), "t1") == {"fox": FOX, "top": DAFFY}
    assert audience.result(board(state), "t2") is None

