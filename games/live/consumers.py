"""The live screens' WebSocket endpoints: thin, they move bytes and call a service through the
door (``games.live.door``), which broadcasts what it changed. What a socket learns from its
opening request is ``handshake``'s, what it may send ``socket_limits``', what each message does
``messages``', what it sends ``sending``'s, what its seat's changes do to it ``reseating``'s.

``/ws/rooms/<code>/board`` is the TV (host controls with the room's host token);
``/ws/rooms/<code>/seat`` is a phone (its seat token from the join cookie or ``?token=``).
Either may name its room's id (``?room=``): once that room has ended, the socket is told it
closed (``room_closed``), whichever room has the code now.
The protocol is documented in docs/protocol.md.
"""

from __future__ import annotations

import logging
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from games.kit.errors import ServiceError
from games.live import drain
from games.live.audience_votes import screen_opened, votes_again
from games.live.dbthread import DATABASE_DOWN, database_call
from games.live.door import service_call
from games.live.fanout import DEGRADED, fanout
from games.live.handshake import Handshake
from games.live.heartbeat import heartbeat
from games.live.messages import BOARD_HANDLERS, SEAT_HANDLERS, message_handle
from games.live.reseating import Reseating
from games.live.screens import AUDIENCE, BOARD, seat_screen
from games.live.sending import Sending
from games.live.socket_limits import FloodBucket, MessageRefused, message_read
from games.live.ticker import ticker_ensure
from games.ops import metrics
from games.ops.limits import limiter, scope_address
from games.rooms import presence, selectors, services

logger = logging.getLogger(__name__)


class ScreenConsumer(Reseating, Sending, AsyncWebsocketConsumer):
    """What the board and the seat sockets share: opening (its room found, its screens joined,
    its presence recorded through the door), each message read within the socket's limits and
    handled through the door, closing. What it sends is ``Sending``'s, what its seat's changes
    do to it ``Reseating``'s: the fan-out calls nothing else of it."""

    # A screen's frames reach it through the fan-out (one layer channel per process and room),
    # never through the channel Channels makes for each consumer; that one is made on a layer
    # that lives in this process (settings.CHANNEL_LAYERS["sockets"]), so that the shared layer
    # failing cannot end the socket's consumer: the fan-out tells the screen and recovers.
    channel_layer_alias = "sockets"
    room_id: int
    code: str
    gone = False  # disconnected
    # The screens the fan-out hands this socket frames for: none until it has opened (a socket
    # may close before its opening ran: a client gone mid-handshake).
    screens: list[str] = []

    async def dispatch(self, message: dict) -> None:
        """Channels' ``dispatch`` without its hop to the database thread before each message to
        close stale connections: a screen touches the database only through ``database_call``,
        which closes them itself before and after each call, so on every message a phone sends
        that hop would cross threads with nothing to do."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        if drain.draining:  # this process is going: the screen reconnects to another
            await self.close(code=drain.RESTART_CODE)
            return
        ticker_ensure()
        self.code = self.scope["url_route"]["kwargs"]["code"].upper()
        self.handshake = Handshake.read(self.scope)
        self.language = self.handshake.language
        self.flood = FloodBucket()
        self.address = scope_address(self.scope)
        throttled = await limiter.acheck("connections", self.address)
        if throttled is not None:
            await self.throttled_close(throttled)
            return
        try:
            room, self.seat = await database_call(self.authenticate)
        except ServiceError as error:
            await self.accept()
            if isinstance(error, selectors.RoomClosed):
                await self.room_closed()
                return
            await self.error_send(error)
            await self.close(code=4404)
            return
        self.room_id = room.pk
        await self.accept()
        await self.screens_join()
        self.counted_as = self.kind()  # counted open until it closes, whatever it becomes
        metrics.socket_opened(self.counted_as)
        try:
            await service_call(presence.connection_open, self.channel_name, room, self.seat)
        except selectors.RoomClosed:  # it ended since it was read: the closed frame may be past
            await self.room_closed()
            return
        heartbeat.add(self)
        await self.snapshot_send()
        if fanout.degraded:
            await self.net_send(DEGRADED)  # the fan-out told the sockets it had then
        await self.opened()

    async def opened(self) -> None:
        """Once the snapshot is sent (``games.live.audience_votes``)."""
        screen_opened(self.room_id, self.screens)

    def authenticate(self) -> tuple[Any, Any]:
        """The room (and seat) this socket speaks for; ``ServiceError`` when none."""
        raise NotImplementedError

    def kind(self) -> str:
        """What this socket is, as the metrics count it: ``board``, ``player`` or ``audience``."""
        raise NotImplementedError

    async def disconnect(self, close_code: int) -> None:
        self.gone = True
        heartbeat.discard(self)
        if self.screens:
            metrics.socket_closed(self.counted_as)
            await self.screens_leave()
            try:
                await service_call(presence.connection_close, self.channel_name)
            except DATABASE_DOWN as error:
                # The sweep forgets the socket's presence row once it goes stale.
                logger.warning("a closed socket could not be recorded: %s", error)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            message, request_id = await message_read(
                text_data, bytes_data, self.flood, self.address
            )
        except MessageRefused as refused:
            await self.error_send(refused.error, refused.request_id)
            return
        await message_handle(self, message, request_id)

    def actor(self) -> services.Actor:
        """Who asks, as the services check it: the TV by its host token, a phone by its seat's."""
        raise NotImplementedError


class BoardConsumer(ScreenConsumer):
    """The TV: the public board, plus host controls when it holds the room's host token."""

    handlers = BOARD_HANDLERS

    def authenticate(self) -> tuple[Any, None]:
        return selectors.screen_room(self.code, self.handshake.query.get("room")), None

    def screens_for(self) -> list[str]:
        return [BOARD]

    def kind(self) -> str:
        return "board"

    def actor(self) -> services.Actor:
        return services.Actor(host_token=self.handshake.host_token(self.code))


class SeatConsumer(ScreenConsumer):
    """A phone: its own view, its moves, and host controls when it is the VIP."""

    handlers = SEAT_HANDLERS

    def authenticate(self) -> tuple[Any, Any]:
        token = self.handshake.seat_token(self.code)
        return selectors.screen_seat(self.code, self.handshake.query.get("room"), token)

    def screens_for(self) -> list[str]:
        """A player's own screen; an audience phone's too (it gets it when "play again" seats
        it), and the screen all the audience shares."""
        if self.seat.is_audience:
            return [seat_screen(self.seat.pk), AUDIENCE]
        return [seat_screen(self.seat.pk)]

    def kind(self) -> str:
        return "audience" if self.seat.is_audience else "player"

    def actor(self) -> services.Actor:
        return services.Actor(seat_token=self.seat.token)

    async def opened(self) -> None:
        await super().opened()
        if self.seat.is_audience:
            for text in await votes_again(self.room_id, self.seat.pk):
                await self.send(text_data=text)
