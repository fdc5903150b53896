"""The scripted clients make only legal moves: whole games played through the rules modules."""

from __future__ import annotations

import asyncio
import time

import pytest

from bench.clients import GameRoom, state_version, steady
from bench.engine import game_start, game_steady, move_apply, move_pick
from bench.stats import Ledger
from games.hoax.bench import SAFE_CLAIMS as HOAX_SAFE_CLAIMS
from games.outfox.bench import fox_text as outfox_fox_text
from games.outfox.bench import move as outfox_move
from games.outfox.bench import place as outfox_place
from games.outfox.rules import answer_key


@pytest.mark.parametrize(("game", "players"), [
    ("outfox", 3), ("outfox", 6), ("hoax", 3), ("hoax", 6), ("werewolf", 12),
])
def test_scripted_moves_are_legal_from_setup_through_many_moves(game: str, players: int) -> None:
    rules, state = game_steady(game, players, seed=players)
    assert steady(game, rules.view(state, None))
    for k in range(300):
        seat, action = move_pick(rules, state, game, k)
        assert legal(rules, state, seat, action), (state["phase"], seat, action)
        state = rules.apply(state, seat, action, time.time())
        assert steady(game, rules.view(state, None)), "the stream left the measured phase"
    assert not state["over"]


def legal(rules, state: dict, seat: int, action: dict) -> bool:
    """Listed by ``legal_actions`` (a typed Fox answer: its type is listed, its text free)."""
    listed = rules.legal_actions(state, seat)
    if action["type"] == "fox":
        return any(item["type"] == "fox" for item in listed)
    return action in listed


@pytest.mark.parametrize(("game", "players", "most"), [
    ("outfox", 6, 20), ("hoax", 6, 20), ("werewolf", 12, 40),
])
def test_the_walk_to_the_steady_phase_is_legal_too(game: str, players: int, most: int) -> None:
    rules, state = game_start(game, players, seed=7)
    k = 0
    while not steady(game, rules.view(state, None)):
        try:
            seat, action = move_pick(rules, state, game, k)
        except RuntimeError:  # nothing to do but wait: the server expires the deadline
            assert state["deadline"] is not None, state["phase"]
        else:
            assert legal(rules, state, seat, action), (state["phase"], seat, action)
        state = move_apply(rules, state, game, k)
        k += 1
    assert k < most


def test_hoax_turns_claim_only_privileges_that_ask_nobody() -> None:
    rules, state = game_steady("hoax", 6)
    claims = []
    for k in range(120):
        seat, action = move_pick(rules, state, "hoax", k)
        if action["type"] == "claim":
            claims.append(action["character"])
        state = rules.apply(state, seat, action, time.time())
    assert claims and set(claims) <= set(HOAX_SAFE_CLAIMS)
    assert state["turn"]["number"] > 10


def test_outfox_place_never_puts_an_answer_where_it_already_is() -> None:
    guess = [0, 1, 2, 3, 4, 5]
    for k in range(60):
        move = outfox_place(guess, k)
        assert guess[move["slot"]] != move["answer"]


def test_outfox_fox_text_avoids_the_cards_answers() -> None:
    secret = [{"text": "Bench fox", "rank": 1}, {"text": "bench  FOX 2", "rank": 2}]
    text = outfox_fox_text(secret)
    assert answer_key(text) not in {answer_key(item["text"]) for item in secret}


def test_outfox_guessers_rank_and_readers_wait() -> None:
    rules, state = game_steady("outfox", 6)
    view = rules.view(state, state["plan"][0][0])
    assert outfox_move(view, 0) is None  # the reader watches the ranking
    guesser = next(seat for seat in range(6) if seat not in state["plan"][0])
    assert outfox_move(rules.view(state, guesser), 0)["type"] == "place"


def test_werewolf_rooms_walk_to_a_day_vote_of_twelve_living_voters() -> None:
    rules, state = game_steady("werewolf", 12)
    assert state["phase"] == "vote" and all(state["alive"])
    assert state["poll"]["voters"] == list(range(12))
    assert set(state["composition"]) == {"werewolf", "villager"}
    # The vote's timer outlasts any run: a steady stream of ballots, nobody confirming.
    assert state["deadline"] - time.time() > 1000
    for k in range(60):
        seat, action = move_pick(rules, state, "werewolf", k)
        assert action["type"] == "vote"
        state = rules.apply(state, seat, action, time.time())
    assert state["phase"] == "vote" and not any(state["poll"]["locked"])


def test_a_tick_with_nothing_to_do_counts_as_a_stall_only_when_measured() -> None:
    """Werewolf's night runs on the server's clock, so the walk to the vote has idle ticks; only
    an idle tick inside the measured window means a socket fell behind."""
    room = GameRoom(0, Ledger(), "werewolf", 12)
    room.next_move = lambda k: None
    asyncio.run(room.step(0.0, measured=False))
    assert room.stalls == 0
    asyncio.run(room.step(0.0, measured=True))
    assert room.stalls == 1


def test_a_state_frames_version_is_read_off_its_head_and_nothing_else_has_one() -> None:
    assert state_version('{"type":"state","version":42,"view":{}}') == 42
    assert state_version('{"type":"state","version":7}') == 7
    assert state_version('{"type":"tally","version":3}') is None
    assert state_version('{"type":"error","code":"flood"}') is None
