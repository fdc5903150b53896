"""One room of players and an audience of many phones (``manage.py bench --audience N``).

The players' room (the first benchmarked game in settings) is driven as in the room runs, on
the first Daphne process, and its latency measured the same way: from a move's scheduled time
until every player's phone and the TV show its result. Beside it, ``N`` audience phones join
through the API once the game runs, each on its own socket, spread over the Daphne processes
(``--audience-processes``: phone ``i`` on process ``i`` modulo their number, so with two every
change crosses the layer), and vote on the open ballot (the game's ``ballot``) at ``votes`` a
second in all. The phones live in load processes of their own (``bench.phones``: one per 2,500
phones unless told), each reading its share of the sockets. The audience's frames are coalesced
by the server, so the audience's figures are how soon each phone showed each move's result or a
newer one, and how many of those it showed at all; and how many tallies reached each phone. The
CPU of each Daphne process, of Redis and of each load process is measured over the window.
"""

from __future__ import annotations

import asyncio
import math
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
from django.conf import settings

from bench.clients import GameRoom, benched
from bench.server import LAYERS, proc_cpu_seconds, redis_cpu
from bench.stats import PERCENTILES, ActionRecord, Ledger, SocketLog, percentile

PHONES_PER_LOADER = 2500  # audience phones one load process reads in time (bench.phones)
AUDIENCE_LAG_OK = 2.0  # seconds: every phone shows a move's result within this, at the 99th


def audience_delivery(actions: list[ActionRecord], logs: list[SocketLog]) -> dict[str, Any]:
    """Per answered move and audience phone: how long from the move's scheduled time until the
    phone showed its result or a newer one (pure). ``reached`` is the share of (move, phone)
    pairs that did; ``exact`` the share where the phone got that very version (the rest were
    coalesced into a newer frame)."""
    lags: list[float] = []
    pairs = exact = 0
    for action in actions:
        if action.version is None:
            continue
        for log in logs:
            pairs += 1
            exact += log.has(action.version)
            at = log.updated_at(action.version)
            lags.append(math.inf if at is None else at - action.scheduled)
    reached = sum(not math.isinf(lag) for lag in lags)

    def ms(value: float) -> float | None:
        return None if math.isinf(value) or math.isnan(value) else round(value * 1000, 3)

    return {
        "moves": len({a.version for a in actions if a.version is not None}),
        "phones": len(logs),
        "pairs": pairs,
        "reached": round(reached / pairs, 6) if pairs else None,
        "exact": round(exact / pairs, 6) if pairs else None,
        "lag_ms": {f"p{q}": ms(percentile(lags, q)) for q in PERCENTILES} if lags else {},
    }


class Loader:
    """One load process of audience phones (``bench.phones``)."""

    def __init__(self, first: int, count: int, out: Path) -> None:
        self.first, self.count, self.out = first, count, out
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, code: str, ports: list[int]) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.phones", "--ports", ",".join(map(str, ports)),
            "--code", code, "--first", str(self.first), "--count", str(self.count),
            "--out", str(self.out), cwd=settings.BASE_DIR, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )

    async def said(self, word: str, timeout: float) -> None:
        """Wait until the process says ``word`` (its phones ready, or its figures written)."""
        assert self.process is not None and self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), timeout)
        if not line.decode().startswith(word):
            raise RuntimeError(f"audience load process {self.first}: said {line!r}, not {word}")

    def go(self, window: float, end: float, votes: float) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(f"go {window} {end} {votes}\n".encode())

    def cpu(self) -> float:
        assert self.process is not None
        return proc_cpu_seconds(self.process.pid)

    def figures(self) -> dict[str, Any]:
        return orjson.loads(self.out.read_bytes())

    def bye(self) -> None:
        """The run has what it needs: the process may exit."""
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(b"bye\n")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


def loaders_plan(audience: int, wanted: int) -> list[tuple[int, int]]:
    """(first phone, phones) of each load process: ``wanted`` of them, or one per
    ``PHONES_PER_LOADER`` phones; never an empty one."""
    count = wanted or max(1, math.ceil(audience / PHONES_PER_LOADER))
    count = max(1, min(count, audience))
    size, extra = divmod(audience, count)
    plan, first = [], 0
    for n in range(count):
        phones = size + (n < extra)
        plan.append((first, phones))
        first += phones
    return plan


