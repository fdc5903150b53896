"""The live screens' WebSocket endpoints: thin, they parse, authenticate and call a service
through the door (``games.live.door``), which broadcasts what it changed.

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
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

import orjson
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import InterfaceError, OperationalError
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError, error_text
from games.kit.rules import Refusal
from games.live import drain
from games.live.audience import desk as audience_desk
from games.live.audience import vote_check, votes_mine
from games.live.dbthread import database_call
from games.live.door import service_call, service_call_delivered
from games.live.fanout import DEGRADED, fanout
from games.live.heartbeat import heartbeat
from games.live.screens import AUDIENCE, BOARD, frame_for, seat_screen
from games.live.ticker import ticker_ensure
from games.ops import metrics
from games.ops.limits import Throttled, limiter, scope_address
from games.rooms import models, presence, selectors, services

logger = logging.getLogger(__name__)

MESSAGE_MAX_BYTES = 4096
# What Django raises when the database refuses connections or drops one mid-way (a restart).
DATABASE_DOWN = (OperationalError, InterfaceError)
# Token bucket per socket: a burst of FLOOD_BURST messages, refilled at FLOOD_RATE a second.
FLOOD_BURST = 30
FLOOD_RATE = 10.0
UNREADABLE = object()  # what a message that is not JSON reads as


class Reply:
    """A handler's answer for the asking socket alone (the hand-over code), broadcast to none."""

    def __init__(self, frame: dict) -> None:
        self.frame = frame


def seat_cookie_name(code: str) -> str:
    """The cookie in which a phone keeps its seat token for a room."""
    return f"ph_seat_{code}"


def host_cookie_name(code: str) -> str:
    """The cookie in which the TV keeps the room's host token."""
    return f"ph_host_{code}"


def scope_cookies(scope: dict) -> dict[str, str]:
    """The request's cookies, from the handshake headers."""
    cookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            cookie.load(value.decode("latin-1"))
    return {key: morsel.value for key, morsel in cookie.items()}


def scope_query(scope: dict) -> dict[str, str]:
    """The handshake's query string, one value per key."""
    parsed = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return {key: values[0] for key, values in parsed.items()}


