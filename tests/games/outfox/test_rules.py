"""Outfox the Fox rules: the rulebook's example, scoring, the turn plan, the Fox, the GUESS column,
timers and presence, random whole games, replay, secrets in the views, and malformed actions."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.kit.rules import RuleError
from games.outfox import rules as outfox
from tests.support.played import fixed_parts_hold

NOW = 1_000.0
LOONEY = {
    "question": "Funniest Looney Tunes Characters",
    "source": "According to CBR (Comic Book Resources), 2023.",
    "answers": ["Daffy Duck", "Elmer Fudd", "Bugs Bunny", "Tazmanian Devil", "Marvin the Martian"],
    "reading_order": [3, 2, 0, 5, 1, 4],  # Bugs, Elmer, FOX, Marvin, Daffy, Taz
}
# Reading positions of the Looney card.
BUGS, ELMER, FOX, MARVIN, DAFFY, TAZ = range(6)


# --- helpers ---------------------------------------------------------------------------------


def looney_deck(count: int) -> list[dict]:
    """``count`` copies of the Looney card with distinct ids, so any pick is the example card."""
    return [{"id": 100 + i, **copy.deepcopy(LOONEY)} for i in range(count)]


def random_deck(count: int, generator: random.Random) -> list[dict]:
    """Distinct cards with distinct answers and a random reading order each."""
    cards = []
    for i in range(count):
        order = [0, 1, 2, 3, 4, 5]
        generator.shuffle(order)
        cards.append(
            {
                "id": 500 + i,
                "question": f"Question {i}",
                "source": f"Source {i}",
                "answers": [f"Answer {i}-{rank}" for rank in range(1, 6)],
                "reading_order": order,
            }
        )
    return cards


def new_game(n: int = 3, cards: list[dict] | None = None, seed: int = 7, **options) -> dict:
    plan = outfox.turn_plan(n, options.get("first_reader", 0))
    cards = looney_deck(len(plan) + 2) if cards is None else cards
    return outfox.setup(n, options, seed, NOW, {"cards": cards})


def act(state: dict, seat: int | None, action: dict, now: float = NOW) -> dict:
    return outfox.apply(state, seat, action, now)


def readers(state: dict) -> list[int]:
    reader, partner = state["plan"][state["turn"]]
    return [reader] if partner is None else [reader, partner]


def guessers(state: dict) -> list[int]:
    return [s for s in range(len(state["scores"])) if s not in readers(state)]


def to_read(state: dict, fox: str = "Wile E. Coyote") -> dict:
    """Draw (first offered card) and set the Fox."""
    reader = readers(state)[0]
    offer = outfox.view(state, reader)["me"]["offer"]
    state = act(state, reader, {"type": "pick_card", "card": offer[0]["id"]})
    state = act(state, reader, {"type": "fox", "text": fox})
    if state["phase"] == "fox":  # pair mode: the partner approves
        state = act(state, readers(state)[1], {"type": "approve_fox"})
    return state


def to_rank(state: dict, fox: str = "Wile E. Coyote") -> dict:
    state = to_read(state, fox)
    return act(state, readers(state)[0], {"type": "start_clock"})


def column(state: dict, guess: list[int]) -> dict:
    """The first guesser places the six answers: ``guess[slot] = answer``."""
    seat = guessers(state)[0]
    for slot, answer in enumerate(guess):
        state = act(state, seat, {"type": "place", "answer": answer, "slot": slot})
    assert state["guess"] == guess
    return state


def all_agree(state: dict) -> dict:
    for seat in guessers(state):
        state = act(state, seat, {"type": "agree"})
    return state


def refused(code: str, state: dict, seat: int | None, action, now: float = NOW) -> RuleError:
    with pytest.raises(RuleError) as caught:
        outfox.apply(state, seat, action, now)
    assert caught.value.code == code, caught.value
    return caught.value


# --- the rulebook's worked example ---------------------------------------------------------

EXAMPLE_GUESS = [DAFFY, ELMER, FOX, TAZ, MARVIN, BUGS]  # Fox in the #2-#3 zone, Bugs caught as Fox


def test_worked_example_looney_tunes():
    state = to_rank(new_game(3))
    assert outfox.view(state, None)["answers"] == [
        "Bugs Bunny",
        "Elmer Fudd",
        "Wile E. Coyote",
        "Marvin the Martian",
        "Daffy Duck",
        "Tazmanian Devil",
    ]
    state = all_agree(column(state, EXAMPLE_GUESS))
    assert state["phase"] == "double_down"
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, 2, {"type": "double_down", "answer": FOX})  # a Fox is never exact
    assert state["phase"] == "reveal"
    for _ in range(6):
        state = act(state, 0, {"type": "next"})
    assert state["phase"] == "score"
    assert state["scores"] == [4, 4 + 3, 4]
    entry = state["history"][-1]
    assert entry["fox_slot"] == 2 and entry["correct"] == 4 and entry["double_downs"] == [1]
    assert entry["points"] == [4, 7, 4] and entry["fox"] == "Wile E. Coyote"
    revealed = outfox.view(state, None)["revealed"]
    assert [(r["rank"], r["answer"], r["correct"]) for r in revealed] == [
        (1, DAFFY, True),
        (2, ELMER, True),
        (3, BUGS, False),
        (4, TAZ, True),
        (5, MARVIN, True),
        (0, FOX, False),  # the Fox was not caught
    ]
    assert revealed[0]["double_downs"] == [1]
    assert [p["turn_points"] for p in outfox.view(state, None)["players"]] == [4, 7, 4]


# --- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize("fox_slot, points", [(0, 5), (1, 4), (2, 4), (3, 3), (4, 3), (5, 0)])
def test_reader_points_by_fox_placement(fox_slot, points):
    guess = [DAFFY, ELMER, BUGS, TAZ, MARVIN]
    guess.insert(fox_slot, FOX)
    result = outfox.turn_score(LOONEY["reading_order"], guess, [None, None, None], [0])
    assert result["fox_slot"] == fox_slot
    assert result["points"][0] == points


def test_reader_pair_both_score_the_fox():
    guess = [FOX, DAFFY, ELMER, BUGS, TAZ, MARVIN]
    result = outfox.turn_score(LOONEY["reading_order"], guess, [None] * 5, [2, 1])
    assert result["points"][1] == result["points"][2] == 5
    assert result["points"][0] == result["points"][3] == result["correct"]


ZONES = {0: {1}, 1: {2, 3}, 2: {2, 3}, 3: {4, 5}, 4: {4, 5}, 5: set()}


@pytest.mark.parametrize("slot", range(6))
@pytest.mark.parametrize("rank", range(6))
def test_zone_rule_for_every_slot(slot, rank):
    assert outfox.slot_correct(slot, rank) is (rank in ZONES[slot])


def test_zones_count_swapped_pairs_but_not_across_zones():
    order = LOONEY["reading_order"]
    # #2/#3 swapped (Bugs real 3 at #2, Elmer real 2 at #3) and #4/#5 swapped: all five correct.
    guess = [DAFFY, BUGS, ELMER, MARVIN, TAZ, FOX]
    assert outfox.turn_score(order, guess, [None, None], [0])["correct"] == 5
    # Elmer (real 2) at #1 and Daffy (real 1) at #2; Taz (real 4) at #3 and Bugs (real 3) at #4.
    guess = [ELMER, DAFFY, TAZ, BUGS, MARVIN, FOX]
    assert outfox.turn_score(order, guess, [None, None], [0])["correct"] == 1  # only Marvin


def test_double_down_pays_only_exact_rank():
    order = LOONEY["reading_order"]
    guess = [DAFFY, BUGS, ELMER, TAZ, MARVIN, FOX]  # Bugs (3) at #2: correct by zone, not exact
    picks = [None, BUGS, TAZ, DAFFY, ELMER, None]
    result = outfox.turn_score(order, guess, picks, [0])
    assert result["correct"] == 5
    assert result["double_downs"] == [2, 3]
    assert result["points"] == [0, 5, 8, 8, 5, 5]  # seat 5 did not pick: no bonus


def test_track_square_and_lap_never_wrap_the_score():
    state = new_game(2)
    state["scores"] = [45, 39]
    players = outfox.view(state, None)["players"]
    assert (players[0]["score"], players[0]["square"], players[0]["lap"]) == (45, 5, 1)
    assert (players[1]["score"], players[1]["square"], players[1]["lap"]) == (39, 39, 0)


def test_podium_ties_share_the_win():
    assert outfox.podium([3, 7, 7, 1]) == {
        "scores": [3, 7, 7, 1],
        "winners": [1, 2],
        "standings": [1, 2, 0, 3],
    }


# --- the turn plan -------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(2, 11))
@pytest.mark.parametrize("first", [0, 1])
def test_turn_plan_for_every_player_count(n, first):
    plan = outfox.turn_plan(n, first)
    expected_turns = {2: 6, 3: 6, 4: 8}.get(n, n)
    assert len(plan) == expected_turns
    assert [reader for reader, _ in plan] == [(first + t) % n for t in range(expected_turns)]
    reads = [sum(1 for reader, _ in plan if reader == seat) for seat in range(n)]
    if n <= 4:
        assert all(partner is None for _, partner in plan)
        assert reads == [3 if n == 2 else 2] * n
    else:
        assert all(partner == (reader - 1) % n for reader, partner in plan)
        members = [sum(seat in pair for pair in plan) for seat in range(n)]
        assert reads == [1] * n and members == [2] * n  # each is in two reading pairs


def test_turn_plan_is_played_and_guessers_are_everyone_else():
    state = new_game(6, first_reader=3)
    view = outfox.view(state, None)
    assert (view["reader"], view["partner"], view["guessers"]) == (3, 2, [0, 1, 4, 5])
    assert view["turns"] == 6 and view["turn"] == 1


def test_the_board_is_told_the_cards_language_for_its_voice():
    cards = [{**card, "language": "es"} for card in looney_deck(8)]
    state = new_game(3, cards=cards)
    state = act(state, 0, {"type": "pick_card", "card": state["cards"][state["offer"][0]]["id"]})
    state = act(state, 0, {"type": "fox", "text": "Road Runner"})
    assert outfox.view(state, None)["card"]["language"] == "es"
    assert outfox.view(state, 0)["me"]["card"]["language"] == "es"
    unknown = new_game(3)  # a card from before cards carried their language
    assert unknown["cards"][0]["language"] == ""


@pytest.mark.parametrize("n", [3, 6])
def test_every_view_names_next_turns_readers_from_the_plan(n):
    """Screens say who reads next from the view, not from a copy of the rotation."""
    state = new_game(n, first_reader=1)
    for turn in range(len(state["plan"])):
        state = {**state, "turn": turn}
        expected = state["plan"][turn + 1] if turn + 1 < len(state["plan"]) else None
        assert outfox.view(state, None)["next_readers"] == expected
        assert outfox.view(state, 0)["next_readers"] == expected


# --- draw ----------------------------------------------------------------------------------


def test_draw_shows_three_fronts_to_the_reader_only_and_unpicked_go_back():
    state = new_game(3, cards=random_deck(8, random.Random(1)))
    offer = outfox.view(state, 0)["me"]["offer"]
    assert len(offer) == 3 and all(set(card) == {"id", "question", "source"} for card in offer)
    assert outfox.view(state, 1)["me"]["offer"] is None
    assert outfox.view(state, None)["card"] is None
    pile_before = list(state["pile"])
    state = act(state, 0, {"type": "pick_card", "card": offer[1]["id"]})
    ids = {state["cards"][i]["id"]: i for i in range(len(state["cards"]))}
    assert state["cards"][state["card"]]["id"] == offer[1]["id"]
    assert sorted(state["pile"]) == sorted(pile_before + [ids[offer[0]["id"]], ids[offer[2]["id"]]])
    assert state["card"] not in state["pile"] and state["phase"] == "fox"


def test_a_kept_card_is_never_drawn_again():
    for seed in range(30):
        state = new_game(4, cards=random_deck(10, random.Random(seed)), seed=seed)
        kept: list[int] = []
        while not state["over"]:
            reader = readers(state)[0]
            offered = [card["id"] for card in outfox.view(state, reader)["me"]["offer"]]
            assert len(offered) == len(set(offered)) == 3
            assert not set(offered) & set(kept)
            state = act(state, reader, {"type": "pick_card", "card": offered[-1]})
            kept.append(offered[-1])
            assert len(state["pile"]) + len(kept) == 10
            state = act(state, None, {"type": "presence", "seat": reader, "connected": False})
            state = act(state, None, {"type": "timeout"}, state["deadline"])  # skip the turn
            state = act(state, None, {"type": "presence", "seat": reader, "connected": True})
        assert len(kept) == 8 == len(set(kept))


def test_pick_card_must_be_one_of_the_three():
    state = new_game(3)
    offered = {card["id"] for card in outfox.view(state, 0)["me"]["offer"]}
    other = next(card["id"] for card in state["cards"] if card["id"] not in offered)
    refused("illegal", state, 0, {"type": "pick_card", "card": other})
    refused("not_your_turn", state, 1, {"type": "pick_card", "card": min(offered)})


# --- the Fox -------------------------------------------------------------------------------


def at_fox(n: int = 3) -> dict:
    state = new_game(n)
    return act(state, 0, {"type": "pick_card", "card": outfox.legal_actions(state, 0)[0]["card"]})


@pytest.mark.parametrize("text", ["", "   ", "\n\t "])
def test_fox_refused_when_empty(text):
    error = refused("illegal", at_fox(), 0, {"type": "fox", "text": text})
    assert error.message == "Type a Fox answer first."


def test_fox_refused_when_too_long():
    state = at_fox()
    error = refused("illegal", state, 0, {"type": "fox", "text": "x" * 61})
    assert error.params == {"max": 60}
    state = act(state, 0, {"type": "fox", "text": "  " + "x" * 60 + "  "})
    assert state["fox"] == "x" * 60 and state["phase"] == "read"


@pytest.mark.parametrize(
    "text, answer",
    [
        ("Daffy Duck", "Daffy Duck"),
        ("dAFFY dUCK", "Daffy Duck"),
        ("Dáffy Dück", "Daffy Duck"),
        ("Daffy-Duck!", "Daffy Duck"),
        ("The Daffy Duck", "Daffy Duck"),
        ("  the  elmer   FUDD. ", "Elmer Fudd"),
        ("Marvin, the Martian", "Marvin the Martian"),
        ("Tazmanian Dévil?", "Tazmanian Devil"),
    ],
)
def test_fox_refused_when_a_real_answer(text, answer):
    error = refused("illegal", at_fox(), 0, {"type": "fox", "text": text})
    assert error.params == {"answer": answer}
    assert "already a real answer" in error.message


def at_fox_with(language: str, answer: str) -> dict:
    """At the Fox, the card in ``language`` with ``answer`` as its #3."""
    state = at_fox()
    card = state["cards"][state["card"]]
    card["language"] = language
    card["answers"][2] = answer
    return state


