"""Sends the frames of a committed change to the screens through the channel layer."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.screens import frames_build, seat_group
from games.services import Snapshot


async def snapshot_broadcast(snapshot: Snapshot | None) -> None:
    """Send every screen of the room its own frame (nothing for ``None``)."""
    if snapshot is None:
        return
    layer = get_channel_layer()
    for group, text in frames_build(snapshot):
        await layer.group_send(group, {"type": "screen.frame", "text": text})
    for seat_id in snapshot.kicked:
        await layer.group_send(seat_group(snapshot.room.pk, seat_id), {"type": "screen.kicked"})


def snapshot_broadcast_sync(snapshot: Snapshot | None) -> None:
    """The same, from synchronous code (HTTP views)."""
    async_to_sync(snapshot_broadcast)(snapshot)
