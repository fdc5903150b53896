"""The floor: a bare ASGI app (no Channels, no Django) that relays each message to its room."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator

from bench.floor import Floor, floor_room


def test_only_the_floors_websocket_paths_are_its_own() -> None:
    assert floor_room({"type": "websocket", "path": "/ws/floor/b1-2"}) == "b1-2"
    assert floor_room({"type": "websocket", "path": "/ws/stock/b1-2"}) is None
    assert floor_room({"type": "http", "path": "/ws/floor/b1-2"}) is None


def test_it_imports_neither_channels_nor_django() -> None:
    import ast

    import bench.floor

    tree = ast.parse(open(bench.floor.__file__).read())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported and not any(name.split(".")[0] in ("channels", "django", "games")
                                for name in imported)


async def test_a_message_reaches_every_socket_of_its_room_and_no_other() -> None:
    app = Floor()
    sockets = [WebsocketCommunicator(app, "/ws/floor/room-1") for _ in range(3)]
    other = WebsocketCommunicator(app, "/ws/floor/room-2")
    for socket in [*sockets, other]:
        connected, _ = await socket.connect(timeout=3)
        assert connected
    await sockets[1].send_to(text_data='{"type":"state","version":1}')
    for socket in sockets:
        assert await socket.receive_from(timeout=3) == '{"type":"state","version":1}'
    assert await other.receive_nothing(timeout=0.1)
    for socket in [*sockets, other]:
        await socket.disconnect()
    assert app.rooms == {}  # a room is forgotten with its last socket


def test_the_route_is_mounted_only_for_the_benchmark() -> None:
    import importlib

    from django.test import override_settings

    import partyhub.asgi

    try:
        with override_settings(PARTYHUB_BENCH=False):
            assert importlib.reload(partyhub.asgi).floor is None
        with override_settings(PARTYHUB_BENCH=True):
            assert isinstance(importlib.reload(partyhub.asgi).floor, Floor)
    finally:
        importlib.reload(partyhub.asgi)
