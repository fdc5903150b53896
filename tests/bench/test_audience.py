"""`manage.py bench --audience`: the pure parts (votes, the audience's delivery figures). A short
run against real servers is tests/bench/test_processes.py's (two processes and load processes)."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from bench.audience import audience_delivery, audience_passes, loaders_plan
from bench.phones import vote_for
from bench.stats import ActionRecord, SocketLog
from games.outfox import audience as outfox_audience

BALLOT = {"key": "t1", "questions": [
    {"name": "fox", "choices": [{"value": i} for i in range(6)]},
    {"name": "top", "choices": [{"value": i} for i in range(6)]},
]}


def test_votes_take_each_question_and_choice_in_turn_and_none_without_a_ballot():
    votes = [vote_for(BALLOT, k) for k in range(4)]
    assert [(v["question"], v["choice"]) for v in votes] == [
        ("fox", 0), ("top", 0), ("fox", 1), ("top", 1)]
    assert all(v["type"] == "audience" and v["ballot"] == "t1" for v in votes)
    assert vote_for(None, 0) is None and vote_for({"key": "x", "questions": []}, 0) is None


def test_votes_are_legal_on_a_real_outfox_ballot():
    view = {"phase": "rank", "turn": 2, "answers": [f"a{i}" for i in range(6)]}
    ballot = outfox_audience.ballot(view)
    for k in range(12):
        vote = vote_for(ballot, k)
        question = next(q for q in ballot["questions"] if q["name"] == vote["question"])
        assert vote["choice"] in [choice["value"] for choice in question["choices"]]


def log_of(arrivals: dict[int, float]) -> SocketLog:
    log = SocketLog()
    for version, at in arrivals.items():
        log.record(version, at)
    return log


def test_delivery_counts_a_newer_frame_as_reaching_and_tells_exact_from_coalesced():
    actions = [ActionRecord(room=0, scheduled=10.0, sent=10.0, version=5),
               ActionRecord(room=0, scheduled=11.0, sent=11.0, version=6),
               ActionRecord(room=0, scheduled=12.0, sent=12.0, version=None, error="stale")]
    phones = [log_of({5: 10.02, 6: 11.03}),  # every version
              log_of({6: 11.05}),  # 5 coalesced into 6
              log_of({})]  # never updated
    figures = audience_delivery(actions, phones)
    assert figures["moves"] == 2 and figures["phones"] == 3 and figures["pairs"] == 6
    assert figures["reached"] == round(4 / 6, 6)
    assert figures["exact"] == round(3 / 6, 6)
    assert figures["lag_ms"]["p50"] == pytest.approx(50.0)  # 20, 30, 50, 1050, inf, inf
    assert figures["lag_ms"]["p99"] is None  # a phone that never showed it: lost


def test_delivery_of_nothing_is_no_figure():
    assert audience_delivery([], [log_of({})])["reached"] is None


def test_negative_audience_is_refused():
    with pytest.raises(CommandError):
        call_command("bench", "--audience", "-1")


def test_the_phones_are_shared_out_among_load_processes():
    assert loaders_plan(10_000, 0) == [(0, 2500), (2500, 2500), (5000, 2500), (7500, 2500)]
    assert loaders_plan(5, 3) == [(0, 2), (2, 2), (4, 1)]
    assert loaders_plan(2, 5) == [(0, 1), (1, 1)]  # never an empty one
    assert loaders_plan(20, 0) == [(0, 20)]


def test_the_audience_passes_when_every_phone_is_reached_within_two_seconds_at_p99():
    actions = [ActionRecord(room=0, scheduled=10.0, sent=10.0, version=5)]
    assert audience_passes(actions, [log_of({5: 11.5}), log_of({6: 11.9})])
    assert not audience_passes(actions, [log_of({5: 11.5}), log_of({6: 12.5})])  # 2.5 s
    assert not audience_passes(actions, [log_of({5: 10.1}), log_of({})])  # one never reached
