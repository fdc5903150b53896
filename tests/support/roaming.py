"""Screens that outlive a server's restart, as the pages' ``live.js`` does: told to reconnect
(close code 4012, ``games.live.drain``) or dropped, a screen connects again at once, to the first of
its addresses that answers (two Daphne processes, or one proxy in front of them)."""

from __future__ import annotations

import asyncio
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.support.live import Screen, all_at, all_connected, room_row

GONE_CODES = {4403, 4404, 4409}  # kicked, no such room, seat handed over: no reconnecting


class RoamingScreen(Screen):
    """A live socket that reconnects when the server goes, keeping every frame and every close
    (code, when) it saw."""

    def __init__(self, name: str, urls: list[str], socket, **options) -> None:
        self.urls = urls
        self.options = options  # the websockets client's (ssl, origin)
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
                        self.frame_keep(text)
                except ConnectionClosed:
                    pass
                self.closed_now()
                if self.stopped or self.socket.close_code in GONE_CODES:
                    return
                self.socket = await self.connect_any(self.urls, self.options)
        finally:
            self.changed.set()

    async def close(self) -> None:
        self.stopped = True
        await self.socket.close()
        self.reader.cancel()


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
