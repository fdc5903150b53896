"""What one screen's socket may send: messages of at most ``MESSAGE_MAX_BYTES``, no faster
than its token bucket refills (``FloodBucket``) and its address's limit allows
(``games.ops.limits``), each a JSON object with a ``type`` (``message_read``)."""

from __future__ import annotations

import time
from typing import Any

import orjson
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.kit.rules import Refusal
from games.ops import metrics
from games.ops.limits import limiter

MESSAGE_MAX_BYTES = 4096
# Token bucket per socket: a burst of FLOOD_BURST messages, refilled at FLOOD_RATE a second.
FLOOD_BURST = 30
FLOOD_RATE = 10.0
UNREADABLE = object()  # what a message that is not JSON reads as


class FloodBucket:
    """One socket's token bucket, full when the socket opens."""

    def __init__(self) -> None:
        self.allowance = float(FLOOD_BURST)
        self.allowance_at = time.monotonic()

    def allows(self) -> bool:
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


class MessageRefused(Exception):
    """A message refused before it is handled: the refusal, and the id it echoes (``None``: none
    was read, or the refusal echoes none)."""

    def __init__(self, error: Refusal, request_id: Any = None) -> None:
        super().__init__(error.code)
        self.error = error
        self.request_id = request_id


async def message_read(text_data: str | None, bytes_data: bytes | None, flood: FloodBucket,
                       address: str) -> tuple[dict, Any]:
    """The socket's message and its ``id``, once it is within the socket's limits and its
    address's and is well-formed; else ``MessageRefused``."""
    # The limit is in bytes: a text frame counts its UTF-8 bytes, not its characters.
    raw = text_data.encode("utf-8", "surrogatepass") if text_data is not None else bytes_data
    if raw is None or len(raw) > MESSAGE_MAX_BYTES:
        raise MessageRefused(ServiceError(_("That message is too large."), code="too_large"))
    # Read before the flood check, so that every refusal of a readable object echoes its id.
    try:
        message = orjson.loads(raw)
    except orjson.JSONDecodeError:
        message = UNREADABLE
    request_id = message.get("id") if isinstance(message, dict) else None
    if not flood.allows():
        metrics.flood_refused()
        raise MessageRefused(
            ServiceError(_("Too many messages; slow down."), code="flood"), request_id
        )
    throttled = await limiter.acheck("messages", address)
    if throttled is not None:
        raise MessageRefused(throttled, request_id)
    if message is UNREADABLE:
        raise MessageRefused(ServiceError(_("That message is not valid JSON."), code="bad_json"))
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise MessageRefused(
            ServiceError(_("Every message needs a type."), code="bad_message"), request_id
        )
    return message, request_id
