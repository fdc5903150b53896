"""The runner's arithmetic: repeated windows joined into one step, the ratios of the repeats,
where a room's sockets open."""

from __future__ import annotations

import math

import pytest

from bench.clients import benched
from bench.runner import (
    Measured,
    Step,
    addresses_for,
    cpu_ratio,
    kinds_order,
    room_games,
    scaling,
    steps_joined,
    warmup_rooms,
)
from bench.stats import ActionRecord, Ledger


def step(kind: str, cpu: float, moves: int, latency: float, *, start: float = 0.0,
         rss: int = 1000, redis: float | None = None) -> Step:
    """A measured window of one room of two sockets: ``moves`` moves a second apart, each
    shown everywhere ``latency`` after it was due, and ``cpu`` seconds of server time."""
    ledger = Ledger()
    logs = ledger.room_add(0, 2)
    for k in range(moves):
        for log in logs:
            log.record(k + 1, start + k + latency)
        ledger.action_add(ActionRecord(room=0, scheduled=start + k, sent=start + k,
                                       version=k + 1))
    summary = ledger.summary(start, start + moves)
    return Step(
        kind=kind, rooms=1, sockets=2, summary=summary,
        windows=[(ledger, start, start + moves)], wall=float(moves), server_cpu=cpu,
        loadgen_cpu=0.1, redis_cpu=redis, rss_before=500, rss_after=rss, frame_bytes=100.0,
        stalls=0, setup_seconds=1.0, load=0.5,
    )


def test_repeated_windows_join_into_one_step() -> None:
    one = step("game", cpu=0.02, moves=10, latency=0.010, rss=900, redis=0.5)
    two = step("game", cpu=0.06, moves=20, latency=0.050, start=1000.0, rss=1200, redis=0.25)
    joined = steps_joined([one, two])
    assert joined.summary.actions == 30
    assert joined.summary.delivered == 60
    assert joined.server_cpu == pytest.approx(0.08)
    assert joined.cpu_per_frame == pytest.approx(0.08 / 60)
    assert joined.wall == 30.0 and joined.redis_cpu == pytest.approx(0.75)
    assert joined.rss_after == 1200
    # p50 lies in the second window's slower moves (20 of the 30), p90 too.
    assert joined.summary.latency["p50"] == pytest.approx(0.050)
    assert joined.summary.latency["max"] == pytest.approx(0.050)
    assert steps_joined([one]) is one


def test_a_window_without_redis_figures_leaves_the_joined_figure_unknown() -> None:
    joined = steps_joined([step("game", 0.1, 5, 0.01, redis=0.1), step("game", 0.1, 5, 0.01)])
    assert joined.redis_cpu is None


def test_each_ratio_is_the_median_repeat_not_the_ratio_of_totals() -> None:
    # The third repeat ran while the machine was slow for the game alone.
    rounds = [
        {"game": step("game", 0.09, 10, 0.01), "stock": step("stock", 0.10, 10, 0.01),
         "floor": step("floor", 0.03, 10, 0.01)},
        {"game": step("game", 0.08, 10, 0.01), "stock": step("stock", 0.10, 10, 0.01),
         "floor": step("floor", 0.04, 10, 0.01)},
        {"game": step("game", 0.30, 10, 0.01), "stock": step("stock", 0.10, 10, 0.01),
         "floor": step("floor", 0.05, 10, 0.01)},
    ]
    measured = Measured.of(rounds)
    assert measured.ratios("stock") == pytest.approx([0.9, 0.8, 3.0])
    assert measured.ratio("stock") == pytest.approx(0.9)
    assert measured.ratios("floor") == pytest.approx([3.0, 2.0, 6.0])
    assert measured.ratio("floor") == pytest.approx(3.0)
    assert cpu_ratio(measured.game, measured.steps["stock"]) == pytest.approx(47 / 30)
    entry = measured.as_json()
    assert entry["cpu_ratio_game_to_stock"] == 0.9
    assert entry["cpu_ratios_game_to_stock_per_repeat"] == [0.9, 0.8, 3.0]
    assert entry["cpu_ratio_game_to_floor"] == 3.0
    assert entry["game"]["actions"] == 30 and entry["floor"]["actions"] == 30
    assert [repeat["game"]["server_cpu_us_per_frame"] for repeat in entry["repeats"]] == [
        4500.0, 4000.0, 15000.0]
    assert entry["repeats"][0]["stock"]["latency_ms"]["p99"] == 10.0


def test_a_yardstick_that_delivered_nothing_gives_no_ratio() -> None:
    nothing = step("stock", 0.1, 0, 0.01)
    assert cpu_ratio(step("game", 0.1, 5, 0.01), nothing) == math.inf
    entry = Measured.of([{"game": step("game", 0.1, 5, 0.01), "stock": nothing}]).as_json()
    assert entry["cpu_ratio_game_to_stock"] is None
    assert "cpu_ratio_game_to_floor" not in entry  # not measured (--processes runs)


def test_repeats_reverse_the_order_of_the_windows_every_other_time() -> None:
    assert [kinds_order(n) for n in range(3)] == [
        ("stock", "floor", "game"), ("game", "floor", "stock"), ("stock", "floor", "game")]
    assert kinds_order(1, ("stock", "game")) == ("game", "stock")


class FakeServer:
    def __init__(self, port: int) -> None:
        self.host, self.port = "127.0.0.1", port


def test_a_routed_room_opens_on_one_process_and_a_scattered_one_on_each_in_turn() -> None:
    servers = [FakeServer(8001), FakeServer(8002)]
    assert {port for _host, port in addresses_for(0, 7, servers, "routed")} == {8001}
    assert {port for _host, port in addresses_for(1, 7, servers, "routed")} == {8002}
    scattered = [port for _host, port in addresses_for(1, 4, servers, "scattered")]
    assert scattered == [8002, 8001, 8002, 8001]


def test_scaling_is_capacity_on_n_processes_over_one() -> None:
    found = [
        {"processes": 1, "placement": "routed", "game": 100, "stock": 50},
        {"processes": 2, "placement": "routed", "game": 150, "stock": None},
        {"processes": 2, "placement": "scattered", "game": 100, "stock": 50},
    ]
    assert scaling(found, 2) == {"routed_game": 1.5, "routed_stock": None,
                                 "scattered_game": 1.0, "scattered_stock": 1.0}


def test_the_warm_up_plays_every_game_so_the_stock_consumers_frames_match_the_mix():
    """The stock consumer's messages are padded to the warm-up game's mean frame: a warm-up
    without Werewolf (the largest frames) made them a third smaller than the game's."""
    GAMES, WARMUP_ROOMS = benched(), warmup_rooms()  # noqa: N806 (the registry's, read now)
    assert set(room_games(WARMUP_ROOMS)) == set(GAMES)
    assert room_games(4) == [*GAMES, GAMES[0]]
