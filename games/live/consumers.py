"""The live screens' WebSocket endpoints: thin, they move bytes and call a service through the
door (``games.live.door``), which broadcasts what it changed. What a socket learns from its
opening request is ``handshake``'s, what it may send ``socket_limits``', the host's commands
``host_commands``', an audience phone's votes ``audience_votes``'.

``/ws/rooms/<code>/board`` is the TV (host controls with the room's host token);
``/ws/rooms/<code>/seat`` is a phone (its seat token from the join cookie or ``?token=``).
Either may name its room's id (``?room=``): once that room has ended, the socket is told it
closed (``room_closed``), whichever room has the code now.
The protocol is documented in docs/protocol.md.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import orjson
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import InterfaceError, OperationalError
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.kit.rules import Refusal
from games.live import drain
from games.live.audience_votes import screen_opened, vote_cast, votes_again
from games.live.dbthread import database_call
from games.live.door import service_call, service_call_delivered
from games.live.fanout import DEGRADED, fanout
from games.live.handshake import (
    host_cookie_name,
    in_language,
    scope_cookies,
    scope_language,
    scope_query,
    seat_cookie_name,
)
from games.live.heartbeat import heartbeat
from games.live.host_commands import Reply, host_command_run
from games.live.reseating import Reseating
from games.live.screens import AUDIENCE, BOARD, seat_screen
from games.live.sending import Sending
from games.live.socket_limits import FloodBucket, MessageRefused, message_read
from games.live.ticker import ticker_ensure
from games.ops import metrics
from games.ops.limits import limiter, scope_address
from games.rooms import presence, selectors, services

logger = logging.getLogger(__name__)

# What Django raises when the database refuses connections or drops one mid-way (a restart).
DATABASE_DOWN = (OperationalError, InterfaceError)


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
        self.cookies = scope_cookies(self.scope)
        self.query = scope_query(self.scope)
        self.language = scope_language(self.scope, self.cookies)
        self.flood = FloodBucket()
        self.address = scope_address(self.scope)
        throttled = await limiter.acheck("connections", self.address)
        if throttled is not None:  # explained, then closed; the phone waits, then tries again
            await self.accept()
            await self.error_send(throttled)
            await self.close(code=4429, reason="too many connections from this address")
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
        try:
            await self.handle(message, request_id)
        except DATABASE_DOWN as error:
            logger.warning("a screen's message met the database down: %s", error)
            await self.error_send(
                ServiceError(
                    _("The game cannot be reached just now; try again in a moment."),
                    code="unavailable",
                ),
                request_id,
            )

    async def handle(self, message: dict, request_id: Any) -> None:
        """One well-formed message: a snapshot, a pong, or a handler's change (broadcast by the
        door)."""
        if message["type"] == "sync":
            await self.snapshot_send()
            return
        if message["type"] == "ping":
            # A client's own keep-alive; the server records the socket anyway (see Heartbeat).
            await self.send(text_data='{"type":"pong"}')
            return
        handler = self.handlers().get(message["type"])
        if handler is None:
            await self.error_send(
                ServiceError(_("Unknown message type."), code="unknown_type"), request_id
            )
            return
        received = time.perf_counter()
        try:
            snapshot, delivered = await service_call_delivered(
                in_language(self.language, handler), message
            )
        except Refusal as error:
            await self.error_send(error, request_id)
            if error.code == "stale":
                await self.snapshot_send()
            return
        if isinstance(snapshot, Reply):
            frame = {**snapshot.frame, **({"id": request_id} if request_id is not None else {})}
            await self.send(text_data=orjson.dumps(frame).decode())
            return
        if message["type"] == "act":
            metrics.move_seen(snapshot.room.game, time.perf_counter() - received)
        if not delivered:
            # Saved, and this process's screens have it; the others catch up later.
            await self.notice_send(
                "undelivered",
                _("Done, but the other screens cannot be reached just now; they will catch up "
                  "as soon as the connection is back."),
                request_id,
            )

    def handlers(self) -> dict[str, Callable[[dict], Any]]:
        """Message type → synchronous handler: a service's snapshot, or a ``Reply`` for this
        socket alone."""
        return {"host": self.on_host}

    def actor(self) -> services.Actor:
        raise NotImplementedError

    def on_host(self, message: dict) -> selectors.Snapshot | Reply:
        """Host controls, from the TV or the VIP's phone (``games.live.host_commands``)."""
        return host_command_run(self.code, self.actor(), message)


class BoardConsumer(ScreenConsumer):
    """The TV: the public board, plus host controls when it holds the room's host token."""

    def authenticate(self) -> tuple[Any, None]:
        return selectors.screen_room(self.code, self.query.get("room")), None

    def screens_for(self) -> list[str]:
        return [BOARD]

    def kind(self) -> str:
        return "board"

    def actor(self) -> services.Actor:
        token = self.query.get("host") or self.cookies.get(host_cookie_name(self.code))
        return services.Actor(host_token=token)


class SeatConsumer(ScreenConsumer):
    """A phone: its own view, its moves, and host controls when it is the VIP."""

    def authenticate(self) -> tuple[Any, Any]:
        token = self.query.get("token") or self.cookies.get(seat_cookie_name(self.code))
        return selectors.screen_seat(self.code, self.query.get("room"), token)

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

    def handlers(self) -> dict[str, Callable[[dict], Any]]:
        return {**super().handlers(), "act": self.on_act, "remote": self.on_remote}

    async def opened(self) -> None:
        await super().opened()
        if self.seat.is_audience:
            for text in await votes_again(self.room_id, self.seat.pk):
                await self.send(text_data=text)

    async def handle(self, message: dict, request_id: Any) -> None:
        """An audience vote answers only its sender, and the tally follows
        (``games.live.audience_votes``); everything else as every screen."""
        if message["type"] != "audience":
            await super().handle(message, request_id)
            return
        try:
            told = await vote_cast(self.room_id, self.seat.pk, message, self.language)
        except Refusal as error:
            await self.error_send(error, request_id)
            return
        if request_id is not None:
            told["id"] = request_id
        await self.send(text_data=orjson.dumps(told).decode())

    def on_remote(self, message: dict) -> selectors.Snapshot:
        """"I'm not at the TV" switched on or off: this seat's frames carry the board or not."""
        snapshot = services.seat_remote_set(self.code, self.seat.token, message.get("on"))
        self.seat.remote = message["on"]
        return snapshot

    def on_act(self, message: dict) -> selectors.Snapshot:
        return services.action_submit(
            self.code, self.seat.token, message.get("action"), message.get("version")
        )
