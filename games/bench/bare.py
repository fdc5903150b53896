"""The yardstick: a stock Channels consumer that only broadcasts what it receives.

This is the Channels tutorial's chat consumer, untouched: ``AsyncWebsocketConsumer`` with its
default ``dispatch`` (so it pays Channels' per-message database clean-up hop), one
``group_send`` per message to every socket of its group, on Channels' own layer class of the
kind the game uses (memory, Redis, Redis pub/sub; the project's tuned layer is the game's
advantage, not the yardstick's). The benchmark serves it from the same Daphne process as the
game, at ``/ws/bare/<group>``; the route is mounted only when ``PARTYHUB_BENCH=1`` (see
``partyhub/asgi.py``).
"""

from __future__ import annotations

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.urls import re_path

BARE_PATH = "ws/bare/"


class BareConsumer(AsyncWebsocketConsumer):
    """Joins the group named in the URL and relays every text message to the whole group."""

    # Under the benchmark, Channels' own layer class (settings: CHANNEL_LAYERS["stock"]).
    channel_layer_alias = "stock" if "stock" in settings.CHANNEL_LAYERS else "default"

    async def connect(self) -> None:
        self.group = "bare." + self.scope["url_route"]["kwargs"]["group"]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, close_code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(
            self.group, {"type": "bare.message", "text": text_data}
        )

    async def bare_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])


class BareLayerConsumer(BareConsumer):
    """Not the yardstick: the stock consumer on the project's layer (``bench --bare-variants``
    measures what the layer alone changes)."""

    channel_layer_alias = "default"


class BareNoHopConsumer(BareLayerConsumer):
    """Not the yardstick: the stock consumer on the project's layer with ``dispatch`` overridden
    as ``ScreenConsumer`` does, without the database clean-up hop per message (what the hop
    costs)."""

    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


websocket_urlpatterns = [
    re_path(r"^ws/bare/(?P<group>[A-Za-z0-9_-]{1,60})$", BareConsumer.as_asgi()),
    re_path(r"^ws/bare-layer/(?P<group>[A-Za-z0-9_-]{1,60})$", BareLayerConsumer.as_asgi()),
    re_path(r"^ws/bare-nohop/(?P<group>[A-Za-z0-9_-]{1,60})$", BareNoHopConsumer.as_asgi()),
]
