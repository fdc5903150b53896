"""One benchmark run: Daphne, every room count, the game beside its two yardsticks.

For each room count the runner opens that many rooms (a TV socket plus the phones, or as many
as a game's own room has), every benchmarked game in turn, walks each game to its steady phase,
then drives every room at ``rate`` moves a second: a warm-up, then the
measured window. While the window runs it reads the server's CPU time (and Redis's, on the Redis
layers) and its own, and py-spy samples the server (``bench.profile``: where the CPU went);
after it, the server's resident memory. The same number of rooms of the same size run on the
two yardsticks, same process, with messages as large as the game's frames: the stock Channels
consumer on the same layer (``stock``), and the floor, a bare ASGI app relaying each message
with no Channels at all (``floor``). Rooms are closed between steps and the server left to go
idle. With ``repeat`` the three are measured that many times, in turn, the order reversed on
every other repeat (so a machine whose speed drifts during the run favours none), and each CPU
ratio is the median of the repeats' ratios.

With ``processes`` above one (the Redis layers), the game and the stock consumer are measured
on 1 to ``processes`` Daphne processes, with each room's sockets on one process (``routed``, as
the README's deployment routes a room by its code) and spread over them (``scattered``: every
change crosses the layer).
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
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings

from bench import profile
from bench.audience import audience_run
from bench.clients import GameRoom, RelayRoom, RoomDriver, benched, game_phones
from bench.engine import engine_time
from bench.server import LAYERS, Daphne, cores_plan, redis_cpu, redis_flush
from bench.stats import Ledger, Summary, Window, capacity
from bench.wire import Address, BenchError

OPEN_CONCURRENCY = 8  # rooms set up at once
KINDS = ("stock", "floor", "game")  # the order of a first repeat; every other one reversed
YARDSTICKS = ("stock", "floor")  # what the game's CPU per frame is compared with
PLACEMENTS = ("routed", "scattered")
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
    repeat: int = 1  # measured rounds (stock, floor, game) per room count
    audience: int = 0  # > 0: one room of players and this many audience phones instead
    audience_votes: float = 20.0  # the audience's votes a second, all phones together
    processes: int = 1  # > 1: the game and the stock consumer on 1 to this many processes
    audience_processes: int = 1  # the audience run's Daphne processes
    load_processes: int = 0  # the audience run's load processes (0: one per 2,500 phones)
    profile: bool = True  # py-spy samples each window (bench.profile)
    profile_dir: str = ""  # where the samples are kept (beside the JSON report by default)


@dataclass
class Step:
    """One measured window: one kind (the game, or a yardstick) at one room count."""

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
    stacks: Counter[str] = field(default_factory=Counter)  # py-spy's samples of the window
    processes: int = 1
    placement: str = "routed"

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
            "processes": self.processes,
            "placement": self.placement,
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
            "breakdown": (profile.breakdown(self.stacks, self.server_cpu, self.summary.actions)
                          if self.stacks else None),
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


def servers_start(options: Options, env: dict[str, str], workdir: Path,
                  count: int) -> list[Daphne]:
    """``count`` Daphne processes on the same database and layer: the first on the server's
    core, the others on the machine's cores in turn (with two cores, the second shares the
    load generator's)."""
    server_core, _loadgen_core = cores_plan(options.pin)
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    servers = []
    for index in range(count):
        core = server_core
        if server_core is not None and index:
            core = cores[(cores.index(server_core) + index) % len(cores)]
        servers.append(Daphne(env, core, workdir / f"daphne-{index}.log"))
    try:
        for server in servers:
            server.start()
    except BaseException:
        for server in servers:
            server.stop()
        raise
    return servers


def idle_wait(servers: list[Daphne]) -> None:
    for server in servers:
        server.idle_wait()


# --- one step --------------------------------------------------------------------------------


def addresses_for(index: int, sockets: int, servers: list[Daphne],
                  placement: str) -> list[Address]:
    """Where room ``index``'s sockets open: all on one server (``routed``: by the room, as a
    proxy routes a room's code), or each on the next server (``scattered``: every change
    crosses the layer)."""
    count = len(servers)
    if placement == "routed":
        server = servers[index % count]
        return [(server.host, server.port)] * sockets
    return [(servers[(index + j) % count].host, servers[(index + j) % count].port)
            for j in range(sockets)]