@pytest.mark.parametrize(
    "language, answer, text",
    [
        ("es", "Los Beatles", "Beatles"),
        ("es", "Beatles", "los beatles"),
        ("es", "The Beatles", "Los Beatles"),
        ("es", "La Rioja", "rioja"),
        ("fr", "Les Rita Mitsouko", "Rita Mitsouko"),
        ("fr", "L’Oréal", "oreal"),
        ("fr", "Une vie", "Vie"),
        ("en", "A Bug's Life", "Bugs Life"),
        ("en", "An Education", "education"),
    ],
)
def test_fox_refused_when_a_real_answer_but_for_an_article_of_the_cards_language(
    language, answer, text
):
    error = refused("illegal", at_fox_with(language, answer), 0, {"type": "fox", "text": text})
    assert error.params == {"answer": answer}


@pytest.mark.parametrize(
    "language, answer, text",
    [
        ("id", "Si Kancil", "Kancil"),  # "si", "sang" make a name a title: kept
        ("id", "Sang Saka", "Saka"),
        ("es", "A Coruña", "Coruña"),  # "a" is English's article, not Spanish's
        ("fr", "À bout de souffle", "Bout de souffle"),
        ("fr", "Thé vert", "Vert"),  # "thé" is not "the"
        ("en", "Los Beatles", "Beatles"),  # Spanish articles on a Spanish card only
        ("en", "La La Land", "La Land"),
        ("fr", "La", "Le"),  # an article alone is an answer (the note La), not nothing
    ],
)
def test_fox_taken_when_what_it_drops_is_no_article_of_the_cards_language(
    language, answer, text
):
    state = act(at_fox_with(language, answer), 0, {"type": "fox", "text": text})
    assert state["fox"] == text


