"""One room of players and an audience of many phones (``manage.py bench --audience N``).

The players' room (the first benchmarked game in settings) is driven as in the room runs, and
its latency measured the same way: from a move's scheduled time until every player's phone and
the TV show its result. Beside it, ``N`` audience phones join through the API once the game
runs, each on its own socket, and vote on the open ballot (the game's ``ballot``: each of its
questions and choices in turn) at ``votes`` a second in all. The audience's frames are
coalesced by the server, so the audience's figures are how soon each phone showed each move's
result or a newer one, and how many of those it showed at all; and how many tallies reached
each phone.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.clients import GameRoom, api_post, benched, socket_close, socket_open, state_version
from bench.stats import PERCENTILES, ActionRecord, Ledger, SocketLog, percentile

OPEN_CONCURRENCY = 16  # audience phones joining at once


class Watcher:
    """One audience phone: when each version arrived, the tallies, its open ballot."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.log = SocketLog()
        self.socket: ClientConnection | None = None
        self.task: asyncio.Task | None = None
        self.frames = 0
        self.tallies = 0
        self.voted = 0
        self.errors = 0
        self.ballot: dict | None = None

    async def open(self, url: str) -> None:
        self.socket = await socket_open(url)
        self.task = asyncio.create_task(self.read())

    async def read(self) -> None:
        assert self.socket is not None
        try:
            async for text in self.socket:
                now = time.perf_counter()
                if isinstance(text, bytes):
                    text = text.decode()
                version = state_version(text)
                if version is not None:
                    self.log.record(version, now)
                    self.frames += 1
                    continue
                frame = orjson.loads(text)
                kind = frame.get("type")
                if kind == "tally":
                    self.tallies += 1
                    self.ballot = frame.get("open")
                elif kind == "voted":
                    self.voted += 1
                elif kind == "error":
                    self.errors += 1
        except (ConnectionClosed, OSError):
            pass

    async def vote(self, k: int) -> bool:
        """The ``k``-th vote on the open ballot, if the phone knows one."""
        message = vote_for(self.ballot, k)
        if message is None or self.socket is None:
            return False
        try:
            await self.socket.send(orjson.dumps(message).decode())
        except (ConnectionClosed, OSError):
            return False
        return True

    async def close(self) -> None:
        await socket_close(self.socket, [self.task] if self.task is not None else [])


def vote_for(ballot: dict | None, k: int) -> dict | None:
    """The ``k``-th vote on ``ballot`` (pure): its questions and their choices in turn."""
    if not ballot or not ballot.get("questions"):
        return None
    question = ballot["questions"][k % len(ballot["questions"])]
    choices = question["choices"]
    if not choices:
        return None
    choice = choices[(k // len(ballot["questions"])) % len(choices)]["value"]
    return {"type": "audience", "ballot": ballot["key"], "question": question["name"],
            "choice": choice}


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


async def audience_run(options: Any, servers: list[Any], progress: Any) -> dict[str, Any]:
    """The players' room, then the audience joins and watches; the measured window; figures,
    with the server's CPU and the load generator's own (a busy load generator notices frames
    late: the latencies then include its queueing)."""
    server = servers[0]
    host, port = server.host, server.port
    ledger = Ledger()
    game = benched()[0]
    room = GameRoom(0, ledger, game, options.phones)
    watchers = [Watcher(i) for i in range(options.audience)]
    progress.reset(total=options.audience)
    progress.set_description(f"audience {options.audience}: opening")
    try:
        await room.open([(host, port)] * len(room.screens))
        await room.start()
        gate = asyncio.Semaphore(OPEN_CONCURRENCY)

        async def join(watcher: Watcher) -> None:
            async with gate:
                seat = await api_post(host, port, f"/api/rooms/{room.code}/seats",
                                      {"name": f"A{watcher.index}"})
                await watcher.open(f"ws://{host}:{port}{seat['seat_socket']}")
                progress.update(1)

        await asyncio.gather(*(join(watcher) for watcher in watchers))
        start = time.perf_counter() + 0.2
        window = start + options.warmup
        end = window + options.seconds
        progress.reset(total=round(options.warmup + options.seconds))
        progress.set_description(f"audience {options.audience}: running")
        votes = {"sent": 0}

        async def voting() -> None:
            k = 0
            while time.perf_counter() < end and options.audience_votes > 0:
                await asyncio.sleep(1 / options.audience_votes)
                if watchers and await watchers[k % len(watchers)].vote(k // len(watchers)):
                    votes["sent"] += 1
                k += 1

        marks: dict[str, float] = {}

        async def meter() -> None:
            await asyncio.sleep(max(0.0, window - time.perf_counter()))
            marks.update(server=server.cpu(), loadgen=time.process_time(), at=time.perf_counter())

        voter = asyncio.create_task(voting())
        metering = asyncio.create_task(meter())
        await room.drive(start, end, options.rate, 0.0, window)
        await metering
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        wall = time.perf_counter() - marks["at"]
        server_share = (server.cpu() - marks["server"]) / wall
        loadgen_share = (time.process_time() - marks["loadgen"]) / wall
        await asyncio.sleep(1.0)  # the last frames land
        voter.cancel()
        await asyncio.gather(voter, return_exceptions=True)
    finally:
        await asyncio.gather(room.close(), *(w.close() for w in watchers),
                             return_exceptions=True)
    measured = [action for action in ledger.actions if window <= action.scheduled < end]
    players = ledger.summary(window, end)
    return {
        "game": game,
        "players": {"sockets": len(room.screens), **players.as_json(),
                    "p99_under_100ms": players.passes()},
        "audience": {
            "sockets": len(watchers),
            **audience_delivery(measured, [watcher.log for watcher in watchers]),
            "frames_per_phone_per_second": round(
                sum(w.frames for w in watchers) / len(watchers) / wall, 3) if watchers else 0,
            "tallies_per_phone": round(
                sum(w.tallies for w in watchers) / len(watchers), 2) if watchers else 0,
            "votes_sent": votes["sent"],
            "votes_answered": sum(w.voted for w in watchers),
            "errors": sum(w.errors for w in watchers),
        },
        "window_seconds": round(wall, 3),
        "server_cpu_share": round(server_share, 3),
        "loadgen_cpu_share": round(loadgen_share, 3),
        "machine_load": round(os.getloadavg()[0], 2),
    }


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
        f"  server {run['server_cpu_share'] * 100:.0f} % of its core, load generator "
        f"{run['loadgen_cpu_share'] * 100:.0f} % of its core",
        f"  audience: {crowd['sockets']} sockets, reached {crowd['reached']}, exact "
        f"{crowd['exact']}, lag p50 {lag.get('p50')} ms, p90 {lag.get('p90')} ms, "
        f"p99 {lag.get('p99')} ms; {crowd['frames_per_phone_per_second']} frames/s per phone, "
        f"{crowd['tallies_per_phone']} tallies per phone; votes {crowd['votes_answered']}/"
        f"{crowd['votes_sent']} answered, {crowd['errors']} errors",
    ])
