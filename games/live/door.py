"""The one door from the live path to the room services: a service runs on the database thread,
and every change it committed (``games.rooms.outbox``) is broadcast as it returns, whatever it
returns or raises. Sockets, the ticker, the drain and the pages all call through it, so a change
cannot be saved and left unsent because a caller forgot to send it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import async_to_sync

from games.live.audience import desk as audience_desk
from games.live.broadcast import closed_broadcast, snapshot_broadcast
from games.live.dbthread import database_call
from games.rooms.outbox import AudienceCounted, Change, RoomEnded, collected, outbox_open

T = TypeVar("T")


async def service_call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on the database thread, its committed changes broadcast."""
    result, _delivered = await service_call_delivered(fn, *args)
    return result


async def service_call_delivered(fn: Callable[..., T], *args: Any) -> tuple[T, bool]:
    """The same, and whether every change reached every process's screens (``False`` when the
    channel layer failed: saved, shown here, the others catch up; ``games.live.broadcast``)."""
    box: list[Change] = []
    delivered = True
    try:
        result = await database_call(collected(fn, box), *args)
    finally:
        for change in box:
            delivered = await change_broadcast(change) and delivered
    return result, delivered


def service_call_sync(fn: Callable[..., T], *args: Any) -> T:
    """The door for synchronous code (the pages): ``fn(*args)`` here, then its committed changes
    broadcast."""
    with outbox_open() as box:
        try:
            return fn(*args)
        finally:
            for change in box:
                async_to_sync(change_broadcast)(change)


async def change_broadcast(change: Change) -> bool:
    """One committed change to its room's screens: an ended room's closed page, its audience's
    new count (a tally built here, for every process's screens: ``games.live.audience``), or
    every screen's new frame. ``False`` when the layer failed (``games.live.broadcast``)."""
    if isinstance(change, RoomEnded):
        await closed_broadcast(change.room_id)
        return True
    if isinstance(change, AudienceCounted):
        audience_desk.touch(change.room_id, everywhere=True)
        return True
    return await snapshot_broadcast(change)
