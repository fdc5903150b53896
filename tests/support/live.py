"""Real screens against real servers, for the tests that run several processes: the JSON API,
live sockets (the ``websockets`` client), a game (the test game unless a test names another)
played from the screens' own views, and the database read directly (psycopg), with the game
replayed from its seed and action log."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import psycopg
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection as SyncConnection
from websockets.sync.client import connect as sync_connect

from games.kit.registry import game
from games.kit.rules import replay_end
from games.rooms.fixedparts import state_stored
from tests.support.testgame import TEST_GAME
from tests.support.testgame import move as test_game_move
from tests.support.waits import until

NAMES = ("Ann", "Bob", "Cid")
# Hoax timers at their longest, so that no deadline passes while a test plays.
HOAX_SLOW = {
    "hoax_window_seconds": 60, "vote_seconds": 120, "butler_seconds": 60, "immunity_seconds": 60,
}


# --- the JSON API ----------------------------------------------------------------------------


def api_post(base: str, path: str, data: dict) -> dict:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.loads(response.read())


def socket_open(url: str, **options: Any) -> SyncConnection:
    """A blocking client socket that lives beyond one ``with`` block, closed by its holder
    (websockets 17.1 asks a socket opened outside ``with`` to say so: entering it does)."""
    return sync_connect(url, **options).__enter__()


def ws_url(base: str, path: str) -> str:
    return base.replace("http://", "ws://") + path


def room_create(base: str, **options: Any) -> dict:
    """A Hoax room, its first player seat 0 (for the browser tests that play Hoax)."""
    return api_post(base, "/api/rooms", {"game": "hoax", "options": {"first_player": 0, **options}})


def game_create(base: str, game_id: str = TEST_GAME, **options: Any) -> dict:
    """A room of a game (the test game unless named) with these options."""
    return api_post(base, "/api/rooms", {"game": game_id, "options": options})


def seats_join(base: str, code: str) -> list[dict]:
    return [api_post(base, f"/api/rooms/{code}/seats", {"name": name}) for name in NAMES]


# --- one live socket -------------------------------------------------------------------------


class Screen:
    """One live socket, keeping every frame it receives, in order."""

    def __init__(self, name: str, socket: ClientConnection) -> None:
        self.name = name
        self.socket = socket
        self.received: list[dict] = []
        self.arrived: list[float] = []  # when each frame of ``received`` came (monotonic)
        self.closes: list[tuple[int | None, float]] = []  # (close code, when) of each close
        self.closed_after: list[int] = []  # at each close, how many frames had come before it
        self.changed = asyncio.Event()
        self.sent = 0  # messages sent
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, name: str, url: str) -> Screen:
        return cls(name, await connect(url, open_timeout=10))

    async def read(self) -> None:
        try:
            async for text in self.socket:
                self.frame_keep(text)
        except ConnectionClosed:
            pass
        finally:
            self.closed_now()

    def frame_keep(self, text: str) -> None:
        """Keep a frame received, with when it came."""
        self.received.append(json.loads(text))
        self.arrived.append(time.monotonic())
        self.changed.set()

    def back_after(self, close: int) -> float | None:
        """Seconds from this screen's ``close``-th close to the first frame after it (a socket
        to a server again, its snapshot received); ``None`` while none has come."""
        code_and_when = self.closes[close]
        after = self.closed_after[close]
        if len(self.arrived) <= after:
            return None
        return self.arrived[after] - code_and_when[1]

    def closed_now(self) -> None:
        """Record that the socket closed, after the frames received so far."""
        self.closes.append((self.socket.close_code, time.monotonic()))
        self.closed_after.append(len(self.received))
        self.changed.set()

    @property
    def frames(self) -> list[dict]:
        """The state frames received."""
        return [frame for frame in self.received if frame["type"] == "state"]

    @property
    def errors(self) -> list[dict]:
        return [frame for frame in self.received if frame["type"] == "error"]

    @property
    def version(self) -> int:
        """The newest version this screen shows (-1 before its first snapshot)."""
        return max((frame["version"] for frame in self.frames), default=-1)

    async def until(
        self, test: Callable[[dict], bool], timeout: float = 10, kind: str = "state",
        start: int = 0,
    ) -> dict:
        """The first frame of ``kind`` received from the ``start``-th on (so far, or within
        ``timeout`` seconds) that passes ``test``."""
        deadline = time.monotonic() + timeout
        while True:
            for frame in self.received[start:]:
                if frame["type"] == kind and test(frame):
                    return frame
            left = deadline - time.monotonic()
            if left <= 0 or self.reader.done():
                raise AssertionError(
                    f"{self.name}: no such {kind} frame; closed {self.socket.close_code}; "
                    f"last frames {self.received[-4:]}"
                )
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                pass

    async def at(self, version: int, timeout: float = 10) -> dict:
        return await self.until(lambda f: f["version"] == version, timeout)

    async def send(self, message: dict) -> bool:
        """Send on the socket; ``False`` when it is closed."""
        try:
            await self.socket.send(json.dumps(message))
            self.sent += 1
            return True
        except ConnectionClosed:
            return False

    def assert_open(self) -> None:
        """The server never hung up on this screen (a crashed consumer closes with 1011)."""
        assert not self.reader.done(), f"{self.name}: socket closed: {self.socket.close_code}"

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


def all_connected(frame: dict) -> bool:
    players = frame["room"]["players"]
    return len(players) == len(NAMES) and all(p["connected"] for p in players)


# --- playing from the screens ----------------------------------------------------------------


class Player:
    """Plays a game from the phones' own views (``move(view, k)``, the test game's scripted
    moves unless given), one move at a time, each sent with the version its phone shows, and
    records what became of it."""

    def __init__(self, phones: list[Screen],
                 move: Callable[[dict, int], dict | None] = test_game_move) -> None:
        self.phones = phones
        self.scripted = move
        self.outcomes: list[tuple[int, dict, str]] = []  # (seat, action, "applied" or a code)

    def choose(self) -> tuple[Screen, dict, dict] | None:
        """The first phone (in order) whose view offers a move, with the move and the newest
        frame it shows."""
        k = len(self.outcomes)
        for shift in range(len(self.phones)):
            phone = self.phones[(k + shift) % len(self.phones)]
            frames = phone.frames
            newest = max(frames, key=lambda frame: frame["version"]) if frames else None
            if not newest or not newest["view"]:
                continue
            action = self.scripted(newest["view"], k)
            if action is not None:
                return phone, action, newest
        return None

    async def move(self, timeout: float = 15) -> str:
        """One move: ``applied``, refused (its code), or ``unanswered`` (the phone's socket
        closed first: it may or may not have been applied; the log says, ``log_explains``).
        When no phone shows a move (those whose turn it is missed a change: the layer is down),
        each asks for a snapshot first, as a screen coming back to the foreground does."""
        chosen = self.choose()
        if chosen is None:
            await self.synced()
            chosen = self.choose()
        assert chosen is not None, "no phone has a move"
        phone, action, newest = chosen
        seat, version = newest["you"]["position"], newest["version"]
        start = len(phone.received)
        outcome = await self.answer(phone, action, version, start, timeout)
        if outcome in ("applied", "stale"):  # the phone shows the change, or a fresh snapshot
            await phone.until(lambda f: f["version"] > version, start=start, timeout=timeout)
        self.outcomes.append((seat, action, outcome))
        return outcome

    async def answer(
        self, phone: Screen, action: dict, version: int, start: int, timeout: float
    ) -> str:
        """Send ``action`` with a request id, then a ``ping``: a socket's messages are handled
        one after the other, so a refusal of the move (an ``error`` echoing its id) comes before
        the ``pong``, and a ``pong`` with none before it means the move was applied. A ``state``
        frame is no answer: it may be another change's, or a snapshot the server sent on its own
        (a reconnection, the channel layer coming back)."""
        request, closes = len(self.outcomes), len(phone.closes)
        sent = (await phone.send({"type": "act", "action": action, "version": version,
                                  "id": request})
                and await phone.send({"type": "ping"}))
        deadline = time.monotonic() + timeout
        while sent:
            end = phone.closed_after[closes] if len(phone.closed_after) > closes else None
            for frame in phone.received[start:end]:
                if frame["type"] == "error" and frame.get("id") == request:
                    assert frame["message"], frame
                    return frame["code"]
                if frame["type"] == "pong":
                    return "applied"
            if end is not None:
                break
            assert time.monotonic() < deadline, f"{phone.name}: no answer to {action}"
            phone.changed.clear()
            try:
                await asyncio.wait_for(phone.changed.wait(), 0.05)
            except TimeoutError:
                pass
        return "unanswered"

    async def synced(self) -> None:
        """Every phone asks for a snapshot and has it."""
        starts = [len(phone.received) for phone in self.phones]
        for phone in self.phones:
            await phone.send({"type": "sync"})
        for phone, start in zip(self.phones, starts, strict=True):
            await phone.until(lambda f: True, start=start)

    async def applied(self, count: int, attempts: int = 20) -> None:
        """Play until ``count`` more moves were applied."""
        done = 0
        for _ in range(attempts):
            if await self.move() == "applied":
                done += 1
                if done == count:
                    return
        raise AssertionError(f"only {done} of {count} moves applied: {self.outcomes[-5:]}")


async def move_sent(player: Player) -> asyncio.Task:
    """The player's next move, started, once its message is on the wire (what a test does next,
    a server's restart say, meets a move on its way)."""
    before = sum(phone.sent for phone in player.phones)
    moving = asyncio.create_task(player.move())
    await until(lambda: sum(phone.sent for phone in player.phones) > before or moving.done(),
                what="the move's message sent")
    return moving


