"""Sends the frames of a committed change to the screens: one channel-layer message per change,
which each process hands out to its own sockets (``games.fanout``)."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import ticker
from games.fanout import FRAMES, room_group
from games.screens import frames_build, seat_screen
from games.services import Snapshot


async def snapshot_broadcast(snapshot: Snapshot | None) -> None:
    """Send every screen of the room its own frame (nothing for ``None``)."""
    if snapshot is None:
        return
    message = {
        "type": FRAMES,
        "frames": frames_build(snapshot),
        "kicked": [seat_screen(seat_id) for seat_id in snapshot.kicked],
    }
    await get_channel_layer().group_send(room_group(snapshot.room.pk), message)
    ticker.deadline_noted(snapshot.room.pk, snapshot.room.state)


def snapshot_broadcast_sync(snapshot: Snapshot | None) -> None:
    """The same, from synchronous code (HTTP views)."""
    async_to_sync(snapshot_broadcast)(snapshot)