def test_fox_messages_are_distinct_and_a_near_miss_is_fine():
    state = at_fox()
    messages = {
        refused("illegal", state, 0, {"type": "fox", "text": text}).message
        for text in ["", "y" * 61, "Bugs Bunny"]
    }
    assert len(messages) == 3
    for text in ["Theodore Duck", "Daffy Ducks", "Bugs"]:
        assert act(state, 0, {"type": "fox", "text": text})["fox"] == text
    assert act(state, 0, {"type": "fox", "text": " Wile  E.\tCoyote "})["fox"] == "Wile E. Coyote"


def test_pair_mode_propose_approve_reject():
    state = new_game(5)  # turn 1: reader 0 with partner 4
    assert readers(state) == [0, 4]
    offer = outfox.view(state, 4)["me"]["offer"]
    assert offer == outfox.view(state, 0)["me"]["offer"]
    state = act(state, 4, {"type": "pick_card", "card": offer[2]["id"]})  # either member picks
    assert outfox.view(state, 0)["me"]["card"]["id"] == offer[2]["id"]
    state = act(state, 0, {"type": "fox", "text": "Road Runner"})
    assert state["phase"] == "fox"
    assert outfox.view(state, 4)["me"]["proposal"] == {"by": 0, "text": "Road Runner"}
    assert outfox.view(state, None)["me"] is None and "Road Runner" not in json.dumps(
        outfox.view(state, 1)
    )
    refused("not_your_turn", state, 0, {"type": "approve_fox"})
    refused("not_your_turn", state, 1, {"type": "approve_fox"})
    state = act(state, 4, {"type": "reject_fox"})
    assert state["proposal"] is None
    refused("illegal", state, 0, {"type": "approve_fox"})
    state = act(state, 4, {"type": "fox", "text": "Pepe Le Pew"})  # the partner proposes another
    state = act(state, 0, {"type": "approve_fox"})
    assert state["fox"] == "Pepe Le Pew" and state["phase"] == "read"


def test_pair_mode_partner_who_is_gone_keeps_their_say_until_the_absence_deadline():
    state = at_fox(5)
    state = act(state, None, {"type": "presence", "seat": 4, "connected": False})
    state = act(state, 0, {"type": "fox", "text": "Road Runner"})
    assert state["phase"] == "fox" and state["fox"] is None  # nothing decided for the partner
    assert state["absent"] and state["deadline"] == NOW + outfox.ABSENT_SECONDS
    back = act(state, None, {"type": "presence", "seat": 4, "connected": True})
    assert back["deadline"] is None and not back["absent"]
    back = act(back, 4, {"type": "reject_fox"})  # the partner still has their say
    assert back["fox"] is None and back["proposal"] is None
    timed_out = act(state, None, {"type": "timeout"}, state["deadline"])
    assert timed_out["phase"] == "read" and timed_out["fox"] == "Road Runner"  # the default


