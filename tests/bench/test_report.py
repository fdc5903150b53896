"""The terminal table carries the JSON's figures and says when the load generator limited."""

from __future__ import annotations

from bench.report import report_text


def entry(**extra) -> dict:
    return {
        "sockets": 70, "actions": 100, "errors": 0, "error_codes": {}, "unanswered": 0,
        "frames_expected": 700, "frames_delivered": 700, "frames_dropped": 0, "delivery": 1.0,
        "latency_ms": {"p50": 3.0, "p90": 5.0, "p99": 9.5, "max": 12.0},
        "server_cpu_us_per_frame": 250.0, "redis_cpu_us_per_frame": None,
        "server_cpu_share": 0.2, "rss_bytes_per_socket": 20480, "loadgen_cpu_share": 0.1,
        "loadgen_bottleneck": False, "stalls": 0, "passes": True, "machine_load": 0.5, **extra,
    }


def test_report_text_has_every_figure() -> None:
    report = {
        "layer": "memory",
        "options": {"phones": 6, "rate": 1.0, "seconds": 30, "warmup": 3, "database": "sqlite"},
        "machine": {"cpus": 2, "server_core": 0, "loadgen_core": 1},
        "engine": [{"game": "outfox", "moves_per_second": 4000.0, "us_per_move": 250.0,
                    "bytes_per_frame": 1500}],
        "steps": [{"rooms": 10, "game": entry(), "cpu_ratio_game_to_stock": 0.8,
                   "stock": entry(loadgen_cpu_share=0.95, loadgen_bottleneck=True),
                   "floor": entry(server_cpu_us_per_frame=125.0),
                   "cpu_ratio_game_to_floor": 2.0}],
        "capacity": {"game": 10, "stock": None, "floor": 10},
    }
    text = report_text(report)
    for figure in ("3.0", "9.5", "700/700", "100.00", "250", "125", "20.0", "x0.80", "x2.00",
                   "4,000 moves/s", "game/stock", "game/floor"):
        assert figure in text
    assert "Capacity (game): 10 rooms" in text
    assert "Capacity (stock): none" in text
    assert "Capacity (floor): 10 rooms" in text
    assert "10 rooms (stock): the load generator used 95 %" in text


def test_report_text_gives_each_pairs_ratio_when_repeated() -> None:
    report = {
        "layer": "redis-pubsub",
        "options": {"phones": 6, "rate": 1.0, "seconds": 30, "warmup": 3, "repeat": 3,
                    "database": "sqlite"},
        "machine": {"cpus": 2, "server_core": 0, "loadgen_core": 1},
        "engine": [],
        "steps": [{"rooms": 50, "game": entry(), "stock": entry(), "cpu_ratio_game_to_stock": 0.91,
                   "cpu_ratios_game_to_stock_per_repeat": [0.95, 0.91, None]}],
        "capacity": {"game": 50, "stock": 50},
    }
    text = report_text(report)
    assert "each measured 3 times" in text
    assert "x0.91" in text
    assert "median of 3 repeats" in text and "50 rooms, game/stock: 0.95, 0.91, -" in text


def test_report_text_shows_where_each_kinds_cpu_went() -> None:
    parts = {"rules and views": 100.0, "database": 700.0, "sends": 400.0}
    report = {
        "layer": "redis-pubsub",
        "options": {"phones": 6, "rate": 1.0, "seconds": 30, "warmup": 3, "database": "sqlite",
                    "profile_dir": "/tmp/x.profiles"},
        "machine": {"cpus": 2, "server_core": 0, "loadgen_core": 1},
        "engine": [],
        "steps": [{"rooms": 100, "game": entry(breakdown={
            "samples": 900, "us_per_move": 1800.0, "parts_us_per_move": parts}),
            "stock": entry(breakdown=None)}],
        "capacity": {"game": 100, "stock": 100},
    }
    text = report_text(report)
    assert "Where the server's CPU went, 100 rooms" in text
    database = next(line for line in text.splitlines() if line.strip().startswith("database"))
    assert database.split() == ["database", "700"]
    assert "whole move" in text and "1800" in text and "/tmp/x.profiles" in text


def test_report_text_of_a_processes_run_gives_capacity_and_scaling() -> None:
    report = {
        "layer": "redis-pubsub",
        "options": {"phones": 6, "rate": 1.0, "seconds": 30, "warmup": 3, "database": "sqlite",
                    "processes": 2},
        "machine": {"cpus": 2, "server_core": 0, "loadgen_core": 1},
        "engine": [],
        "steps": [{"rooms": 100, "processes": 2, "placement": "scattered", "game": entry(),
                   "stock": entry(), "cpu_ratio_game_to_stock": 0.5}],
        "capacity": [{"processes": 1, "placement": "routed", "game": 100, "stock": 50},
                     {"processes": 2, "placement": "scattered", "game": 100, "stock": None}],
        "scaling": {"scattered_game": 1.0, "scattered_stock": None},
    }
    text = report_text(report)
    assert "game 2p scattered" in text
    assert "Capacity (game, 2 processes, scattered): 100 rooms." in text
    assert "Capacity (stock, 2 processes, scattered): none of the room counts." in text
    assert "Scaling 1 -> 2 processes (scattered, game): x1.00 capacity." in text
