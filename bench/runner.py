"""One benchmark run: a Daphne process, every room count, the bare consumer and the game.

For each room count the runner opens that many rooms (a TV socket plus the phones, or as many
as a game's own room has), every benchmarked game in turn, walks each game to its steady phase,
then drives every room at ``rate`` moves a second: a warm-up, then the
measured window. While the window runs it reads the server's CPU time (and Redis's, on the Redis
layers) and its own; after it, the server's resident memory. The same number of rooms of the
same size run on the stock consumer, same process, same layer, with messages as large as the
game's frames. Rooms are closed between steps and the server left to go idle. With ``repeat``
the pair is measured that many times, alternating which goes first (so a machine whose speed
drifts during the run favours neither), and the CPU ratio is the median of the pairs' ratios.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings

from bench.audience import audience_run
from bench.clients import BareRoom, BenchError, GameRoom, RoomDriver, benched, game_phones
from bench.engine import engine_time
from bench.server import Daphne, cores_plan
from bench.stats import Ledger, Summary, Window, capacity

LAYERS = {
    "memory": None,
    "redis": "channels_redis.core.RedisChannelLayer",
    "redis-pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}
OPEN_CONCURRENCY = 8  # rooms set up at once
BOTTLENECK_SHARE = 0.85  # the load generator busier than this share of its core limits the run


@dataclass
class Options:
    layer: str = "memory"
    rooms: list[int] = field(default_factory=lambda: [10, 50, 100, 150])
    phones: int = 6
    rate: float = 1.0
    seconds: float = 30.0
    warmup: float = 3.0
    database_url: str = ""
    redis_url: str = "redis://127.0.0.1:6379/15"
    pin: bool = True
    engine_seconds: float = 1.0
    seed: int = 1
    repeat: int = 1  # measured pairs (bare, game) per room count
    audience: int = 0  # > 0: one room of players and this many audience phones instead
    audience_votes: float = 20.0  # the audience's votes a second, all phones together


@dataclass
class Step:
    """One measured window: one kind of consumer at one room count."""

    kind: str
    rooms: int
    sockets: int
    summary: Summary
    windows: list[Window]
    wall: float
    server_cpu: float
    loadgen_cpu: float
    redis_cpu: float | None
    rss_before: int
    rss_after: int
    frame_bytes: float
    stalls: int
    setup_seconds: float
    load: float  # the machine's 1-minute load average when the window ended

    @property
    def cpu_per_frame(self) -> float:
        delivered = self.summary.delivered
        return self.server_cpu / delivered if delivered else math.inf

    @property
    def loadgen_busy(self) -> float:
        return self.loadgen_cpu / self.wall if self.wall else 0.0

    @property
    def rss_per_socket(self) -> float:
        return max(0, self.rss_after - self.rss_before) / self.sockets if self.sockets else 0.0

    def as_json(self) -> dict[str, Any]:
        def us(value: float | None) -> float | None:
            return None if value is None or math.isinf(value) else round(value * 1e6, 1)

        delivered = self.summary.delivered
        return {
            "kind": self.kind,
            "rooms": self.rooms,
            "sockets": self.sockets,
            **self.summary.as_json(),
            "window_seconds": round(self.wall, 3),
            "server_cpu_seconds": round(self.server_cpu, 3),
            "server_cpu_share": round(self.server_cpu / self.wall, 3) if self.wall else None,
            "server_cpu_us_per_frame": us(self.cpu_per_frame),
            "redis_cpu_us_per_frame": (
                us(self.redis_cpu / delivered) if self.redis_cpu is not None and delivered else None
            ),
            "loadgen_cpu_seconds": round(self.loadgen_cpu, 3),
            "loadgen_cpu_share": round(self.loadgen_busy, 3),
            "loadgen_bottleneck": self.loadgen_busy >= BOTTLENECK_SHARE,
            "rss_before_bytes": self.rss_before,
            "rss_after_bytes": self.rss_after,
            "rss_bytes_per_socket": round(self.rss_per_socket),
            "mean_frame_bytes": round(self.frame_bytes),
            "stalls": self.stalls,
            "setup_seconds": round(self.setup_seconds, 2),
            "machine_load": round(self.load, 2),
            "passes": self.summary.passes(),
        }


# --- the database and the server -------------------------------------------------------------


def manage(args: list[str], env: dict[str, str]) -> None:
    """Run a manage.py command against the benchmark's own database."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, env={**os.environ, **env},
        capture_output=True, text=True, timeout=600,
    )
    if result.returncode:
        raise BenchError(f"manage.py {' '.join(args)} failed:\n{result.stderr[-3000:]}")