def test_pair_mode_proposer_is_told_of_a_rejection():
    state = at_fox(5)
    state = act(state, 0, {"type": "fox", "text": "Road Runner"})
    assert outfox.view(state, 0)["me"]["rejected_by"] is None
    state = act(state, 4, {"type": "reject_fox"})
    assert outfox.view(state, 0)["me"]["rejected_by"] == 4
    assert outfox.view(state, 4)["me"]["rejected_by"] == 4
    assert "rejected_by" not in outfox.view(state, None)
    assert outfox.view(state, 1)["me"]["rejected_by"] is None  # a guesser learns nothing
    state = act(state, 4, {"type": "fox", "text": "Wile E. Coyote"})
    assert outfox.view(state, 0)["me"]["rejected_by"] is None


# --- read aloud ----------------------------------------------------------------------------


def test_read_phase_starts_by_tap_or_by_itself():
    state = to_read(new_game(3))
    assert state["phase"] == "read" and state["deadline"] == NOW + 30
    refused("not_due", state, None, {"type": "timeout"}, NOW + 29)
    refused("not_your_turn", state, 1, {"type": "start_clock"})
    by_time = act(state, None, {"type": "timeout"}, NOW + 30)
    assert by_time["phase"] == "rank" and by_time["deadline"] == NOW + 30 + 120
    by_tap = act(state, 0, {"type": "start_clock"}, NOW + 5)
    assert by_tap["phase"] == "rank" and by_tap["deadline"] == NOW + 5 + 120

    manual = to_read(new_game(3, read_seconds=0, rank_seconds=0))
    assert manual["deadline"] is None
    manual = act(manual, 0, {"type": "start_clock"})
    assert manual["phase"] == "rank" and manual["deadline"] is None


# --- debate and rank -----------------------------------------------------------------------


def test_swap_semantics():
    state = to_rank(new_game(4))
    seat = 1
    state = act(state, seat, {"type": "place", "answer": BUGS, "slot": 0})
    assert state["guess"] == [BUGS, None, None, None, None, None]
    # From the pool onto a filled slot: the occupant goes back to the pool.
    state = act(state, seat, {"type": "place", "answer": DAFFY, "slot": 0})
    assert state["guess"] == [DAFFY, None, None, None, None, None]
    assert outfox.view(state, None)["unplaced"] == [BUGS, ELMER, FOX, MARVIN, TAZ]
    # From a slot onto an empty slot: the origin empties.
    state = act(state, 2, {"type": "place", "answer": DAFFY, "slot": 5})
    assert state["guess"] == [None, None, None, None, None, DAFFY]
    state = act(state, 3, {"type": "place", "answer": ELMER, "slot": 1})
    # From a slot onto a filled slot: the two swap.
    state = act(state, 1, {"type": "place", "answer": ELMER, "slot": 5})
    assert state["guess"] == [None, DAFFY, None, None, None, ELMER]
    # Taking an answer back out.
    state = act(state, 2, {"type": "unplace", "answer": DAFFY})
    assert state["guess"] == [None, None, None, None, None, ELMER]
    refused("illegal", state, 2, {"type": "unplace", "answer": DAFFY})
    error = refused("illegal", state, 2, {"type": "place", "answer": ELMER, "slot": 5})
    assert error.params == {"slot": "FOX"}
    state = act(state, 2, {"type": "place", "answer": TAZ, "slot": 3})
    error = refused("illegal", state, 2, {"type": "place", "answer": TAZ, "slot": 3})
    assert error.params == {"slot": "#4"}
    # The reader watches.
    refused("not_your_turn", state, 0, {"type": "place", "answer": BUGS, "slot": 0})
    refused("not_your_turn", state, 0, {"type": "unplace", "answer": TAZ})
    refused("not_your_turn", state, 0, {"type": "agree"})


def test_any_move_clears_all_agreements():
    state = column(to_rank(new_game(4)), EXAMPLE_GUESS)
    refused("illegal", to_rank(new_game(4)), 1, {"type": "agree"})  # not full
    state = act(state, 1, {"type": "agree"})
    state = act(state, 2, {"type": "agree"})
    assert state["agreed"] == [1, 2] and outfox.view(state, None)["agreed"] == [1, 2]
    refused("illegal", state, 1, {"type": "agree"})  # already
    swapped = act(state, 3, {"type": "place", "answer": DAFFY, "slot": 1})
    assert swapped["agreed"] == [] and swapped["guess"][:2] == [ELMER, DAFFY]
    taken = act(state, 1, {"type": "unplace", "answer": BUGS})
    assert taken["agreed"] == []
    # Agreeing on a column the guesser no longer sees is refused.
    refused("illegal", swapped, 1, {"type": "agree", "guess": EXAMPLE_GUESS})
    again = act(swapped, 1, {"type": "agree", "guess": swapped["guess"]})
    assert again["agreed"] == [1]


def test_lock_when_every_guesser_agrees():
    state = column(to_rank(new_game(4)), EXAMPLE_GUESS)
    state = act(state, 1, {"type": "agree"})
    state = act(state, 2, {"type": "agree"})
    assert state["phase"] == "rank"
    state = act(state, 3, {"type": "agree"}, NOW + 7)
    assert state["phase"] == "double_down" and state["deadline"] == NOW + 7 + 20
    assert state["guess"] == EXAMPLE_GUESS


def test_a_guesser_who_is_gone_keeps_their_say_until_the_timer():
    state = column(to_rank(new_game(4)), EXAMPLE_GUESS)
    state = act(state, 1, {"type": "agree"})
    state = act(state, 2, {"type": "agree"})
    state = act(state, None, {"type": "presence", "seat": 3, "connected": False})
    assert state["phase"] == "rank" and state["agreed"] == [1, 2]  # no agreement made for 3
    # The screens' "Agreed: 2 of 3" counts the guessers the lock waits on, the gone one too.
    board = outfox.view(state, None)
    assert (board["agreed"], board["guessers"]) == ([1, 2], [1, 2, 3])
    back = act(state, None, {"type": "presence", "seat": 3, "connected": True})
    back = act(back, 3, {"type": "agree"})
    assert back["phase"] == "double_down" and back["guess"] == EXAMPLE_GUESS
    timed_out = act(state, None, {"type": "timeout"}, state["deadline"])
    assert timed_out["phase"] == "double_down" and timed_out["guess"] == EXAMPLE_GUESS
    # A reader leaving changes nothing; an incomplete column never locks.
    partial = act(to_rank(new_game(4)), 1, {"type": "place", "answer": BUGS, "slot": 0})
    partial = act(partial, None, {"type": "presence", "seat": 2, "connected": False})
    partial = act(partial, None, {"type": "presence", "seat": 3, "connected": False})
    assert partial["phase"] == "rank"


