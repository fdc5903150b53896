"""Werewolf's recap: seeded games replayed from their logs give the sharpest voter, the wolf
who survived longest and the deaths in order, worked out by hand, ties shared."""

from __future__ import annotations

from typing import Any

from games.werewolf import recap, rules
from games.werewolf.options import SPECIALS
from tests.support.played import Played

OPTIONS = {"composition": "custom", "composition.werewolves": 2, "composition.villagers": 4,
           **{f"composition.{role}": False for role in SPECIALS}, "mayor.enabled": False}


def game(seed: int = 5) -> tuple[Played, list[int], list[int]]:
    """Six players dealt two werewolves, everyone has looked; the wolves and villagers."""
    played = Played(rules, 6, OPTIONS, seed=seed)
    cards = played.state["cards"]
    for seat in range(6):
        played.act(seat, {"type": "look", "target": None})
    wolves = [seat for seat, card in enumerate(cards) if card == "werewolf"]
    return played, wolves, [seat for seat in range(6) if seat not in wolves]


def act(played: Played, seat: int | None, kind: str, target: Any = None) -> None:
    played.act(seat, {"type": kind, "target": target})


def until(played: Played, done) -> None:
    for _turn in range(200):
        if done(played.state):
            return
        played.timeout()
    raise AssertionError("never reached")


def night(played: Played, victim: int) -> None:
    """The pack kills ``victim``; the rest of the night times out."""
    until(played, lambda s: s["phase"] == "night" and s["step"]["key"] == "werewolves")
    wolves = [s for s, card in enumerate(played.state["cards"])
              if card == "werewolf" and played.state["alive"][s]]
    for wolf in wolves:
        act(played, wolf, "wolf_vote", victim)
    for wolf in wolves:
        act(played, wolf, "confirm")


def day(played: Played, ballots: dict[int, int]) -> None:
    until(played, lambda s: s["phase"] == "talk")
    act(played, None, "talk_end")
    for voter, target in ballots.items():
        act(played, voter, "vote", target)
    played.timeout()


def test_the_village_wins_and_two_voters_share_the_sharpest_vote():
    played, (w1, w2), (v1, v2, v3, v4) = game()
    night(played, v1)
    day(played, {v2: w1, v3: w1, v4: w1, w1: v2, w2: v2})  # w1 executed
    night(played, v2)
    day(played, {v3: w2, v4: w2, w2: v3})  # w2 executed: the village wins
    until(played, lambda s: s["over"])
    result = recap.recap(played.setup, played.log)
    board = result["board"]
    awards = {entry["key"]: entry for entry in board["awards"]}
    assert awards["sharpest_voter"]["seats"] == sorted([v3, v4])
    counts = awards["sharpest_voter"]["counts"]
    assert (counts[v2], counts[v3], counts[v4], counts[w1]) == (1, 2, 2, 0)
    assert awards["last_wolf"]["seats"] == [w2] and awards["last_wolf"]["alive"] == []
    assert [(d["seat"], d["card"]) for d in board["deaths"]] == [
        (v1, "villager"), (w1, "werewolf"), (v2, "villager"), (w2, "werewolf")]
    assert board["team"] == "village" and w1 not in board["winners"]
    mine = result["seats"][v3]
    assert mine["card"] == "villager" and mine["won"] and mine["alive"]
    assert (mine["ballots"], mine["on_wolves"], mine["awards"]) == (2, 2, ["sharpest_voter"])
    assert result["seats"][w2]["awards"] == ["last_wolf"] and not result["seats"][w2]["won"]


def test_the_pack_wins_with_both_wolves_alive_and_shares_the_last_wolf():
    played, (w1, w2), (v1, v2, v3, v4) = game()
    night(played, v1)
    day(played, {w1: v2, w2: v2, v4: v2, v2: w1, v3: w1})  # v2 executed
    night(played, v3)  # one villager left: the pack wins at dawn
    until(played, lambda s: s["over"])
    result = recap.recap(played.setup, played.log)
    awards = {entry["key"]: entry for entry in result["board"]["awards"]}
    assert awards["last_wolf"]["seats"] == sorted([w1, w2])
    assert awards["last_wolf"]["alive"] == sorted([w1, w2])
    assert awards["sharpest_voter"]["seats"] == sorted([v2, v3])
    assert result["board"]["team"] == "pack"
    assert [d["seat"] for d in result["board"]["deaths"]] == [v1, v2, v3]


def test_secret_ballots_leave_the_sharpest_voter_to_nobody():
    played = Played(rules, 6, {**OPTIONS, "votes.ballots": "tally"}, seed=5)
    for seat in range(6):
        played.act(seat, {"type": "look", "target": None})
    wolves = [seat for seat, card in enumerate(played.state["cards"]) if card == "werewolf"]
    villagers = [seat for seat in range(6) if seat not in wolves]
    night(played, villagers[0])
    day(played, {seat: wolves[0] for seat in villagers[1:]})
    result = recap.recap(played.setup, played.log)
    assert {e["key"]: e for e in result["board"]["awards"]}["sharpest_voter"]["seats"] == []


def test_the_sharpest_voter_singles_someone_out_and_never_a_wolf_covering():
    """A wolf who votes out his packmate is not sharp; an award most of the village would share
    singles nobody out."""
    played, (w1, w2), (v1, v2, v3, v4) = game()
    night(played, v1)
    day(played, {v2: w1, v3: w1, v4: w1, w2: w1})  # w1 executed, his packmate voting too
    result = recap.recap(played.setup, played.log)
    sharpest = {e["key"]: e for e in result["board"]["awards"]}["sharpest_voter"]
    assert sharpest["seats"] == [] and sharpest["counts"][w2] == 0
    assert result["seats"][w2]["on_wolves"] == 1  # his own summary stays true
    night(played, v2)
    day(played, {v3: w2, v4: v3, w2: v4})  # v3 alone names the last wolf
    result = recap.recap(played.setup, played.log)
    sharpest = {e["key"]: e for e in result["board"]["awards"]}["sharpest_voter"]
    assert sharpest["seats"] == [v3]


def test_the_recap_names_causes_the_days_and_a_removed_player_apart_from_the_winners():
    played, (w1, w2), (v1, v2, v3, v4) = game()
    night(played, v1)
    day(played, {v2: w1, v3: w1, v4: w1, w1: v2, w2: v2})  # w1 executed
    until(played, lambda s: s["phase"] == "night")
    act(played, None, "remove", v4)  # v4 left the village
    act(played, None, "remove", w2)  # the last wolf left: the village wins
    result = recap.recap(played.setup, played.log)
    board = result["board"]
    assert board["team"] == "village"
    assert board["left"] == [v4, w2] and v4 not in board["winners"]
    assert sorted(board["winners"]) == sorted([v1, v2, v3])
    assert not result["seats"][v4]["won"] and result["seats"][v3]["won"]
    assert [(d["seat"], d["cause"]) for d in board["deaths"]] == [
        (v1, "wolves"), (w1, "vote"), (v4, "left"), (w2, "left")]
    assert [night["night"] for night in board["nights"]] == [1, 2]
    assert {entry["kind"] for entry in board["log"]} >= {"ballots", "death", "win"}
