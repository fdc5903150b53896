"""Hoax's recap: a seeded game replayed from its log gives the awards and the timeline worked
out by hand (who really was who at each claim), ties shared."""

from __future__ import annotations

from games.hoax import recap, rules
from tests.support.played import Played

SIMPLE = ("lover", "cousin", "ex", "chef", "gardener", "son_in_law", "butler")


def game() -> Played:
    played = Played(rules, 4, {"first_player": 0, "immunities": False}, seed=3)
    for seat in range(4):
        played.act(seat, {"type": "pick", "resource": "cash"})
    return played


def claim(played: Played, character: str) -> None:
    seat = played.state["active"]
    action = next(a for a in rules.legal_actions(played.state, seat)
                  if a["type"] == "claim" and a["character"] == character)
    played.act(seat, action)


def lie(played: Played) -> str:
    """A character the active player does not hold."""
    return next(c for c in SIMPLE if c != played.state["characters"][played.state["active"]])


def challenge(played: Played, caller: int | None, vote: str = "up") -> None:
    """Everyone lets the claim pass, or ``caller`` calls and every voter votes ``vote``."""
    if caller is None:
        for seat in played.state["challenge"]["callers"]:
            played.act(seat, {"type": "pass"})
    else:
        played.act(caller, {"type": "hoax"})
        for seat in list(played.state["challenge"]["voters"]):
            played.act(seat, {"type": "vote", "vote": vote})
    if played.state["phase"] == "butler_gift":
        played.act(played.state["gift"]["seat"], {"type": "pick", "resource": "prestige"})


def end_turn(played: Played) -> None:
    played.act(played.state["active"], {"type": "end_turn"})


def test_awards_and_timeline_of_a_seeded_game_with_ties():
    played = game()
    truth = list(played.state["characters"])
    claimed = []
    for seat, caller, vote, honest in [
        (0, None, "up", False),  # a lie nobody calls: it stands
        (1, 2, "down", False),  # a lie called by 2 and voted down: caught
        (2, 3, "up", False),  # a lie called by 3 but believed: it stands
        (3, 0, "up", True),  # the truth, called by 0 (wrong), believed
        (0, 1, "down", True),  # the truth, called by 1 (wrong), voted down: 0 wins
    ]:
        assert played.state["active"] == seat
        character = truth[seat] if honest else lie(played)
        claimed.append(character)
        claim(played, character)
        challenge(played, caller, vote)
        if not played.state["over"]:
            end_turn(played)
    assert played.state["over"] and played.state["winner"] == 0

    result = recap.recap(played.setup, played.log)
    board = result["board"]
    assert [(c["seat"], c["character"], c["truth"], c["true"], c["caller"], c["outcome"])
            for c in board["timeline"]] == [
        (0, claimed[0], truth[0], False, None, "stood"),
        (1, claimed[1], truth[1], False, 2, "caught"),
        (2, claimed[2], truth[2], False, 3, "stood"),
        (3, truth[3], truth[3], True, 0, "stood"),
        (0, truth[0], truth[0], True, 1, "proved"),
    ]
    # Everyone but the claimant votes, in seat order from the claimant's left.
    assert board["timeline"][1]["votes"] == [[2, "down"], [3, "down"], [0, "down"]]
    awards = {entry["key"]: entry for entry in board["awards"]}
    assert awards["best_bluffer"]["seats"] == [0, 2]
    assert awards["best_bluffer"]["counts"] == [1, 0, 1, 0]
    assert awards["sharpest_caller"]["seats"] == [2, 3]
    assert board["winner"] == 0

    seats = result["seats"]
    assert [s["character"] for s in seats] == truth
    assert seats[0] == {
        "seat": 0, "character": truth[0], "won": True, "out": False, "claims": 2, "lies": 1,
        "bluffs": 1, "caught": 0, "calls_right": 0, "calls_wrong": 1,
        "votes": 3, "votes_right": 2, "awards": ["best_bluffer"],
    }
    assert seats[1]["caught"] == 1 and seats[1]["calls_wrong"] == 1 and seats[1]["awards"] == []
    assert seats[2]["awards"] == ["best_bluffer", "sharpest_caller"]


def test_a_game_without_lies_or_calls_gives_those_awards_to_nobody():
    played = game()
    claim(played, played.state["characters"][0])
    challenge(played, 1, "down")  # the truth voted down: the game ends at once
    result = recap.recap(played.setup, played.log)
    awards = {entry["key"]: entry for entry in result["board"]["awards"]}
    assert awards["best_bluffer"]["seats"] == [] and awards["sharpest_caller"]["seats"] == []
    assert [c["outcome"] for c in result["board"]["timeline"]] == ["proved"]
