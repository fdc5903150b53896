"""Each process's screens by room: a change to a room is one channel-layer message, and each
process hands every one of its sockets the frame addressed to that socket's screen.

Channels' usual way, a group per screen and a channel per socket, gives each frame its own layer
message and wakes each socket's consumer for it: seven messages per move in a room of six phones
(and seven PUBLISHes on the pub/sub layer). Here the process joins the room's group once, through
one channel of its own per room it serves, and a reader task per room delivers. The message is
internal to the servers (Zulip's ``send_event`` with its recipient list travels the same way):
its frames are keyed by recipient screen, and a socket is only ever handed its own screen's.
A room whose every socket is open in the process that made the change needs no layer message:
``games.live.broadcast`` hands the same message to ``deliver_here``.

When the layer fails (Redis restarted or out of reach), a reader's ``receive``, a room's
``group_add`` or a broadcast raises. The process then tells each of its sockets (a ``net``
frame: the screen shows it is reconnecting), and retries after 0.5 s, doubling to 5 s, until
every room it serves is back in its group (a restarted Redis has forgotten them all); then each
socket is told and gets a fresh snapshot, since what was sent meanwhile may be lost. The pub/sub
layer reconnects by itself and its ``receive`` never raises, so every ``PROBE_SECONDS`` the
process also sends to a group nobody joins: that fails while the layer does.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import get_channel_layer

from games.live.dbthread import task_detached
from games.ops import metrics

logger = logging.getLogger(__name__)

# The layer message: {"frames": {screen: text}, "kicked": [screen, ...], "handed":
# [screen, ...], "reseated": {screen: watches}, "tally": text, "closed": true (the room ended:
# every socket of it says so and hangs up)}.
FRAMES = "room.frames"
BOARD = "board"  # the screen of a room's TVs
# The screen every audience phone of a room shares: its frames (the state, and the tally) are
# coalesced, only the newest of each waiting, and handed out after the players' frames, by a
# task of their own that pauses ``PUMP_PAUSE`` seconds every ``PUMP_BATCH`` sockets. The pause
# leaves the process idle a moment: the players' next frames go out, and the database thread,
# which needs the interpreter's lock to carry the players' moves, is not starved by a thousand
# sends in a row.
AUDIENCE = "audience"
PUMP_BATCH = 32
PUMP_PAUSE = 0.002
PROBE_GROUP = "fanout.probe"  # a group nobody joins: a send to it only tests the layer
PROBE_SECONDS = 5.0
RETRY_FIRST_SECONDS = 0.5
RETRY_MAX_SECONDS = 2.0  # a probe of a down Redis costs little; a screen back soon matters
DEGRADED, RECOVERED = "degraded", "ok"  # what a ``net`` frame tells a screen


class Screen(Protocol):
    """A socket as the fan-out sees it: what it sends (``games.live.sending.Sending``) and what
    its seat's changes do to it (``games.live.reseating.Reseating``), both parts of
    ``games.live.consumers.ScreenConsumer``."""

    async def frame_send(self, text: str) -> None: ...

    async def kicked(self) -> None: ...

    async def handed_check(self) -> None: ...

    async def reseat(self, watches: bool) -> None: ...

    async def room_closed(self) -> None: ...

    async def net_send(self, status: str) -> None: ...

    async def snapshot_send(self) -> None: ...


def room_group(room_id: int) -> str:
    """The channel-layer group of a room: one member per process with a screen of the room."""
    return f"room{room_id}"


def retry_delays() -> Iterator[float]:
    """Seconds to wait before each retry while the layer fails: 0.5, doubling, at most 2."""
    delay = RETRY_FIRST_SECONDS
    while True:
        yield delay
        delay = min(delay * 2, RETRY_MAX_SECONDS)


@dataclass(eq=False)
class LocalRoom:
    """One room's screens in this process, and the channel through which its changes arrive."""

    room_id: int
    screens: dict[str, set[Screen]] = field(default_factory=dict)
    channel: str = ""
    opened: asyncio.Task | None = None
    reader: asyncio.Task | None = None
    # The audience's newest frames not yet handed out, and the task handing them out.
    audience_state: str | None = None
    audience_tally: str | None = None
    pump: asyncio.Task | None = None
    tallied: bool = False  # a tally came: the board here shows one, kept up after each change

    def sockets(self) -> list[Screen]:
        return [socket for sockets in self.screens.values() for socket in sockets]