async def audience_run(options: Any, servers: list[Any], progress: Any) -> dict[str, Any]:
    """The players' room, then the audience joins and watches; the measured window; figures,
    with each server's, Redis's and each load process's CPU (a busy load generator notices
    frames late: the latencies then include its queueing)."""
    used = servers[:options.audience_processes]
    ledger = Ledger()
    room = GameRoom(0, ledger, benched()[0], options.phones)
    workdir = Path(tempfile.mkdtemp(prefix="partyhub-audience-"))
    loaders = [Loader(first, count, workdir / f"phones-{n}.json")
               for n, (first, count) in enumerate(loaders_plan(options.audience,
                                                               options.load_processes))]
    progress.reset(total=options.audience)
    progress.set_description(f"audience {options.audience}: opening")
    shares = CpuShares(used, loaders, options.redis_url if LAYERS[options.layer] else None)
    try:
        join_seconds = await audience_join(room, loaders, used, options)
        start = time.perf_counter() + 0.5
        window = start + options.warmup
        end = window + options.seconds
        share = options.audience_votes / len(loaders)
        for loader in loaders:
            loader.go(window, end, share)
        progress.reset(total=round(options.warmup + options.seconds))
        progress.set_description(f"audience {options.audience}: running")

        async def metered() -> None:
            await asyncio.sleep(max(0.0, window - time.perf_counter()))
            shares.mark()

        metering = asyncio.create_task(metered())
        await room.drive(start, end, options.rate, 0.0, window)
        await metering
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        costs = shares.since_mark()
        await asyncio.gather(*(loader.said("done", 120) for loader in loaders))
        figures = [loader.figures() for loader in loaders]
        for loader in loaders:
            loader.bye()
    finally:
        await asyncio.gather(room.close(), *(loader.stop() for loader in loaders),
                             return_exceptions=True)
    measured = [action for action in ledger.actions if window <= action.scheduled < end]
    players = ledger.summary(window, end)
    return {
        "game": room.game,
        "processes": len(used),
        "load_processes": len(loaders),
        "join_seconds": round(join_seconds, 1),
        "players": {"sockets": len(room.screens), **players.as_json(),
                    "p99_under_100ms": players.passes()},
        **audience_figures(measured, figures),
        **costs,
        "machine_load": round(os.getloadavg()[0], 2),
    }


async def audience_join(room: GameRoom, loaders: list[Loader], used: list[Any],
                        options: Any) -> float:
    """Open and start the players' room, then have every load process join its phones; the
    seconds the audience took to join."""
    host, port = used[0].host, used[0].port
    await room.open([(host, port)] * len(room.screens))
    await room.start()
    joined = time.perf_counter()
    for loader in loaders:
        await loader.start(room.code, [server.port for server in used])
    # A phone joins in a few milliseconds on a quiet machine, but each join is database
    # work on a server's one database thread: on a loaded machine 170 joined a minute.
    await asyncio.gather(*(loader.said("ready", 120 + options.audience * 1.0)
                           for loader in loaders))
    join_seconds = time.perf_counter() - joined
    await asyncio.gather(*(asyncio.to_thread(server.idle_wait, 0.2) for server in used))
    return join_seconds


class CpuShares:
    """What share of a core each server, each load process, Redis and this process used
    from the window's start (``mark``) to its end (``since_mark``)."""

    def __init__(self, servers: list[Any], loaders: list[Loader], redis_url: str | None):
        self.servers, self.loaders, self.redis_url = servers, loaders, redis_url
        self.marks: dict[str, Any] = {}

    def mark(self) -> None:
        self.marks = {"servers": [server.cpu() for server in self.servers],
                      "loaders": [loader.cpu() for loader in self.loaders],
                      "redis": redis_cpu(self.redis_url) if self.redis_url else None,
                      "loadgen": time.process_time(), "at": time.perf_counter()}

    def since_mark(self) -> dict[str, Any]:
        marks = self.marks
        wall = time.perf_counter() - marks["at"]
        servers_share = [(server.cpu() - before) / wall
                         for server, before in zip(self.servers, marks["servers"], strict=True)]
        loaders_share = [(loader.cpu() - before) / wall
                         for loader, before in zip(self.loaders, marks["loaders"], strict=True)]
        redis_after = redis_cpu(self.redis_url) if marks["redis"] is not None else None
        return {
            "window_seconds": round(wall, 3),
            "server_cpu_share": round(sum(servers_share), 3),
            "servers_cpu_share": [round(value, 3) for value in servers_share],
            "redis_cpu_share": (round((redis_after - marks["redis"]) / wall, 3)
                                if redis_after is not None else None),
            "loaders_cpu_share": [round(value, 3) for value in loaders_share],
            "loadgen_cpu_share": round((time.process_time() - marks["loadgen"]) / wall, 3),
        }


