"""Sends the frames of a committed change to the screens through the channel layer."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.screens import frames_build, seat_group
from games.services import Snapshot


async def snapshot_broadcast(snapshot: Snapshot | None) -> None:
    """Send every screen of the room its own frame (nothing for ``None``)."""
    if snapshot is None:
        return
    frames = frames_build(snapshot)
    sends = [(group, {"type": "screen.frame", "text": text}) for group, text in frames]
    sends += [
        (seat_group(snapshot.room.pk, seat_id), {"type": "screen.kicked"})
        for seat_id in snapshot.kicked
    ]
    await group_send_many(get_channel_layer(), sends)


async def group_send_many(layer: Any, sends: list[tuple[str, dict]]) -> None:
    """Every (group, message) in order; in one go where the layer can (games/layers.py: two
    round trips to Redis for a whole change instead of four per screen)."""
    many = getattr(type(layer), "group_send_many", None)
    if many is not None:
        await layer.group_send_many(sends)
        return
    for group, message in sends:
        await layer.group_send(group, message)


def snapshot_broadcast_sync(snapshot: Snapshot | None) -> None:
    """The same, from synchronous code (HTTP views)."""
    async_to_sync(snapshot_broadcast)(snapshot)
