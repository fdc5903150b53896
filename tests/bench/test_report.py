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
        "steps": [{"rooms": 10, "game": entry(), "cpu_ratio_game_to_bare": 0.8,
                   "bare": entry(loadgen_cpu_share=0.95, loadgen_bottleneck=True)}],
        "capacity": {"game": 10, "bare": None},
    }
    text = report_text(report)
    for figure in ("3.0", "9.5", "700/700", "100.00", "250", "20.0", "x0.80", "4,000 moves/s"):
        assert figure in text
    assert "Capacity (game): 10 rooms" in text
    assert "Capacity (bare): none" in text
    assert "load generator used 95 %" in text


def test_report_text_gives_each_pairs_ratio_when_repeated() -> None:
    report = {
        "layer": "redis-pubsub",
        "options": {"phones": 6, "rate": 1.0, "seconds": 30, "warmup": 3, "repeat": 3,
                    "database": "sqlite"},
        "machine": {"cpus": 2, "server_core": 0, "loadgen_core": 1},
        "engine": [],
        "steps": [{"rooms": 50, "game": entry(), "bare": entry(), "cpu_ratio_game_to_bare": 0.91,
                   "cpu_ratios_per_repeat": [0.95, 0.91, None]}],
        "capacity": {"game": 50, "bare": 50},
    }
    text = report_text(report)
    assert "each measured 3 times" in text
    assert "x0.91" in text
    assert "median of 3 pairs" in text and "50 rooms: 0.95, 0.91, -" in text
