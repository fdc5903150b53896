"""Real services for tests: a fresh PostgreSQL database, a Redis database, Daphne, Chromium."""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 90  # how long a test Daphne may take to answer its first request


def service_missing(reason: str) -> None:
    """Skip with the reason on a bare machine; fail when CI requires every service."""
    if os.environ.get("PARTYHUB_REQUIRE_SERVICES") == "1":
        pytest.fail(f"required service missing: {reason}")
    print(f"SKIP: {reason}")
    pytest.skip(reason)


def port_free() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, migrated PostgreSQL database for this test (a copy of a migrated template),
    dropped afterwards."""
    import psycopg

    admin_url = os.environ.get(
        "TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"
    )
    try:
        admin = psycopg.connect(admin_url, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        service_missing(f"PostgreSQL not reachable at {admin_url}: {error}")
    name = f"partyhub_test_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{postgres_template(admin, admin_url)}"')
    url = admin_url.rsplit("/", 1)[0] + f"/{name}"
    try:
        yield url
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def redis_url() -> str:
    """A Redis URL with the database number of this test run's worker, emptied first. (Tests
    run in pytest-xdist workers, one test at a time each: a database per worker means no test
    empties one another is using.)"""
    import redis

    base = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379").rstrip("/")
    base = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))
    url = f"{base}/{worker % 15 + 1}"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3)
        client.flushdb()
    except redis.RedisError as error:
        service_missing(f"Redis not reachable at {base}: {error}")
    return url


def chromium_executable() -> str:
    """The browser every browser test drives (Playwright's own download is not used):
    ``CHROMIUM_PATH``, else Debian's ``chromium-headless-shell``, else Debian's ``chromium``.
    The headless shell is Chromium's engine without the browser around it (Playwright's own
    choice for headless runs): no GPU process painting with a software GL, less CPU for the same
    pages, which the suite's two cores are short of. Skipped (failed in CI) when neither is
    installed."""
    path = (os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium"))
    if not path:
        service_missing("Chromium is not installed (apt-get install chromium-headless-shell)")
    return path


@pytest.fixture
def chromium_path() -> str:
    """The browser's executable (``chromium_executable``)."""
    return chromium_executable()


def manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run a manage.py command with extra environment, failing loudly."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    if result.returncode:
        raise AssertionError(f"manage.py {' '.join(args)} failed:\n{result.stderr}")
    return result


_templates: dict[tuple, Path] = {}


def sqlite_prepared(path: Path, *commands: list[str], env: dict[str, str] | None = None) -> str:
    """A migrated SQLite database at ``path``, after ``commands`` (manage.py's, run with
    ``env``); returns its URL. The first call with the same commands and environment in a test
    process builds a template, the later ones copy it: migrating and loading the starter data
    is seconds of CPU, a copy milliseconds."""
    env = env or {}
    key = (tuple(tuple(command) for command in commands), tuple(sorted(env.items())))
    template = _templates.get(key)
    if template is None:
        folder = Path(tempfile.mkdtemp(prefix="partyhub-db-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "template.db"
        made = {**env, "DATABASE_URL": f"sqlite:///{template}"}
        manage(["migrate", "--noinput", "-v0"], made)
        for command in commands:
            manage(command, made)
        # Everything into the file itself (the hub's databases are in WAL mode).
        with closing(sqlite3.connect(template)) as database:
            database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        _templates[key] = template
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


_postgres_templates: dict[str, str] = {}


def postgres_template(admin: Any, admin_url: str) -> str:
    """The name of a migrated PostgreSQL database to copy (``CREATE DATABASE … TEMPLATE``), made
    once per test process and dropped at its exit."""
    if admin_url not in _postgres_templates:
        name = f"partyhub_template_{uuid.uuid4().hex[:10]}"
        admin.execute(f'CREATE DATABASE "{name}"')
        manage(["migrate", "--noinput", "-v0"],
               {"DATABASE_URL": admin_url.rsplit("/", 1)[0] + f"/{name}"})
        atexit.register(database_drop, admin_url, name)
        _postgres_templates[admin_url] = name
    return _postgres_templates[admin_url]


def database_drop(admin_url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_collected: dict[str, str] = {}


def production_env() -> dict[str, str]:
    """The environment of `make play`: DEBUG off, a secret key, and the static files collected
    (once per test process, into a folder of its own) under their hashed names."""
    if "DJANGO_STATIC_ROOT" not in _collected:
        root = tempfile.mkdtemp(prefix="partyhub-static-")
        atexit.register(shutil.rmtree, root, True)
        env = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "test-" + "k" * 50,
               "DJANGO_STATIC_ROOT": root}
        manage(["collectstatic", "--noinput", "-v0"], env)
        _collected.update(env)
    return dict(_collected)


def daphne_start(env: dict[str, str], processes: list[subprocess.Popen]) -> str:
    """Start a Daphne with this extra environment (added to ``processes``); its base URL. It
    runs as `make play` does (``DEBUG`` off, collectstatic's hashed files, which a browser
    caches: a third less time for a browser test than development mode's files, each looked up
    and fetched again on every page); ``PARTYHUB_TEST_PRODUCTION=0`` runs it in development
    mode instead (the files served as they are, from the app folders)."""
    port = port_free()
    mode = {"DJANGO_DEBUG": "1"} if os.environ.get("PARTYHUB_TEST_PRODUCTION") == "0" else (
        production_env())
    # Every client of a test's server is 127.0.0.1: the limits per address are lifted unless
    # the test's environment sets them (tests/games/ops/test_limits.py tests them).
    full_env = {**os.environ, **mode, "PARTYHUB_TICKER": "1", "PARTYHUB_LIMITS": "0", **env}
    # The server's log goes to a file (a pipe nobody reads would stop the server once full):
    # ``daphne_log`` reads it.
    log = tempfile.NamedTemporaryFile(prefix="partyhub-daphne-", suffix=".log", delete=False)
    atexit.register(os.unlink, log.name)
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "partyhub.asgi:application"],
        cwd=ROOT,
        env=full_env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    log.close()
    process.log_path = log.name
    processes.append(process)
    base = f"http://127.0.0.1:{port}"
    # A bound for a fault, not a wait: Django's start-up on two cores busy with four workers'
    # browsers once took longer than 30 s.
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"Daphne exited: {daphne_log(process)[-3000:]}")
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            return base
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"Daphne did not start within {STARTUP_SECONDS} s")


def daphne_log(process: subprocess.Popen) -> str:
    """What a Daphne started by ``daphne_start`` has written to its log so far."""
    return Path(process.log_path).read_text(errors="replace")


def daphnes_stop(processes: list[subprocess.Popen]) -> None:
    """Stop these Daphne processes (killed after 10 s)."""
    for process in processes:
        process.terminate()
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


class DaphneFactory:
    """Starts Daphne processes with the given environment (``factory(env)`` returns the base
    URL) and keeps them, for their logs, until the test ends."""

    def __init__(self) -> None:
        self.processes: list[subprocess.Popen] = []

    def __call__(self, env: dict[str, str]) -> str:
        return daphne_start(env, self.processes)


@pytest.fixture
def daphne_factory() -> Iterator[DaphneFactory]:
    """Start Daphne processes with the given environment; each returns its base URL."""
    factory = DaphneFactory()
    yield factory
    daphnes_stop(factory.processes)
