"""Tests for the pure Hoax rules: each privilege, immunity, vote, card rule; random whole games."""

from __future__ import annotations

import copy
import json
import random

import pytest

from games.hoax import rules as hoax
from games.kit.rules import RuleError
from tests.support.played import fixed_parts_hold

CHARS = hoax.CHARACTERS
DEAL = ["ex", "lover", "son_in_law", "cousin", "chef", "gardener"]


# --- Tiny fixtures ------------------------------------------------------------------------------


def act(state: dict, seat: int | None, action: dict, now: float = 0.0) -> dict:
    return hoax.apply(state, seat, action, now)


def timeout(state: dict) -> dict:
    assert state["deadline"] is not None
    return hoax.apply(state, None, {"type": "timeout"}, state["deadline"])


def start(n: int = 4, deal: list[str] | None = None, **options) -> dict:
    """A game in its first turn (seat 0 active), everyone holding nothing, with a chosen deal."""
    state = hoax.setup(n, {"first_player": 0, **options}, seed=7, now=0.0, content={})
    for seat in range(n):
        state = act(state, seat, {"type": "pick", "resource": "cash"})
    assert state["phase"] == "turn" and state["active"] == 0
    for seat in range(n):  # put the starting cash back: tests set resources explicitly
        state["supply"]["cash"] += state["resources"][seat]["cash"]
        state["resources"][seat]["cash"] = 0
    deal = deal or DEAL[:n]
    state["characters"] = list(deal)
    state["unused"] = [c for c in CHARS if c not in deal]
    return state


def give(state: dict, seat: int, **counts: int) -> dict:
    """Move tokens from the supply to ``seat`` (keeps the 27 conserved)."""
    for resource, count in counts.items():
        assert state["supply"][resource] >= count
        state["supply"][resource] -= count
        state["resources"][seat][resource] += count
    return state


def drain(state: dict, resource: str) -> dict:
    """Empty the supply of ``resource`` onto the last seat, so takes from the supply find none."""
    return give(state, len(state["out"]) - 1, **{resource: state["supply"][resource]})


def res(state: dict, seat: int) -> dict:
    return state["resources"][seat]


def claim(state: dict, character: str, seat: int | None = None, **choices) -> dict:
    seat = state["active"] if seat is None else seat
    return act(state, seat, {"type": "claim", "character": character, **choices})


def pass_all(state: dict) -> dict:
    """Everyone who may call hoax lets the claim pass (the window closes early)."""
    assert state["phase"] == "hoax_window"
    for seat in state["challenge"]["callers"]:
        state = act(state, seat, {"type": "pass"})
    return state


def claim_unchallenged(state: dict, character: str, **choices) -> dict:
    state = claim(state, character, **choices)
    return pass_all(state) if state["phase"] == "hoax_window" else state


def hoax_and_vote(state: dict, caller: int, downs: set[int]) -> dict:
    """``caller`` calls hoax; the seats in ``downs`` vote down, every other voter up."""
    state = act(state, caller, {"type": "hoax"})
    assert state["phase"] == "vote"
    for seat in list(state["challenge"]["voters"]):
        state = act(state, seat, {"type": "vote", "vote": "down" if seat in downs else "up"})
    return state


def total(state: dict) -> dict:
    return {r: state["supply"][r] + sum(p[r] for p in state["resources"]) for r in hoax.RESOURCES}


# --- Options and setup --------------------------------------------------------------------------


def test_options_defaults_and_unknown_keys_ignored():
    clean = hoax.options_clean({"rounds": 5, "immunities": False})
    assert clean == {**hoax.OPTION_DEFAULTS, "immunities": False}
    assert set(hoax.options_clean({})) == set(hoax.OPTION_DEFAULTS)


@pytest.mark.parametrize(
    "raw",
    [
        {"immunities": "yes"},
        {"accuser_card": 1},
        {"hoax_card_rule": "house"},
        {"hoax_window_seconds": 2},
        {"hoax_window_seconds": 61},
        {"vote_seconds": 4},
        {"vote_seconds": True},
        {"butler_seconds": 61},
        {"immunity_seconds": "10"},
        {"first_player": -1},
        {"first_player": "0"},
    ],
)
def test_options_bad_values_refused(raw):
    with pytest.raises(RuleError) as err:
        hoax.options_clean(raw)
    assert err.value.code == "bad_options"


def test_setup_deals_secretly_and_asks_for_starting_resources_in_turn_order():
    state = hoax.setup(5, {"first_player": 3}, seed=11, now=100.0, content={})
    for key in ("seed", "rng_draws", "phase", "deadline", "connected", "over"):
        assert key in state
    assert state["connected"] == [True] * 5 and state["over"] is False
    assert sorted(state["characters"] + state["unused"]) == sorted(CHARS)
    assert len(set(state["characters"])) == 5 and len(state["unused"]) == 2
    assert state["phase"] == "setup" and state["active"] == 3
    assert state["deadline"] == 100.0 + 15
    json.dumps(state)
    order = []
    for _ in range(5):
        seat = state["active"]
        order.append(seat)
        state = act(state, seat, {"type": "pick", "resource": "prestige"})
    assert order == [3, 4, 0, 1, 2]
    assert state["phase"] == "turn" and state["active"] == 3 and state["deadline"] is None
    assert state["supply"]["prestige"] == 4
    assert all(r["prestige"] == 1 for r in state["resources"])


def test_setup_pick_out_of_turn_refused_and_timeout_takes_the_most_plentiful():
    state = hoax.setup(3, {"first_player": 0}, seed=1, now=0.0, content={})
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "pick", "resource": "cash"})
    assert err.value.code == "not_your_turn"
    state = act(state, 0, {"type": "pick", "resource": "cash"})
    state = timeout(state)  # seat 1: cash 8, prestige 9, evidence 9 -> prestige
    assert res(state, 1) == {"cash": 0, "prestige": 1, "evidence": 0}


def test_setup_first_player_random_but_seeded_and_validated():
    firsts = {hoax.setup(4, {}, seed=s, now=0, content={})["first"] for s in range(40)}
    assert len(firsts) > 1
    assert hoax.setup(4, {}, seed=5, now=0, content={}) == hoax.setup(4, {}, 5, 0, {})
    with pytest.raises(RuleError):
        hoax.setup(3, {"first_player": 4}, seed=1, now=0, content={})
    with pytest.raises(RuleError):
        hoax.setup(7, {}, seed=1, now=0, content={})


