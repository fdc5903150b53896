"""Scripted screens for the live benchmark: real WebSockets, real moves, every frame timed.

A game room is a TV socket plus one socket per phone, made through the JSON API like any other
client. Its driver walks the game to a steady stream of moves (each game's ``BenchPlan``, in
its package's ``bench.py``: its options, its scripted moves, the phases measured), then, at
each tick of its schedule, picks one legal move from what the screens show, sends it, and
waits until every screen of the room has the new version. The benchmark plays every registered
game that has a plan.

A relay room is the same number of sockets on the stock Channels consumer (``bench.stock``) or
on the floor, a bare ASGI app (``bench.floor``); its "move" is a message relayed to the whole
room.

The moves are pure functions of a seat's view (each plan's ``move``); the tests play whole
games with them against the rules and check every move is legal.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.stats import ActionRecord, Ledger, SocketLog
from bench.wire import (
    ANSWER_TIMEOUT,
    STATE_PREFIX,
    Address,
    BenchError,
    api_post,
    socket_close,
    socket_open,
    state_version,
)
from games.kit import registry
from games.kit.game import BenchPlan


def benched() -> tuple[str, ...]:
    """The registered games the benchmark plays (each with its ``BenchPlan``), in order."""
    return tuple(game.id for game in registry.games().values() if game.bench is not None)


def plan(game: str) -> BenchPlan:
    """How the benchmark plays ``game`` (``KeyError`` for a game it does not play)."""
    declared = registry.game(game).bench
    if declared is None:
        raise KeyError(game)
    return declared


def game_options(game: str, players: int) -> dict[str, Any]:
    """The options a benchmark room of ``game`` is made with, for ``players`` phones."""
    return plan(game).options(players)


def game_phones(game: str, phones: int) -> int:
    """Phones in a benchmark room of ``game``: the run's, unless the game's room has its own
    size."""
    return plan(game).phones or phones


def steady(game: str, view: dict | None) -> bool:
    """Whether a room is in the cycle the benchmark measures (its plan's steady phases)."""
    return plan(game).steady(view)


# --- one socket ------------------------------------------------------------------------------


class Screen:
    """One socket: records when each version arrived; keeps its newest frame, parsed lazily."""

    def __init__(self, room: RoomDriver, index: int, log: SocketLog) -> None:
        self.room = room
        self.index = index
        self.log = log
        self.socket: ClientConnection | None = None
        self.version = -1
        self.text: str | None = None
        self.parsed: tuple[int, dict] | None = None
        self.errors: list[dict] = []
        self.frames = 0
        self.bytes = 0
        self.closed = False
        self.tasks: list[asyncio.Task] = []

    async def open(self, url: str) -> None:
        self.socket = await socket_open(url)
        self.tasks.append(asyncio.create_task(self.read()))

    async def read(self) -> None:
        assert self.socket is not None
        clock = time.perf_counter
        try:
            async for text in self.socket:
                now = clock()
                if isinstance(text, bytes):
                    text = text.decode()
                version = state_version(text)
                if version is not None:
                    self.frames += 1
                    self.bytes += len(text)
                    self.log.record(version, now)
                    if version > self.version:
                        self.version = version
                        self.text = text
                    self.room.on_version(self, version)
                    continue
                frame = orjson.loads(text)
                if frame.get("type") == "error":
                    self.errors.append(frame)
                    self.room.on_error(self, frame)
        except (ConnectionClosed, OSError):
            pass
        finally:
            self.closed = True

    async def send(self, text: str) -> bool:
        if self.socket is None or self.closed:
            return False
        try:
            await self.socket.send(text)
            return True
        except (ConnectionClosed, OSError):
            return False

    def frame(self) -> dict | None:
        """The newest state frame, decoded (once per version)."""
        if self.text is None:
            return None
        if self.parsed is None or self.parsed[0] != self.version:
            self.parsed = (self.version, orjson.loads(self.text))
        return self.parsed[1]

    async def close(self) -> None:
        await socket_close(self.socket, self.tasks)


# --- one room --------------------------------------------------------------------------------


@dataclass
class Pending:
    """A move in flight: the version before it, the version it made, who sent it."""

    base: int
    screen: Screen
    version: int | None = None
    error: str | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)