async def rooms_open(drivers: list[RoomDriver], servers: list[Daphne], placement: str,
                     progress: Callable[[int], None]) -> None:
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def one(driver: RoomDriver) -> None:
        async with gate:
            await driver.open(addresses_for(driver.index, len(driver.screens), servers,
                                            placement))
            if isinstance(driver, GameRoom):
                await driver.start()
            progress(1)

    await asyncio.gather(*(one(driver) for driver in drivers))


def room_games(count: int) -> list[str]:
    """The game each of ``count`` rooms plays: the benchmarked games in turn."""
    games = benched()
    return [games[i % len(games)] for i in range(count)]


def samplers_start(servers: list[Daphne], options: Options, name: str) -> list[profile.Sampler]:
    """py-spy on every server for the window (none without ``profile``, or without py-spy)."""
    if not options.profile or not options.profile_dir or not profile.available():
        return []
    _server_core, loadgen_core = cores_plan(options.pin)
    samplers = []
    for n, server in enumerate(servers):
        path = Path(options.profile_dir) / f"{name}-p{n}.txt"
        sampler = profile.Sampler(server.pid, path, loadgen_core)
        if sampler.start():
            samplers.append(sampler)
    return samplers


def drivers_make(kind: str, count: int, options: Options, ledger: Ledger,
                 frame_bytes: float) -> list[RoomDriver]:
    """The step's rooms: the game's, or a yardstick's relay rooms, each with as many sockets
    as the game room it stands beside and messages of the game's frames' size."""
    games = room_games(count)
    if kind == "game":
        return [GameRoom(i, ledger, game, options.phones) for i, game in enumerate(games)]
    tag = f"b{secrets.token_hex(3)}"
    pad = max(0, int(frame_bytes) - 40)
    return [RelayRoom(i, ledger, game_phones(game, options.phones) + 1, tag, pad, kind)
            for i, game in enumerate(games)]


@dataclass
class Meter:
    """The measured window's costs: the servers' CPU, the load generator's, Redis's, from
    the window's start to its end, and py-spy's samples of the servers meanwhile."""

    servers: list[Daphne]
    options: Options
    label: str
    samplers: list[profile.Sampler] = field(default_factory=list)
    marks: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)

    def start(self) -> None:
        self.samplers.extend(samplers_start(self.servers, self.options, self.label))
        self.marks["server"] = sum(server.cpu() for server in self.servers)
        self.marks["loadgen"] = time.process_time()
        self.marks["redis"] = (redis_cpu(self.options.redis_url) if LAYERS[self.options.layer]
                               else None)
        self.marks["at"] = time.perf_counter()

    def stop(self) -> None:
        redis_after = redis_cpu(self.options.redis_url) if self.marks["redis"] is not None else None
        self.figures = {
            "wall": time.perf_counter() - self.marks["at"],
            "server_cpu": sum(server.cpu() for server in self.servers) - self.marks["server"],
            "loadgen_cpu": time.process_time() - self.marks["loadgen"],
            "redis_cpu": (redis_after - self.marks["redis"]) if redis_after is not None else None,
            "rss_after": sum(server.memory()["rss"] for server in self.servers),
        }

    async def samples(self) -> Counter[str]:
        """End the samplers and join their stacks."""
        stacks: Counter[str] = Counter()
        for sampler in self.samplers:
            stacks.update(await asyncio.to_thread(sampler.stop))
        return stacks