def server_env(options: Options, workdir: Path) -> dict[str, str]:
    """The environment of the server under test: its own database, production settings."""
    env = {
        "DATABASE_URL": options.database_url or f"sqlite:///{workdir / 'bench.sqlite3'}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(40),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PARTYHUB_BENCH": "1",
        "PARTYHUB_TICKER": "1",
        "LOG_LEVEL": "WARNING",
        # The load comes from one address: the limits per address would refuse it.
        "PARTYHUB_LIMITS": "0",
        "REDIS_URL": "",
        # Production serves static files from collectstatic's hashed copies (the home page,
        # which the start waits for, names them).
        "DJANGO_STATIC_ROOT": str(workdir / "static"),
    }
    backend = LAYERS[options.layer]
    if backend:
        env["REDIS_URL"] = options.redis_url
        env["CHANNEL_LAYER_BACKEND"] = backend
        env["CHANNEL_LAYER_PREFIX"] = f"bench{secrets.token_hex(4)}"
    return env


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


# --- one step --------------------------------------------------------------------------------


async def rooms_open(drivers: list[RoomDriver], host: str, port: int,
                     progress: Callable[[int], None]) -> None:
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def one(driver: RoomDriver) -> None:
        async with gate:
            await driver.open(host, port)
            if isinstance(driver, GameRoom):
                await driver.start()
            progress(1)

    await asyncio.gather(*(one(driver) for driver in drivers))


def room_games(count: int) -> list[str]:
    """The game each of ``count`` rooms plays: the benchmarked games in turn."""
    games = benched()
    return [games[i % len(games)] for i in range(count)]


async def step_run(kind: str, count: int, options: Options, server: Daphne,
                   frame_bytes: float, progress: Any, baseline: int | None = None) -> Step:
    ledger = Ledger()
    tag = f"b{secrets.token_hex(3)}"
    drivers: list[RoomDriver]
    games = room_games(count)
    if kind == "game":
        drivers = [GameRoom(i, ledger, game, options.phones) for i, game in enumerate(games)]
    else:
        # Each bare room as many sockets as the game room it stands beside.
        pad = max(0, int(frame_bytes) - 40)
        drivers = [BareRoom(i, ledger, game_phones(game, options.phones) + 1, tag, pad)
                   for i, game in enumerate(games)]
    sockets = sum(len(driver.screens) for driver in drivers)
    rss_before = server.memory()["rss"] if baseline is None else baseline
    setup_started = time.perf_counter()
    progress.reset(total=count)
    progress.set_description(f"{options.layer} {kind} {count} rooms: opening")
    try:
        await rooms_open(drivers, server.host, server.port, progress.update)
        setup_seconds = time.perf_counter() - setup_started
        for driver in drivers:
            for screen in driver.screens:
                screen.frames = screen.bytes = 0
        rng = random.Random(options.seed * 1000 + count)
        start = time.perf_counter() + 0.2
        window = start + options.warmup
        end = window + options.seconds
        progress.reset(total=round(options.warmup + options.seconds))
        progress.set_description(f"{options.layer} {kind} {count} rooms: running")
        marks: dict[str, Any] = {}

        async def meter() -> None:
            await asyncio.sleep(max(0.0, window - time.perf_counter()))
            marks["server"] = server.cpu()
            marks["loadgen"] = time.process_time()
            marks["redis"] = redis_cpu(options.redis_url) if LAYERS[options.layer] else None
            marks["at"] = time.perf_counter()

        async def ticks() -> None:
            while time.perf_counter() < end:
                await asyncio.sleep(1.0)
                progress.update(1)

        tasks = [asyncio.create_task(meter()), asyncio.create_task(ticks())]
        await asyncio.gather(*(
            driver.drive(start, end, options.rate, rng.random() / options.rate, window)
            for driver in drivers
        ))
        # At a low rate the moves may all be done early: the window still runs its length.
        await tasks[0]
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        finished = time.perf_counter()
        server_cpu = server.cpu() - marks["server"]
        loadgen_cpu = time.process_time() - marks["loadgen"]
        redis_after = redis_cpu(options.redis_url) if marks["redis"] is not None else None
        rss_after = server.memory()["rss"]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        progress.set_description(f"{options.layer} {kind} {count} rooms: closing")
        await asyncio.gather(*(driver.close() for driver in drivers), return_exceptions=True)
    summary = ledger.summary(window, end)
    frames = sum(driver.frame_bytes()[0] for driver in drivers)
    size = sum(driver.frame_bytes()[1] for driver in drivers)
    return Step(
        kind=kind,
        rooms=count,
        sockets=sockets,
        summary=summary,
        windows=[(ledger, window, end)],
        wall=finished - marks["at"],
        server_cpu=server_cpu,
        loadgen_cpu=loadgen_cpu,
        redis_cpu=(redis_after - marks["redis"]) if redis_after is not None else None,
        rss_before=rss_before,
        rss_after=rss_after,
        frame_bytes=size / frames if frames else 0.0,
        stalls=sum(driver.stalls for driver in drivers),
        setup_seconds=setup_seconds,
        load=os.getloadavg()[0],
    )