class Fanout:
    """This process's rooms: join and leave per socket, one reader per room, and one watcher
    that keeps them in their groups through the layer's failures."""

    def __init__(self, layer_alias: str = "default") -> None:
        self.layer_alias = layer_alias
        self.rooms: dict[int, LocalRoom] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.degraded = False  # the layer failed; the screens were told and have not caught up
        self.trouble = asyncio.Event()  # a failure the watcher has not recovered from yet
        self.watcher: asyncio.Task | None = None
        # Told of each change delivered to a room with audience sockets here (games.live.audience).
        self.on_change: Callable[[int], None] | None = None

    def layer(self) -> Any:
        return get_channel_layer(self.layer_alias)

    def on_this_loop(self) -> bool:
        """Whether the rooms live on the running loop (not so for synchronous code's own)."""
        try:
            return asyncio.get_running_loop() is self.loop
        except RuntimeError:
            return False

    async def join(self, room_id: int, screen: str, socket: Screen) -> None:
        """Hand ``socket`` every frame for ``screen`` from now on. Returns once the room's first
        try to join its group has ended: joined, a snapshot read after this misses no change;
        failed (``degraded``), the watcher joins it once the layer answers, and every socket
        then gets a fresh snapshot."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a new event loop (tests): nothing of the old one is alive
            self.loop, self.rooms, self.watcher = loop, {}, None
            self.degraded, self.trouble = False, asyncio.Event()
        room = self.rooms.get(room_id)
        if room is None:
            room = self.rooms[room_id] = LocalRoom(room_id)
            room.opened = task_detached(self.room_open(room))
            if self.watcher is None or self.watcher.done():
                self.watcher = task_detached(self.watch())
        room.screens.setdefault(screen, set()).add(socket)
        try:
            await asyncio.shield(room.opened)
        except BaseException:
            # This socket gave up waiting (a phone gone mid-handshake).
            if self.screen_drop(room, screen, socket):
                await self.room_close(room)
            raise

    async def room_open(self, room: LocalRoom) -> None:
        try:
            await self.subscribe(room)
        except Exception as error:
            self.layer_failed(error)  # the watcher joins the room once the layer answers

    async def subscribe(self, room: LocalRoom) -> None:
        """Put the room's channel in its group (again: a restarted Redis forgets groups) and
        make sure its reader runs."""
        layer = self.layer()
        if not room.channel:
            room.channel = await layer.new_channel()
        await layer.group_add(room_group(room.room_id), room.channel)
        if self.rooms.get(room.room_id) is not room:
            # Every socket that waited for it gave up meanwhile: leave again.
            await self.group_leave(room)
            return
        if room.reader is None or room.reader.done():
            room.reader = task_detached(self.read(room))

    async def leave(self, room_id: int, screen: str, socket: Screen) -> None:
        """Stop handing ``socket`` frames; the last socket of a room takes the process out."""
        room = self.rooms.get(room_id)
        if room is not None and self.screen_drop(room, screen, socket):
            await self.room_close(room)

    async def room_close(self, room: LocalRoom) -> None:
        """Out of a room this process no longer serves: its reader stops, its channel leaves
        the group (one still opening leaves by itself in ``subscribe``). With the last room,
        the watcher stops too."""
        if room.pump is not None:
            room.pump.cancel()
            room.pump = None
        if room.reader is not None:
            # The reader's frame refers to the room: the room lets go of it, so that neither
            # waits for the garbage collector.
            reader, room.reader = room.reader, None
            reader.cancel()
        if not self.rooms and self.watcher is not None:
            watcher, self.watcher = self.watcher, None
            watcher.cancel()
            self.degraded = False
            self.trouble.clear()
        if room.channel:
            await self.group_leave(room)

    async def group_leave(self, room: LocalRoom) -> None:
        """The room's channel out of its group; if the layer fails, the membership expires on
        its own (and Redis forgets it when restarted)."""
        try:
            await self.layer().group_discard(room_group(room.room_id), room.channel)
        except Exception as error:
            logger.warning("room %s: leaving its group failed: %s", room.room_id, error)

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
        """The room's changes to its sockets, until the layer fails: then the watcher starts
        another reader once the room is back in its group."""
        layer = self.layer()
        while True:
            try:
                message = await layer.receive(room.channel)
            except Exception as error:
                self.layer_failed(error)
                return
            await self.deliver(room, message)

    async def deliver(self, room: LocalRoom, message: dict) -> None:
        """The sockets of a seat handed to another phone check whether theirs is the old phone
        (which hangs up and takes no more frames), and those of a seat moved between the
        audience and the places (play again) join or leave the audience's screen; then each
        frame goes to the sockets of its own screen, then the kicked screens hang up; the
        audience's frames wait for the pump, after these. A socket that fails is logged and the
        others still get theirs."""
        for screen in message.get("handed", ()):
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.handed_check())
        for screen, watches in message.get("reseated", {}).items():
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.reseat(watches))
        frames = message["frames"]
        for screen, text in frames.items():
            if screen == AUDIENCE:
                room.audience_state = text
                continue
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.frame_send(text))
        for screen in message.get("kicked", ()):
            for socket in list(room.screens.get(screen, ())):
                await self.handed(room, socket.kicked())
        if message.get("closed"):
            for socket in room.sockets():
                await self.handed(room, socket.room_closed())
        tally = message.get("tally")
        if tally:
            for socket in list(room.screens.get(BOARD, ())):
                await self.handed(room, socket.frame_send(tally))
            room.audience_tally = tally
            room.tallied = True
        audience = AUDIENCE in room.screens
        if frames and self.on_change is not None and (audience or room.tallied):
            self.on_change(room.room_id)
        if not audience:
            room.audience_state = room.audience_tally = None
        elif room.pump is None or room.pump.done():
            room.pump = task_detached(self.pump(room))

    async def pump(self, room: LocalRoom) -> None:
        """The audience's newest frames to each of its sockets, until none is waiting; a frame
        that arrives meanwhile replaces the one waiting (coalesced), and the players' frames are
        let through every ``PUMP_BATCH`` sockets (after a pause of ``PUMP_PAUSE``)."""
        while room.audience_state is not None or room.audience_tally is not None:
            texts = [text for text in (room.audience_state, room.audience_tally) if text]
            room.audience_state = room.audience_tally = None
            watching = room.screens.get(AUDIENCE, set())
            for index, socket in enumerate(list(watching)):
                if index % PUMP_BATCH == 0:
                    await asyncio.sleep(PUMP_PAUSE if index else 0)
                for text in texts:
                    if socket in watching:  # not seated meanwhile (play again)
                        await self.handed(room, socket.frame_send(text))

    async def deliver_here(self, room_id: int, message: dict) -> None:
        """A change to this process's own sockets of the room: one no other process needs (every
        socket of the room is here), or one the layer could not carry."""
        room = self.rooms.get(room_id) if self.on_this_loop() else None
        if room is not None:
            await self.deliver(room, message)

    async def handed(self, room: LocalRoom, send: Awaitable[None]) -> None:
        """A frame's send to one socket, whose failure is that socket's alone. A phone that
        closed its page is gone before its consumer hears of it, and a send meanwhile fails:
        with an ``OSError`` by the ASGI spec, a ``RuntimeError`` under Daphne (autobahn's
        ``Disconnected``). That is the phone leaving, not a fault: noted, not an error."""
        try:
            await send
        except (OSError, RuntimeError) as error:
            logger.info("a socket of room %s closed before its frame: %s", room.room_id, error)
        except Exception:
            logger.exception("a socket of room %s failed to take its frame", room.room_id)

    # --- the layer's failures -----------------------------------------------------------------

    def layer_failed(self, error: Exception) -> None:
        """A reader, a join or a broadcast found the layer failing: the watcher tells this
        process's screens and recovers. (From another loop, synchronous code's own, there is
        nothing of this process's to tell.)"""
        metrics.LAYER_ERRORS.inc()
        if not self.on_this_loop() or not self.rooms:
            return
        if not self.degraded and not self.trouble.is_set():
            logger.warning("the channel layer failed (%s): retrying", error)
        self.trouble.set()

    async def watch(self) -> None:
        """While the process serves rooms: recover from each failure as it is found, and test
        the layer every ``PROBE_SECONDS`` in between."""
        delays = retry_delays()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.trouble.wait(), PROBE_SECONDS)
            if not self.trouble.is_set():
                try:
                    await self.probe()
                except Exception as error:
                    self.layer_failed(error)
                else:
                    delays = retry_delays()  # it answers: the next failure starts afresh
            if self.trouble.is_set():
                await self.recover(delays)

    async def probe(self) -> None:
        """A send that reaches nobody: it fails while the layer does."""
        await self.layer().group_send(PROBE_GROUP, {"type": "fanout.probe"})

    async def recover(self, delays: Iterator[float]) -> None:
        """Tell every socket; retry until every room is back in its group and the layer takes
        a send; then tell every socket again, with a fresh snapshot, since frames sent
        meanwhile may be lost."""
        self.degraded = True
        await self.tell(lambda socket: socket.net_send(DEGRADED))
        while self.trouble.is_set():
            await asyncio.sleep(next(delays))
            self.trouble.clear()
            try:
                for room in list(self.rooms.values()):
                    # One still opening joins by itself, or fails and says so.
                    if room.opened is not None and room.opened.done():
                        await self.subscribe(room)
                await self.probe()
            except Exception as error:
                self.layer_failed(error)
        self.degraded = False
        metrics.LAYER_RECONNECTS.inc()
        logger.warning("the channel layer answers again: %s rooms back in", len(self.rooms))
        await self.tell(self.caught_up)

    async def caught_up(self, socket: Screen) -> None:
        await socket.net_send(RECOVERED)
        await socket.snapshot_send()

    async def tell(self, send: Callable[[Screen], Awaitable[None]]) -> None:
        """Something to every socket of this process, one after another."""
        for room in list(self.rooms.values()):
            for socket in room.sockets():
                await self.handed(room, send(socket))


fanout = Fanout()
