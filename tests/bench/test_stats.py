"""Latency and drop bookkeeping of the benchmark: scheduled time, last screen, exact versions."""

from __future__ import annotations

import math

import pytest

from bench.stats import ActionRecord, Ledger, SocketLog, Summary, capacity, percentile


def test_percentile_is_nearest_rank_and_counts_lost_as_slowest() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([1.0, math.inf], 50) == 1.0
    assert percentile([1.0, math.inf], 99) == math.inf
    assert math.isnan(percentile([], 50))


def test_socket_log_first_update_at_or_after_a_version() -> None:
    log = SocketLog()
    log.record(3, 10.0)
    log.record(5, 12.0)
    log.record(5, 99.0)  # a repeat keeps the first arrival
    assert log.updated_at(3) == 10.0
    assert log.updated_at(4) == 12.0  # 4 was never received: 5 updated the screen
    assert log.updated_at(6) is None
    assert log.has(5) and not log.has(4)
    assert log.latest() == 5


def test_latency_runs_from_the_scheduled_time_to_the_last_screen() -> None:
    ledger = Ledger()
    tv, phone = ledger.room_add(0, 2)
    tv.record(1, 100.030)
    phone.record(1, 100.050)
    # Sent late (the previous move was slow): the wait before sending still counts.
    ledger.action_add(ActionRecord(room=0, scheduled=100.0, sent=100.020, version=1))
    summary = ledger.summary()
    assert summary.latency["max"] == pytest.approx(0.050)
    assert summary.expected == 2 and summary.delivered == 2 and summary.dropped == 0


def test_a_frame_a_socket_never_got_is_a_drop() -> None:
    ledger = Ledger()
    tv, phone = ledger.room_add(0, 2)
    tv.record(1, 1.01)
    tv.record(2, 2.01)
    phone.record(2, 2.02)  # version 1 never reached the phone
    ledger.action_add(ActionRecord(room=0, scheduled=1.0, sent=1.0, version=1))
    ledger.action_add(ActionRecord(room=0, scheduled=2.0, sent=2.0, version=2))
    summary = ledger.summary()
    assert (summary.expected, summary.delivered, summary.dropped) == (4, 3, 1)
    assert summary.delivery == 0.75
    # The phone was only updated by the next move's frame: that is the first move's latency.
    assert summary.latency["max"] == pytest.approx(1.02)
    assert not summary.passes()


def test_unanswered_moves_are_lost_and_refusals_are_errors() -> None:
    ledger = Ledger()
    ledger.room_add(0, 1)
    ledger.action_add(ActionRecord(room=0, scheduled=1.0, sent=1.0))
    ledger.action_add(ActionRecord(room=0, scheduled=2.0, sent=2.0, error="wrong_phase"))
    summary = ledger.summary()
    assert summary.unanswered == 1 and summary.errors == 1
    assert summary.error_codes == {"wrong_phase": 1}
    assert summary.latency["p99"] == math.inf
    assert summary.as_json()["latency_ms"]["max"] is None


def test_summary_keeps_only_the_window() -> None:
    ledger = Ledger()
    (log,) = ledger.room_add(0, 1)
    for k in range(5):
        log.record(k + 1, k + 0.01)
        ledger.action_add(ActionRecord(room=0, scheduled=float(k), sent=float(k), version=k + 1))
    assert ledger.summary(1.0, 3.0).actions == 2


def test_capacity_is_the_largest_passing_room_count() -> None:
    good = Summary(actions=10, expected=1000, delivered=1000, latency={"p99": 0.05})
    slow = Summary(actions=10, expected=1000, delivered=1000, latency={"p99": 0.15})
    lossy = Summary(actions=10, expected=1000, delivered=998, latency={"p99": 0.01})
    assert good.passes() and not slow.passes() and not lossy.passes()
    assert capacity([(10, good), (50, good), (100, slow)]) == 50
    assert capacity([(10, lossy)]) is None


def test_joined_windows_keep_each_window_and_their_rooms_apart() -> None:
    first, second = Ledger(), Ledger()
    for ledger, base in ((first, 0.0), (second, 100.0)):
        (log,) = ledger.room_add(0, 1)  # the same room index in both windows
        for k in range(4):
            log.record(k + 1, base + k + 0.01 * (1 + base / 100))
            ledger.action_add(ActionRecord(room=0, scheduled=base + k, sent=base + k,
                                           version=k + 1))
    joined = Ledger.joined([(first, 1.0, 3.0), (second, 100.0, 102.0)])
    summary = joined.summary()
    assert summary.actions == 4 and summary.delivered == 4
    # Each window's moves are timed against its own room: 10 ms in the first, 20 ms after.
    assert sorted(joined.action_latency(a) for a in joined.actions) == pytest.approx(
        [0.01, 0.01, 0.02, 0.02])
    assert set(joined.rooms) == {(0, 0), (1, 0)}