async def step_run(kind: str, count: int, options: Options, servers: list[Daphne],
                   frame_bytes: float, progress: Any, baseline: int | None = None,
                   placement: str = "routed", label: str = "") -> Step:
    ledger = Ledger()
    drivers = drivers_make(kind, count, options, ledger, frame_bytes)
    sockets = sum(len(driver.screens) for driver in drivers)
    rss_before = sum(s.memory()["rss"] for s in servers) if baseline is None else baseline
    setup_started = time.perf_counter()
    where = f"{len(servers)} processes {placement} " if len(servers) > 1 else ""
    progress.reset(total=count)
    progress.set_description(f"{options.layer} {where}{kind} {count} rooms: opening")
    meter = Meter(servers, options, label or f"{kind}-{count}")
    try:
        await rooms_open(drivers, servers, placement, progress.update)
        setup_seconds = time.perf_counter() - setup_started
        for driver in drivers:
            for screen in driver.screens:
                screen.frames = screen.bytes = 0
        rng = random.Random(options.seed * 1000 + count)
        start = time.perf_counter() + 0.2
        window = start + options.warmup
        end = window + options.seconds
        progress.reset(total=round(options.warmup + options.seconds))
        progress.set_description(f"{options.layer} {where}{kind} {count} rooms: running")

        async def metered() -> None:
            await asyncio.sleep(max(0.0, window - time.perf_counter()))
            meter.start()

        async def ticks() -> None:
            while time.perf_counter() < end:
                await asyncio.sleep(1.0)
                progress.update(1)

        tasks = [asyncio.create_task(metered()), asyncio.create_task(ticks())]
        await asyncio.gather(*(
            driver.drive(start, end, options.rate, rng.random() / options.rate, window)
            for driver in drivers
        ))
        # At a low rate the moves may all be done early: the window still runs its length.
        await tasks[0]
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        meter.stop()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        stacks = await meter.samples()
        progress.set_description(f"{options.layer} {where}{kind} {count} rooms: closing")
        await asyncio.gather(*(driver.close() for driver in drivers), return_exceptions=True)
    frames = sum(driver.frame_bytes()[0] for driver in drivers)
    size = sum(driver.frame_bytes()[1] for driver in drivers)
    return Step(
        kind=kind,
        rooms=count,
        sockets=sockets,
        summary=ledger.summary(window, end),
        windows=[(ledger, window, end)],
        rss_before=rss_before,
        frame_bytes=size / frames if frames else 0.0,
        stalls=sum(driver.stalls for driver in drivers),
        setup_seconds=setup_seconds,
        load=os.getloadavg()[0],
        stacks=stacks,
        processes=len(servers),
        placement=placement,
        **meter.figures,
    )


def steps_joined(steps: list[Step]) -> Step:
    """One kind's repeated windows at one room count as one step: time and CPU summed, every
    window's moves in the percentiles, the most memory seen, the samples added up."""
    if len(steps) == 1:
        return steps[0]
    first = steps[0]
    windows = [window for step in steps for window in step.windows]
    delivered = [step.summary.delivered for step in steps]
    frames = sum(delivered)
    redis = [step.redis_cpu for step in steps]
    stacks: Counter[str] = Counter()
    for step in steps:
        stacks.update(step.stacks)
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
        stacks=stacks,
        processes=first.processes,
        placement=first.placement,
    )


def cpu_ratio(game: Step, yardstick: Step) -> float:
    """Game ÷ a yardstick, CPU per delivered frame (``inf`` if either delivered nothing)."""
    game_cost, other_cost = game.cpu_per_frame, yardstick.cpu_per_frame
    if math.isinf(game_cost) or math.isinf(other_cost) or not other_cost:
        return math.inf
    return game_cost / other_cost


# --- the whole run ---------------------------------------------------------------------------


