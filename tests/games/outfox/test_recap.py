"""Outfox's recap: a seeded game replayed from its log gives the awards worked out by hand,
ties shared."""

from __future__ import annotations

import copy

from games.outfox import recap, rules
from tests.support.played import Played

LOONEY = {
    "question": "Funniest Looney Tunes Characters",
    "source": "According to CBR (Comic Book Resources), 2023.",
    "answers": ["Daffy Duck", "Elmer Fudd", "Bugs Bunny", "Tazmanian Devil", "Marvin the Martian"],
    "reading_order": [3, 2, 0, 5, 1, 4],  # Bugs, Elmer, FOX, Marvin, Daffy, Taz
}
BUGS, ELMER, FOX, MARVIN, DAFFY, TAZ = range(6)  # reading positions
# Columns (answers by slot #1-#5, FOX): the Fox at #1 (Elmer, Bugs, Taz and Marvin exact),
# caught (all exact), at #4 (Daffy, Elmer and Bugs exact), caught with only Marvin right.
AT_1 = [FOX, ELMER, BUGS, TAZ, MARVIN, DAFFY]
CAUGHT = [DAFFY, ELMER, BUGS, TAZ, MARVIN, FOX]
AT_4 = [DAFFY, ELMER, BUGS, FOX, TAZ, MARVIN]
CAUGHT_WRONG = [ELMER, DAFFY, TAZ, BUGS, MARVIN, FOX]


def game(n: int) -> Played:
    cards = [{"id": 100 + i, **copy.deepcopy(LOONEY)} for i in range(20)]
    return Played(rules, n, {}, seed=11, content={"cards": cards})


def turn(played: Played, fox: str, column: list[int], picks: dict[int, int]) -> None:
    """One turn: the reader keeps the first card and writes ``fox``; the guessers place
    ``column``, agree, double down on ``picks``; the reader reveals."""
    state = played.state
    reader = state["plan"][state["turn"]][0]
    offer = rules.view(state, reader)["me"]["offer"]
    played.act(reader, {"type": "pick_card", "card": offer[0]["id"]})
    played.act(reader, {"type": "fox", "text": fox})
    played.act(reader, {"type": "start_clock"})
    guessers = [seat for seat in range(len(state["scores"]))
                if seat != reader and not state["removed"][seat]]
    for slot, answer in enumerate(column):
        played.act(guessers[0], {"type": "place", "answer": answer, "slot": slot})
    for seat in guessers:
        played.act(seat, {"type": "agree"})
    for seat in guessers:
        played.act(seat, {"type": "double_down", "answer": picks[seat]})
    while played.state["phase"] in ("reveal", "score") and not played.state["over"]:
        played.act(reader, {"type": "next"})


def test_awards_of_a_seeded_game_with_every_award_tied():
    played = game(3)
    turn(played, "Fox one", AT_1, {1: ELMER, 2: FOX})  # reader 0 fools both; 1 exact: 4 + 3
    turn(played, "Fox two", CAUGHT, {0: DAFFY, 2: BUGS})  # caught; 0 and 2 exact: 5 + 3 each
    turn(played, "Fox three", AT_1, {0: TAZ, 1: ELMER})  # reader 2 fools both; 0, 1 exact
    for _ in range(3):  # the Fox at #4: fools both, but less well; nobody exact
        reader = played.state["plan"][played.state["turn"]][0]
        turn(played, "Late fox", AT_4, {seat: TAZ for seat in range(3) if seat != reader})
    assert played.state["over"]
    result = recap.recap(played.setup, played.log)
    awards = {entry["key"]: entry for entry in result["board"]["awards"]}

    best = awards["best_fox"]
    assert best["seats"] == [0, 2]
    assert [(fox["turn"], fox["fox"], fox["fooled"], fox["slot"]) for fox in best["entries"]] == [
        (1, "Fox one", 2, 0), (3, "Fox three", 2, 0)]

    exact = awards["double_down"]
    assert exact["seats"] == [0, 1]  # two exact each; seat 2 one
    assert [(entry["turn"], entry["seat"], entry["answer"]) for entry in exact["entries"]] == [
        (1, 1, "Elmer Fudd"), (2, 0, "Daffy Duck"), (2, 2, "Bugs Bunny"),
        (3, 0, "Tazmanian Devil"), (3, 1, "Elmer Fudd")]

    jump = awards["biggest_jump"]
    assert jump["seats"] == [0, 2]
    assert [(e["turn"], e["seat"], e["points"], e["from"], e["to"]) for e in jump["entries"]] == [
        (2, 0, 8, 5, 13), (2, 2, 8, 4, 12)]

    assert result["board"]["winners"] == [0] and result["board"]["turns"] == 6
    scores = [seat["score"] for seat in result["seats"]]
    assert scores == played.state["scores"] == [31, 25, 28]
    mine = result["seats"][0]
    assert mine["place"] == 1 and mine["won"] and mine["exact"] == 2 and mine["fooled"] == 4
    assert mine["awards"] == ["best_fox", "double_down", "biggest_jump"]
    assert result["seats"][1]["awards"] == ["double_down"] and result["seats"][1]["place"] == 3


def test_a_game_of_caught_foxes_and_no_exact_double_down_gives_those_awards_to_nobody():
    played = game(2)
    for _ in range(6):
        reader = played.state["plan"][played.state["turn"]][0]
        turn(played, "Caught", CAUGHT_WRONG, {1 - reader: ELMER})  # only Marvin right: 1 point
    result = recap.recap(played.setup, played.log)
    awards = {entry["key"]: entry for entry in result["board"]["awards"]}
    assert awards["best_fox"] == {"key": "best_fox", "seats": [], "entries": []}
    assert awards["double_down"]["seats"] == []
    assert awards["biggest_jump"]["seats"] == [0, 1]  # 1 point each turn: a tie of all
    assert result["board"]["winners"] == [0, 1]


def test_a_removed_player_does_not_win_the_recap():
    """The host removed the leader: the recap's winners are the podium's, among those left."""
    played = game(3)
    turn(played, "Fox one", AT_1, {1: ELMER, 2: FOX})
    scores = played.state["scores"]
    leader = scores.index(max(scores))
    played.act(None, {"type": "remove", "target": leader})
    while not played.state["over"]:
        reader = played.state["plan"][played.state["turn"]][0]
        picks = {seat: ELMER for seat in range(3) if seat not in (reader, leader)}
        turn(played, "Caught", CAUGHT_WRONG, picks)
    assert played.state["scores"][leader] == max(played.state["scores"])
    result = recap.recap(played.setup, played.log)
    winners = rules.podium(played.state["scores"], played.state["removed"])["winners"]
    assert result["board"]["winners"] == winners and leader not in winners
    assert not result["seats"][leader]["won"]
