"""What each message a screen sends does, once its socket has read it within its limits
(``games.live.socket_limits``): a snapshot asked for, a ping, an audience vote, or a move, a
host's command or a seat's "not at the TV", each a service called through the door
(``games.live.door``), which broadcasts what it changed. The socket only hands the message
here and sends back what this says to (docs/protocol.md, "Messages a screen sends")."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

import orjson
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.kit.rules import Refusal
from games.live.audience_votes import vote_cast
from games.live.dbthread import DATABASE_DOWN
from games.live.door import service_call_delivered
from games.live.handshake import in_language
from games.live.host_commands import Reply, host_command_run
from games.ops import metrics
from games.rooms import selectors, services

logger = logging.getLogger(__name__)


class Screen(Protocol):
    """The socket a message came from, as this module uses it (``ScreenConsumer``)."""

    code: str
    room_id: int
    seat: Any
    language: str
    handlers: dict[str, Callable[[Screen, dict], Any]]

    def actor(self) -> services.Actor: ...
    async def send(self, text_data: str) -> None: ...
    async def snapshot_send(self) -> None: ...
    async def error_send(self, error: Refusal, request_id: Any = None) -> None: ...
    async def notice_send(self, code: str, message: Any, request_id: Any = None) -> None: ...


# --- the services a message calls (each synchronous, run through the door) -------------------


def host_command(screen: Screen, message: dict) -> selectors.Snapshot | Reply:
    """Host controls, from the TV or the VIP's phone (``games.live.host_commands``)."""
    return host_command_run(screen.code, screen.actor(), message)


def move(screen: Screen, message: dict) -> selectors.Snapshot:
    """A player's move, checked by the game's rules under the room's lock."""
    return services.action_submit(
        screen.code, screen.seat.token, message.get("action"), message.get("version")
    )


def remote_switch(screen: Screen, message: dict) -> selectors.Snapshot:
    """"I'm not at the TV" switched on or off: this seat's frames carry the board or not."""
    snapshot = services.seat_remote_set(screen.code, screen.seat.token, message.get("on"))
    screen.seat.remote = message["on"]
    return snapshot


BOARD_HANDLERS = {"host": host_command}
SEAT_HANDLERS = {"host": host_command, "act": move, "remote": remote_switch}


# --- a message, handled --------------------------------------------------------------------


async def message_handle(screen: Screen, message: dict, request_id: Any) -> None:
    """One well-formed message: a snapshot, a pong, an audience vote, or a service's change
    (broadcast by the door), each answered to this screen alone where it asks for it; with the
    database down, the screen is told to try again (nothing was changed)."""
    try:
        await message_dispatch(screen, message, request_id)
    except DATABASE_DOWN as error:
        logger.warning("a screen's message met the database down: %s", error)
        await screen.error_send(
            ServiceError(
                _("The game cannot be reached just now; try again in a moment."),
                code="unavailable",
            ),
            request_id,
        )


async def message_dispatch(screen: Screen, message: dict, request_id: Any) -> None:
    """The message to what handles its type."""
    kind = message["type"]
    if kind == "sync":
        await screen.snapshot_send()
    elif kind == "ping":
        # A client's own keep-alive; the server records the socket anyway (games.live.heartbeat).
        await screen.send(text_data='{"type":"pong"}')
    elif kind == "audience" and screen.seat is not None:  # a phone; its seat checked there
        await vote_handle(screen, message, request_id)
    elif kind in screen.handlers:
        await service_handle(screen, screen.handlers[kind], message, request_id)
    else:
        await screen.error_send(
            ServiceError(_("Unknown message type."), code="unknown_type"), request_id
        )


async def vote_handle(screen: Screen, message: dict, request_id: Any) -> None:
    """An audience vote answers only its sender, and the tally follows
    (``games.live.audience_votes``)."""
    try:
        told = await vote_cast(screen.room_id, screen.seat.pk, message, screen.language)
    except Refusal as error:
        await screen.error_send(error, request_id)
        return
    if request_id is not None:
        told["id"] = request_id
    await screen.send(text_data=orjson.dumps(told).decode())


async def service_handle(screen: Screen, handler: Callable[[Screen, dict], Any], message: dict,
                         request_id: Any) -> None:
    """A service called through the door in the screen's language: a refusal told to the
    screen (with a fresh snapshot when it was stale), a ``Reply`` sent to it alone, a change
    broadcast by the door (told when the other screens could not be reached)."""
    received = time.perf_counter()
    try:
        snapshot, delivered = await service_call_delivered(
            in_language(screen.language, lambda body: handler(screen, body)), message
        )
    except Refusal as error:
        await screen.error_send(error, request_id)
        if error.code == "stale":
            await screen.snapshot_send()
        return
    if isinstance(snapshot, Reply):
        frame = {**snapshot.frame, **({"id": request_id} if request_id is not None else {})}
        await screen.send(text_data=orjson.dumps(frame).decode())
        return
    if message["type"] == "act":
        metrics.move_seen(snapshot.room.game, time.perf_counter() - received)
    if not delivered:
        # Saved, and this process's screens have it; the others catch up later.
        await screen.notice_send(
            "undelivered",
            _("Done, but the other screens cannot be reached just now; they will catch up "
              "as soon as the connection is back."),
            request_id,
        )