# --- The turn -----------------------------------------------------------------------------------


def test_end_turn_needs_a_claim_first():
    state = start(immunities=False)
    assert {"type": "end_turn"} not in hoax.legal_actions(state, 0)
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "end_turn"})
    assert err.value.code == "illegal"
    state = claim_unchallenged(state, "lover", resource="prestige")
    assert {"type": "end_turn"} in hoax.legal_actions(state, 0)
    state = act(state, 0, {"type": "end_turn"})
    assert state["active"] == 1 and state["turn"]["claimed"] is False


def test_only_one_claim_a_turn_and_only_the_active_player():
    state = start(immunities=False)
    with pytest.raises(RuleError) as err:
        claim(state, "lover", seat=1, resource="prestige")
    assert err.value.code == "not_your_turn"
    state = claim_unchallenged(state, "lover", resource="prestige")
    with pytest.raises(RuleError) as err:
        claim(state, "cousin", resource="cash")
    assert err.value.code == "illegal"


def test_claiming_a_character_covered_by_your_own_imposter_token_refused():
    state = start(immunities=False)
    state["imposters"][0].append("butler")
    with pytest.raises(RuleError) as err:
        claim(state, "butler", resource="cash", target=1)
    assert err.value.code == "illegal"
    assert not any(
        a.get("character") == "butler" for a in hoax.legal_actions(state, 0) if a["type"] == "claim"
    )
    state["imposters"][1].append("lover")  # another player's token does not block me
    claim(state, "lover", resource="prestige")


def test_claim_choices_must_be_the_privileges_own():
    state = start(immunities=False)
    for bad in (
        {"character": "lover", "resource": "cash"},
        {"character": "cousin", "resource": "evidence"},
        {"character": "ex", "option": "supply", "resource": "prestige"},
        {"character": "chef", "target": 1, "give": "cash", "take": "cash"},
        {"character": "gardener", "target": 0, "resource": "cash"},
    ):
        with pytest.raises(RuleError) as err:
            act(state, 0, {"type": "claim", **bad})
        assert err.value.code == "illegal", bad


# --- Privileges (immunities off, nobody calls) -------------------------------------------------


def test_ex_takes_cash_or_evidence_from_the_supply_and_nothing_when_it_is_empty():
    state = claim_unchallenged(start(immunities=False), "ex", option="supply", resource="evidence")
    assert res(state, 0)["evidence"] == 1 and state["supply"]["evidence"] == 8
    empty = drain(start(immunities=False), "cash")
    empty = claim_unchallenged(empty, "ex", option="supply", resource="cash")
    assert res(empty, 0)["cash"] == 0 and empty["supply"]["cash"] == 0
    assert empty["log"][-1]["kind"] == "transfer" and empty["log"][-1]["count"] == 0


def test_ex_steals_from_both_neighbours_and_a_neighbour_who_lacks_gives_nothing():
    state = start(5, immunities=False)
    give(state, 1, prestige=2)
    give(state, 2, prestige=3)  # not a neighbour of seat 0
    # seat 4 is the other neighbour and has no prestige
    state = claim_unchallenged(state, "ex", option="neighbours", resource="prestige")
    assert res(state, 0)["prestige"] == 1
    assert res(state, 1)["prestige"] == 1 and res(state, 2)["prestige"] == 3
    assert state["phase"] == "turn"


def test_ex_skips_eliminated_neighbours_and_takes_once_when_one_other_player_is_left():
    state = start(4, immunities=False)
    give(state, 1, cash=2)
    give(state, 2, cash=2)
    give(state, 3, cash=2)
    state["out"][1] = True  # next neighbour clockwise becomes seat 2
    state = claim_unchallenged(state, "ex", option="neighbours", resource="cash")
    assert res(state, 0)["cash"] == 2 and res(state, 2)["cash"] == 1 and res(state, 3)["cash"] == 1
    two = start(3, immunities=False)
    give(two, 1, cash=3)
    two["out"][2] = True
    two = claim_unchallenged(two, "ex", option="neighbours", resource="cash")
    assert res(two, 0)["cash"] == 1 and res(two, 1)["cash"] == 2


@pytest.mark.parametrize(
    ("character", "resource"),
    [("lover", "evidence"), ("lover", "prestige"), ("cousin", "cash"), ("cousin", "prestige")],
)
def test_lover_and_cousin_take_one_from_the_supply_or_nothing(character, resource):
    state = claim_unchallenged(start(immunities=False), character, resource=resource)
    assert res(state, 0)[resource] == 1
    empty = claim_unchallenged(
        drain(start(immunities=False), resource), character, resource=resource
    )
    assert res(empty, 0)[resource] == 0 and empty["supply"][resource] == 0


def test_son_in_law_every_other_player_in_gives_one_lacking_givers_give_nothing():
    state = start(5, immunities=False)
    give(state, 1, evidence=2)
    give(state, 3, evidence=1)
    give(state, 4, evidence=1)
    state["out"][4] = True
    state = claim_unchallenged(state, "son_in_law", resource="evidence")
    assert res(state, 0)["evidence"] == 2
    assert [res(state, s)["evidence"] for s in (1, 2, 3, 4)] == [1, 0, 0, 1]
    givers = [
        e["giver"]
        for e in state["log"]
        if e["kind"] == "transfer" and e["taker"] == 0 and e["giver"] != "supply"
    ]
    assert givers == [1, 2, 3]  # clockwise from the claimant, eliminated seat skipped


def test_chef_swaps_with_a_player_as_far_as_their_tokens_go():
    state = start(immunities=False)
    give(state, 0, cash=3)
    give(state, 2, evidence=2, cash=1)
    state = claim_unchallenged(state, "chef", target=2, give="cash", take="evidence")
    assert res(state, 0) == {"cash": 1, "prestige": 0, "evidence": 2}
    assert res(state, 2) == {"cash": 3, "prestige": 0, "evidence": 0}


def test_chef_with_a_partner_who_lacks_the_type_swaps_nothing():
    state = start(immunities=False)
    give(state, 0, cash=3)
    state = claim_unchallenged(state, "chef", target=1, give="cash", take="prestige")
    assert res(state, 0)["cash"] == 3 and res(state, 1) == {"cash": 0, "prestige": 0, "evidence": 0}