def steps_joined(steps: list[Step]) -> Step:
    """One kind's repeated windows at one room count as one step: time and CPU summed, every
    window's moves in the percentiles, the most memory seen."""
    if len(steps) == 1:
        return steps[0]
    first = steps[0]
    windows = [window for step in steps for window in step.windows]
    delivered = [step.summary.delivered for step in steps]
    frames = sum(delivered)
    redis = [step.redis_cpu for step in steps]
    return Step(
        kind=first.kind,
        rooms=first.rooms,
        sockets=first.sockets,
        summary=Ledger.joined(windows).summary(),
        windows=windows,
        wall=sum(step.wall for step in steps),
        server_cpu=sum(step.server_cpu for step in steps),
        loadgen_cpu=sum(step.loadgen_cpu for step in steps),
        redis_cpu=None if None in redis else sum(redis),
        rss_before=first.rss_before,
        rss_after=max(step.rss_after for step in steps),
        frame_bytes=(sum(step.frame_bytes * n for step, n in zip(steps, delivered, strict=True))
                     / frames if frames else 0.0),
        stalls=sum(step.stalls for step in steps),
        setup_seconds=sum(step.setup_seconds for step in steps),
        load=max(step.load for step in steps),
    )


def cpu_ratio(game: Step, bare: Step) -> float:
    """Game ÷ stock consumer, CPU per delivered frame (``inf`` if either delivered nothing)."""
    game_cost, bare_cost = game.cpu_per_frame, bare.cpu_per_frame
    if math.isinf(game_cost) or math.isinf(bare_cost) or not bare_cost:
        return math.inf
    return game_cost / bare_cost


# --- the whole run ---------------------------------------------------------------------------


def run(options: Options, progress: Any, say: Callable[[str], None]) -> dict[str, Any]:
    """Every room count on one server; returns the report (also what ``--json`` writes)."""
    server_core, loadgen_core = cores_plan(options.pin)
    original_affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    report: dict[str, Any] = {
        "layer": options.layer,
        "options": {
            "rooms": options.rooms, "phones": options.phones, "rate": options.rate,
            "seconds": options.seconds, "warmup": options.warmup, "repeat": options.repeat,
            "database": "postgresql" if options.database_url else "sqlite (temporary)",
            "audience": options.audience, "audience_votes": options.audience_votes,
        },
        "machine": {
            "cpus": os.cpu_count(),
            "server_core": server_core,
            "loadgen_core": loadgen_core,
            "python": sys.version.split()[0],
        },
        "engine": [],
        "steps": [],
    }
    results: list[Measured] = []
    # The rules engine alone, before anything else runs (pinned like the load generator).
    if loadgen_core is not None:
        os.sched_setaffinity(0, {loadgen_core})
    try:
        if options.engine_seconds > 0:
            progress.set_description("rules engine alone")
            report["engine"] = [engine_time(game, options.engine_seconds) for game in benched()]
        with tempfile.TemporaryDirectory(prefix="partyhub-bench-") as tmp:
            workdir = Path(tmp)
            env = server_env(options, workdir)
            progress.set_description("database: migrate, load_starter; collectstatic")
            manage(["migrate", "--noinput", "-v0"], env)
            manage(["load_starter", "-v0"], env)
            manage(["collectstatic", "--noinput", "-v0"], env)
            if env["REDIS_URL"] and options.layer == "redis":
                redis_flush(options.redis_url)
            server = Daphne(env, server_core, workdir / "daphne.log")
            progress.set_description(f"starting Daphne ({options.layer})")
            server.start()
            try:
                server.idle_wait()
                report["server"] = {"pid": server.pid, "rss_idle_bytes": server.memory()["rss"]}
                if options.audience:
                    report["audience_run"] = asyncio.run(audience_run(options, server, progress))
                else:
                    results = asyncio.run(steps_run(options, server, progress))
            finally:
                if not server.alive():
                    say(f"Daphne died:\n{server.log_tail()}")
                server.stop()
    finally:
        if original_affinity is not None:
            os.sched_setaffinity(0, original_affinity)
    report["steps"] = [measured.as_json() for measured in results]
    report["capacity"] = {
        kind: capacity([(getattr(m, kind).rooms, getattr(m, kind).summary) for m in results])
        for kind in ("game", "bare")
    }
    return report


