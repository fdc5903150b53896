"""The yardstick consumer: a stock Channels consumer that relays each message to its group."""

from __future__ import annotations

import pytest
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from bench.stock import StockConsumer, websocket_urlpatterns


def test_it_is_the_stock_consumer_untuned() -> None:
    assert issubclass(StockConsumer, AsyncWebsocketConsumer)
    # The default dispatch (with Channels' per-message database clean-up) is kept on purpose.
    assert "dispatch" not in vars(StockConsumer)


# The stock consumer closes stale database connections before every message (Channels' hop).
@pytest.mark.django_db(transaction=True)
async def test_a_message_reaches_every_socket_of_the_group_and_no_other() -> None:
    app = URLRouter(websocket_urlpatterns)
    sockets = [WebsocketCommunicator(app, "/ws/stock/room-1") for _ in range(3)]
    other = WebsocketCommunicator(app, "/ws/stock/room-2")
    for socket in [*sockets, other]:
        connected, _ = await socket.connect(timeout=3)
        assert connected
    await sockets[1].send_to(text_data='{"type":"state","version":1}')
    for socket in sockets:
        assert await socket.receive_from(timeout=3) == '{"type":"state","version":1}'
    assert await other.receive_nothing(timeout=0.1)
    for socket in [*sockets, other]:
        await socket.disconnect()


def test_the_route_is_mounted_only_for_the_benchmark() -> None:
    import importlib

    from django.test import override_settings

    import partyhub.asgi

    def routes() -> list[str]:
        module = importlib.reload(partyhub.asgi)
        return [str(route.pattern) for route in module.websocket_routes]

    try:
        with override_settings(PARTYHUB_BENCH=False):
            assert not any("stock" in route for route in routes())
        with override_settings(PARTYHUB_BENCH=True):
            assert any("stock" in route for route in routes())
    finally:
        importlib.reload(partyhub.asgi)