def test_chef_swaps_with_the_supply_and_keeps_unmatched_tokens_when_the_supply_runs_short():
    state = start(immunities=False)
    give(state, 0, cash=4)
    give(state, 3, prestige=7)  # the supply keeps 2 prestige
    state = claim_unchallenged(state, "chef", target="supply", give="cash", take="prestige")
    assert res(state, 0) == {"cash": 2, "prestige": 2, "evidence": 0}
    assert state["supply"]["prestige"] == 0 and total(state)["cash"] == 9


def test_gardener_takes_up_to_two_of_one_type():
    state = start(immunities=False)
    give(state, 2, prestige=3)
    state = claim_unchallenged(state, "gardener", target=2, resource="prestige")
    assert res(state, 0)["prestige"] == 2 and res(state, 2)["prestige"] == 1
    poor = start(immunities=False)
    give(poor, 2, prestige=1)
    poor = claim_unchallenged(poor, "gardener", target=2, resource="prestige")
    assert res(poor, 0)["prestige"] == 1 and res(poor, 2)["prestige"] == 0
    none = claim_unchallenged(start(immunities=False), "gardener", target=1, resource="cash")
    assert res(none, 0)["cash"] == 0


def test_butler_takes_then_the_named_player_picks_their_own():
    state = claim_unchallenged(start(immunities=False), "butler", resource="cash", target=2)
    assert res(state, 0)["cash"] == 1
    assert state["phase"] == "butler_gift" and state["deadline"] == 15.0
    assert hoax.legal_actions(state, 2) == [{"type": "pick", "resource": r} for r in hoax.RESOURCES]
    assert hoax.legal_actions(state, 1) == []
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "pick", "resource": "cash"})
    assert err.value.code == "not_your_turn"
    state = act(state, 2, {"type": "pick", "resource": "evidence"})
    assert res(state, 2)["evidence"] == 1 and state["phase"] == "turn"


def test_butler_gift_defaults_to_the_type_the_supply_has_most_of():
    state = start(immunities=False)
    give(state, 3, cash=3, prestige=1)  # supply: cash 6, prestige 8, evidence 9
    state = claim_unchallenged(state, "butler", resource="evidence", target=1)
    assert state["phase"] == "butler_gift"  # supply now cash 6, prestige 8, evidence 8
    state = timeout(state)
    assert res(state, 1) == {"cash": 0, "prestige": 1, "evidence": 0}


def test_butler_with_an_empty_supply_takes_nothing_and_asks_nobody():
    state = start(immunities=False)
    for r in hoax.RESOURCES:
        drain(state, r)
    state = claim_unchallenged(state, "butler", resource="cash", target=1)
    assert state["phase"] == "turn" and res(state, 0)["cash"] == 0


def test_butler_gift_pick_refuses_a_type_the_supply_lacks():
    state = drain(start(immunities=False), "evidence")
    state = claim_unchallenged(state, "butler", resource="cash", target=1)
    assert {"type": "pick", "resource": "evidence"} not in hoax.legal_actions(state, 1)
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "pick", "resource": "evidence"})
    assert err.value.code == "illegal"


# --- Hoax window and vote -----------------------------------------------------------------------


def test_hoax_window_closes_early_when_everyone_passed_and_on_timeout():
    state = claim(start(immunities=False), "lover", resource="prestige")
    assert state["phase"] == "hoax_window" and state["deadline"] == 10.0
    assert state["challenge"]["callers"] == [1, 2, 3]
    assert hoax.legal_actions(state, 0) == []
    assert hoax.legal_actions(state, 1) == [{"type": "hoax"}, {"type": "pass"}]
    with pytest.raises(RuleError) as err:
        act(state, None, {"type": "timeout"}, now=9.9)
    assert err.value.code == "not_due"
    state = act(state, 1, {"type": "pass"})
    assert state["phase"] == "hoax_window"
    closed = timeout(state)
    assert closed["phase"] == "turn" and res(closed, 0)["prestige"] == 1
    state = act(act(state, 2, {"type": "pass"}), 3, {"type": "pass"})
    assert state["phase"] == "turn" and res(state, 0)["prestige"] == 1


def test_first_hoax_call_wins_and_the_caller_takes_the_card():
    state = claim(start(immunities=False), "lover", resource="prestige")
    state = act(state, 2, {"type": "hoax"})
    assert state["hoax_card"] == 2 and state["phase"] == "vote"
    assert state["challenge"]["voters"] == [1, 2, 3]
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "hoax"})
    # The slower caller is told someone was first, not that there is no claim.
    assert err.value.code == "called_first" and "first" in str(err.value)
    with pytest.raises(RuleError) as err:
        act(state, 2, {"type": "hoax"})  # the caller's own second tap
    assert err.value.code == "wrong_phase"


def test_vote_majority_down_on_a_truthful_claim_wins_at_once():
    state = start(immunities=False)  # seat 0 is the Ex
    state = claim(state, "ex", option="supply", resource="cash")
    state = hoax_and_vote(state, 1, downs={1, 2})
    assert state["over"] and state["phase"] == "over" and state["winner"] == 0
    assert state["deadline"] is None and res(state, 0)["cash"] == 0
    board = hoax.view(state, None)
    assert [p["character"] for p in board["players"]] == state["characters"]
    assert board["unused"] == state["unused"]


def test_vote_majority_down_on_a_false_claim_token_and_no_privilege():
    state = start(immunities=False)
    state = claim(state, "lover", resource="prestige")
    state = hoax_and_vote(state, 1, downs={1, 2, 3})
    assert not state["over"] and state["phase"] == "turn"
    assert state["imposters"][0] == ["lover"] and res(state, 0)["prestige"] == 0
    assert state["turn"]["claimed"] is True
    state = act(state, 0, {"type": "end_turn"})
    for _ in range(3):  # round the table back to seat 0
        state = claim_unchallenged(state, "cousin", resource="cash")
        state = act(state, state["active"], {"type": "end_turn"})
    with pytest.raises(RuleError):
        claim(state, "lover", resource="prestige")


def test_vote_tie_lets_the_claim_go_on():
    state = start(5, immunities=False)
    state = claim(state, "lover", resource="prestige")
    state = hoax_and_vote(state, 1, downs={1, 2})  # 2 down, 2 up
    assert state["phase"] == "turn" and res(state, 0)["prestige"] == 1
    assert state["imposters"][0] == []
    vote = [e for e in state["log"] if e["kind"] == "vote"][-1]
    assert vote["votes"] == ["down", "down", "up", "up"] and vote["result"] == "up"


