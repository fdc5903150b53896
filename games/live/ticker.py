"""The deadline ticker: each server process expires due phase deadlines, with no phone involved.

Several processes may tick at once; ``services.deadline_expire`` re-checks each deadline under the
room's row lock, against the room's current version, so a deadline expires exactly once. Deadlines
live in the database, so a restarted process picks up where the old one stopped.

A process wakes at the deadlines it knows: those of the changes it broadcast, and the soonest one
in the database, read each time it looks (at start, then every ``PARTYHUB_TICK_SECONDS``). So a
deadline is met on time without asking the database twice a second; one set by a process that
died since is met within ``PARTYHUB_TICK_SECONDS``.

Every ``PARTYHUB_ROOM_SWEEP_SECONDS`` it also ends the rooms due to end and prunes old records,
one bounded batch (``games.rooms.lifecycle``), and tells the ended rooms' screens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time

from django.conf import settings

from games.live import deadlines
from games.live.dbthread import database_call, task_detached
from games.live.door import service_call
from games.rooms import lifecycle, liveness, presence, selectors, services

logger = logging.getLogger(__name__)

LATE_SECONDS = 0.01  # wake this long after a deadline: the rules expire it only once it passed

_ticker: asyncio.Task | None = None


async def ticker_tick() -> int:
    """Expire every due deadline once and broadcast the results; returns how many expired."""
    expired = 0
    for room_id in await database_call(selectors.deadlines_due):
        try:
            snapshot = await service_call(services.deadline_expire, room_id)
        except Exception:
            # One room's failure must not hold up every other room's deadlines.
            logger.exception("deadline expiry failed for room %s", room_id)
            continue
        if snapshot is not None:
            expired += 1
    return expired


async def ticker_sweep() -> None:
    """Forget sockets not seen for a while and tell the screens."""
    await service_call(presence.connections_sweep)


async def ticker_lifecycle() -> lifecycle.Swept:
    """End the rooms due to end and prune old records (one batch); tell the ended rooms'
    screens."""
    return await service_call(lifecycle.rooms_sweep)


async def ticker_run(known: deadlines.Deadlines) -> None:
    """Look at start, then at every known deadline and every ``PARTYHUB_TICK_SECONDS``; an
    error in one tick is logged and the next look, ``PARTYHUB_TICK_SECONDS`` later, goes on."""
    looked_at = swept_at = lifecycle_at = -math.inf
    while True:
        look_at = looked_at + settings.PARTYHUB_TICK_SECONDS
        sweep_at = swept_at + liveness.SWEEP_SECONDS
        wait = min(look_at - time.monotonic(), sweep_at - time.monotonic(),
                   known.soonest() + LATE_SECONDS - time.time())
        if wait > 0:
            known.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(known.changed.wait(), wait)
            continue  # plan again: a sooner deadline came, or the one waited for is due or gone
        known.passed(time.time())
        try:
            await ticker_tick()
            if time.monotonic() >= look_at:
                looked_at = time.monotonic()
                soonest = await database_call(selectors.deadline_soonest)
                known.note(0, soonest)  # room 0: the database's soonest, whichever room
            if time.monotonic() >= sweep_at:
                swept_at = time.monotonic()
                await ticker_sweep()
            every = settings.PARTYHUB_ROOM_SWEEP_SECONDS
            if every and time.monotonic() - lifecycle_at >= every:
                lifecycle_at = time.monotonic()
                await ticker_lifecycle()
        except Exception:
            # The database may be down: try again at the next look (and sweep at the next
            # sweep), not at once and forever.
            logger.exception("deadline tick failed")
            looked_at = swept_at = time.monotonic()


def ticker_ensure() -> None:
    """Start this process's ticker on the running loop, once (no-op when disabled)."""
    global _ticker
    if not settings.PARTYHUB_TICKER:
        return
    if _ticker is not None and not _ticker.done():
        return
    _ticker = task_detached(ticker_run(deadlines.deadlines_watch()))
