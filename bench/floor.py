"""The floor: a bare ASGI app under Daphne that relays each message to its room's sockets.

No Channels, no Django, no channel layer: a socket's ``receive`` callable reads its messages,
and each text message goes, as it came, to every socket of its room through that socket's own
ASGI ``send``. It is what putting a frame on the wire costs under Daphne (its protocol,
autobahn's framing, Twisted's write) and nothing else: the benchmark measures the game's CPU per
frame against it (``manage.py bench``, docs/performance.md). Served by the same Daphne process
as the game, at ``/ws/floor/<room>``, only when ``PARTYHUB_BENCH=1`` (``partyhub/asgi.py``),
ahead of Channels' router.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

PATH = re.compile(r"^/ws/floor/([A-Za-z0-9_-]{1,60})$")

Send = Callable[[dict[str, Any]], Awaitable[None]]


def floor_room(scope: dict[str, Any]) -> str | None:
    """The room a WebSocket scope asks the floor for; ``None`` when it is not the floor's."""
    if scope.get("type") != "websocket":
        return None
    found = PATH.match(scope.get("path", ""))
    return found.group(1) if found else None


class Floor:
    """The floor's rooms: each a set of the ASGI ``send`` callables of its open sockets."""

    def __init__(self) -> None:
        self.rooms: dict[str, set[Send]] = {}

    async def __call__(self, scope: dict[str, Any], receive: Callable[[], Awaitable[dict]],
                       send: Send) -> None:
        name = floor_room(scope)
        if name is None:
            raise ValueError(f"not a floor socket: {scope.get('path')!r}")
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        members = self.rooms.setdefault(name, set())
        members.add(send)
        try:
            while True:
                message = await receive()
                kind = message["type"]
                if kind == "websocket.disconnect":
                    return
                text = message.get("text")
                if kind == "websocket.receive" and text is not None:
                    frame = {"type": "websocket.send", "text": text}
                    for member in list(members):
                        await member(frame)
        finally:
            members.discard(send)
            if not members:
                self.rooms.pop(name, None)


floor = Floor()