def test_missing_votes_count_as_up_when_the_timer_ends():
    state = start(4, immunities=False)
    state = claim(state, "lover", resource="prestige")
    state = act(state, 1, {"type": "hoax"})
    state = act(state, 1, {"type": "vote", "vote": "down"})
    state = act(state, 2, {"type": "vote", "vote": "down"})
    with pytest.raises(RuleError) as err:
        act(state, 1, {"type": "vote", "vote": "up"})
    assert err.value.code == "illegal"
    state = timeout(state)  # seat 3 never voted: 2 down, 1 up -> down
    assert state["imposters"][0] == ["lover"]
    vote = [e for e in state["log"] if e["kind"] == "vote"][-1]
    assert vote["votes"] == ["down", "down", "up"]
    five = claim(start(5, immunities=False), "lover", resource="prestige")
    five = act(five, 1, {"type": "hoax"})
    five = act(act(five, 1, {"type": "vote", "vote": "down"}), 2, {"type": "vote", "vote": "down"})
    five = timeout(five)  # 2 down, 2 missing = up: a tie, the claim goes on
    assert five["imposters"][0] == [] and res(five, 0)["prestige"] == 1


def test_votes_stay_hidden_until_all_are_in():
    state = claim(start(immunities=False), "lover", resource="prestige")
    state = act(state, 1, {"type": "hoax"})
    state = act(state, 2, {"type": "vote", "vote": "down"})
    board = hoax.view(state, None)
    assert board["challenge"]["voted"] == [2]
    assert "down" not in json.dumps(board)
    assert "down" not in json.dumps(hoax.view(state, 3)["challenge"])
    assert "my_vote" not in board["challenge"]
    assert hoax.view(state, 2)["challenge"]["my_vote"] == "down"


def test_a_disconnected_voter_keeps_their_vote_until_the_deadline():
    state = claim(start(immunities=False), "lover", resource="prestige")
    state = act(state, 1, {"type": "hoax"})
    state = act(state, None, {"type": "presence", "seat": 3, "connected": False})
    state = act(state, 1, {"type": "vote", "vote": "down"})
    state = act(state, 2, {"type": "vote", "vote": "down"})
    assert state["phase"] == "vote"  # nothing is cast for seat 3 while the vote is open
    assert state["connected"] == [True, True, True, False]
    back = act(state, None, {"type": "presence", "seat": 3, "connected": True})
    back = act(back, 3, {"type": "vote", "vote": "down"})
    assert back["phase"] == "turn" and back["imposters"][0] == ["lover"]
    timed_out = act(state, None, {"type": "timeout"}, state["deadline"])
    assert timed_out["phase"] == "turn" and timed_out["imposters"][0] == ["lover"]


# --- The hoax card rules ------------------------------------------------------------------------


def test_official_rule_the_holder_cannot_call():
    state = start(immunities=False)
    state["hoax_card"] = 2
    state = claim(state, "lover", resource="prestige")
    assert state["challenge"]["callers"] == [1, 3]
    assert hoax.legal_actions(state, 2) == []
    with pytest.raises(RuleError) as err:
        act(state, 2, {"type": "hoax"})
    assert err.value.code == "not_your_turn"


def test_official_rule_the_holder_can_still_be_hoaxed():
    state = start(immunities=False)
    state["hoax_card"] = 0
    state = claim(state, "lover", resource="prestige")
    assert state["phase"] == "hoax_window" and state["challenge"]["callers"] == [1, 2, 3]


def test_variant_rule_the_holder_cannot_be_hoaxed_but_may_call():
    state = start(immunities=False, hoax_card_rule="variant")
    state["hoax_card"] = 0
    state = claim(state, "lover", resource="prestige")
    assert state["phase"] == "turn" and res(state, 0)["prestige"] == 1  # no window at all
    other = start(immunities=False, hoax_card_rule="variant")
    other["hoax_card"] = 2
    other = claim(other, "lover", resource="prestige")
    assert other["challenge"]["callers"] == [1, 2, 3]
    other = act(other, 2, {"type": "hoax"})
    assert other["phase"] == "vote"


# --- Immunities ---------------------------------------------------------------------------------


def test_immunity_unchallenged_spares_the_target():
    state = start()  # seat 2 is the Son-in-Law: its Chef immunity claim is a lie nobody calls
    give(state, 2, cash=3)
    state = claim_unchallenged(state, "gardener", target=2, resource="cash")
    assert state["phase"] == "immunity" and state["immunity"]["asked"] == [2]
    assert state["immunity"]["character"] == "chef" and state["deadline"] == 10.0
    state = act(state, 2, {"type": "immunity", "claim": True})
    assert state["phase"] == "hoax_window" and state["challenge"]["kind"] == "immunity"
    assert state["challenge"]["callers"] == [3, 0, 1]  # the active player may call too
    state = pass_all(state)
    assert state["phase"] == "turn"
    assert res(state, 2)["cash"] == 3 and res(state, 0)["cash"] == 0
    assert any(e["kind"] == "spared" and e["seat"] == 2 for e in state["log"])


def test_an_immunity_target_whose_phone_reloads_keeps_their_say():
    state = start()
    give(state, 2, cash=3)
    state = claim_unchallenged(state, "gardener", target=2, resource="cash")
    state = act(state, None, {"type": "presence", "seat": 2, "connected": False}, 1.0)
    assert state["phase"] == "immunity" and state["immunity"]["answers"] == [None]
    state = act(state, None, {"type": "presence", "seat": 2, "connected": True}, 2.0)
    state = act(state, 2, {"type": "immunity", "claim": True}, 3.0)
    assert state["phase"] == "hoax_window" and state["challenge"]["kind"] == "immunity"


def test_immunity_hoaxed_and_truthful_wins_for_that_player():
    state = start()  # seat 1 is the Lover
    give(state, 1, evidence=1)
    state = claim_unchallenged(state, "son_in_law", resource="evidence")
    assert state["immunity"]["asked"] == [1, 2, 3]  # everyone targeted is asked
    for seat in (1, 2, 3):
        state = act(state, seat, {"type": "immunity", "claim": seat == 1})
    assert state["challenge"]["seat"] == 1 and state["challenge"]["character"] == "lover"
    state = hoax_and_vote(state, 0, downs={0, 2})  # the active player calls hoax
    assert state["over"] and state["winner"] == 1
    assert state["log"][-1] == {"kind": "win", "seat": 1, "how": "truthful"}


