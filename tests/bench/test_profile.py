"""Where the server's CPU went: py-spy's collapsed stacks, each put in one part of a move."""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter

import pytest

from bench import profile
from bench.profile import PARTS, breakdown, part_of, shares, thread_shares

SITE = "/venv/lib/python3.11/site-packages"
LIB = "/usr/lib/python3.11"
LOOP = (f"thread (1): MainThread;<module> ({SITE}/daphne/__main__.py:3);"
        f"Server.run ({SITE}/daphne/server.py:155);"
        f"AsyncioSelectorReactor.run ({SITE}/twisted/internet/asyncioreactor.py:257);"
        f"BaseEventLoop.run_forever ({LIB}/asyncio/base_events.py:607);"
        f"BaseEventLoop._run_once ({LIB}/asyncio/base_events.py:1922);"
        f"Handle._run ({LIB}/asyncio/events.py:80)")
DB = (f"thread (2): ThreadPoolExecutor-0_0;Thread.run ({LIB}/threading.py:982);"
      f"_worker ({LIB}/concurrent/futures/thread.py:83);"
      f"SyncToAsync.thread_handler ({SITE}/asgiref/sync.py:635);"
      f"action_submit (/app/games/rooms/services.py:650)")


def stack(base: str, *frames: str) -> str:
    return ";".join([base, *frames])


@pytest.mark.parametrize(("sampled", "part"), [
    (stack(DB, "state_apply (/app/games/rooms/services.py:520)",
           "apply (/app/games/outfox/rules.py:300)"), "rules and views"),
    (stack(DB, f"CursorWrapper.execute ({SITE}/django/db/backends/utils.py:79)"), "database"),
    (stack(DB), "database"),
    (stack(DB.rsplit(";", 1)[0]), "thread hop"),
    (stack(LOOP, "Fanout.deliver (/app/games/live/fanout.py:250)",
           "ScreenConsumer.frame_send (/app/games/live/consumers.py:250)",
           f"AsyncWebsocketConsumer.send ({SITE}/channels/generic/websocket.py:230)",
           f"Server.handle_reply ({SITE}/daphne/server.py:246)",
           f"WebSocketProtocol.sendMessage ({SITE}/autobahn/websocket/protocol.py:1)"), "sends"),
    (stack(LOOP, "Fanout.deliver (/app/games/live/fanout.py:250)"), "fan-out"),
    (stack(LOOP, "Frames.texts (/app/games/live/screens.py:140)"), "serialization"),
    (stack(LOOP, f"Histogram.observe ({SITE}/prometheus_client/metrics.py:1)"),
     "metrics and logs"),
    (stack(LOOP, "database_call (/app/games/live/dbthread.py:27)",
           f"SyncToAsync.__call__ ({SITE}/asgiref/sync.py:470)"), "thread hop"),
    (stack(LOOP.rsplit(";", 1)[0], f"EpollSelector.select ({LIB}/selectors.py:468)"),
     "event loop"),
    (stack(LOOP, f"callWithLogger ({SITE}/twisted/python/log.py:98)",
           f"FileDescriptor.doWrite ({SITE}/twisted/internet/abstract.py:1)",
           f"Connection.writeSomeData ({SITE}/twisted/internet/tcp.py:1)"), "sends"),
    (stack(LOOP, f"callWithLogger ({SITE}/twisted/python/log.py:98)",
           f"Connection.doRead ({SITE}/twisted/internet/tcp.py:1)",
           f"WebSocketProtocol.processData ({SITE}/autobahn/websocket/protocol.py:1)"),
     "receive"),
    (stack(LOOP, f"RedisPubSubChannelLayer.receive ({SITE}/channels_redis/pubsub.py:1)"),
     "channel layer"),
])
def test_each_stack_goes_to_its_part(sampled: str, part: str) -> None:
    assert part_of(sampled) == part


def test_the_breakdown_splits_the_measured_cpu_by_the_samples_shares() -> None:
    stacks = Counter({
        stack(DB, f"CursorWrapper.execute ({SITE}/django/db/backends/utils.py:79)"): 6,
        stack(LOOP, "Frames.texts (/app/games/live/screens.py:140)"): 3,
        stack(LOOP, "nothing_known (/app/elsewhere.py:1)"): 1,
    })
    assert shares(stacks)["database"] == pytest.approx(0.6)
    assert list(shares(stacks)) == list(PARTS)
    found = breakdown(stacks, cpu_seconds=2.0, moves=1000)  # 2 ms a move
    assert found["samples"] == 10 and found["us_per_move"] == 2000.0
    assert found["parts_us_per_move"]["database"] == 1200.0
    assert found["parts_us_per_move"]["serialization"] == 600.0
    assert found["parts_us_per_move"]["other"] == 0.0  # under the loop's turn: the loop's
    assert found["parts_us_per_move"]["event loop"] == 200.0
    assert thread_shares(stacks) == {"ThreadPoolExecutor-0": 0.6, "MainThread": 0.4}


def test_a_kept_profile_is_read_plain_or_gzipped(tmp_path) -> None:
    import gzip

    text = f"{stack(DB)} 7\n{stack(LOOP)} 3\n"
    (tmp_path / "p.txt").write_text(text)
    (tmp_path / "p.txt.gz").write_bytes(gzip.compress(text.encode()))
    expected = Counter({stack(DB): 7, stack(LOOP): 3})
    assert profile.collapsed_read(tmp_path / "p.txt") == expected
    assert profile.collapsed_read(tmp_path / "p.txt.gz") == expected


def test_no_samples_no_shares() -> None:
    assert shares(Counter()) == {}
    assert breakdown(Counter(), 1.0, 0)["parts_us_per_move"] == {}


@pytest.mark.skipif(not profile.available(), reason="py-spy is not installed")
def test_a_running_process_is_sampled(tmp_path) -> None:
    child = subprocess.Popen([sys.executable, "-c", (
        "import time\n"
        "def spinning():\n"
        "    started = time.time()\n"
        "    while time.time() - started < 20: sum(range(1000))\n"
        "spinning()\n")])
    try:
        sampler = profile.Sampler(child.pid, tmp_path / "samples.txt")
        assert sampler.start()
        time.sleep(1.0)
        stacks = sampler.stop()
    finally:
        child.kill()
        child.wait()
    if not stacks:
        pytest.skip("py-spy may not read another process's memory here (ptrace refused)")
    assert sum(stacks.values()) >= 20
    assert any("spinning" in sampled for sampled in stacks)
    assert (tmp_path / "samples.txt").exists()
