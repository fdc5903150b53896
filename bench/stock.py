"""The yardstick: a stock Channels consumer that only broadcasts what it receives.

This is the Channels tutorial's chat consumer, untouched: ``AsyncWebsocketConsumer`` with its
default ``dispatch`` (so it pays Channels' per-message database clean-up hop), one
``group_send`` per message to every socket of its group, on the same layer as the game (the
settings' ``default``: Channels' own class of the chosen kind, memory, Redis or Redis pub/sub).
The benchmark serves it from the same Daphne process as the game, at ``/ws/stock/<group>``; the
route is mounted only when ``PARTYHUB_BENCH=1`` (see ``partyhub/asgi.py``). (Reports before
issue 35 called it "bare"; the floor under both is ``bench.floor``, bare Daphne.)
"""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path


class StockConsumer(AsyncWebsocketConsumer):
    """Joins the group named in the URL and relays every text message to the whole group."""

    async def connect(self) -> None:
        self.group = "stock." + self.scope["url_route"]["kwargs"]["group"]
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, close_code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(
            self.group, {"type": "stock.message", "text": text_data}
        )

    async def stock_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])


websocket_urlpatterns = [
    re_path(r"^ws/stock/(?P<group>[A-Za-z0-9_-]{1,60})$", StockConsumer.as_asgi()),
]
