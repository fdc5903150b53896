"""Screens that outlive a server's restart, as the pages' ``live.js`` does: told to reconnect
(close code 4012, ``games.drain``) or dropped, a screen connects again at once, to the first of
its addresses that answers (two Daphne processes, or one proxy in front of them)."""

from __future__ import annotations

import asyncio
import json
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.live import Player, Screen, all_at, all_connected, room_row

GONE_CODES = {4403, 4404, 4409}  # kicked, no such room, seat handed over: no reconnecting


class RoamingScreen(Screen):
    """A live socket that reconnects when the server goes, keeping every frame and every close
    (code, when) it saw."""

    def __init__(self, name: str, urls: list[str], socket, **options) -> None:
        self.urls = urls
        self.options = options  # the websockets client's (ssl, origin)
        self.closes: list[tuple[int | None, float]] = []
        self.closed_after: list[int] = []  # at each close, how many frames had come before it
        self.stopped = False
        super().__init__(name, socket)

    @classmethod
    async def open(cls, name: str, urls: list[str], **options) -> RoamingScreen:
        return cls(name, urls, await cls.connect_any(urls, options), **options)

    @staticmethod
    async def connect_any(urls: list[str], options: dict, timeout: float = 10):
        """A socket to the first of ``urls`` that takes one, trying again for ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            for url in urls:
                try:
                    return await connect(url, open_timeout=5, **options)
                except Exception as error:  # refused, or the handshake failed: the next
                    last = error
            if time.monotonic() > deadline:
                raise AssertionError(f"no server took the screen: {last}")
            await asyncio.sleep(0.05)

    async def read(self) -> None:
        try:
            while True:
                try:
                    async for text in self.socket:
                        self.received.append(json.loads(text))
                        self.changed.set()
                except ConnectionClosed:
                    pass
                code = self.socket.close_code
                self.closes.append((code, time.monotonic()))
                self.closed_after.append(len(self.received))
                self.changed.set()
                if self.stopped or code in GONE_CODES:
                    return
                self.socket = await self.connect_any(self.urls, self.options)
        finally:
            self.changed.set()

    async def send(self, message: dict) -> bool:
        """Send on the current socket; ``False`` when it is closed (reconnecting)."""
        try:
            await self.socket.send(json.dumps(message))
            return True
        except ConnectionClosed:
            return False

    async def close(self) -> None:
        self.stopped = True
        await self.socket.close()
        self.reader.cancel()


class RoamingPlayer(Player):
    """``Player`` whose phones may be told to reconnect mid-move: a move whose phone's socket
    closed before its answer is ``unanswered`` (it may or may not have been applied: the log
    says, ``log_explains``)."""

    async def move(self, timeout: float = 15) -> str:
        chosen = self.choose()
        if chosen is None:
            await self.synced()
            chosen = self.choose()
        assert chosen is not None, "no phone has a move"
        phone, action, newest = chosen
        seat, version = newest["you"]["position"], newest["version"]
        start, closes = len(phone.received), len(phone.closes)
        sent = await phone.send({"type": "act", "action": action, "version": version})
        deadline = time.monotonic() + timeout
        outcome = None if sent else "unanswered"
        while outcome is None:
            # Only a frame that came before the socket closed answers the move: after it, the
            # reconnected socket's snapshot may be newer for another reason (a seat going
            # offline and coming back moves the version), and the move is unanswered.
            end = phone.closed_after[closes] if len(phone.closed_after) > closes else None
            for frame in phone.received[start:end]:
                if frame["type"] == "state" and frame["version"] > version:
                    outcome = "applied"
                elif frame["type"] == "error":
                    outcome = frame["code"]
                if outcome:
                    break
            else:
                if len(phone.closes) > closes:
                    outcome = "unanswered"
                    break
                assert time.monotonic() < deadline, f"{phone.name}: no answer to {action}"
                await asyncio.sleep(0.01)
        if outcome == "stale":
            await phone.until(lambda f: f["version"] > version, start=start)
        self.outcomes.append((seat, action, outcome))
        return outcome


async def settled(tv: Screen, screens: list[Screen], database_url: str, code: str,
                  timeout: float) -> None:
    """Within ``timeout`` seconds, every screen shows the room's latest version and the TV's
    newest frame every player online: the reconnections are over (each may have moved the
    version, a seat going offline and coming back), so a move's answer is its own."""
    deadline = time.monotonic() + timeout
    while True:
        latest = room_row(database_url, code)["version"]
        await all_at(screens, latest, timeout=max(0.0, deadline - time.monotonic()))
        newest = max(tv.frames, key=lambda frame: frame["version"])
        if (newest["version"] == latest and all_connected(newest)
                and room_row(database_url, code)["version"] == latest):
            return
        assert time.monotonic() < deadline, f"not settled: TV shows {newest['room']}"
        await asyncio.sleep(0.05)
