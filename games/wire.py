"""Frames onto a screen's TCP socket at once, instead of at Twisted's next write-ready turn.

Daphne serves WebSockets through Twisted, whose TCP transport never writes when asked: it
queues the bytes, registers the socket for write-readiness (an ``epoll_ctl``), and at the loop's
next turn writes them from a logged callback and unregisters it (another ``epoll_ctl``). Per
frame that is two system calls and a trip through Twisted's logging context on top of the
``send`` itself; a move in a room of six phones sends seven frames. asyncio's own transports try
the socket first and queue only what it did not take, which is what ``eager_writes`` gives a
screen's transport: while nothing is queued, bytes go straight to ``send``; whatever the socket
does not take, and everything after it until the queue drains, goes through Twisted as before,
so the order of the bytes and Twisted's flow control and error handling are unchanged.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from twisted.internet.tcp import Connection


def screen_transport(send: Any) -> Connection | None:
    """The plain TCP transport behind an ASGI ``send`` from Daphne (a ``partial`` of its
    server's ``handle_reply`` bound to the socket's protocol), or ``None`` for anything else
    (another server, a middleware's own ``send``, TLS terminated by Daphne itself)."""
    if not isinstance(send, partial) or getattr(send.func, "__name__", "") != "handle_reply":
        return None
    protocol = send.args[0] if send.args else None
    transport = getattr(protocol, "transport", None)
    if not isinstance(transport, Connection) or transport.TLS:
        return None
    return transport


def eager_writes(transport: Connection) -> None:
    """Make ``transport.write`` send at once when nothing is queued before it."""
    queued_write = transport.write

    def write(data: bytes) -> None:
        if (
            transport.connected
            and not transport.disconnecting
            and not transport._writeDisconnected
            and not transport._tempDataLen
            and transport.offset == len(transport.dataBuffer)
            and type(data) is bytes
        ):
            sent = transport.writeSomeData(data)
            if isinstance(sent, int) and sent > 0:
                if sent == len(data):
                    return
                data = data[sent:]
        # Not sent, or not all of it, or the socket failed: Twisted queues it (and on a failed
        # socket finds the error at its next write, as it would have anyway).
        queued_write(data)

    transport.write = write