def test_immunity_hoaxed_and_false_token_and_the_privilege_applies():
    state = start()
    give(state, 3, cash=2)
    state = claim_unchallenged(state, "gardener", target=3, resource="cash")
    state = act(state, 3, {"type": "immunity", "claim": True})  # seat 3 is the Cousin: a lie
    state = hoax_and_vote(state, 1, downs={0, 1, 2})
    assert state["imposters"][3] == ["chef"]
    assert state["phase"] == "turn" and res(state, 0)["cash"] == 2 and res(state, 3)["cash"] == 0


def test_each_vote_of_a_turn_names_the_claim_it_was_on():
    """A claim voted on, then an immunity claim voted on: screens show each vote under its own
    claim (the newest, the immunity's, under the immunity claim), from the log entries."""
    state = start()
    give(state, 3, cash=2)
    state = claim(state, "gardener", target=3, resource="cash")
    state = hoax_and_vote(state, 1, downs={1})  # believed: the Gardener's take goes ahead
    assert state["phase"] == "immunity"
    state = act(state, 3, {"type": "immunity", "claim": True})
    state = hoax_and_vote(state, 2, downs={0, 1, 2})  # seat 1 holds the hoax card now
    votes = [(e["claimant"], e["character"], e["result"]) for e in state["log"]
             if e["kind"] == "vote"]
    assert votes == [(0, "gardener", "up"), (3, "chef", "down")]


def test_immunity_voted_up_spares_even_a_liar():
    state = start()
    give(state, 3, cash=2)
    state = claim_unchallenged(state, "gardener", target=3, resource="cash")
    state = act(state, 3, {"type": "immunity", "claim": True})
    state = hoax_and_vote(state, 1, downs={1})
    assert state["imposters"][3] == [] and res(state, 3)["cash"] == 2


def test_several_immunity_claims_resolve_in_giving_order():
    state = start(5)
    for seat in (1, 2, 3, 4):
        give(state, seat, prestige=1)
    state = claim_unchallenged(state, "son_in_law", resource="prestige")
    for seat in (1, 2, 3, 4):
        state = act(state, seat, {"type": "immunity", "claim": seat in (2, 4)})
    assert state["challenge"]["seat"] == 2 and state["claim"]["queue"] == [4]
    state = pass_all(state)
    assert state["challenge"]["seat"] == 4
    state = hoax_and_vote(state, 1, downs={0, 1, 2, 3})  # seat 4 is not the Lover (unused)
    assert state["phase"] == "turn" and state["imposters"][4] == ["lover"]
    assert res(state, 0)["prestige"] == 3
    assert [res(state, s)["prestige"] for s in (1, 2, 3, 4)] == [0, 1, 0, 0]


def test_missing_immunity_answers_decline():
    state = start()
    give(state, 2, cash=2)
    state = claim_unchallenged(state, "gardener", target=2, resource="cash")
    state = timeout(state)
    assert state["phase"] == "turn" and res(state, 0)["cash"] == 2


def test_a_target_whose_sheet_covers_the_immune_character_is_not_asked():
    state = start()
    state["imposters"][2].append("lover")
    state = claim_unchallenged(state, "son_in_law", resource="cash")
    assert state["immunity"]["asked"] == [1, 3]


def test_immunity_prompts_cover_every_target_and_only_targets():
    ex = claim_unchallenged(start(5), "ex", option="neighbours", resource="cash")
    assert ex["immunity"] == {"character": "butler", "asked": [1, 4], "answers": [None, None]}
    supply = claim_unchallenged(start(5), "ex", option="supply", resource="cash")
    assert supply["phase"] == "turn"
    chef = claim_unchallenged(start(5), "chef", target=3, give="cash", take="prestige")
    assert chef["immunity"]["asked"] == [3] and chef["immunity"]["character"] == "cousin"
    chef_supply = claim_unchallenged(
        start(5), "chef", target="supply", give="cash", take="prestige"
    )
    assert chef_supply["phase"] == "turn"
    butler = claim_unchallenged(start(5), "butler", resource="cash", target=3)
    assert butler["phase"] == "butler_gift"


def test_immunities_off_never_prompts():
    state = start(immunities=False)
    give(state, 2, cash=2)
    state = claim_unchallenged(state, "gardener", target=2, resource="cash")
    assert state["phase"] == "turn" and state["immunity"] is None and res(state, 0)["cash"] == 2
    state = start(immunities=False)
    state = claim_unchallenged(state, "son_in_law", resource="cash")
    assert state["phase"] == "turn"


def test_immunity_answers_are_hidden_until_all_are_in():
    state = claim_unchallenged(start(), "son_in_law", resource="cash")
    state = act(state, 1, {"type": "immunity", "claim": True})
    board = hoax.view(state, None)
    assert board["immunity"]["answered"] == [1] and "my_answer" not in board["immunity"]
    assert hoax.view(state, 2)["immunity"]["my_answer"] is None
    assert hoax.view(state, 1)["immunity"]["my_answer"] is True
    assert hoax.view(state, 2) == hoax.view(
        {**state, "immunity": {**state["immunity"], "answers": [False, None, None]}}, 2
    )


# --- Investigate --------------------------------------------------------------------------------


def test_investigation_costs_one_of_each_and_shows_the_targets_card_among_four():
    state = start()
    give(state, 0, cash=2, prestige=2, evidence=2)
    for _ in range(2):
        state = act(state, 0, {"type": "investigate", "target": 2})
    assert res(state, 0) == {"cash": 0, "prestige": 0, "evidence": 0}
    assert total(state) == {r: 9 for r in hoax.RESOURCES}
    for found in hoax.view(state, 0)["me"]["investigations"]:
        assert found["target"] == 2 and "son_in_law" in found["cards"]
        assert len(found["cards"]) == 4 and len(set(found["cards"])) == 4
        assert set(found["cards"]) <= set(CHARS)
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "investigate", "target": 2})
    assert err.value.code == "illegal"
    assert not any(a["type"] == "investigate" for a in hoax.legal_actions(state, 0))
    assert hoax.view(state, None)["log"][-1] == {"kind": "investigate", "seat": 0, "target": 2}
    assert hoax.view(state, 1)["me"]["investigations"] == []


def test_investigation_cards_vary_and_always_hold_the_target():
    seen = set()
    for seed in range(30):
        state = start()
        state["seed"] = seed
        give(state, 0, cash=1, prestige=1, evidence=1)
        state = act(state, 0, {"type": "investigate", "target": 3})
        cards = state["investigations"][-1]["cards"]
        assert "cousin" in cards and len(set(cards)) == 4
        seen.add(tuple(cards))
    assert len(seen) > 5


