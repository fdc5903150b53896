"""Sends the frames of a committed change to the screens: one channel-layer message per change,
which each process hands out to its own sockets (``games.live.fanout``); or, when every socket
of the room is open in this process (``Snapshot.elsewhere`` is false), no layer message at all: the
frames go straight to those sockets. A deployment that routes each room's sockets to one
process by its code (README, "Deploying at scale") so spares the layer nearly every change.

Every message to a room's screens, the audience's tally too (``games.live.audience``), goes
through ``room_send``: the one place that falls back on this process's own sockets when the
layer fails."""

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
    everywhere = snapshot.elsewhere or not fanout.on_this_loop()
    delivered = await room_send(room_id, message, everywhere)
    deadline_noted(room_id, snapshot.room.state)
    return delivered


async def closed_broadcast(room_id: int) -> None:
    """Tell every open screen of the ended room, in every process, that it closed
    (``games.rooms.lifecycle``): each says so and hangs up. Through the layer, whatever process
    holds them; if the layer fails, this process's own are told, and the others learn it when their
    fan-out catches up (a fresh snapshot of an ended room is the closed frame)."""
    await room_send(room_id, {"type": FRAMES, "frames": {}, "closed": True})


async def tally_broadcast(room_id: int, text: str, everywhere: bool) -> None:
    """The audience's tally of the room (``games.live.audience``) to its screens: to every
    process's (after a vote, which only this process saw) or to this process's own (after a
    change, which every process saw and tallies itself)."""
    await room_send(room_id, {"type": FRAMES, "frames": {}, "tally": text}, everywhere)


async def room_send(room_id: int, message: dict, everywhere: bool = True) -> bool:
    """A layer message (``games.live.fanout``: ``FRAMES``) to the room's screens: through the
    layer to every process's, or, not ``everywhere``, straight to this process's own. When the
    layer fails, this process's own get it all the same, and ``False``: the fan-out tells them
    and recovers, and the other processes' screens catch up with a fresh snapshot."""
    if not everywhere:
        await fanout.deliver_here(room_id, message)
        return True
    try:
        await get_channel_layer().group_send(room_group(room_id), message)
    except Exception as error:
        fanout.layer_failed(error)
        await fanout.deliver_here(room_id, message)
        return False
    return True