async def all_at(screens: list[Screen], version: int, timeout: float = 10) -> None:
    """Every screen shows ``version`` (or a newer one) within ``timeout`` seconds."""
    await asyncio.gather(
        *(screen.until(lambda f: f["version"] >= version, timeout) for screen in screens)
    )


# --- the database, read directly -------------------------------------------------------------


def room_row(database_url: str, code: str) -> dict:
    """The room's version, status and saved state, its current game's set-up, and that game's
    action log (seq, seat, payload, applied_at) in order, as of one moment."""
    with psycopg.connect(database_url) as db:
        db.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        version, status, state, game_id = db.execute(
            "SELECT version, status, state, current_game_id FROM games_room WHERE code = %s",
            [code],
        ).fetchone()
        game, setup = db.execute(
            "SELECT game, setup FROM games_game WHERE id = %s", [game_id]
        ).fetchone()
        actions = db.execute(
            "SELECT seq, seat, payload, applied_at FROM games_action WHERE game_id = %s "
            "ORDER BY seq",
            [game_id],
        ).fetchall()
    return {"version": version, "status": status, "state": state, "game": game,
            "setup": setup, "actions": actions}


def replayed(row: dict) -> dict:
    """The state rebuilt from the game's seed and its action log alone, each state through
    JSON as it is stored live (the platform's own replay, ``games.kit.rules.replay_end``)."""
    log = [{"seat": seat, "payload": payload, "applied_at": applied_at}
           for _seq, seat, payload, applied_at in row["actions"]]
    return replay_end(game(row["game"]), row["setup"], log)


