"""`manage.py bench`: a short smoke run on the in-memory layer (the game beside the stock
consumer and the floor, with py-spy's breakdown), and its argument checks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from bench.management.commands.bench import room_counts
from tests.support.servers import ROOT


@pytest.mark.long(90)
def test_a_short_run_measures_game_stock_and_floor_with_only_legal_moves(tmp_path) -> None:
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "--rooms", "2", "--seconds", "2",
         "--warmup", "1", "--repeat", "2", "--engine-seconds", "0.05", "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Capacity (game)" in result.stdout and "game/stock" in result.stdout
    assert "game/floor" in result.stdout
    report = json.loads(out.read_text())
    assert [engine["game"] for engine in report["engine"]] == ["outfox", "hoax", "werewolf"]
    assert [engine["views"] for engine in report["engine"]] == [7, 7, 13]
    (step,) = report["steps"]
    for kind in ("game", "stock", "floor"):
        entry = step[kind]
        assert entry["sockets"] == 14
        assert entry["actions"] >= 6  # two windows of 2 rooms for 2 s at a move a second
        assert entry["errors"] == 0, entry["error_codes"]  # every scripted move was legal
        assert entry["unanswered"] == 0
        assert entry["frames_expected"] == entry["actions"] * 7
        assert entry["frames_delivered"] == entry["frames_expected"]
        assert entry["server_cpu_us_per_frame"] > 0
        assert entry["latency_ms"]["p50"] > 0
    for yardstick in ("stock", "floor"):
        assert step[f"cpu_ratio_game_to_{yardstick}"] > 0
        assert len(step[f"cpu_ratios_game_to_{yardstick}_per_repeat"]) == 2
    assert "median of 2 repeats" in result.stdout
    assert report["capacity"]["stock"] in (2, None)
    # Where the game's CPU went, from py-spy's samples kept beside the report.
    if report["options"]["profile"]:
        breakdown = step["game"]["breakdown"]
        assert breakdown is not None and breakdown["samples"] > 0
        assert sum(breakdown["parts_share"].values()) == pytest.approx(1.0, abs=0.01)
        assert "Where the server's CPU went, 2 rooms" in result.stdout
        kept = list((tmp_path / "bench.json.profiles").glob("game-2r-*.txt"))
        # a file a window; py-spy --gil samples only while the server holds the interpreter,
        # and 2 rooms keep it idle most of a 2 s window: one may hold no sample, not both
        assert len(kept) == 2 and any(path.stat().st_size for path in kept)


def test_room_counts_are_parsed_and_checked() -> None:
    assert room_counts("10, 50,100") == [10, 50, 100]
    with pytest.raises(CommandError):
        room_counts("ten")
    with pytest.raises(CommandError):
        room_counts("0")


def test_phones_out_of_range_are_refused() -> None:
    with pytest.raises(CommandError):
        call_command("bench", "--phones", "9")


def test_repeat_below_one_is_refused() -> None:
    with pytest.raises(CommandError):
        call_command("bench", "--repeat", "0")


def test_several_processes_need_a_redis_layer() -> None:
    with pytest.raises(CommandError, match="Redis layer"):
        call_command("bench", "--processes", "2")
    with pytest.raises(CommandError, match="Redis layer"):
        call_command("bench", "--audience", "10", "--audience-processes", "2")