def test_investigation_refuses_self_and_eliminated_targets():
    state = give(start(), 0, cash=2, prestige=2, evidence=2)
    state["out"][1] = True
    for target in (0, 1):
        with pytest.raises(RuleError) as err:
            act(state, 0, {"type": "investigate", "target": target})
        assert err.value.code == "illegal"


# --- Accuse and elimination ---------------------------------------------------------------------


def test_right_accusation_eliminates_the_target_resources_to_the_accuser_tokens_stay():
    state = start()
    give(state, 0, cash=1)
    give(state, 2, prestige=2, evidence=1)
    state["imposters"][2] = ["ex"]
    state = act(state, 0, {"type": "accuse", "target": 2, "character": "son_in_law"})
    assert state["out"] == [False, False, True, False]
    assert res(state, 0) == {"cash": 1, "prestige": 2, "evidence": 1}
    assert res(state, 2) == {"cash": 0, "prestige": 0, "evidence": 0}
    assert state["imposters"][2] == ["ex"] and state["active"] == 0
    board = hoax.view(state, None)
    assert "character" not in board["players"][2]
    assert board["log"][-2] == {"kind": "accuse", "seat": 0, "target": 2, "result": "right"}
    assert hoax.view(state, 0)["me"]["accusations"] == [
        {"target": 2, "character": "son_in_law", "right": True}
    ]


def test_wrong_accusation_eliminates_the_accuser_resources_to_the_supply():
    state = start()
    give(state, 0, cash=2, evidence=1)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "chef"})
    assert state["out"][0] and res(state, 0) == {"cash": 0, "prestige": 0, "evidence": 0}
    assert state["supply"] == {r: 9 for r in hoax.RESOURCES}
    assert state["active"] == 1 and state["phase"] == "turn"  # the turn ends with the accuser
    assert hoax.legal_actions(state, 0) == []


def test_at_most_one_accusation_a_turn():
    state = start(5)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "lover"})
    assert not any(a["type"] == "accuse" for a in hoax.legal_actions(state, 0))
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "accuse", "target": 2, "character": "son_in_law"})
    assert err.value.code == "illegal"


def test_last_player_standing_wins_and_identities_are_revealed():
    state = start(3)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "lover"})
    state = claim_unchallenged(state, "cousin", resource="cash")
    state = act(state, 0, {"type": "end_turn"})
    assert state["active"] == 2
    state = act(state, 2, {"type": "accuse", "target": 0, "character": "ex"})  # right
    assert state["over"] and state["winner"] == 2
    assert state["log"][-1] == {"kind": "win", "seat": 2, "how": "last"}
    assert hoax.view(state, None)["players"][1]["character"] == "lover"
    assert hoax.legal_actions(state, 2) == []
    with pytest.raises(RuleError) as err:
        act(state, 2, {"type": "end_turn"})
    assert err.value.code == "wrong_phase"


# --- The accuser card ---------------------------------------------------------------------------


def _end_turns(state: dict, count: int) -> dict:
    for _ in range(count):
        if not state["turn"]["claimed"]:
            state = claim_unchallenged(state, "cousin", resource="cash")
        state = act(state, state["active"], {"type": "end_turn"})
    return state


def test_accuser_card_blocks_the_holder_until_a_quiet_round_returns_it():
    state = start(4, accuser_card=True, immunities=False)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "lover"})  # right
    assert state["accuser_card"] == 0
    state = _end_turns(state, 3)  # seats 0, 2, 3: no accusation
    assert state["active"] == 0 and state["accuser_card"] == 0
    assert not any(a["type"] == "accuse" for a in hoax.legal_actions(state, 0))
    with pytest.raises(RuleError) as err:
        act(state, 0, {"type": "accuse", "target": 2, "character": "son_in_law"})
    assert err.value.code == "illegal"
    state = _end_turns(state, 1)  # the holder's own turn closes the full round
    assert state["accuser_card"] is None
    state = _end_turns(state, 2)
    assert state["active"] == 0
    assert any(a["type"] == "accuse" for a in hoax.legal_actions(state, 0))


def test_accuser_card_passes_to_the_next_accuser_or_returns_if_they_fall():
    state = start(5, accuser_card=True, immunities=False)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "lover"})
    state = _end_turns(state, 1)
    assert state["active"] == 2
    state = act(state, 2, {"type": "accuse", "target": 4, "character": "chef"})  # right
    assert state["accuser_card"] == 2
    state = _end_turns(state, 1)
    state = act(state, 3, {"type": "accuse", "target": 0, "character": "lover"})  # wrong
    assert state["out"][3] and state["accuser_card"] is None
    moves = [e for e in state["log"] if e["kind"] == "accuser_card"]
    assert moves[-2:] == [{"kind": "accuser_card", "seat": 2},
                          {"kind": "accuser_card", "seat": None}]


def test_a_wrong_accuser_while_the_card_is_in_the_middle_logs_no_return():
    state = start(5, accuser_card=True, immunities=False)
    state = act(state, 0, {"type": "accuse", "target": 2, "character": "lover"})  # wrong
    assert state["out"][0] and state["accuser_card"] is None
    assert not any(e["kind"] == "accuser_card" for e in state["log"])


def test_without_the_accuser_card_option_nobody_is_blocked():
    state = start(4, immunities=False)
    state = act(state, 0, {"type": "accuse", "target": 1, "character": "lover"})
    state = _end_turns(state, 3)
    assert state["active"] == 0 and state["accuser_card"] is None
    assert any(a["type"] == "accuse" for a in hoax.legal_actions(state, 0))


