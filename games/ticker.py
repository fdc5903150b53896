"""The deadline ticker: each server process expires due phase deadlines, with no phone involved.

Several processes may tick at once; ``services.deadline_expire`` re-checks each deadline under the
room's row lock (and the version guard), so a deadline expires exactly once. Deadlines live in the
database, so a restarted process picks up where the old one stopped.
"""

from __future__ import annotations

import asyncio
import logging
import time

from channels.db import database_sync_to_async
from django.conf import settings

from games import services
from games.broadcast import snapshot_broadcast

logger = logging.getLogger(__name__)

SWEEP_EVERY_SECONDS = 15.0

_ticker: asyncio.Task | None = None


async def ticker_tick() -> int:
    """Expire every due deadline once and broadcast the results; returns how many expired."""
    expired = 0
    for room_id in await database_sync_to_async(services.deadlines_due)():
        try:
            snapshot = await database_sync_to_async(services.deadline_expire)(room_id)
        except Exception:
            # One room's failure must not hold up every other room's deadlines.
            logger.exception("deadline expiry failed for room %s", room_id)
            continue
        if snapshot is not None:
            expired += 1
            await snapshot_broadcast(snapshot)
    return expired


async def ticker_sweep() -> None:
    """Forget sockets not seen for a while and tell the screens."""
    for snapshot in await database_sync_to_async(services.connections_sweep)():
        await snapshot_broadcast(snapshot)


async def ticker_run() -> None:
    """Tick forever; an error in one tick is logged and the next tick goes on."""
    swept_at = time.monotonic()
    while True:
        await asyncio.sleep(settings.PARTYHUB_TICK_SECONDS)
        try:
            await ticker_tick()
            if time.monotonic() - swept_at >= SWEEP_EVERY_SECONDS:
                swept_at = time.monotonic()
                await ticker_sweep()
        except Exception:
            logger.exception("deadline tick failed")


def ticker_ensure() -> None:
    """Start this process's ticker on the running loop, once (no-op when disabled)."""
    global _ticker
    if not settings.PARTYHUB_TICKER:
        return
    if _ticker is not None and not _ticker.done():
        return
    _ticker = asyncio.get_running_loop().create_task(ticker_run())