def test_timer_end_locks_half_column_and_fills_in_reading_order_once():
    state = to_rank(new_game(3))
    deadline = state["deadline"]
    seat = 1
    state = act(state, seat, {"type": "place", "answer": DAFFY, "slot": 0})
    state = act(state, seat, {"type": "place", "answer": ELMER, "slot": 2})
    state = act(state, seat, {"type": "place", "answer": TAZ, "slot": 5})
    refused("not_due", state, None, {"type": "timeout"}, deadline - 0.5)
    locked = act(state, None, {"type": "timeout"}, deadline)
    # Unplaced in reading order (Bugs, Fox, Marvin) fill the empty slots #2, #4, #5.
    assert locked["guess"] == [DAFFY, BUGS, ELMER, FOX, MARVIN, TAZ]
    assert locked["phase"] == "double_down"
    refused("not_due", locked, None, {"type": "timeout"}, deadline)
    refused("wrong_phase", locked, seat, {"type": "place", "answer": BUGS, "slot": 0})


def test_no_rank_timer_means_no_deadline():
    state = to_rank(new_game(3, rank_seconds=0))
    assert state["deadline"] is None
    refused("not_due", state, None, {"type": "timeout"}, NOW + 10_000)


# --- double down ---------------------------------------------------------------------------


def test_double_down_private_changeable_and_ends_when_all_picked():
    state = all_agree(column(to_rank(new_game(4)), EXAMPLE_GUESS))
    refused("illegal", state, 1, {"type": "double_down", "answer": BUGS})  # in the FOX slot
    refused("not_your_turn", state, 0, {"type": "double_down", "answer": DAFFY})
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, 1, {"type": "double_down", "answer": ELMER})  # changed
    assert outfox.view(state, 1)["me"]["double_down"] == ELMER
    assert outfox.view(state, 2)["me"]["double_down"] is None
    assert outfox.view(state, None)["picked"] == [1]
    assert outfox.view(state, None)["double_downs"] is None
    state = act(state, 2, {"type": "double_down", "answer": TAZ})
    assert state["phase"] == "double_down"
    gone = act(state, None, {"type": "presence", "seat": 3, "connected": False})
    assert gone["phase"] == "double_down"  # seat 3 may still pick until the timer ends
    timed_out = act(gone, None, {"type": "timeout"}, gone["deadline"])
    assert outfox.view(timed_out, None)["double_downs"] == [None, ELMER, TAZ, None]
    state = act(state, 3, {"type": "double_down", "answer": ELMER})
    assert state["phase"] == "reveal"  # every guesser has picked
    assert outfox.view(state, None)["double_downs"] == [None, ELMER, TAZ, ELMER]


def test_double_down_deadline_no_pick_no_bonus():
    state = all_agree(column(to_rank(new_game(3, reveal_pace="manual")), EXAMPLE_GUESS))
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, None, {"type": "timeout"}, state["deadline"])
    assert state["phase"] == "reveal" and state["deadline"] is None
    for _ in range(6):
        state = act(state, 0, {"type": "next"})
    assert state["history"][-1]["points"] == [4, 7, 4]


# --- reveal and the next turn --------------------------------------------------------------


def test_reveal_manual_pace_shows_only_what_is_revealed():
    state = all_agree(column(to_rank(new_game(3, reveal_pace="manual")), EXAMPLE_GUESS))
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, 2, {"type": "double_down", "answer": TAZ})
    refused("not_your_turn", state, 1, {"type": "next"})
    for step in range(1, 6):
        state = act(state, 0, {"type": "next"})
        board = outfox.view(state, None)
        assert board["phase"] == "reveal" and len(board["revealed"]) == step
        assert board["result"] is None and all(p["turn_points"] is None for p in board["players"])
        assert state["scores"] == [0, 0, 0]
    state = act(state, 0, {"type": "next"})
    board = outfox.view(state, None)
    assert board["phase"] == "score" and board["revealed"][-1]["rank"] == 0
    assert board["result"]["points"] == [4, 7, 7] and state["deadline"] is None
    state = act(state, 0, {"type": "next"})
    assert state["phase"] == "draw" and outfox.view(state, None)["reader"] == 1


def test_reveal_auto_pace_deadlines():
    state = all_agree(column(to_rank(new_game(3, reveal_seconds=2)), EXAMPLE_GUESS))
    state = act(state, 1, {"type": "double_down", "answer": DAFFY})
    state = act(state, 2, {"type": "double_down", "answer": DAFFY})
    # The reader may go faster than the pace: "next" shows the next answer at once, and the
    # following one comes after the full pace again.
    assert {"type": "next"} in outfox.legal_actions(state, 0)
    faster = act(state, 0, {"type": "next"}, NOW + 0.5)
    assert faster["step"] == 1 and faster["deadline"] == NOW + 0.5 + 2
    refused("not_your_turn", state, 1, {"type": "next"})
    now = NOW
    for step in range(1, 7):
        assert state["deadline"] == now + 2 and outfox.view(state, None)["timer"] == "reveal"
        now = state["deadline"]
        state = act(state, None, {"type": "timeout"}, now)
        assert state["step"] == step
    assert state["phase"] == "score" and state["deadline"] == now + outfox.SCORE_SECONDS
    state = act(state, None, {"type": "timeout"}, state["deadline"])
    assert state["phase"] == "draw" and state["turn"] == 1


def test_game_ends_with_podium():
    state = new_game(2)
    while not state["over"]:
        state = to_rank(state)
        state = all_agree(column(state, EXAMPLE_GUESS))
        state = act(state, None, {"type": "timeout"}, state["deadline"])
        while state["phase"] in ("reveal", "score"):
            state = act(state, readers(state)[0], {"type": "next"})
    assert len(state["history"]) == 6
    board = outfox.view(state, None)
    # Each reads 3 times (4 each) and guesses 3 times (4 each): 24 each, a shared win.
    assert board["podium"] == {"scores": [24, 24], "winners": [0, 1], "standings": [0, 1]}
    assert board["phase"] == "over" and state["deadline"] is None
    assert outfox.legal_actions(state, 0) == [] and outfox.legal_actions(state, 1) == []
    refused("wrong_phase", state, 0, {"type": "next"})
    refused("wrong_phase", state, None, {"type": "timeout"}, NOW + 10**6)


