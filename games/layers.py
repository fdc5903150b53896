"""Channels' in-memory layer without its per-message sweep (the one-process default layer).

The stock ``InMemoryChannelLayer`` walks every channel queue and every group membership on each
``group_send`` and on each ``receive``, to expire old messages: the cost of one frame grows with
the number of sockets in the process, and the layer collapses near a thousand sockets. Here the
same sweep runs at most once a second (messages expire after a minute, group memberships after a
day, so nothing expires noticeably later). ``group_send`` puts the message on each member's
queue directly instead of through one task per member, a message of plain values is copied
shallowly, and ``receive`` stops building a spare queue on every call. Behaviour is otherwise
the stock layer's: same capacity, same silent drop when a queue is full.
"""

from __future__ import annotations

import asyncio
import time
from copy import deepcopy

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as StockInMemoryChannelLayer

PLAIN = (str, bytes, int, float, bool, type(None))


def message_copy(message: dict) -> dict:
    """A copy the receiver may change: shallow when every value is immutable."""
    if all(type(value) in PLAIN for value in message.values()):
        return dict(message)
    return deepcopy(message)


class InMemoryChannelLayer(StockInMemoryChannelLayer):
    """The stock in-memory layer with its expiry sweep run at most every ``sweep_seconds``."""

    def __init__(self, *args, sweep_seconds: float = 1.0, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sweep_seconds = sweep_seconds
        self.swept_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self.swept_at < self.sweep_seconds:
            return
        self.swept_at = now
        super()._clean_expired()

    async def send(self, channel: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            queue.put_nowait((time.time() + self.expiry, message_copy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> dict:
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            _expires, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass
