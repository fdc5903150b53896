"""Outfox: the host removes a player who left. They are skipped as reader and guesser from then
on (the rules page, games/outfox/docs.md, "A player who leaves"), and the game replays."""

from __future__ import annotations

import json

from games.outfox import rules as outfox
from tests.games.outfox.test_rules import (
    DAFFY,
    EXAMPLE_GUESS,
    NOW,
    act,
    all_agree,
    column,
    guessers,
    new_game,
    readers,
    refused,
    to_rank,
    to_read,
)


def remove(state: dict, seat: int) -> dict:
    return act(state, None, {"type": "remove", "target": seat})


def test_a_removed_player_never_reads_again_and_a_pair_reads_alone():
    state = new_game(6)  # 6 players: each reads once, paired with the previous seat
    assert state["plan"][3] == [3, 2] and state["plan"][4] == [4, 3]
    state = remove(state, 3)
    assert state["removed"][3] and not state["connected"][3]
    assert state["plan"] == [[0, 5], [1, 0], [2, 1], [2, None], [4, None], [5, 4]]
    assert 3 not in outfox.view(state, None)["guessers"]
    assert outfox.view(state, None)["removed"] == [3]
    assert outfox.legal_actions(state, 3) == []


def test_turns_a_removed_player_reads_alone_are_dropped():
    state = new_game(3)  # 3 players read twice each, alone
    assert state["plan"] == [[0, None], [1, None], [2, None]] * 2
    state = remove(state, 2)
    assert state["plan"] == [[0, None], [1, None], [0, None], [1, None]]


def test_the_sole_reader_removed_before_the_guessing_skips_the_turn():
    state = to_read(new_game(3))
    reader = readers(state)[0]
    state = remove(state, reader)
    assert state["turn"] == 1 and state["phase"] == "draw"
    assert state["history"][-1]["skipped"]
    assert reader not in readers(state)


def test_a_guesser_removed_during_the_ranking_is_no_longer_waited_for():
    state = to_rank(new_game(4))
    first, second, third = [s for s in range(4) if s not in readers(state)]
    state = column(state, [0, 1, 2, 3, 4, 5])
    state = act(state, first, {"type": "agree"})
    state = act(state, second, {"type": "agree"})
    assert state["phase"] == "rank"  # the third guesser's phone is gone
    state = remove(state, third)
    assert state["phase"] == "double_down"
    assert third not in outfox.view(state, None)["guessers"]


def test_a_removed_guesser_scores_nothing_more():
    state = to_rank(new_game(3))
    state = remove(state, 1)
    assert not state["over"] and outfox.view(state, None)["guessers"] == [2]
    for slot, answer in enumerate(EXAMPLE_GUESS):  # 4 right: every guesser would earn 4
        state = act(state, 2, {"type": "place", "answer": answer, "slot": slot})
    state = act(state, 2, {"type": "agree"})
    state = act(state, 2, {"type": "double_down", "answer": DAFFY})
    while state["phase"] == "reveal":
        state = act(state, 0, {"type": "next"})
    assert state["history"][-1]["points"] == [4, 0, 7]
    assert state["scores"] == [4, 0, 7]


def test_a_removed_player_keeps_their_place_on_the_track_but_cannot_win():
    podium = outfox.podium([5, 9, 3], [False, True, False])
    assert podium["winners"] == [0] and podium["standings"] == [0, 2, 1]
    assert podium["scores"] == [5, 9, 3]


def test_the_game_ends_when_fewer_than_two_players_are_left():
    state = new_game(2)
    state = remove(state, 1)
    assert state["over"] and state["phase"] == "over"
    podium = outfox.view(state, None)["podium"]
    assert podium["winners"] == [0]
    refused("wrong_phase", state, None, {"type": "remove", "target": 0})


def test_a_removed_sole_reader_after_the_guessing_lets_the_turn_play_out():
    state = to_rank(new_game(3, reveal_pace="manual"))  # the reader would tap "next"
    reader = readers(state)[0]
    state = all_agree(column(state, [0, 1, 2, 3, 4, 5]))
    assert state["phase"] == "double_down"
    state = remove(state, reader)
    for seat in guessers(state):
        answer = 0 if state["guess"][outfox.FOX_SLOT] != 0 else 1
        state = act(state, seat, {"type": "double_down", "answer": answer})
    assert state["phase"] == "reveal" and state["deadline"] is not None  # it reveals on its own
    while state["phase"] == "reveal":
        state = act(state, None, {"type": "timeout"}, state["deadline"])
    assert state["history"][-1]["points"][reader] == 0


def test_removal_is_refused_twice_and_for_no_seat():
    state = new_game(4)
    refused("bad_seat", state, None, {"type": "remove", "target": 9})
    refused("bad_seat", state, None, {"type": "remove", "target": True})
    state = remove(state, 2)
    refused("illegal", state, None, {"type": "remove", "target": 2})
    refused("not_your_turn", state, 2, {"type": "agree"})


def test_removal_leaves_the_state_json_and_untouched():
    state = new_game(5)
    before = json.dumps(state, sort_keys=True)
    after = remove(state, 1)
    assert json.dumps(state, sort_keys=True) == before
    assert json.loads(json.dumps(after)) == after
    assert NOW  # the clock the removal ran on