def test_a_shorter_game_ends_after_the_turn_someone_reaches_the_target():
    state = new_game(2, target_score=15)
    turns = 0
    while not state["over"]:
        state = to_rank(state)
        state = all_agree(column(state, EXAMPLE_GUESS))
        state = act(state, None, {"type": "timeout"}, state["deadline"])
        while state["phase"] == "reveal":
            state = act(state, readers(state)[0], {"type": "next"})
        turns += 1
        reached = max(state["scores"]) >= 15
        assert (outfox.view(state, None)["next_readers"] is None) == (reached or turns == 6)
        state = act(state, readers(state)[0], {"type": "next"})
    # 8 points a turn between two players (as in the full game above): 16 after four turns.
    assert len(state["history"]) == 4 and state["scores"] == [16, 16]
    assert outfox.view(state, None)["podium"]["winners"] == [0, 1]
    assert outfox.view(state, 0)["options"]["target_score"] == 15


@pytest.mark.parametrize("target", [5, 61, True, "20"])
def test_a_target_score_outside_its_range_is_refused(target):
    with pytest.raises(RuleError):
        outfox.options_clean({"target_score": target})


# --- absent phones -------------------------------------------------------------------------


def test_absent_reader_gets_a_grace_timer_then_the_turn_is_skipped():
    state = new_game(3, cards=random_deck(8, random.Random(3)))
    pile = sorted(state["pile"] + state["offer"])
    state = act(state, None, {"type": "presence", "seat": 0, "connected": False})
    assert state["deadline"] == NOW + outfox.ABSENT_SECONDS
    assert outfox.view(state, None)["timer"] == "absent"
    back = act(state, None, {"type": "presence", "seat": 0, "connected": True})
    assert back["deadline"] is None and outfox.view(back, None)["timer"] is None
    skipped = act(state, None, {"type": "timeout"}, state["deadline"])
    entry = skipped["history"][-1]
    assert entry["skipped"] and entry["card"] is None and entry["points"] == [0, 0, 0]
    assert skipped["phase"] == "draw" and readers(skipped) == [1]
    assert sorted(skipped["pile"] + skipped["offer"]) == pile  # the three went back


def test_absent_guessers_without_rank_timer_still_lock():
    state = to_rank(new_game(3, rank_seconds=0))
    state = act(state, None, {"type": "presence", "seat": 1, "connected": False})
    # Every guesser must agree, so one gone is enough to start the absence clock.
    assert state["deadline"] == NOW + outfox.ABSENT_SECONDS and state["absent"]
    back = act(state, None, {"type": "presence", "seat": 1, "connected": True})
    assert back["deadline"] is None and not back["absent"]
    state = act(state, None, {"type": "presence", "seat": 2, "connected": False})
    assert state["deadline"] == NOW + outfox.ABSENT_SECONDS
    state = act(state, None, {"type": "timeout"}, state["deadline"])
    assert state["phase"] == "double_down" and None not in state["guess"]


# --- options and setup ---------------------------------------------------------------------


def test_options_defaults_and_unknown_keys_ignored():
    assert outfox.options_clean({"deck": [1, 2], "speech": False}) == {
        "decks": [],
        "language": "",
        "family_only": False,
        "rank_seconds": 120,
        "double_down_seconds": 20,
        "reveal_pace": "auto",
        "reveal_seconds": 3,
        "read_seconds": 30,
        "speech": False,
        "target_score": 0,
        "first_reader": 0,
    }
    assert outfox.options_clean({"rank_seconds": 0})["rank_seconds"] == 0


@pytest.mark.parametrize(
    "raw",
    [
        {"rank_seconds": 59},
        {"rank_seconds": 301},
        {"rank_seconds": "120"},
        {"rank_seconds": True},
        {"double_down_seconds": 4},
        {"double_down_seconds": 121},
        {"reveal_pace": "fast"},
        {"reveal_seconds": 0},
        {"reveal_seconds": 16},
        {"read_seconds": -1},
        {"read_seconds": 121},
        {"read_seconds": 2.5},
        {"speech": "yes"},
        {"first_reader": -1},
        {"first_reader": 10},
        {"decks": "cats"},
        {"decks": ["cats", "cats"]},
        {"family_only": 1},
    ],
)
def test_options_bad_values(raw):
    with pytest.raises(RuleError):
        outfox.options_clean(raw)


def test_setup_checks():
    cards = looney_deck(8)
    with pytest.raises(RuleError):
        outfox.setup(1, {}, 1, NOW, {"cards": cards})
    with pytest.raises(RuleError):
        outfox.setup(11, {}, 1, NOW, {"cards": looney_deck(20)})
    with pytest.raises(RuleError):
        outfox.setup(3, {"first_reader": 3}, 1, NOW, {"cards": cards})
    with pytest.raises(RuleError) as caught:
        outfox.setup(3, {}, 1, NOW, {"cards": looney_deck(7)})  # 6 turns need 8 cards
    assert caught.value.params == {"needed": 8, "have": 7}
    state = outfox.setup(3, {}, 1, NOW, {"cards": cards})
    for key in ("seed", "rng_draws", "phase", "deadline", "connected", "over"):
        assert key in state
    assert state["connected"] == [True] * 3 and state["over"] is False
    assert json.loads(json.dumps(state)) == state


# --- malformed actions ---------------------------------------------------------------------


def test_malformed_actions_are_bad_action():
    draw = new_game(3)
    rank = to_rank(new_game(3))
    cases = [
        (draw, 0, "pick_card"),
        (draw, 0, {}),
        (draw, 0, {"type": 5}),
        (draw, 0, {"type": "cheat"}),
        (draw, 0, {"type": "pick_card"}),
        (draw, 0, {"type": "pick_card", "card": "100"}),
        (draw, 0, {"type": "pick_card", "card": True}),
        (draw, 0, {"type": "pick_card", "card": 100.0}),
        (at_fox(), 0, {"type": "fox"}),
        (at_fox(), 0, {"type": "fox", "text": 5}),
        (at_fox(), 0, {"type": "fox", "text": ["Road Runner"]}),
        (at_fox(), 0, {"type": "fox", "text": "x" * 5000}),
        (rank, 1, {"type": "place", "answer": 0}),
        (rank, 1, {"type": "place", "slot": 0}),
        (rank, 1, {"type": "place", "answer": 6, "slot": 0}),
        (rank, 1, {"type": "place", "answer": 0, "slot": -1}),
        (rank, 1, {"type": "place", "answer": "0", "slot": 0}),
        (rank, 1, {"type": "place", "answer": True, "slot": 0}),
        (rank, 1, {"type": "place", "answer": None, "slot": 0}),
        (rank, 1, {"type": "unplace", "answer": 9}),
        (rank, 1, {"type": "agree", "guess": "all"}),
        (rank, 1, {"type": "agree", "guess": [0, 1, 2]}),
        (rank, 1, {"type": "double_down", "answer": 1.5}),
        (rank, "1", {"type": "agree"}),
        (rank, 7, {"type": "agree"}),
        (rank, None, {"type": "agree"}),
        (rank, 1, {"type": "timeout"}),
        (rank, 1, {"type": "presence", "seat": 1, "connected": False}),
    ]
    for state, seat, action in cases:
        refused("bad_action", state, seat, action)


