"""`manage.py bench --processes` and the audience across processes: short smoke runs on the
Redis pub/sub layer (not timed: they check the figures are there and every frame arrived)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.support.servers import ROOT, redis_url  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.redis]


@pytest.mark.long(150)
def test_two_processes_measure_routed_and_scattered_rooms(tmp_path, redis_url) -> None:  # noqa: F811
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "--layer", "redis-pubsub", "--processes", "2",
         "--rooms", "2", "--seconds", "2", "--warmup", "1", "--engine-seconds", "0",
         "--no-profile", "--redis-url", redis_url, "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=420,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(out.read_text())
    placed = [(step["processes"], step["placement"]) for step in report["steps"]]
    assert placed == [(1, "routed"), (2, "routed"), (2, "scattered")]
    for step in report["steps"]:
        for kind in ("game", "stock"):
            entry = step[kind]
            assert entry["errors"] == 0 and entry["unanswered"] == 0
            assert entry["frames_delivered"] == entry["frames_expected"] > 0
            assert entry["processes"] == step["processes"]
        assert "floor" not in step  # the floor has no layer: it cannot be scattered
    assert [(entry["processes"], entry["placement"]) for entry in report["capacity"]] == placed
    assert set(report["scaling"]) == {"routed_game", "routed_stock", "scattered_game",
                                      "scattered_stock"}
    assert "Scaling 1 -> 2 processes (scattered, game)" in result.stdout


@pytest.mark.long(120)
def test_an_audience_across_two_processes_and_two_load_processes(tmp_path, redis_url) -> None:  # noqa: F811
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "manage.py", "bench", "--layer", "redis-pubsub", "--audience", "30",
         "--audience-processes", "2", "--load-processes", "2", "--audience-votes", "10",
         "--seconds", "3", "--warmup", "1", "--engine-seconds", "0", "--redis-url", redis_url,
         "--json", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    run = json.loads(out.read_text())["audience_run"]
    assert run["processes"] == 2 and run["load_processes"] == 2
    assert len(run["servers_cpu_share"]) == 2 and len(run["loaders_cpu_share"]) == 2
    assert run["redis_cpu_share"] is not None
    players, crowd = run["players"], run["audience"]
    assert players["sockets"] == 7 and players["actions"] >= 3
    assert players["errors"] == 0 and players["frames_delivered"] == players["frames_expected"]
    # Every phone on either process was reached by every measured move (or a newer one).
    assert crowd["sockets"] == 30 and crowd["pairs"] == crowd["moves"] * 30
    assert crowd["reached"] == 1.0 and crowd["errors"] == 0
    assert crowd["votes_sent"] > 0 and crowd["votes_answered"] == crowd["votes_sent"]
    assert crowd["tallies_per_phone_per_second"] > 0
    assert "Audience run" in result.stdout and "2 Daphne process(es)" in result.stdout