def warmup_rooms() -> int:
    """The warm-up plays one room of each game: it measures the game's mean frame, which the
    stock consumer's messages then match (a game with larger frames left out made them
    smaller than the game's)."""
    return len(benched())


@dataclass
class Measured:
    """One room count: the game and the stock consumer, each over every repeat, and the ratio of
    each pair."""

    game: Step
    bare: Step
    pairs: list[tuple[Step, Step]]

    @classmethod
    def of(cls, pairs: list[tuple[Step, Step]]) -> Measured:
        return cls(
            game=steps_joined([game for game, _bare in pairs]),
            bare=steps_joined([bare for _game, bare in pairs]),
            pairs=pairs,
        )

    @property
    def ratios(self) -> list[float]:
        return [cpu_ratio(game, bare) for game, bare in self.pairs]

    @property
    def ratio(self) -> float:
        """The median pair's ratio: one pair caught in a drift of the machine's speed moves it
        less than it moves the ratio of the totals."""
        return statistics.median(self.ratios)

    def as_json(self) -> dict[str, Any]:
        def rounded(ratio: float) -> float | None:
            return None if math.isinf(ratio) else round(ratio, 3)

        return {
            "rooms": self.game.rooms,
            "game": self.game.as_json(),
            "bare": self.bare.as_json(),
            "cpu_ratio_game_to_bare": rounded(self.ratio),
            "cpu_ratios_per_repeat": [rounded(ratio) for ratio in self.ratios],
            "repeats": [
                {kind: {"server_cpu_us_per_frame": entry["server_cpu_us_per_frame"],
                        "latency_ms": entry["latency_ms"]}
                 for kind, entry in (("game", game.as_json()), ("bare", bare.as_json()))}
                for game, bare in self.pairs
            ] if len(self.pairs) > 1 else [],
        }


def pair_order(repeat: int) -> tuple[str, str]:
    """Bare first, then the game; the other way round on every other repeat."""
    return ("bare", "game") if repeat % 2 == 0 else ("game", "bare")


async def steps_run(options: Options, server: Daphne, progress: Any) -> list[Measured]:
    """A short unrecorded warm-up (so lazy imports and caches are not charged to the first
    step; it also measures the game's frame size), the server's idle memory, then for each room
    count ``repeat`` pairs of the bare consumer, with frames as large as the game's, and the game.
    Memory is counted from the idle server after the warm-up."""
    warm = dataclasses.replace(options, seconds=min(2.0, options.seconds), warmup=0.5)
    warm_game = await step_run("game", warmup_rooms(), warm, server, 0.0, progress)
    frame_bytes = warm_game.frame_bytes
    await step_run("bare", warmup_rooms(), warm, server, frame_bytes, progress)
    await asyncio.to_thread(server.idle_wait)
    baseline = server.memory()["rss"]
    results = []
    for count in options.rooms:
        pairs = []
        for repeat in range(options.repeat):
            steps = {}
            for kind in pair_order(repeat):
                steps[kind] = await step_run(kind, count, options, server, frame_bytes,
                                             progress, baseline)
                await asyncio.to_thread(server.idle_wait)
            pairs.append((steps["game"], steps["bare"]))
        results.append(Measured.of(pairs))
    return results