def test_wrong_phase_and_not_your_turn():
    draw = new_game(3)
    refused("wrong_phase", draw, 1, {"type": "place", "answer": 0, "slot": 0})
    refused("wrong_phase", draw, 0, {"type": "start_clock"})
    refused("wrong_phase", draw, 0, {"type": "next"})
    refused("not_your_turn", to_read(new_game(3)), 2, {"type": "start_clock"})
    refused("not_your_turn", at_fox(), 1, {"type": "fox", "text": "Road Runner"})


# --- random whole games --------------------------------------------------------------------

WEIGHTS = {"fill": 3.0, "place": 1.0, "unplace": 0.3, "agree": 10.0}


def move_kind(state: dict, action: dict) -> str:
    """The driver's move classes: a place into an empty slot ("fill") is likelier than a swap."""
    if action["type"] == "place" and state["guess"][action["slot"]] is None:
        return "fill"
    return action["type"]


def random_options(generator: random.Random, n: int) -> dict:
    return {
        "rank_seconds": generator.choice([0, 60, 120]),
        "double_down_seconds": generator.choice([5, 20]),
        "reveal_pace": generator.choice(["auto", "manual"]),
        "reveal_seconds": generator.choice([1, 3]),
        "read_seconds": generator.choice([0, 30]),
        "speech": generator.random() < 0.5,
        "first_reader": generator.randrange(n),
    }


def random_game(n: int, seed: int, check=None) -> tuple[dict, list, dict]:
    """Play a whole game with random legal moves, timeouts and phones coming and going."""
    generator = random.Random(seed * 31 + n)
    options = random_options(generator, n)
    turns = len(outfox.turn_plan(n, options["first_reader"]))
    cards = random_deck(turns + 2 + generator.randrange(4), generator)
    args = {
        "n_players": n,
        "options": options,
        "seed": seed,
        "now": NOW,
        "content": {"cards": cards},
    }
    state = outfox.setup(**args)
    now, log = NOW, []
    for _ in range(20_000):
        assert state["phase"] in outfox.PHASES, state["phase"]
        if state["over"]:
            break
        choices = [
            (seat, action)
            for seat in range(n)
            if state["connected"][seat]
            for action in outfox.legal_actions(state, seat)
        ]
        roll = generator.random()
        if roll < 0.03:
            seat = generator.randrange(n)
            actor = None
            action = {"type": "presence", "seat": seat, "connected": not state["connected"][seat]}
        elif choices and (state["deadline"] is None or roll < 0.8):
            kinds = sorted({move_kind(state, action) for _, action in choices})
            kind = generator.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]
            actor, action = generator.choice([c for c in choices if move_kind(state, c[1]) == kind])
            now += generator.uniform(0, 2)
            if state["deadline"] is not None:
                now = min(now, state["deadline"])
        else:
            assert state["deadline"] is not None, f"stuck in {state['phase']}"
            now = max(now, state["deadline"])
            actor, action = None, {"type": "timeout"}
        before = json.dumps(state, sort_keys=True)
        new = outfox.apply(state, actor, action, now)
        assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
        assert json.loads(json.dumps(new)) == new, "state is not plain JSON"
        for seat in range(n):
            assert new["scores"][seat] == sum(entry["points"][seat] for entry in new["history"])
        if check:
            check(new)
        log.append((actor, action, now))
        state = new
    assert state["over"], "the game did not end"
    return state, log, args


