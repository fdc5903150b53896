"""The rules modules' shared helpers: the state copy, the deadline check, the move table, the
setup from a saved setup and the replay."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.kit.rules import (
    ACTIVE_SEAT,
    ANY_SEAT,
    HOST,
    NO_TARGET,
    SYSTEM,
    Move,
    MoveTable,
    RuleError,
    Seats,
    choice,
    deadline_require,
    integer,
    presence_move,
    remove_move,
    replay,
    replay_end,
    seat_of,
    setup_saved,
    state_copy,
    text,
)


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


# --- the move table ------------------------------------------------------------------------------


def _played(state: dict, seat: Any, action: dict, now: float) -> None:
    state["played"].append([seat, action["type"]])


def _table() -> MoveTable:
    """A small game: anyone says hello in the lobby, the active seat bids a number at the
    auction, a seat marked as the judge rules, the host ends the auction."""
    judge = Seats(lambda state, seat: seat == state["judge"], "Only the judge rules.")
    return MoveTable(
        [
            Move("hello", ANY_SEAT, ("lobby",), _played, {"name": text(10)},
                 wrong_phase="Hello is for the lobby."),
            Move("bid", ACTIVE_SEAT, ("auction",), _played, {"amount": integer(1, 9)}),
            Move("bid", ANY_SEAT, ("lobby",), _played, {"amount": integer(1, 9)}),
            Move("rule", judge, ("auction",), _played,
                 {"verdict": choice("yes", "no", refusal="Yes or no."),
                  "target": seat_of("nobody", required=False)}),
            Move("pass", ACTIVE_SEAT, ("auction",), _played, {"target": NO_TARGET}),
            Move("timeout", SYSTEM, None, _played),
            Move("end", HOST, ("auction",), _played),
            presence_move(),
        ],
        present=Seats(lambda state, seat: not state["gone"][seat], "You have left."),
    )


def _state(**changes: Any) -> dict:
    return {"phase": "auction", "active": 0, "judge": 1, "over": False, "gone": [False] * 3,
            "connected": [True] * 3, "played": [], **changes}


def _refused(state: dict, seat: Any, action: Any, code: str, now: Any = 1.0) -> RuleError:
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as refusal:
        _table().play(state, seat, action, now)
    assert refusal.value.code == code, refusal.value
    assert state == before
    return refusal.value


def test_a_move_table_plays_a_line_for_its_sender_and_phase():
    table, state = _table(), _state()
    table.play(state, 0, {"type": "bid", "amount": 3}, 1.0)
    table.play(state, 1, {"type": "rule", "verdict": "no"}, 1.0)
    table.play(state, 1, {"type": "rule", "verdict": "no", "target": "nobody"}, 1.0)
    table.play(state, 0, {"type": "pass", "target": None}, 1.0)
    table.play(state, None, {"type": "end"}, 1.0)
    lobby = _state(phase="lobby")
    table.play(lobby, 2, {"type": "bid", "amount": 9}, 1.0)  # another line: anyone bids there
    assert state["played"] == [[0, "bid"], [1, "rule"], [1, "rule"], [0, "pass"], [None, "end"]]
    assert lobby["played"] == [[2, "bid"]]


def test_a_move_table_refuses_in_one_order_with_each_lines_own_words():
    state = _state()
    _refused(state, 0, {"type": "dance"}, "bad_action")
    _refused(state, 0, "bid", "bad_action")
    _refused(state, 0, {"type": "timeout"}, "bad_action")  # the system's, from a phone
    _refused(state, None, {"type": "bid", "amount": 3}, "bad_action")  # a phone's, from the system
    for seat in (-1, 3, True, "0", 1.0):
        _refused(state, seat, {"type": "bid", "amount": 3}, "bad_action")
    _refused(_state(over=True), 0, {"type": "bid", "amount": 3}, "wrong_phase")
    _refused(_state(over=True), None, {"type": "timeout"}, "wrong_phase")
    missing = _refused(state, 0, {"type": "bid"}, "bad_action")
    assert missing.params == {"field": "amount"}
    for amount in (0, 10, True, 2.0, "3", None):
        _refused(state, 0, {"type": "bid", "amount": amount}, "bad_action")
    assert _refused(state, 1, {"type": "rule", "verdict": True}, "bad_action").message == (
        "Yes or no.")
    for target in (3, -1, True, "somebody"):
        _refused(state, 1, {"type": "rule", "verdict": "yes", "target": target}, "bad_action")
    _refused(state, 0, {"type": "pass", "target": 1}, "bad_action")
    _refused(state, 0, {"type": "hello", "name": "x" * 11}, "bad_action")
    assert _refused(_state(gone=[True, False, False]), 0, {"type": "bid", "amount": 3},
                    "not_your_turn").message == "You have left."
    assert _refused(state, 0, {"type": "hello", "name": "Ann"}, "wrong_phase").message == (
        "Hello is for the lobby.")
    assert _refused(state, 1, {"type": "bid", "amount": 3}, "not_your_turn").message == (
        "It is not your turn.")
    assert _refused(state, 0, {"type": "rule", "verdict": "no"}, "not_your_turn").message == (
        "Only the judge rules.")
    _refused(state, 0, {"type": "bid", "amount": 3}, "bad_action", now=True)


def test_presence_is_the_same_in_every_game_and_goes_on_after_the_end():
    table, state = _table(), _state(over=True)
    table.play(state, None, {"type": "presence", "seat": 2, "connected": False}, 1.0)
    assert state["connected"] == [True, True, False]
    _refused(state, None, {"type": "presence", "seat": 2, "connected": "no"}, "bad_action")
    _refused(state, None, {"type": "presence", "seat": 5, "connected": True}, "bad_seat")


def test_a_handler_gets_and_the_log_keeps_only_the_declared_fields():
    seen = []
    table = MoveTable([
        Move("rule", ANY_SEAT, None, lambda state, seat, action, now: seen.append(action),
             {"verdict": choice("yes", "no"), "target": seat_of(required=False)},
             more_fields=lambda action: {"why": text(20)} if action["verdict"] == "no" else {}),
        presence_move(),
    ])
    sent = {"type": "rule", "verdict": "no", "why": "late", "junk": "x" * 3900, "seat": 1}
    table.play(_state(), 0, sent, 1.0)
    table.play(_state(), 0, {"type": "rule", "verdict": "yes", "why": "kept?"}, 1.0)
    assert seen == [{"type": "rule", "verdict": "no", "why": "late"},
                    {"type": "rule", "verdict": "yes"}]
    assert table.declared(0, sent) == seen[0]
    presence = {"type": "presence", "seat": 2, "connected": False, "junk": 1}
    assert table.declared(None, presence) == {"type": "presence", "seat": 2, "connected": False}


def test_a_move_table_names_its_moves_the_hosts_and_those_open_to_a_seat():
    table = _table()
    assert list(table) == ["hello", "bid", "rule", "pass"]
    assert table.host_types() == ("end",)
    assert table.open_types(_state(), 0) == {"bid", "pass"}
    assert table.open_types(_state(), 1) == {"rule"}
    assert table.open_types(_state(phase="lobby"), 1) == {"hello", "bid"}
    assert table.open_types(_state(gone=[True, False, False]), 0) == set()
    assert table.open_types(_state(over=True), 0) == set()


# --- a game set up again from its saved setup, and replayed ------------------------------------


class _Counter:
    """A game whose state counts the moves and the seconds paused."""

    @staticmethod
    def options_clean(raw: dict) -> dict:
        return {"step": raw.get("step", 1)}

    @staticmethod
    def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
        return {"seed": seed, "n": n_players, "count": 0, "step": options["step"],
                "deadline": now + 10, "content": content, "keys": {1: "one"}}

    @staticmethod
    def apply(state: dict, seat: Any, action: dict, now: float) -> dict:
        return {**state, "count": state["count"] + state["step"], "last": [seat, now]}


SAVED = {"n_players": 3, "options": {"step": 2}, "seed": 5, "now": 100.0, "content": {"a": 1}}


def test_a_game_is_set_up_again_from_its_saved_setup_with_its_options_cleaned():
    state = setup_saved(_Counter, {**SAVED, "options": {}})
    assert state["step"] == 1 and state["n"] == 3 and state["content"] == {"a": 1}


def test_a_replay_goes_through_every_logged_move_as_stored_resumes_included():
    log = [{"seat": 0, "payload": {"type": "go"}, "applied_at": 101.0},
           {"seat": None, "payload": {"type": "resume", "paused": 30.0}, "applied_at": 150.0},
           {"seat": 2, "payload": {"type": "go"}, "applied_at": 151.0}]
    moves = list(replay(_Counter, SAVED, log))
    assert [(seat, action["type"]) for _before, seat, action, _after in moves] == [
        (0, "go"), (None, "resume"), (2, "go")]
    end = replay_end(_Counter, SAVED, log)
    assert end == moves[-1][3]
    assert end["count"] == 4 and end["deadline"] == 140.0 and end["last"] == [2, 151.0]
    assert end["keys"] == {"1": "one"}  # as the live game stored it: string keys
    assert replay_end(_Counter, SAVED, [])["count"] == 0


def test_the_kits_remove_is_a_host_move_with_a_default_the_rules_may_override():
    """``remove_move``: a HOST line of the table (the host menu offers it from there). Its
    default treats the player as a phone gone for good and tells the game (``after``); a game's
    own handler replaces it."""
    told = []
    table = MoveTable([remove_move(after=lambda state, seat, now: told.append((seat, now))),
                       presence_move()])
    assert table.host_types() == ("remove",)
    state = {"connected": [True, True, True], "over": False, "phase": "any"}
    table.play(state, None, {"type": "remove", "target": 1}, 5.0)
    assert state["connected"] == [True, False, True] and told == [(1, 5.0)]
    for target in (3, -1, True, "1", None):
        with pytest.raises(RuleError) as refused:
            table.play(state, None, {"type": "remove", "target": target}, 6.0)
        assert refused.value.code == "bad_seat"
    with pytest.raises(RuleError):  # the host's, never a phone's
        table.play(state, 0, {"type": "remove", "target": 1}, 6.0)
    own = MoveTable([remove_move(lambda state, host, action, now: state.update(gone=True))])
    mine = {"connected": [True, True], "over": False, "phase": "any"}
    own.play(mine, None, {"type": "remove", "target": 0}, 1.0)
    assert mine == {"connected": [True, True], "over": False, "phase": "any", "gone": True}