def log_agrees(row: dict) -> None:
    """The action log and the saved state agree: one action per version, no gap, none twice,
    the last at the room's version; and the log replays to the saved state (which is stored
    without the parts its game's setup fixed, ``games.rooms.fixedparts``)."""
    seqs = [seq for seq, *_rest in row["actions"]]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), seqs
    assert seqs[-1] == row["version"]
    assert state_stored(row["game"], replayed(row)) == row["state"]


def moves_logged(row: dict) -> list[tuple[int, dict]]:
    """The players' moves in the log (the system's, seat ``None``, left out), in order."""
    return [(seat, payload) for _seq, seat, payload, _at in row["actions"] if seat is not None]


def log_explains(logged: list, outcomes: list) -> bool:
    """Whether the logged moves are the applied ones, in order, plus perhaps some answered
    ``unavailable`` or ``unanswered``: a move whose commit went through just as the database
    connection dropped is logged, while its sender heard only that the database could not be
    reached; one sent as its server restarted is logged or not, its phone's socket closed
    before the answer (``tests.support.roaming``)."""
    if not outcomes:
        return not logged
    (seat, action, outcome), rest = outcomes[0], outcomes[1:]
    maybe_logged = ("applied", "unavailable", "unanswered")
    if logged and logged[0] == (seat, action) and outcome in maybe_logged:
        if log_explains(logged[1:], rest):
            return True
    return outcome != "applied" and log_explains(logged, rest)
