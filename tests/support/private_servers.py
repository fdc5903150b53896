"""Servers a test owns and may break: a Redis server and a PostgreSQL cluster of its own, each on
a free port, and Daphne processes that log to files (a pipe nobody reads would fill up and stall
a server that logs a failing layer)."""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.servers import ROOT, port_free, service_missing


def wait_until(check, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class RedisServer:
    """``redis-server`` on its own port, without persistence: killed and started again, it
    comes back empty, as a crashed Redis does."""

    def __init__(self, binary: str, workdir: Path) -> None:
        self.binary = binary
        self.workdir = workdir
        self.port = port_free()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def answers(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False

    def start(self) -> None:
        with open(self.workdir / "redis.log", "ab") as log:
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.workdir)],
                stdout=log, stderr=subprocess.STDOUT,
            )
        wait_until(self.answers, 10, "redis-server to answer")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to its clients."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    binary = shutil.which("redis-server")
    if not binary:
        service_missing("redis-server is not installed (apt-get install redis-server)")
    with tempfile.TemporaryDirectory(prefix="partyhub-redis-") as workdir:
        server = RedisServer(binary, Path(workdir))
        server.start()
        try:
            yield server
        finally:
            server.kill()


def postgres_bin() -> Path | None:
    """The directory of PostgreSQL's server programs (Debian keeps them out of the PATH)."""
    initdb = shutil.which("initdb") or next(
        iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)), None
    )
    return Path(initdb).parent if initdb else None


class PostgresServer:
    """A PostgreSQL cluster of its own (``initdb`` in a temporary directory) on its own port,
    which the test stops and starts. PostgreSQL refuses to run as root: as root, it runs as
    the ``postgres`` user."""

    def __init__(self, bindir: Path, workdir: Path) -> None:
        self.bindir = bindir
        self.workdir = workdir
        self.data = workdir / "data"
        self.port = port_free()

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if result.returncode:
            log = self.workdir / "postgres.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise AssertionError(f"{program} failed:\n{result.stderr}\n{tail}")

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.workdir, "postgres")
        self.run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync")

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.workdir} "
                   "-c fsync=off -c full_page_writes=off")
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.workdir / "postgres.log"),
                 "-o", options, "-w", "-t", "30", "start")

    def stop(self, mode: str = "fast") -> None:
        """``fast``: every session is ended, then new connections are refused."""
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "30", "stop")


@pytest.fixture
def postgres_server() -> Iterator[PostgresServer]:
    bindir = postgres_bin()
    if bindir is None:
        service_missing("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    if os.geteuid() == 0 and not shutil.which("runuser"):
        service_missing("running PostgreSQL as root needs runuser")
    workdir = Path(tempfile.mkdtemp(prefix="partyhub-pg-"))
    server = PostgresServer(bindir, workdir)
    try:
        server.init()
        server.start()
        yield server
    finally:
        try:
            server.stop("immediate")
        except AssertionError:
            pass  # already stopped
        shutil.rmtree(workdir, ignore_errors=True)


class Daphnes:
    """Daphne processes with the given environment, each logging to its own file."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.processes: list[tuple[subprocess.Popen, Path]] = []
        self.serving: dict[str, subprocess.Popen] = {}  # base URL: the process started on it

    def start(self, env: dict[str, str], port: int | None = None) -> str:
        """A new process (on ``port``, to restart one that served there); its base URL."""
        port = port or port_free()
        log_path = self.workdir / f"daphne-{port}.log"
        with open(log_path, "ab") as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                 "partyhub.asgi:application"],
                cwd=ROOT,
                env={**os.environ, "DJANGO_DEBUG": "1", "PARTYHUB_TICKER": "1",
                     "PARTYHUB_LIMITS": "0", **env},  # one client address: tests' own
                stdout=log, stderr=subprocess.STDOUT,
            )
        self.processes.append((process, log_path))
        base = f"http://127.0.0.1:{port}"
        self.serving[base] = process

        def answers() -> bool:
            assert process.poll() is None, f"Daphne exited:\n{self.logs()}"
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2)  # before Django
                return True
            except OSError:
                return False

        wait_until(answers, 30, "Daphne to answer")
        return base

    def logs(self, size: int = 3000) -> str:
        return "\n".join(
            f"--- {path.name}\n{path.read_text(errors='replace')[-size:]}"
            for _process, path in self.processes
        )

    def stop(self) -> None:
        for process, _path in self.processes:
            process.terminate()
        for process, _path in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture
def daphnes(tmp_path) -> Iterator[Daphnes]:
    servers = Daphnes(tmp_path)
    try:
        yield servers
    finally:
        servers.stop()