def scope_language(scope: dict, cookies: dict[str, str]) -> str:
    """The screen's language: Django's language cookie, else the browser's preference."""
    from django.conf import settings
    from django.utils.translation import get_supported_language_variant

    wanted = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
    if not wanted:
        for name, value in scope.get("headers", []):
            if name == b"accept-language":
                wanted = value.decode("latin-1").split(",")[0].split(";")[0].strip()
    try:
        return get_supported_language_variant(wanted or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE




def handover_reply(code: str, actor: services.Actor, message: dict) -> Reply:
    """A one-time code for handing a seat to a new phone, for the asking screen alone."""
    handover, seat = services.seat_handover_code(code, actor, message.get("seat"))
    return Reply({"type": "handover", "seat": seat.pk, "name": seat.name, "code": handover,
                  "expires": seat.handover_until, "version": seat.room.version})


def options_set(code: str, actor: services.Actor, message: dict) -> selectors.Snapshot:
    options = message.get("options")
    if not isinstance(options, dict):
        raise ServiceError(_("Options must be an object."), code="bad_message")
    return services.room_options_set(code, actor, options)


# The host's commands (``{"type": "host", "command": …}``, docs/protocol.md): each a service
# called with the room's code, the asking screen's actor and the message.
HOST_COMMANDS: dict[str, Callable[[str, services.Actor, dict], Any]] = {
    "start": lambda code, actor, m: services.room_start(code, actor),
    "kick": lambda code, actor, m: services.seat_kick(code, actor, m.get("seat")),
    "remove": lambda code, actor, m: services.seat_remove(code, actor, m.get("seat")),
    "handover": handover_reply,
    "lock": lambda code, actor, m: services.room_lock_set(code, actor, True),
    "unlock": lambda code, actor, m: services.room_lock_set(code, actor, False),
    "options": options_set,
    "guide_start": lambda code, actor, m: services.room_guide_set(code, actor, True),
    "guide_stop": lambda code, actor, m: services.room_guide_set(code, actor, False),
    "play_again": lambda code, actor, m: services.room_play_again(code, actor),
    "act": lambda code, actor, m: services.room_host_act(code, actor, m.get("action")),
    "pause": lambda code, actor, m: services.room_pause_set(code, actor, True),
    "resume": lambda code, actor, m: services.room_pause_set(code, actor, False),
    "settings": lambda code, actor, m: services.room_host_settings(code, actor,
                                                                  m.get("settings")),
    "switch_game": lambda code, actor, m: services.room_switch_game(code, actor, m.get("game")),
}


class ScreenConsumer(AsyncWebsocketConsumer):
    """What the board and the seat sockets share: the snapshot, errors, flood and size limits."""

    # A screen's frames reach it through the fan-out (one layer channel per process and room),
    # never through the channel Channels makes for each consumer; that one is made on a layer
    # that lives in this process (settings.CHANNEL_LAYERS["sockets"]), so that the shared layer
    # failing cannot end the socket's consumer: the fan-out tells the screen and recovers.
    channel_layer_alias = "sockets"
    room_id: int
    code: str
    seat: Any = None
    gone = False  # disconnected
    revoked = False  # its seat was handed to another phone: it gets nothing more

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
        self.allowance = float(FLOOD_BURST)
        self.allowance_at = time.monotonic()
        self.screens: list[str] = []  # set once the fan-out hands this socket its frames
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
        screens = self.screens_for()
        for screen in screens:
            await fanout.join(room.pk, screen, self)
        self.screens = screens
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
        """Once the snapshot is sent: the audience's tally soon (``games.live.audience``)."""
        if BOARD in self.screens or AUDIENCE in self.screens:
            audience_desk.touch(self.room_id)

    def authenticate(self) -> tuple[Any, Any]:
        """The room (and seat) this socket speaks for; ``ServiceError`` when none."""
        raise NotImplementedError

    def screens_for(self) -> list[str]:
        """The screens whose frames this socket shows (``games.live.screens``)."""
        raise NotImplementedError

    def kind(self) -> str:
        """What this socket is, as the metrics count it: ``board``, ``player`` or ``audience``."""
        raise NotImplementedError

    async def disconnect(self, close_code: int) -> None:
        self.gone = True
        heartbeat.discard(self)
        if self.screens:
            metrics.socket_closed(self.counted_as)
            for screen in self.screens:
                await fanout.leave(self.room_id, screen, self)
            try:
                await service_call(presence.connection_close, self.channel_name)
            except DATABASE_DOWN as error:
                # The sweep forgets the socket's presence row once it goes stale.
                logger.warning("a closed socket could not be recorded: %s", error)

    async def frame_send(self, text: str) -> None:
        """A frame built for this screen by the broadcaster (handed over by the fan-out); none
        once this phone's seat went to another phone."""
        if not self.revoked:
            await self.send(text_data=text)

    async def net_send(self, status: str) -> None:
        """Whether the changes of others reach this screen (``games.live.fanout``)."""
        await self.send(text_data=orjson.dumps({"type": "net", "status": status}).decode())

    async def room_closed(self) -> None:
        """The room ended (``games.rooms.lifecycle``): say so, in the screen's language, and hang
        up; the screen shows the closed page."""
        with translation.override(self.language):
            frame = {"type": "closed", "message": str(_("This room has closed."))}
        await self.send(text_data=orjson.dumps(frame).decode())
        await self.close(code=4410)

    async def kicked(self) -> None:
        """The host removed this seat: say so, then hang up."""
        await self.send(text_data='{"type":"kicked"}')
        await self.close(code=4403)

    async def handed_check(self) -> None:
        """This seat was handed to another phone: if this socket's token no longer holds it
        (the old phone, not the new one), say so, take no more frames, and hang up."""
        if self.seat is None or self.revoked:
            return
        if await database_call(self.seat_still_held):
            return
        self.revoked = True
        await self.send(text_data='{"type":"handed"}')
        await self.close(code=4409)

    async def reseat(self, watches: bool) -> None:
        """Play again moved this phone's seat between the audience and the places: it now
        takes the screens of what it is (``screens_for``), before this change's frames."""
        if self.seat is None or self.seat.is_audience == watches:
            return
        self.seat.is_audience = watches
        screens = self.screens_for()
        for screen in self.screens:
            if screen not in screens:
                await fanout.leave(self.room_id, screen, self)
        for screen in screens:
            if screen not in self.screens:
                await fanout.join(self.room_id, screen, self)
        self.screens = screens

    def seat_still_held(self) -> bool:
        return models.Seat.objects.filter(pk=self.seat.pk,
                                          token_digest=self.seat.token_digest).exists()

    async def snapshot_send(self) -> None:
        """This screen's full current view (the closed frame once the room has ended)."""
        try:
            text = await database_call(self.snapshot_text)
        except selectors.RoomClosed:
            await self.room_closed()
            return
        await self.send(text_data=text)

    def reopen(self) -> selectors.Snapshot | None:
        """Record this socket again after the sweep dropped it (unless its seat is gone)."""
        try:
            room = selectors.room_by_id(self.room_id)
            seat = selectors.seat_by_token(room, self.seat.token) if self.seat else None
        except ServiceError:
            return None
        return presence.connection_open(self.channel_name, room, seat)

    def snapshot_text(self) -> str:
        snapshot = selectors.snapshot_by_id(self.room_id)
        seat = next((s for s in snapshot.seats if self.seat and s.pk == self.seat.pk), None)
        if seat is None and self.seat is not None and self.seat.is_audience:
            seat = self.seat  # during a game the snapshot holds the players only
        return frame_for(snapshot, seat)

    async def error_send(self, error: Refusal, request_id: Any = None) -> None:
        """A refusal, in the screen's language, to this socket only."""
        with translation.override(self.language):
            frame = {"type": "error", "code": error.code, "message": error_text(error)}
        if isinstance(error, Throttled):
            frame["retry_after"] = error.retry_after
        if request_id is not None:
            frame["id"] = request_id
        await self.send(text_data=orjson.dumps(frame).decode())

    async def notice_send(self, code: str, message: Any, request_id: Any = None) -> None:
        """A request done, with something its sender should know, to this socket only."""
        with translation.override(self.language):
            frame = {"type": "notice", "code": code, "message": str(message)}
        if request_id is not None:
            frame["id"] = request_id
        await self.send(text_data=orjson.dumps(frame).decode())

    def flood_allows(self) -> bool:
        """Token bucket: refuse messages beyond the burst and the steady rate."""
        now = time.monotonic()
        self.allowance = min(
            FLOOD_BURST, self.allowance + (now - self.allowance_at) * FLOOD_RATE
        )
        self.allowance_at = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # The limit is in bytes: a text frame counts its UTF-8 bytes, not its characters.
        raw = text_data.encode("utf-8", "surrogatepass") if text_data is not None else bytes_data
        if raw is None or len(raw) > MESSAGE_MAX_BYTES:
            await self.error_send(
                ServiceError(_("That message is too large."), code="too_large")
            )
            return
        # Read before the flood check, so that every refusal of a readable object echoes its id.
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError:
            message = UNREADABLE
        request_id = message.get("id") if isinstance(message, dict) else None
        if not self.flood_allows():
            metrics.flood_refused()
            await self.error_send(
                ServiceError(_("Too many messages; slow down."), code="flood"), request_id
            )
            return
        throttled = await limiter.acheck("messages", self.address)
        if throttled is not None:
            await self.error_send(throttled, request_id)
            return
        if message is UNREADABLE:
            await self.error_send(
                ServiceError(_("That message is not valid JSON."), code="bad_json")
            )
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            await self.error_send(
                ServiceError(_("Every message needs a type."), code="bad_message"), request_id
            )
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
            snapshot, delivered = await service_call_delivered(self.translated(handler), message)
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

    def translated(self, handler: Callable[[dict], Any]) -> Callable[[dict], Any]:
        """Run a handler with the screen's language active (for lazy messages it may build)."""

        def run(message: dict) -> Any:
            with translation.override(self.language):
                return handler(message)

        return run

    def handlers(self) -> dict[str, Callable[[dict], Any]]:
        """Message type → synchronous handler: a service's snapshot, or a ``Reply`` for this
        socket alone."""
        return {"host": self.on_host}

    def actor(self) -> services.Actor:
        raise NotImplementedError

    def on_host(self, message: dict) -> selectors.Snapshot | Reply:
        """Host controls, from the TV or the VIP's phone (``HOST_COMMANDS``)."""
        name = message.get("command")
        command = HOST_COMMANDS.get(name) if isinstance(name, str) else None
        if command is None:
            raise ServiceError(_("Unknown host command."), code="unknown_type")
        return command(self.code, self.actor(), message)


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
        try:
            room = selectors.screen_room(self.code, self.query.get("room"))
            return room, selectors.seat_by_token(room, token)
        except ServiceError:
            if selectors.seat_ended(token):  # a seat of the room that had the code before
                raise selectors.RoomClosed() from None
            raise

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
            for vote in await database_call(votes_mine, self.room_id, self.seat.pk):
                await self.send(text_data=orjson.dumps(vote).decode())

    async def handle(self, message: dict, request_id: Any) -> None:
        """An audience vote answers only its sender, and the tally follows
        (``games.live.audience``); everything else as every screen."""
        if message["type"] != "audience":
            await super().handle(message, request_id)
            return
        try:
            vote = await database_call(
                self.translated(lambda m: vote_check(self.room_id, self.seat.pk, m)), message
            )
        except Refusal as error:
            await self.error_send(error, request_id)
            return
        audience_desk.voted(self.room_id, vote)
        told = {key: vote[key] for key in ("type", "ballot", "question", "choice")}
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
