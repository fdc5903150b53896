"""`manage.py bench`: a short smoke run on the in-memory layer, and its argument checks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command

from bench.management.commands.bench import room_counts
from tests.support.servers import ROOT


@pytest.mark.long(75)
def test_a_short_run_measures_game_and_bare_with_only_legal_moves(tmp_path) -> None:
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "--rooms", "2", "--seconds", "3",
         "--warmup", "1", "--repeat", "2", "--engine-seconds", "0.05", "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Capacity (game)" in result.stdout and "game/bare" in result.stdout
    report = json.loads(out.read_text())
    assert [engine["game"] for engine in report["engine"]] == ["outfox", "hoax", "werewolf"]
    assert [engine["views"] for engine in report["engine"]] == [7, 7, 13]
    (step,) = report["steps"]
    for kind in ("game", "bare"):
        entry = step[kind]
        assert entry["sockets"] == 14
        assert entry["actions"] >= 8  # two windows of 2 rooms for 3 s at a move a second
        assert entry["errors"] == 0, entry["error_codes"]  # every scripted move was legal
        assert entry["unanswered"] == 0
        assert entry["frames_expected"] == entry["actions"] * 7
        assert entry["frames_delivered"] == entry["frames_expected"]
        assert entry["server_cpu_us_per_frame"] > 0
        assert entry["latency_ms"]["p50"] > 0
    assert step["cpu_ratio_game_to_bare"] > 0
    assert len(step["cpu_ratios_per_repeat"]) == 2
    assert "game/bare is the median of 2 pairs" in result.stdout
    assert report["capacity"]["bare"] in (2, None)


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
