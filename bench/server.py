"""The server under test: one Daphne process (its CPU time and memory, core pinning), the
channel layers it can run on, and the Redis server behind the Redis ones.

CPU comes from the kernel's CPU-time clock of the process (user + system time of every thread,
to the nanosecond), or else ``/proc/<pid>/stat`` (in clock ticks); memory from
``/proc/<pid>/status`` (``VmRSS`` now, ``VmHWM`` the high-water mark).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from django.conf import settings

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
# The channel layers a server can run on (``--layer``): None is the in-memory one.
LAYERS = {
    "memory": None,
    "redis": "channels_redis.core.RedisChannelLayer",
    "redis-pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}


def port_free() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far (all its threads). Read from the
    process's CPU-time clock (clock_getcpuclockid(3): Linux numbers it ``((~pid) << 3) | 2``),
    exact to the nanosecond; ``/proc/<pid>/stat`` counts clock ticks (10 ms), and a light
    server's few milliseconds in a short window could read as none (a ratio to it, infinite).
    The ticks are the fallback where that clock cannot be read."""
    try:
        return time.clock_gettime(process_cpu_clock(pid))
    except OSError:
        return proc_ticks_seconds(pid)


def process_cpu_clock(pid: int) -> int:
    """The clock id of a process's CPU time (glibc's clock_getcpuclockid: CPUCLOCK_SCHED)."""
    return ((~pid) << 3) | 2


def proc_ticks_seconds(pid: int) -> float:
    """User + system CPU seconds of a process from ``/proc/<pid>/stat``, in clock ticks."""
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    # After the command name: state is field 3, utime field 14 and stime field 15 (1-based).
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def proc_memory(pid: int) -> dict[str, int]:
    """``rss`` and ``hwm`` (peak resident) of a process, in bytes."""
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found["rss" if key == "VmRSS" else "hwm"] = int(value.split()[0]) * 1024
    return found


def cores_plan(pin: bool = True) -> tuple[int | None, int | None]:
    """(server core, load-generator core): two different cores when there are two or more."""
    if not pin or not hasattr(os, "sched_getaffinity"):
        return None, None
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        return None, None
    return cores[0], cores[1]


class Daphne:
    """One Daphne process serving the hub with the benchmark's environment."""

    def __init__(self, env: dict[str, str], core: int | None, log_path: Path) -> None:
        self.env = env
        self.core = core
        self.log_path = log_path
        self.host = "127.0.0.1"
        self.port = port_free()
        self.process: subprocess.Popen | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def start(self, timeout: float = 60.0) -> None:
        command = [sys.executable, "-m", "daphne", "-b", self.host, "-p", str(self.port),
                   "-v", "0", "partyhub.asgi:application"]
        if self.core is not None and shutil.which("taskset"):
            command = ["taskset", "-c", str(self.core), *command]
        self.log = open(self.log_path, "ab")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            command, cwd=settings.BASE_DIR, env={**os.environ, **self.env},
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Daphne exited:\n{self.log_tail()}")
            try:
                urllib.request.urlopen(f"http://{self.host}:{self.port}/", timeout=5).read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"Daphne did not answer within {timeout:.0f} s:\n{self.log_tail()}")

    def log_tail(self, size: int = 4000) -> str:
        try:
            return self.log_path.read_bytes()[-size:].decode(errors="replace")
        except OSError:
            return ""

    def cpu(self) -> float:
        return proc_cpu_seconds(self.pid)

    def memory(self) -> dict[str, int]:
        return proc_memory(self.pid)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def idle_wait(self, threshold: float = 0.05, timeout: float = 120.0) -> None:
        """Wait until the server uses less than ``threshold`` of a core (it finished closing)."""
        deadline = time.monotonic() + timeout
        before, at = self.cpu(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.5)
            now_cpu, now = self.cpu(), time.monotonic()
            if (now_cpu - before) / (now - at) < threshold:
                return
            before, at = now_cpu, now

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()


def redis_cpu(url: str) -> float | None:
    """CPU seconds the Redis server has used so far (``INFO cpu``)."""
    try:
        import redis

        client = redis.Redis.from_url(url, socket_connect_timeout=3)
        info = client.info("cpu")
        client.close()
        return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
    except Exception:  # noqa: BLE001 (a figure we can do without)
        return None


def redis_flush(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=3)
    client.flushdb()
    client.close()