def run(options: Options, progress: Any, say: Callable[[str], None]) -> dict[str, Any]:
    """Every room count on one server (or on 1 to ``processes``); returns the report (also
    what ``--json`` writes)."""
    server_core, loadgen_core = cores_plan(options.pin)
    original_affinity = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    report: dict[str, Any] = {
        "layer": options.layer,
        "options": {
            "rooms": options.rooms, "phones": options.phones, "rate": options.rate,
            "seconds": options.seconds, "warmup": options.warmup, "repeat": options.repeat,
            "database": "postgresql" if options.database_url else "sqlite (temporary)",
            "audience": options.audience, "audience_votes": options.audience_votes,
            "processes": options.processes, "audience_processes": options.audience_processes,
            "profile": bool(options.profile and profile.available()),
            "profile_dir": options.profile_dir or None,
        },
        "machine": {
            "cpus": os.cpu_count(),
            "server_core": server_core,
            "loadgen_core": loadgen_core,
            "python": sys.version.split()[0],
            "load_start": round(os.getloadavg()[0], 2),
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
            results = hub_run(options, Path(tmp), report, progress, say)
    finally:
        if original_affinity is not None:
            os.sched_setaffinity(0, original_affinity)
    report["steps"] = [measured.as_json() for measured in results]
    report["machine"]["load_end"] = round(os.getloadavg()[0], 2)
    if options.processes > 1:
        report["capacity"] = capacities(results)
        report["scaling"] = scaling(report["capacity"], options.processes)
    else:
        report["capacity"] = {
            kind: capacity([(m.steps[kind].rooms, m.steps[kind].summary) for m in results])
            for kind in KINDS
        }
    return report


def hub_run(options: Options, workdir: Path, report: dict[str, Any], progress: Any,
            say: Callable[[str], None]) -> list[Measured]:
    """A fresh database and its Daphne processes, then the steps (or the audience run, whose
    figures go into ``report``); what each server said if the run failed."""
    if options.profile and not options.profile_dir:
        options = dataclasses.replace(options, profile_dir=str(workdir / "profiles"))
    env = server_env(options, workdir)
    progress.set_description("database: migrate, load_starter; collectstatic")
    manage(["migrate", "--noinput", "-v0"], env)
    manage(["load_starter", "-v0"], env)
    manage(["collectstatic", "--noinput", "-v0"], env)
    if env["REDIS_URL"]:
        redis_flush(options.redis_url)
    count = max(options.processes, options.audience_processes if options.audience else 1)
    progress.set_description(f"starting Daphne ({options.layer}, {count} processes)")
    servers = servers_start(options, env, workdir, count)
    try:
        idle_wait(servers)
        report["server"] = {"pids": [server.pid for server in servers],
                            "rss_idle_bytes": servers[0].memory()["rss"]}
        if options.audience:
            report["audience_run"] = asyncio.run(audience_run(options, servers, progress))
            return []
        if options.processes > 1:
            return asyncio.run(processes_run(options, servers, progress))
        return asyncio.run(steps_run(options, servers, progress))
    except BaseException:
        for server in servers:  # what the servers said, before their logs go
            say(f"Daphne {server.pid}'s log ends:\n{server.log_tail()}")
        raise
    finally:
        for server in servers:
            if not server.alive():
                say(f"Daphne died:\n{server.log_tail()}")
            server.stop()


def warmup_rooms() -> int:
    """The warm-up plays one room of each game: it measures the game's mean frame, which the
    yardsticks' messages then match (a game with larger frames left out made them smaller than
    the game's)."""
    return len(benched())


@dataclass
class Measured:
    """One room count (on one placement): each kind over every repeat, and each repeat's
    ratios of the game to the yardsticks."""

    steps: dict[str, Step]
    rounds: list[dict[str, Step]]

    @classmethod
    def of(cls, rounds: list[dict[str, Step]]) -> Measured:
        kinds = [kind for kind in KINDS if kind in rounds[0]]
        return cls(
            steps={kind: steps_joined([round_[kind] for round_ in rounds]) for kind in kinds},
            rounds=rounds,
        )

    @property
    def game(self) -> Step:
        return self.steps["game"]

    def ratios(self, yardstick: str) -> list[float]:
        return [cpu_ratio(round_["game"], round_[yardstick]) for round_ in self.rounds]

    def ratio(self, yardstick: str) -> float:
        """The median repeat's ratio: one repeat caught in a drift of the machine's speed moves
        it less than it moves the ratio of the totals."""
        return statistics.median(self.ratios(yardstick))

    def as_json(self) -> dict[str, Any]:
        def rounded(ratio: float) -> float | None:
            return None if math.isinf(ratio) else round(ratio, 3)

        entry: dict[str, Any] = {
            "rooms": self.game.rooms,
            "processes": self.game.processes,
            "placement": self.game.placement,
        }
        for kind, step in self.steps.items():
            entry[kind] = step.as_json()
        for yardstick in YARDSTICKS:
            if yardstick in self.steps:
                entry[f"cpu_ratio_game_to_{yardstick}"] = rounded(self.ratio(yardstick))
                entry[f"cpu_ratios_game_to_{yardstick}_per_repeat"] = [
                    rounded(ratio) for ratio in self.ratios(yardstick)]
        entry["repeats"] = [
            {kind: {"server_cpu_us_per_frame": entry_["server_cpu_us_per_frame"],
                    "latency_ms": entry_["latency_ms"]}
             for kind, entry_ in ((kind, step.as_json()) for kind, step in round_.items())}
            for round_ in self.rounds
        ] if len(self.rounds) > 1 else []
        return entry


def kinds_order(repeat: int, kinds: tuple[str, ...] = KINDS) -> tuple[str, ...]:
    """The order of one repeat's windows: as given, then reversed on every other repeat."""
    return kinds if repeat % 2 == 0 else tuple(reversed(kinds))


async def warm_up(options: Options, servers: list[Daphne], progress: Any) -> float:
    """A short unrecorded window of each kind on each server (so lazy imports and caches are
    not charged to the first step); returns the game's mean frame, which the yardsticks'
    messages match."""
    warm = dataclasses.replace(options, seconds=min(2.0, options.seconds), warmup=0.5,
                               profile=False)
    frame_bytes = 0.0
    for server in servers:
        warm_game = await step_run("game", warmup_rooms(), warm, [server], 0.0, progress)
        frame_bytes = frame_bytes or warm_game.frame_bytes
        for kind in YARDSTICKS:
            await step_run(kind, warmup_rooms(), warm, [server], frame_bytes, progress)
    await asyncio.to_thread(idle_wait, servers)
    return frame_bytes


async def rounds_run(count: int, kinds: tuple[str, ...], options: Options,
                     servers: list[Daphne], frame_bytes: float, progress: Any, baseline: int,
                     placement: str = "routed") -> Measured:
    """``repeat`` rounds of each kind at one room count, in turn."""
    rounds = []
    for repeat in range(options.repeat):
        steps = {}
        for kind in kinds_order(repeat, kinds):
            label = f"{kind}-{count}r-{len(servers)}p-{placement}-{repeat + 1}"
            steps[kind] = await step_run(kind, count, options, servers, frame_bytes, progress,
                                         baseline, placement, label)
            await asyncio.to_thread(idle_wait, servers)
        rounds.append(steps)
    return Measured.of(rounds)


async def steps_run(options: Options, servers: list[Daphne], progress: Any) -> list[Measured]:
    """The warm-up, the server's idle memory, then for each room count ``repeat`` rounds of
    the stock consumer, the floor and the game. Memory is counted from the idle server after
    the warm-up."""
    frame_bytes = await warm_up(options, servers, progress)
    baseline = servers[0].memory()["rss"]
    return [await rounds_run(count, KINDS, options, servers[:1], frame_bytes, progress, baseline)
            for count in options.rooms]


async def processes_run(options: Options, servers: list[Daphne],
                        progress: Any) -> list[Measured]:
    """The game and the stock consumer on one process, then on 2 to ``processes``, routed and
    scattered."""
    frame_bytes = await warm_up(options, servers, progress)
    results = []
    for used in range(1, options.processes + 1):
        baseline = sum(server.memory()["rss"] for server in servers[:used])
        for placement in PLACEMENTS if used > 1 else PLACEMENTS[:1]:
            for count in options.rooms:
                results.append(await rounds_run(count, ("stock", "game"), options,
                                                servers[:used], frame_bytes, progress,
                                                baseline, placement))
    return results


def capacities(results: list[Measured]) -> list[dict[str, Any]]:
    """Capacity of each kind on each number of processes and placement."""
    found = []
    keys = sorted({(m.game.processes, m.game.placement) for m in results},
                  key=lambda key: (key[0], PLACEMENTS.index(key[1])))
    for processes, placement in keys:
        chosen = [m for m in results
                  if (m.game.processes, m.game.placement) == (processes, placement)]
        found.append({
            "processes": processes, "placement": placement,
            **{kind: capacity([(m.steps[kind].rooms, m.steps[kind].summary) for m in chosen])
               for kind in ("game", "stock")},
        })
    return found


def scaling(found: list[dict[str, Any]], processes: int) -> dict[str, Any]:
    """Capacity on ``processes`` processes over capacity on one, per placement and kind
    (``None`` where either is unknown: no room count passed)."""
    one = next(entry for entry in found if entry["processes"] == 1)
    out: dict[str, Any] = {}
    for entry in found:
        if entry["processes"] != processes:
            continue
        for kind in ("game", "stock"):
            base, now = one[kind], entry[kind]
            out[f"{entry['placement']}_{kind}"] = (
                round(now / base, 2) if base and now is not None else None)
    return out
