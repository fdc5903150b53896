"""Each process's screens by room: a change to a room is one channel-layer message, and each
process hands every one of its sockets the frame addressed to that socket's screen.

Channels' usual way, a group per screen and a channel per socket, gives each frame its own layer
message and wakes each socket's consumer for it: seven messages per move in a room of six phones
(and seven PUBLISHes on the pub/sub layer). Here the process joins the room's group once, through
one channel of its own per room it serves, and a reader task per room delivers. The message is
internal to the servers (Zulip's ``send_event`` with its recipient list travels the same way):
its frames are keyed by recipient screen, and a socket is only ever handed its own screen's.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

FRAMES = "room.frames"  # the layer message: {"frames": {screen: text}, "kicked": [screen, ...]}


class Screen(Protocol):
    """A socket as the fan-out sees it (``games.consumers.ScreenConsumer``)."""

    async def frame_send(self, text: str) -> None: ...

    async def kicked(self) -> None: ...


def room_group(room_id: int) -> str:
    """The channel-layer group of a room: one member per process with a screen of the room."""
    return f"room{room_id}"


@dataclass(eq=False)
class LocalRoom:
    """One room's screens in this process, and the channel through which its changes arrive."""

    room_id: int
    screens: dict[str, set[Screen]] = field(default_factory=dict)
    channel: str = ""
    opened: asyncio.Task | None = None
    reader: asyncio.Task | None = None


class Fanout:
    """This process's rooms: join and leave per socket, one reader per room."""

    def __init__(self, layer_alias: str = "default") -> None:
        self.layer_alias = layer_alias
        self.rooms: dict[int, LocalRoom] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def layer(self) -> Any:
        return get_channel_layer(self.layer_alias)

    async def join(self, room_id: int, screen: str, socket: Screen) -> None:
        """Hand ``socket`` every frame for ``screen`` from now on (returns once the process is
        in the room's group, so a snapshot read after this misses no change)."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a new event loop (tests): nothing of the old one is alive
            self.loop, self.rooms = loop, {}
        room = self.rooms.get(room_id)
        if room is None:
            room = self.rooms[room_id] = LocalRoom(room_id)
            room.opened = loop.create_task(self.room_open(room))
        room.screens.setdefault(screen, set()).add(socket)
        try:
            await asyncio.shield(room.opened)
        except BaseException:
            # The open failed, or this socket gave up waiting (a phone gone mid-handshake).
            if self.screen_drop(room, screen, socket):
                await self.room_close(room)
            raise

    async def room_open(self, room: LocalRoom) -> None:
        layer = self.layer()
        try:
            room.channel = await layer.new_channel()
            await layer.group_add(room_group(room.room_id), room.channel)
        except BaseException:
            if self.rooms.get(room.room_id) is room:
                del self.rooms[room.room_id]
            raise
        if self.rooms.get(room.room_id) is not room:
            # Every socket that waited for it gave up before it opened: leave again.
            await layer.group_discard(room_group(room.room_id), room.channel)
            return
        room.reader = asyncio.get_running_loop().create_task(self.read(room))

    async def leave(self, room_id: int, screen: str, socket: Screen) -> None:
        """Stop handing ``socket`` frames; the last socket of a room takes the process out."""
        room = self.rooms.get(room_id)
        if room is not None and self.screen_drop(room, screen, socket):
            await self.room_close(room)

    async def room_close(self, room: LocalRoom) -> None:
        """Out of a room this process no longer serves: its reader stops, its channel leaves
        the group (one still opening leaves by itself in ``room_open``)."""
        if room.reader is not None:
            # The reader's frame refers to the room: the room lets go of it, so that neither
            # waits for the garbage collector.
            reader, room.reader = room.reader, None
            reader.cancel()
        if room.channel:
            await self.layer().group_discard(room_group(room.room_id), room.channel)

    def screen_drop(self, room: LocalRoom, screen: str, socket: Screen) -> bool:
        """Forget one socket; ``True`` when that emptied the room (it is forgotten too)."""
        sockets = room.screens.get(screen)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del room.screens[screen]
        if room.screens or self.rooms.get(room.room_id) is not room:
            return False
        del self.rooms[room.room_id]
        return True

    async def read(self, room: LocalRoom) -> None:
        layer = self.layer()
        while True:
            await self.deliver(room, await layer.receive(room.channel))

    async def deliver(self, room: LocalRoom, message: dict) -> None:
        """Each frame to the sockets of its own screen, then the kicked screens hang up. A socket
        that fails is logged and the others still get theirs."""
        for screen, text in message["frames"].items():
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.frame_send(text))
        for screen in message.get("kicked", ()):
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.kicked())

    async def handed(self, room: LocalRoom, send: Any) -> None:
        try:
            await send
        except Exception:
            logger.exception("a socket of room %s failed to take its frame", room.room_id)


fanout = Fanout()