@pytest.mark.parametrize("n", range(2, 11))
def test_random_games_never_stuck_and_scores_add_up(n):
    for seed in range(200 // 9 + 1):
        state, _log, _args = random_game(n, seed)
        assert len(state["history"]) == len(state["plan"])
        assert state["phase"] == "over" and state["deadline"] is None
        kept = [entry["card"] for entry in state["history"] if entry["card"] is not None]
        assert len(kept) == len(set(kept))
        for seat in range(n + 1):
            viewer = None if seat == n else seat
            json.dumps(outfox.view(state, viewer))
        podium = outfox.view(state, None)["podium"]
        assert podium["winners"] and all(
            state["scores"][w] == max(state["scores"]) for w in podium["winners"]
        )


@pytest.mark.parametrize("n", [2, 6, 10])
def test_the_fixed_parts_of_the_state_never_change_and_follow_from_the_setup(n):
    """The cards and options are stored once per game, not with every move (games.rooms.fixedparts):
    no move may change them."""
    for seed in range(3):
        _state, log, args = random_game(n, seed)
        assert fixed_parts_hold(outfox, args, log) > 20
    assert outfox.FIXED == ("cards", "options")


@pytest.mark.parametrize("n", [3, 7])
def test_each_phones_view_lists_its_legal_actions_and_each_applies(n):
    """``me.actions`` is ``legal_actions`` (one source), as in Hoax: a client needs no copy of
    the rules to know what it may send; every action listed is accepted."""
    seen = set()

    def check(state):
        for seat in range(n):
            actions = outfox.view(state, seat)["me"]["actions"]
            assert actions == outfox.legal_actions(state, seat)
            for action in actions:
                outfox.apply(state, seat, action, NOW)  # raises if refused
                seen.add(action["type"])
        assert outfox.view(state, None)["me"] is None  # the board has no actions

    for seed in range(2):
        random_game(n, seed, check)
    # A full column (random play seldom fills one before the timer): the guessers may agree.
    state = column(to_rank(new_game(n)), [0, 1, 2, 3, 4, 5])
    check(state)
    assert {"type": "agree"} in outfox.view(state, guessers(state)[0])["me"]["actions"]
    assert {"pick_card", "fox", "start_clock", "place", "unplace", "agree", "double_down",
            "next"} <= seen


@pytest.mark.parametrize("n", [3, 6, 10])
def test_every_screens_view_at_once_is_each_screens_own_view(n):
    """``views`` builds the board once for all screens: no screen's view leaks into another's."""

    def check(state):
        viewers = [None, *range(n)]
        together = outfox.views(state, viewers)
        assert together == [outfox.view(state, viewer) for viewer in viewers]
        assert [v["me"] for v in together[1:]] == [
            outfox.views(state, [seat])[0]["me"] for seat in range(n)
        ]

    for seed in range(3):
        random_game(n, seed, check)
    with pytest.raises(RuleError):
        outfox.views(random_game(n, 0)[0], [None, n])


@pytest.mark.parametrize("n", [2, 5, 10])
def test_replay_is_deterministic(n):
    for seed in range(5):
        final, log, args = random_game(n, seed)
        state = outfox.setup(**args)
        for seat, action, now in log:
            state = outfox.apply(state, seat, action, now)
        assert state == final
        assert outfox.setup(**args) == outfox.setup(**args)


# --- secrets in the views ------------------------------------------------------------------

PRE_REVEAL = ("draw", "fox", "read", "rank", "double_down")


def disguised(state: dict, generator: random.Random) -> dict:
    """The same table as seen from outside (same six texts on screen, same column, same revealed
    steps) but a different card underneath: the Fox elsewhere, the unrevealed ranks reshuffled,
    other offered cards, other Double Down picks. A public view must not tell the two apart."""
    other = copy.deepcopy(state)
    for index in other["offer"]:
        other["cards"][index]["question"] = f"Other question {generator.random()}"
        other["cards"][index]["id"] = 10_000 + index
    if other["card"] is None:
        return other
    card = other["cards"][other["card"]]
    order = card["reading_order"]
    texts = [other["fox"] if rank == 0 else card["answers"][rank - 1] for rank in order]
    fixed = [1, 2, 3, 4, 5, 0][: other["step"]] if other["phase"] == "reveal" else []
    free_positions = [p for p in range(6) if order[p] not in fixed]
    free_ranks = [order[p] for p in free_positions]
    fox_before = order.index(0) if 0 in free_ranks else None
    for _ in range(20):  # prefer moving the Fox
        generator.shuffle(free_ranks)
        moved = dict(zip(free_positions, free_ranks, strict=True))
        if fox_before is None or moved[fox_before] != 0:
            break
    new_order = [moved.get(p, order[p]) for p in range(6)]
    answers = [""] * 5
    for position, rank in enumerate(new_order):
        if rank == 0:
            other["fox"] = texts[position]
        else:
            answers[rank - 1] = texts[position]
    card["reading_order"], card["answers"] = new_order, answers
    return other


def picks_shuffled(state: dict, keep: int, generator: random.Random) -> dict:
    """Other guessers' Double Down picks changed (who has picked stays the same)."""
    other = copy.deepcopy(state)
    choices = [a for a in range(6) if a != other["guess"][5]]
    for seat, pick in enumerate(other["double_downs"]):
        if seat != keep and pick is not None:
            other["double_downs"][seat] = generator.choice(choices)
    return other


def secrets_check(state: dict, generator: random.Random) -> None:
    public_phase = state["phase"] in PRE_REVEAL or (
        state["phase"] == "reveal" and state["step"] < 6
    )
    if not public_phase:
        return
    outsiders = [None, *guessers(state)]
    for _ in range(1 if state["phase"] == "rank" else 2):
        other = disguised(state, generator)
        if state["phase"] in ("read", "rank", "double_down") and state["fox"] is not None:
            assert other["card"] is not None
        for viewer in outsiders:
            assert outfox.view(state, viewer) == outfox.view(other, viewer), (
                state["phase"],
                viewer,
            )
    if state["phase"] in PRE_REVEAL:
        for viewer in outsiders:
            shuffled = picks_shuffled(state, viewer if viewer is not None else -1, generator)
            assert outfox.view(state, viewer) == outfox.view(shuffled, viewer)
    for viewer in outsiders:
        board = outfox.view(state, viewer)
        if board["card"] is not None:
            assert set(board["card"]) == {"question", "source", "language"}


@pytest.mark.parametrize("n", range(2, 11))
def test_views_keep_secrets_through_whole_games(n):
    generator = random.Random(n)
    for seed in range(2):
        random_game(n, 1000 + seed, check=lambda state: secrets_check(state, generator))


def test_disguise_really_moves_the_fox():
    """The secrets test is only worth something if the disguise changes the hidden facts."""
    state = to_rank(new_game(3))
    other = disguised(state, random.Random(0))
    assert other["cards"][other["card"]]["reading_order"].index(0) != FOX
    assert outfox.view(other, None) == outfox.view(state, None)
    assert outfox.view(other, 0) != outfox.view(state, 0)  # the reader does see the difference


def test_fox_position_zero_and_three_look_the_same_from_outside():
    """The brief's literal check: the Fox at reading position 0 vs 3, same texts otherwise."""
    # a: the Fox "Wile E. Coyote" read first, Marvin (rank 5) read fourth.
    a = {**copy.deepcopy(LOONEY), "reading_order": [0, 2, 3, 5, 1, 4]}
    # b: "Wile E. Coyote" is the real #5 read first, and the Fox "Marvin the Martian" is fourth.
    b = {**copy.deepcopy(LOONEY), "reading_order": [5, 2, 3, 0, 1, 4]}
    b["answers"][4] = "Wile E. Coyote"
    fox_b = "Marvin the Martian"
    sa = to_rank(new_game(3, cards=[{**a, "id": i} for i in range(8)]), fox="Wile E. Coyote")
    sb = to_rank(new_game(3, cards=[{**b, "id": i} for i in range(8)]), fox=fox_b)
    assert outfox.view(sa, None)["answers"] == outfox.view(sb, None)["answers"]
    for viewer in (None, 1, 2):
        assert json.dumps(outfox.view(sa, viewer)) == json.dumps(outfox.view(sb, viewer))
    assert outfox.view(sa, 0) != outfox.view(sb, 0)


def test_apply_never_mutates_its_input():
    state = column(to_rank(new_game(4)), EXAMPLE_GUESS)
    before = copy.deepcopy(state)
    act(state, 1, {"type": "agree"})
    act(state, 2, {"type": "place", "answer": FOX, "slot": 0})
    act(state, None, {"type": "presence", "seat": 3, "connected": False})
    act(state, None, {"type": "timeout"}, state["deadline"])
    with pytest.raises(RuleError):
        act(state, 0, {"type": "place", "answer": FOX, "slot": 0})
    assert state == before
