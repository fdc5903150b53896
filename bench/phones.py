"""Audience phones in a load process of their own (``python -m bench.phones``), without Django.

Ten thousand sockets are more than one load generator reads in time on this machine: the
audience run (``bench.audience``) hands its phones to several of these processes. Each joins
its share of the room's audience through the API (each phone on the server its index names),
opens their sockets, says ``ready N`` on standard output, and waits for ``go WINDOW END VOTES``
on standard input (perf-counter times, which every process on the machine shares, and its
share of the audience's votes a second). It votes until ``END``, keeps reading a second longer
(the last frames land), then writes each phone's arrivals (version: first time seen) and
counts to the JSON file it was given, says ``done``, and exits when told ``bye`` (once the run
has read its CPU time).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bench.stats import SocketLog
from bench.wire import Address, BenchError, api_post, socket_close, socket_open, state_version

# Audience phones joining at once, per load process: each join is a transaction and a socket's
# opening is four database calls, all on each server's one database thread; with more at once a
# loaded server kept handshakes waiting past Daphne's 5 s and dropped them.
OPEN_CONCURRENCY = 8
JOIN_TRIES = 8  # a join refused by a busy server (a 500, a dropped handshake) is tried again


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

    def as_json(self) -> dict[str, Any]:
        return {"arrivals": self.log.arrivals, "frames": self.frames, "tallies": self.tallies,
                "voted": self.voted, "errors": self.errors}


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


async def watchers_join(watchers: list[Watcher], code: str, servers: list[Address],
                        on_joined: Any = None) -> None:
    """Each phone joins the room as audience through its server's API and opens its socket
    there (phone ``i`` on server ``i`` modulo their number)."""
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def join(watcher: Watcher) -> None:
        host, port = servers[watcher.index % len(servers)]
        async with gate:
            seat = None
            for attempt in range(JOIN_TRIES):
                try:
                    if seat is None:
                        seat = await api_post(host, port, f"/api/rooms/{code}/seats",
                                              {"name": f"A{watcher.index}"})
                    await watcher.open(f"ws://{host}:{port}{seat['seat_socket']}")
                    break
                except (BenchError, InvalidHandshake, OSError):
                    if attempt == JOIN_TRIES - 1:
                        raise
                    await asyncio.sleep(2.0 * (attempt + 1))
        if on_joined is not None:
            on_joined(1)

    await asyncio.gather(*(join(watcher) for watcher in watchers))


async def voting(watchers: list[Watcher], rate: float, end: float) -> int:
    """Votes at ``rate`` a second, from each phone in turn, until ``end``; how many were sent."""
    sent = k = 0
    while rate > 0 and watchers and time.perf_counter() < end:
        await asyncio.sleep(1 / rate)
        if await watchers[k % len(watchers)].vote(k // len(watchers)):
            sent += 1
        k += 1
    return sent


async def main(args: argparse.Namespace) -> None:
    servers = [(args.host, int(port)) for port in args.ports.split(",")]
    watchers = [Watcher(index) for index in range(args.first, args.first + args.count)]
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    try:
        await watchers_join(watchers, args.code, servers)
        print(f"ready {len(watchers)}", flush=True)
        _go, window, end, votes = (await reader.readline()).decode().split()
        for watcher in watchers:  # counted from now: the joining's frames are not the run's
            watcher.frames = watcher.tallies = 0
        counted_from = time.perf_counter()
        sent = await voting(watchers, float(votes), float(end))
        await asyncio.sleep(max(0.0, float(end) + 1.0 - time.perf_counter()))
        figures = {"votes_sent": sent, "window": float(window),
                   "counted_seconds": time.perf_counter() - counted_from,
                   "phones": [watcher.as_json() for watcher in watchers]}
        with open(args.out, "wb") as out:
            out.write(orjson.dumps(figures, option=orjson.OPT_NON_STR_KEYS))
        print("done", flush=True)
        await reader.readline()  # "bye": the run has read this process's CPU time
    finally:
        await asyncio.gather(*(watcher.close() for watcher in watchers), return_exceptions=True)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--ports", required=True, help="the servers' ports, comma-separated")
    parser.add_argument("--code", required=True, help="the room's code")
    parser.add_argument("--first", type=int, required=True, help="the first phone's index")
    parser.add_argument("--count", type=int, required=True, help="how many phones")
    parser.add_argument("--out", required=True, help="where to write the figures (JSON)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    asyncio.run(main(arguments()))