def audience_figures(measured: list[ActionRecord], figures: list[dict]) -> dict[str, Any]:
    """The audience's figures from what the load processes recorded: whether and how soon each
    phone showed each measured move, the frames and tallies it took, its votes."""
    phones = [phone for found in figures for phone in found["phones"]]
    counted = max(found["counted_seconds"] for found in figures)
    logs = []
    for phone in phones:
        log = SocketLog()
        for version, at in phone["arrivals"].items():
            log.record(int(version), at)
        logs.append(log)
    count = len(phones)
    return {
        "audience": {
            "sockets": count,
            **audience_delivery(measured, logs),
            # From the start of the moves to a second after the last: warm-up, window and all.
            "frames_per_phone_per_second": round(
                sum(phone["frames"] for phone in phones) / count / counted, 3) if count else 0,
            "tallies_per_phone_per_second": round(
                sum(phone["tallies"] for phone in phones) / count / counted, 3) if count else 0,
            "votes_sent": sum(found["votes_sent"] for found in figures),
            "votes_answered": sum(phone["voted"] for phone in phones),
            "errors": sum(phone["errors"] for phone in phones),
        },
        "audience_p99_under_2s": audience_passes(measured, logs),
    }


def audience_passes(actions: list[ActionRecord], logs: list[SocketLog]) -> bool:
    """Whether every phone was reached by every measured move, within ``AUDIENCE_LAG_OK`` at
    the 99th percentile."""
    figures = audience_delivery(actions, logs)
    p99 = figures["lag_ms"].get("p99")
    return figures["reached"] == 1.0 and p99 is not None and p99 < AUDIENCE_LAG_OK * 1000


def audience_text(report: dict[str, Any]) -> str:
    """The audience run as a few lines for the terminal."""
    run = report["audience_run"]
    players, crowd = run["players"], run["audience"]
    lat, lag = players["latency_ms"], crowd["lag_ms"]
    return "\n".join([
        f"Audience run ({report['layer']} layer, {report['audience_run']['game']}, "
        f"load {report['audience_run']['machine_load']}):",
        f"  players: {players['sockets']} sockets, {players['actions']} moves, "
        f"p50 {lat.get('p50')} ms, p99 {lat.get('p99')} ms, max {lat.get('max')} ms, "
        f"delivered {players['frames_delivered']}/{players['frames_expected']}, "
        f"errors {players['errors']}: {'ok' if players['p99_under_100ms'] else 'FAIL'} (<100 ms)",
        f"  {run.get('processes', 1)} Daphne process(es): "
        + ", ".join(f"{share * 100:.0f} %" for share in run.get("servers_cpu_share",
                                                                   [run["server_cpu_share"]]))
        + " of a core each"
        + (f"; Redis {run['redis_cpu_share'] * 100:.0f} %"
           if run.get("redis_cpu_share") is not None else "")
        + f"; players' load generator {run['loadgen_cpu_share'] * 100:.0f} %, "
        f"{run.get('load_processes', 1)} audience load process(es): "
        + ", ".join(f"{share * 100:.0f} %" for share in run.get("loaders_cpu_share", [])),
        f"  audience: {crowd['sockets']} sockets, reached {crowd['reached']}, exact "
        f"{crowd['exact']}, lag p50 {lag.get('p50')} ms, p90 {lag.get('p90')} ms, "
        f"p99 {lag.get('p99')} ms; {crowd['frames_per_phone_per_second']} state frames and "
        f"{crowd['tallies_per_phone_per_second']} tallies a second per phone; votes "
        f"{crowd['votes_answered']}/"
        f"{crowd['votes_sent']} answered, {crowd['errors']} errors: "
        f"{'ok' if run.get('audience_p99_under_2s') else 'FAIL'} (every phone, p99 < 2 s)",
    ])
