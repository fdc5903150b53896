"""This process's open sockets, recorded alive by the process itself (``games.rooms.liveness``):
the heartbeat, and the list the drain closes on a restart (``games.live.drain``)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from games.live.dbthread import database_call, task_detached
from games.live.door import service_call
from games.rooms import liveness, presence

logger = logging.getLogger(__name__)

# How often each process records each of its open sockets as alive (20 s of the 75 s after which
# liveness.CONNECTION_STALE counts a silent socket gone), in up to this many slices of at least
# HEARTBEAT_SLICE_MIN sockets, spread evenly.
HEARTBEAT_SECONDS = liveness.HEARTBEAT_SECONDS
HEARTBEAT_STEPS = 20
HEARTBEAT_SLICE_MIN = 64


class Heartbeat:
    """This process's open sockets, recorded alive by the process itself instead of a ping from
    every screen (a wake-up, a thread hop and a write each): each socket once every
    ``HEARTBEAT_SECONDS``, a slice of them at a time (each second with a thousand sockets), so
    no single write holds up the moves waiting for the database. Daphne's WebSocket pings find
    the dead ones (a socket that does not answer within 30 s is closed, and its row goes with
    it); a crashed process's rows go stale and the sweep removes them. A socket the sweep had
    forgotten (this process was held up longer than the sweep's limit) is recorded again and its
    seat comes back online."""

    def __init__(self) -> None:
        self.sockets: dict[str, Any] = {}
        self.task: asyncio.Task | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.cursor = 0

    def add(self, consumer: Any) -> None:
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a new event loop (tests): nothing of the old one is alive
            self.loop, self.sockets, self.task = loop, {}, None
        self.sockets[consumer.channel_name] = consumer
        if self.task is None or self.task.done():
            self.task = task_detached(self.beat())

    def discard(self, consumer: Any) -> None:
        self.sockets.pop(consumer.channel_name, None)

    def slice_size(self) -> int:
        """Sockets per slice: ``1 / HEARTBEAT_STEPS`` of them, but at least
        ``HEARTBEAT_SLICE_MIN`` (a write per second for a handful of sockets would cost more
        than the sockets do)."""
        return max(-(-len(self.sockets) // HEARTBEAT_STEPS), HEARTBEAT_SLICE_MIN)

    def next_slice(self) -> list[str]:
        """The next slice of the open sockets, round and round the list."""
        names = list(self.sockets)
        if not names:
            return []
        size = min(self.slice_size(), len(names))
        start = self.cursor % len(names)
        self.cursor = start + size
        return (names[start:] + names[:start])[:size]

    async def beat(self) -> None:
        while self.sockets:
            # Spread so that each socket is recorded every HEARTBEAT_SECONDS.
            share = min(1.0, self.slice_size() / len(self.sockets))
            await asyncio.sleep(HEARTBEAT_SECONDS * share)
            try:
                await self.beat_once(self.next_slice())
            except Exception:
                logger.exception("recording the open sockets failed")

    async def beat_once(self, names: list[str] | None = None) -> None:
        """Record these open sockets (all of them by default) now; bring back any the sweep
        forgot."""
        wanted = list(self.sockets) if names is None else names
        batch = {name: self.sockets[name] for name in wanted if name in self.sockets}
        forgotten = await database_call(presence.connections_touch, list(batch))
        for name in forgotten:
            consumer = batch[name]
            if not consumer.gone:
                await service_call(presence.connection_reopen, consumer.channel_name,
                                   consumer.room_id, consumer.seat)
                # Unrecorded, its process was not counted as serving the room: changes made
                # meanwhile may have gone to the room's other process(es) only.
                await consumer.snapshot_send()


heartbeat = Heartbeat()