# --- Malformed actions and system actions -------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        None,
        [],
        "claim",
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "timeout"},
        {"type": "claim"},
        {"type": "claim", "character": "king", "resource": "cash"},
        {"type": "claim", "character": "lover"},
        {"type": "claim", "character": "lover", "resource": "gold"},
        {"type": "claim", "character": "lover", "resource": ["cash"]},
        {"type": "claim", "character": "lover", "target": 1},
        {"type": "claim", "character": "ex", "option": "steal", "resource": "cash"},
        {"type": "claim", "character": "gardener", "target": "1", "resource": "cash"},
        {"type": "claim", "character": "gardener", "target": True, "resource": "cash"},
        {"type": "claim", "character": "gardener", "target": 9, "resource": "cash"},
        {"type": "claim", "character": "gardener", "target": "supply", "resource": "cash"},
        {"type": "claim", "character": "chef", "target": None, "give": "cash", "take": "prestige"},
        {"type": "investigate"},
        {"type": "investigate", "target": -1},
        {"type": "investigate", "target": 1.0},
        {"type": "accuse", "target": 1},
        {"type": "accuse", "target": 1, "character": 5},
        {"type": "vote", "vote": "sideways"},
        {"type": "vote", "vote": True},
        {"type": "immunity", "claim": "yes"},
        {"type": "pick", "resource": None},
        {"type": "pick"},
        {"type": "claim", "character": "chef", "target": 1, "give": "cash"},
    ],
)
def test_malformed_actions_are_bad_action(action):
    state = start()
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        hoax.apply(state, 0, action, 0.0)
    assert err.value.code == "bad_action"
    assert state == before


@pytest.mark.parametrize("seat", [-1, 4, "0", True, 1.5])
def test_bad_seats_are_bad_action(seat):
    with pytest.raises(RuleError) as err:
        hoax.apply(start(), seat, {"type": "end_turn"}, 0.0)
    assert err.value.code == "bad_action"


def test_extra_fields_are_ignored():
    state = start(immunities=False)
    state = act(
        state,
        0,
        {"type": "claim", "character": "lover", "resource": "prestige", "target": 2, "id": 7},
    )
    assert state["claim"]["choices"] == {"resource": "prestige"}
    assert state["log"][-1]["choices"] == {"resource": "prestige"}


def test_system_actions():
    state = start()
    with pytest.raises(RuleError) as err:
        act(state, None, {"type": "timeout"})
    assert err.value.code == "not_due"
    with pytest.raises(RuleError) as err:
        act(state, None, {"type": "claim", "character": "ex"})
    assert err.value.code == "bad_action"
    with pytest.raises(RuleError):
        act(state, None, {"type": "presence", "seat": 9, "connected": False})
    gone = act(state, None, {"type": "presence", "seat": 1, "connected": False})
    assert gone["connected"] == [True, False, True, True] and state["connected"][1] is True


def test_wrong_phase_and_not_your_turn_codes():
    state = start()
    for seat, action, code in [
        (1, {"type": "vote", "vote": "up"}, "wrong_phase"),
        (1, {"type": "hoax"}, "wrong_phase"),
        (0, {"type": "pick", "resource": "cash"}, "wrong_phase"),
        (1, {"type": "investigate", "target": 2}, "not_your_turn"),
        (2, {"type": "end_turn"}, "not_your_turn"),
    ]:
        with pytest.raises(RuleError) as err:
            act(state, seat, action)
        assert err.value.code == code, action


def test_disconnected_players_keep_their_say_in_the_hoax_window_and_their_own_picks():
    state = claim(start(immunities=False), "lover", resource="prestige")
    state = act(state, 1, {"type": "pass"})
    state = act(state, None, {"type": "presence", "seat": 2, "connected": False})
    state = act(state, None, {"type": "presence", "seat": 3, "connected": False})
    assert state["phase"] == "hoax_window"  # nobody passes for them
    back = act(state, None, {"type": "presence", "seat": 2, "connected": True})
    back = act(back, 2, {"type": "hoax"})
    assert back["phase"] == "vote"  # the phone that came back called hoax in time
    timed_out = act(state, None, {"type": "timeout"}, state["deadline"])
    assert timed_out["phase"] == "turn"  # at the deadline the missing count as passed
    setup = hoax.setup(3, {"first_player": 0}, seed=3, now=0.0, content={})
    setup = act(setup, None, {"type": "presence", "seat": 1, "connected": False})
    assert setup["phase"] == "setup" and setup["active"] == 0
    setup = act(setup, 0, {"type": "pick", "resource": "cash"})
    assert setup["active"] == 1  # seat 1 may still pick until the deadline
    assert res(setup, 1) == {"cash": 0, "prestige": 0, "evidence": 0}
    setup = act(setup, None, {"type": "timeout"}, setup["deadline"])
    assert setup["active"] == 2 and res(setup, 1) == {"cash": 0, "prestige": 1, "evidence": 0}


# --- Random whole games -------------------------------------------------------------------------

MAX_STEPS = 4000


def random_game(n: int, seed: int, options: dict | None = None, check=None):
    """Play random legal moves and due timeouts to the end; ``check`` sees each step first."""
    chooser = random.Random(seed * 1009 + n)
    options = options or {
        "immunities": chooser.random() < 0.7,
        "hoax_card_rule": chooser.choice(["official", "variant"]),
        "accuser_card": chooser.random() < 0.5,
    }
    now = 1000.0
    state = hoax.setup(n, options, seed, now, {})
    history = []
    for _step in range(MAX_STEPS):
        assert state["phase"] in hoax.PHASES, state["phase"]
        if state["over"]:
            return state, history
        choices = [(s, a) for s in range(n) for a in hoax.legal_actions(state, s)]
        accusations = [c for c in choices if c[1]["type"] == "accuse"]
        others = [c for c in choices if c[1]["type"] != "accuse"]
        roll = chooser.random()
        if roll < 0.02:
            seat, action = (
                None,
                {
                    "type": "presence",
                    "seat": chooser.randrange(n),
                    "connected": chooser.random() < 0.6,
                },
            )
        elif state["deadline"] is not None and (roll < 0.2 or not choices):
            now = max(now, state["deadline"]) + chooser.random()
            seat, action = None, {"type": "timeout"}
        elif accusations and (roll < 0.08 or not others):
            seat, action = chooser.choice(accusations)
        else:
            assert others, state["phase"]
            seat, action = chooser.choice(others)
            now += chooser.random()
        if check:
            check(state, seat, action, now)
        history.append((seat, action, now))
        after = hoax.apply(state, seat, action, now)
        state = json.loads(json.dumps(after))  # stored as JSON between moves, as live
        assert state == after
        assert_conserved(state)
    raise AssertionError(f"game n={n} seed={seed} did not end in {MAX_STEPS} steps")


def assert_conserved(state: dict) -> None:
    assert total(state) == {r: 9 for r in hoax.RESOURCES}
    for pile in [state["supply"], *state["resources"]]:
        assert all(v >= 0 for v in pile.values())
    assert all(len(set(t)) == len(t) for t in state["imposters"])


