"""Sends the frames of a committed change to the screens: one channel-layer message per change,
which each process hands out to its own sockets (``games.live.fanout``); or, when every socket
of the room is open in this process (``Snapshot.elsewhere`` is false), no layer message at all: the
frames go straight to those sockets. A deployment that routes each room's sockets to one
process by its code (README, "Deploying at scale") so spares the layer nearly every change."""

from __future__ import annotations

from channels.layers import get_channel_layer

from games.live.deadlines import deadline_noted
from games.live.fanout import FRAMES, fanout, room_group
from games.live.screens import frames_build, seat_screen
from games.rooms.selectors import Snapshot


async def snapshot_broadcast(snapshot: Snapshot | None) -> bool:
    """Send every screen of the room its own frame (nothing for ``None``). ``False`` when the
    layer failed: the change is saved, this process's own screens have it, and the others get
    a fresh snapshot once the layer answers again (``games.live.fanout``)."""
    if snapshot is None:
        return True
    room_id = snapshot.room.pk
    message = {
        "type": FRAMES,
        "frames": frames_build(snapshot),
        "kicked": [seat_screen(seat_id) for seat_id in snapshot.kicked],
        "handed": [seat_screen(seat_id) for seat_id in snapshot.handed],
        "reseated": {
            seat_screen(seat_id): watches for seat_id, watches in snapshot.reseated.items()
        },
    }
    delivered = True
    if not snapshot.elsewhere and fanout.on_this_loop():
        await fanout.deliver_here(room_id, message)
    else:
        try:
            await get_channel_layer().group_send(room_group(room_id), message)
        except Exception as error:
            fanout.layer_failed(error)
            await fanout.deliver_here(room_id, message)
            delivered = False
    deadline_noted(room_id, snapshot.room.state)
    return delivered


async def closed_broadcast(room_id: int) -> None:
    """Tell every open screen of the ended room, in every process, that it closed
    (``games.rooms.lifecycle``): each says so and hangs up. Through the layer, whatever process
    holds them; if the layer fails, this process's own are told, and the others learn it when their
    fan-out catches up (a fresh snapshot of an ended room is the closed frame)."""
    message = {"type": FRAMES, "frames": {}, "closed": True}
    try:
        await get_channel_layer().group_send(room_group(room_id), message)
    except Exception as error:
        fanout.layer_failed(error)
        await fanout.deliver_here(room_id, message)
