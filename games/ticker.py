"""The deadline ticker: each server process expires due phase deadlines, with no phone involved.

Several processes may tick at once; ``services.deadline_expire`` re-checks each deadline under the
room's row lock, against the room's current version, so a deadline expires exactly once. Deadlines
live in the database, so a restarted process picks up where the old one stopped.

A process wakes at the deadlines it knows: those of the changes it broadcast, and the soonest one
in the database, read each time it looks (at start, then every ``PARTYHUB_TICK_SECONDS``). So a
deadline is met on time without asking the database twice a second; one set by a process that
died since is met within ``PARTYHUB_TICK_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import math
import time

from django.conf import settings

from games import broadcast, services
from games.dbthread import database_call

logger = logging.getLogger(__name__)

SWEEP_EVERY_SECONDS = 15.0
LATE_SECONDS = 0.01  # wake this long after a deadline: the rules expire it only once it passed

_ticker: asyncio.Task | None = None


class Deadlines:
    """The deadlines this process knows of (epoch seconds), soonest first, and a wake-up for
    the ticker when one sooner than its plan arrives.

    Only each room's latest deadline stands: one the room has since moved or cleared (a claim's
    window closes as soon as everyone has passed) is dropped, not woken for. A heap
    entry is checked against ``by_room`` when it reaches the top."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int]] = []
        self.by_room: dict[int, float] = {}
        self.changed = asyncio.Event()

    def note(self, room_id: int, at: float | None) -> None:
        """The room's deadline as of its latest change (``None``: it has none now)."""
        if at is None:
            self.by_room.pop(room_id, None)
            return
        if self.by_room.get(room_id) == at:
            return
        if at < self.soonest():
            self.changed.set()
        self.by_room[room_id] = at
        heapq.heappush(self.heap, (at, room_id))

    def soonest(self) -> float:
        """The soonest deadline still standing."""
        heap = self.heap
        while heap and self.by_room.get(heap[0][1]) != heap[0][0]:
            heapq.heappop(heap)
        return heap[0][0] if heap else math.inf

    def passed(self, now: float) -> None:
        """Forget the deadlines up to ``now`` (the tick that follows looks for them all)."""
        while self.heap and self.heap[0][0] <= now:
            at, room_id = heapq.heappop(self.heap)
            if self.by_room.get(room_id) == at:
                del self.by_room[room_id]


_deadlines: Deadlines | None = None


def deadline_noted(room_id: int, state: dict | None) -> None:
    """A change this process broadcast: the ticker wakes for its deadline, if it has one."""
    if state and _deadlines is not None and _ticker is not None and not _ticker.done():
        _deadlines.note(room_id, state.get("deadline"))


async def ticker_tick() -> int:
    """Expire every due deadline once and broadcast the results; returns how many expired."""
    expired = 0
    for room_id in await database_call(services.deadlines_due):
        try:
            snapshot = await database_call(services.deadline_expire, room_id)
        except Exception:
            # One room's failure must not hold up every other room's deadlines.
            logger.exception("deadline expiry failed for room %s", room_id)
            continue
        if snapshot is not None:
            expired += 1
            await broadcast.snapshot_broadcast(snapshot)
    return expired


async def ticker_sweep() -> None:
    """Forget sockets not seen for a while and tell the screens."""
    for snapshot in await database_call(services.connections_sweep):
        await broadcast.snapshot_broadcast(snapshot)


async def ticker_run(deadlines: Deadlines) -> None:
    """Look at start, then at every known deadline and every ``PARTYHUB_TICK_SECONDS``; an
    error in one tick is logged and the next look, ``PARTYHUB_TICK_SECONDS`` later, goes on."""
    looked_at = swept_at = -math.inf
    while True:
        look_at = looked_at + settings.PARTYHUB_TICK_SECONDS
        wait = min(look_at - time.monotonic(), deadlines.soonest() + LATE_SECONDS - time.time())
        if wait > 0:
            deadlines.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(deadlines.changed.wait(), wait)
            continue  # plan again: a sooner deadline came, or the one waited for is due or gone
        deadlines.passed(time.time())
        try:
            await ticker_tick()
            if time.monotonic() >= look_at:
                looked_at = time.monotonic()
                soonest = await database_call(services.deadline_soonest)
                deadlines.note(0, soonest)  # room 0: the database's soonest, whichever room
            if time.monotonic() - swept_at >= SWEEP_EVERY_SECONDS:
                swept_at = time.monotonic()
                await ticker_sweep()
        except Exception:
            # The database may be down: try again at the next look, not at once and forever.
            logger.exception("deadline tick failed")
            looked_at = time.monotonic()


def ticker_ensure() -> None:
    """Start this process's ticker on the running loop, once (no-op when disabled)."""
    global _ticker, _deadlines
    if not settings.PARTYHUB_TICKER:
        return
    if _ticker is not None and not _ticker.done():
        return
    _deadlines = Deadlines()
    _ticker = asyncio.get_running_loop().create_task(ticker_run(_deadlines))