@pytest.mark.parametrize("n", [3, 6])
def test_the_fixed_parts_of_the_state_never_change_and_follow_from_the_setup(n):
    """The options are stored once per game, not with every move (games.rooms.fixedparts): no move
    may change them."""
    for seed in range(3):
        state, history = random_game(n, seed)
        setup = {"n_players": n, "options": state["options"], "seed": seed, "now": 1000.0,
                 "content": {}}
        assert fixed_parts_hold(hoax, setup, history) > 20
    assert hoax.FIXED == ("options",)


@pytest.mark.parametrize("block", range(4))
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_games_end_conserve_tokens_and_never_raise(n, block):
    """200 seeds for each player count, in blocks of 50 (each block a test of its own)."""
    winners = set()
    kinds = set()

    def logged(before, *_move):
        kinds.update(e["kind"] for e in before["log"])

    for seed in range(block * 50, block * 50 + 50):
        state, _history = random_game(n, seed, check=logged)
        assert state["over"] and state["winner"] is not None
        assert not state["out"][state["winner"]]
        winners.add(state["log"][-1]["how"])
        kinds |= {e["kind"] for e in state["log"]}
        json.dumps(state)
    assert winners == {"truthful", "last"}
    assert {"hoax", "vote", "imposter", "investigate", "accuse", "immunity_claim"} <= kinds


@pytest.mark.parametrize("n", [3, 6])
def test_every_screens_view_at_once_is_each_screens_own_view(n):
    """``views`` builds the public part once for all screens: nothing of one screen's own
    (its character, its vote, its answer, its moves) reaches another's."""

    def check(state, seat, action, now):
        viewers = [None, *range(n)]
        together = hoax.views(state, viewers)
        assert json.dumps(together) == json.dumps([hoax.views(state, [v])[0] for v in viewers])
        if not state["over"]:
            for viewer, shown in zip(viewers, together, strict=True):
                known = [p["seat"] for p in shown["players"] if "character" in p]
                assert known == ([] if viewer is None else [viewer])

    for seed in range(4):
        random_game(n, seed, check=check)
    with pytest.raises(RuleError):
        hoax.views(random_game(n, 0)[0], [None, -1])


def test_the_state_and_the_views_keep_the_newest_events_and_the_whole_turn_not_the_game():
    """The game's whole log is put together here from what each state keeps: each state holds
    its newest part, unchanged, and that part is what every screen is sent."""
    longest = 0

    def check(state, seat, action, now):
        nonlocal longest
        log, log_from = state["log"], state["log_from"]
        assert log_from <= len(whole)  # no event was skipped
        whole.extend(log[len(whole) - log_from:])
        assert whole[log_from:] == log  # the newest, in order, as they were logged
        last_turn = max((i for i, e in enumerate(whole) if e["kind"] == "turn"), default=0)
        assert len(log) >= min(len(whole), hoax.LOG_SHOWN)
        assert log_from <= last_turn  # this whole turn, from its start
        assert len(log) <= max(hoax.LOG_SHOWN, len(whole) - last_turn)
        for viewer in (None, 0):
            shown = hoax.view(state, viewer)
            assert (shown["log_from"], shown["log"]) == (log_from, log)
        longest = max(longest, len(whole))

    for seed in range(6):
        whole: list[dict] = []
        random_game(5, seed, check=check)
    assert longest > 3 * hoax.LOG_SHOWN  # long games, so the cut was exercised


def test_a_state_saved_with_its_whole_log_is_shown_cut():
    """A game saved before the state kept only its newest events still shows only those."""
    state = start(4, immunities=False)
    transfer = {"kind": "transfer", "giver": "supply", "taker": 0, "count": 1}
    state["log"] += [transfer] * 40 + [{"kind": "turn", "seat": 1}] + [transfer] * 3
    del state["log_from"]
    shown = hoax.view(state, None)
    assert len(shown["log"]) == hoax.LOG_SHOWN
    assert shown["log_from"] == len(state["log"]) - hoax.LOG_SHOWN
    assert shown["log"] == state["log"][-hoax.LOG_SHOWN:]


def test_replay_from_seed_and_action_log_is_identical():
    for n in (3, 6):
        for seed in range(10):
            state, history = random_game(n, seed)
            chooser = random.Random(seed * 1009 + n)
            options = {
                "immunities": chooser.random() < 0.7,
                "hoax_card_rule": chooser.choice(["official", "variant"]),
                "accuser_card": chooser.random() < 0.5,
            }
            replay = hoax.setup(n, options, seed, 1000.0, {})  # no JSON in between this time
            for seat, action, now in history:
                replay = hoax.apply(replay, seat, action, now)
            assert replay == state
            assert json.dumps(replay) == json.dumps(state)


def test_apply_never_mutates_its_input():
    def check(state, seat, action, now):
        before = json.dumps(state)
        hoax.apply(state, seat, action, now)
        assert json.dumps(state) == before

    for n in (3, 4, 5, 6):
        for seed in range(8):
            random_game(n, seed, check=check)


def test_views_never_show_secrets_before_the_end():
    chooser = random.Random(99)

    def check(state, seat, action, now):
        if state["over"]:
            return
        n = len(state["out"])
        for viewer in [None, *range(n)]:
            shown = hoax.view(state, viewer)
            json.dumps(shown)
            # Every secret the viewer may not see replaced (the rules' own declaration of its
            # secrets, ``disguised``): its view cannot tell.
            assert hoax.view(hoax.disguised(state, viewer, chooser), viewer) == shown, viewer
            for p in shown["players"]:
                assert ("character" in p) == (p["seat"] == viewer)
            assert shown["unused"] is None
            assert "seed" not in shown

    for n in (3, 4, 5, 6):
        for seed in range(6):
            random_game(n, seed, check=check)


def test_own_view_holds_own_secrets():
    state = start()
    give(state, 0, cash=1, prestige=1, evidence=1)
    state = act(state, 0, {"type": "investigate", "target": 1})
    state = act(state, 0, {"type": "accuse", "target": 3, "character": "ex"})  # wrong
    mine = hoax.view(state, 0)
    assert mine["me"]["character"] == "ex" and mine["players"][0]["character"] == "ex"
    assert mine["me"]["investigations"][0]["target"] == 1
    assert mine["me"]["accusations"] == [{"target": 3, "character": "ex", "right": False}]
    assert hoax.view(state, None)["me"] is None
    assert hoax.view(state, 1)["me"]["actions"] == hoax.legal_actions(state, 1)
