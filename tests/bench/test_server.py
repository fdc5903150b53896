"""The server probes: CPU time and memory from /proc, the core plan."""

from __future__ import annotations

import os
import time

from bench.server import (
    cores_plan,
    port_free,
    proc_cpu_seconds,
    proc_memory,
    proc_ticks_seconds,
)


def test_cpu_seconds_of_a_process_grow_while_it_works() -> None:
    before = proc_cpu_seconds(os.getpid())
    started = time.process_time()
    while time.process_time() - started < 0.1:
        sum(range(1000))
    assert proc_cpu_seconds(os.getpid()) - before >= 0.05


def test_cpu_seconds_of_another_process_are_exact_and_agree_with_proc() -> None:
    """A child's CPU clock, read from here, to well under a tick (10 ms), and the same time as
    /proc's ticks say (its fallback), within a few ticks."""
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", (
        "import sys, time\n"
        "started = time.process_time()\n"
        "while time.process_time() - started < 0.2: sum(range(1000))\n"
        "print('done', flush=True)\n"
        "sys.stdin.read()\n")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "done\n"  # its work done; it waits, using no CPU
        exact = proc_cpu_seconds(child.pid)
        assert exact != round(exact, 2)  # finer than ticks
        assert abs(exact - proc_ticks_seconds(child.pid)) <= 0.05
        assert exact >= 0.2
    finally:
        child.communicate("")


def test_memory_reads_resident_and_peak() -> None:
    memory = proc_memory(os.getpid())
    assert 0 < memory["rss"] <= memory["hwm"]


def test_core_plan_uses_two_different_cores_or_none() -> None:
    server, loadgen = cores_plan()
    if len(os.sched_getaffinity(0)) >= 2:
        assert server is not None and loadgen is not None and server != loadgen
    else:
        assert (server, loadgen) == (None, None)
    assert cores_plan(pin=False) == (None, None)


def test_port_free_is_a_port() -> None:
    assert 0 < port_free() < 65536