class RoomDriver:
    """The sockets of one room and the schedule of its moves."""

    kind = "room"

    def __init__(self, index: int, ledger: Ledger, sockets: int) -> None:
        self.index = index
        self.ledger = ledger
        logs = ledger.room_add(index, sockets)
        self.screens = [Screen(self, i, log) for i, log in enumerate(logs)]
        self.top = -1  # the newest version any socket of the room has seen
        self.pending: Pending | None = None
        self.moves = 0
        self.stalls = 0

    # reading

    def on_version(self, screen: Screen, version: int) -> None:
        if version > self.top:
            self.top = version
        pending = self.pending
        if pending is None:
            return
        if pending.version is None and version > pending.base:
            pending.version = version
        if pending.version is not None and all(
            other.version >= pending.version for other in self.screens
        ):
            pending.done.set()

    def on_error(self, screen: Screen, frame: dict) -> None:
        pending = self.pending
        if pending is not None and screen is pending.screen and pending.version is None:
            pending.error = str(frame.get("code"))
            pending.done.set()

    def settled(self) -> bool:
        return all(screen.version == self.top for screen in self.screens)

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until every socket shows the room's newest version."""
        deadline = time.perf_counter() + timeout
        while not (self.top >= 0 and self.settled()):
            if time.perf_counter() > deadline:
                raise BenchError(f"{self.kind} {self.index}: sockets never agreed on a version")
            await asyncio.sleep(0.02)

    # moving

    def next_move(self, k: int) -> tuple[Screen, str] | None:
        raise NotImplementedError

    async def step(self, scheduled: float, measured: bool) -> ActionRecord | None:
        """One move due at ``scheduled``: send it, wait until every socket has its result."""
        move = self.next_move(self.moves)
        if move is None:
            # Counted only when measured: while a room is walked to its steady phase, a tick
            # with nothing to do (a night run by the server's clock, say) is expected.
            self.stalls += measured
            await self.resync()
            return None
        screen, text = move
        pending = Pending(base=self.top, screen=screen)
        self.pending = pending
        sent = time.perf_counter()
        if await screen.send(text):
            try:
                await asyncio.wait_for(pending.done.wait(), ANSWER_TIMEOUT)
            except TimeoutError:
                pass
        self.pending = None
        self.moves += 1
        record = ActionRecord(
            room=self.index, scheduled=scheduled, sent=sent, version=pending.version,
            error=pending.error,
        )
        if measured:
            self.ledger.action_add(record)
        return record

    async def resync(self) -> None:
        """Ask sockets that fell behind (a frame was lost) for a fresh snapshot."""

    async def drive(self, start: float, end: float, rate: float, offset: float,
                    window: float) -> None:
        """Moves at ``rate`` a second from ``start + offset`` until ``end``; those due from
        ``window`` on are measured."""
        k = 0
        while True:
            due = start + offset + k / rate
            if due >= end:
                return
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            await self.step(due, measured=due >= window)
            k += 1

    async def close(self) -> None:
        await asyncio.gather(*(screen.close() for screen in self.screens))

    def frame_bytes(self) -> tuple[int, int]:
        return (
            sum(screen.frames for screen in self.screens),
            sum(screen.bytes for screen in self.screens),
        )

    def errors(self) -> list[dict]:
        return [error for screen in self.screens for error in screen.errors]


class GameRoom(RoomDriver):
    """A real room: screen 0 is the TV, screens 1.. are the phones (screen 1 is the VIP)."""

    kind = "game"

    def __init__(self, index: int, ledger: Ledger, game: str, phones: int) -> None:
        phones = game_phones(game, phones)
        super().__init__(index, ledger, phones + 1)
        self.game = game
        self.code = ""
        self.move = plan(game).move

    async def open(self, addresses: list[Address]) -> None:
        """The room made and joined through the first address's API; each socket opened on its
        own address (the TV's first, then each phone's)."""
        host, port = addresses[0]
        options = game_options(self.game, len(self.screens) - 1)
        room = await api_post(host, port, "/api/rooms", {"game": self.game, "options": options})
        self.code = room["code"]
        paths = [room["board_socket"]]
        for i in range(len(self.screens) - 1):
            seat = await api_post(host, port, f"/api/rooms/{self.code}/seats", {"name": f"P{i}"})
            paths.append(seat["seat_socket"])
        for screen, path, (host, port) in zip(self.screens, paths, addresses, strict=True):
            await screen.open(f"ws://{host}:{port}{path}")
        await self.settle()

    async def start(self, timeout: float | None = None) -> None:
        """The VIP starts the game; the scripted moves walk it to the measured phase (the
        server's own deadlines move a timed phase on)."""
        if timeout is None:
            timeout = plan(self.game).start_seconds
        vip = self.screens[1]
        await vip.send('{"type":"host","command":"start"}')
        deadline = time.perf_counter() + timeout
        while True:
            await self.settle()
            frame = self.screens[0].frame()
            if frame and frame["room"]["status"] == "playing":
                break
            if vip.errors or time.perf_counter() > deadline:
                raise BenchError(f"room {self.code} did not start: {vip.errors[-1:]}")
            await asyncio.sleep(0.02)
        while not steady(self.game, self.screens[0].frame()["view"]):
            record = await self.step(time.perf_counter(), measured=False)
            if record is not None and record.error:
                raise BenchError(f"room {self.code}: set-up move refused ({record.error})")
            if time.perf_counter() > deadline:
                raise BenchError(f"room {self.code} never reached its steady phase")
            await self.settle()

    def next_move(self, k: int) -> tuple[Screen, str] | None:
        phones = self.screens[1:]
        for shift in range(len(phones)):
            screen = phones[(k + shift) % len(phones)]
            if screen.version != self.top:
                continue  # it missed a frame: its view is old
            frame = screen.frame()
            if not frame or not frame.get("view"):
                continue
            action = self.move(frame["view"], k)
            if action is not None:
                return screen, orjson.dumps({"type": "act", "action": action}).decode()
        return None

    async def resync(self) -> None:
        for screen in self.screens:
            if screen.version != self.top:
                await screen.send('{"type":"sync"}')
        await asyncio.sleep(0.05)


class RelayRoom(RoomDriver):
    """The same sockets on a relay: ``stock``, the stock Channels consumer (``bench.stock``), or
    ``floor``, a bare ASGI app under Daphne (``bench.floor``); a move is a message relayed to all
    of them."""

    def __init__(self, index: int, ledger: Ledger, sockets: int, tag: str, pad: int,
                 kind: str = "stock") -> None:
        super().__init__(index, ledger, sockets)
        self.kind = kind
        self.group = f"{tag}-{index}"
        self.pad = "x" * max(0, pad)
        self.top = 0

    async def open(self, addresses: list[Address]) -> None:
        for screen, (host, port) in zip(self.screens, addresses, strict=True):
            await screen.open(f"ws://{host}:{port}/ws/{self.kind}/{self.group}")
            screen.version = 0

    def next_move(self, k: int) -> tuple[Screen, str] | None:
        # The phones (not the TV at index 0) take turns, as in a game room.
        senders = self.screens[1:] or self.screens
        screen = senders[k % len(senders)]
        text = f'{STATE_PREFIX}{self.top + 1},"pad":"{self.pad}"}}'
        return screen, text
