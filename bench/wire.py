"""What the benchmark's clients share with its load processes, without Django: the socket's
opening and closing as a screen does them, the API's POST, a state frame's version.

``bench.phones`` (the audience run's load processes) runs without Django's settings, so nothing
here imports the hub.
"""

from __future__ import annotations

import asyncio
import http.client

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, WebSocketException

Address = tuple[str, int]  # a server's host and port
ANSWER_TIMEOUT = 10.0  # a move unanswered this long counts as lost
STATE_PREFIX = '{"type":"state","version":'


def state_version(text: str) -> int | None:
    """The version of a state frame, read off its head without parsing it; ``None`` for any
    other message."""
    if not text.startswith(STATE_PREFIX):
        return None
    end = text.find(",", len(STATE_PREFIX))
    return int(text[len(STATE_PREFIX) : end if end > 0 else -1])


OPEN_TRIES = 3  # a handshake Daphne dropped or refused (its 5 s timeout, a busy server): retried


async def socket_open(url: str) -> ClientConnection:
    """A socket opened as the real screens open theirs (live.js): from the hub's own page (the
    server refuses another ``Origin``), no pings of its own (the server's are answered), no
    compression. Like a screen, it tries again when the server drops the handshake (Daphne
    closes one its app has not accepted within 5 s: a busy set-up, never a measured window)."""
    origin = "http" + url.removeprefix("ws").split("/ws/", 1)[0]
    for attempt in range(OPEN_TRIES):
        try:
            return await connect(
                url, origin=origin, open_timeout=60, ping_interval=None, compression=None,
                max_size=None, close_timeout=2,
            )
        except (InvalidHandshake, OSError):
            if attempt == OPEN_TRIES - 1:
                raise
            await asyncio.sleep(1.0)
    raise AssertionError("unreachable")


async def socket_close(socket: ClientConnection | None, tasks: list[asyncio.Task]) -> None:
    """Close a socket, whatever state it is in, and stop the tasks that read it."""
    if socket is not None:
        try:
            await socket.close()
        except (WebSocketException, OSError):
            pass
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


class BenchError(Exception):
    """The benchmark could not set a room up (the server refused or did not answer)."""


# --- HTTP ------------------------------------------------------------------------------------


def api_post_sync(host: str, port: int, path: str, data: dict) -> dict:
    """POST JSON to the hub's API; the decoded ``201`` answer, else ``BenchError``."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    try:
        connection.request(
            "POST", path, body=orjson.dumps(data), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        body = response.read()
    except OSError as error:
        raise BenchError(f"POST {path}: {error}") from error
    finally:
        connection.close()
    if response.status != 201:
        raise BenchError(f"POST {path}: {response.status} {body[:300]!r}")
    return orjson.loads(body)


async def api_post(host: str, port: int, path: str, data: dict) -> dict:
    return await asyncio.to_thread(api_post_sync, host, port, path, data)


