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

``frame_writer`` also skips the layers above the socket: Daphne's ASGI ``send`` (one
``websocket.send`` message through the consumer's, Channels' and Daphne's layers and checks,
then encoded back to bytes) and autobahn's ``sendMessage``, which for a server's plain text
message is an unmasked single frame (RFC 6455, section 5.2) built through three methods, with
two debug lines formatted per frame whether or not anything logs them. The fan-out has the
frame's bytes and knows the socket is an accepted WebSocket, so it writes that frame itself
(``text_frame``) when autobahn would write exactly those bytes: no compression negotiated
(Daphne accepts none), no masking, fragmenting or size limit in the way, nothing in autobahn's
own send queue, no frame or octet logging. Otherwise it hands the frame to ``sendMessage``.
autobahn's traffic counters, which Daphne never reads, do not count the frames written here.

Reading, ``reads_unlogged`` skips the one layer of autobahn's that only logs: its Twisted
``dataReceived`` formats a debug line for every read (the method's qualified name, the peer and
the length, each through a colour highlighter) whether or not anything logs it, then hands the
bytes to the frame parser, which is what the socket's reads now reach directly.

What these put on a transport or a protocol refers back to it only weakly: a socket's objects
(its transport, protocol, HTTP channel and handshake, about 65 objects) are freed by their
reference counts once it closes, as under the stock stack, and never wait for a full garbage
collection, which takes hundreds of milliseconds with a thousand sockets open.
"""

from __future__ import annotations

import struct
import weakref
from collections.abc import Callable
from functools import partial
from typing import Any

from autobahn.twisted.websocket import WebSocketAdapterProtocol
from twisted.internet.tcp import Connection


def daphne_protocol(send: Any) -> Any:
    """The WebSocket protocol behind an ASGI ``send`` from Daphne (a ``partial`` of its server's
    ``handle_reply`` bound to the socket's protocol), or ``None`` for anything else (another
    server, a middleware's own ``send``)."""
    if not isinstance(send, partial) or getattr(send.func, "__name__", "") != "handle_reply":
        return None
    protocol = send.args[0] if send.args else None
    if not callable(getattr(protocol, "sendMessage", None)):
        return None
    return protocol


def screen_transport(send: Any) -> Connection | None:
    """The plain TCP transport behind Daphne's ``send``, or ``None`` (not Daphne, or TLS
    terminated by Daphne itself)."""
    return plain_transport(daphne_protocol(send))


def plain_transport(protocol: Any) -> Connection | None:
    """A protocol's transport if it is plain TCP (not TLS terminated by Daphne itself)."""
    transport = getattr(protocol, "transport", None)
    if not isinstance(transport, Connection) or transport.TLS:
        return None
    return transport


def frame_writer(send: Any) -> Callable[[bytes], None] | None:
    """For an accepted socket under Daphne, a function writing one text frame (UTF-8 bytes)
    straight to its WebSocket protocol, over an eager transport; ``None`` elsewhere. A frame for
    a socket that is closing is dropped, as Daphne drops a ``send`` after the disconnect."""
    protocol = daphne_protocol(send)
    if protocol is None:
        return None
    transport = plain_transport(protocol)
    if transport is not None:
        eager_writes(transport)
    is_open = protocol.STATE_OPEN

    def write(frame: bytes) -> None:
        if protocol.state != is_open:
            return
        if frames_plain(protocol, len(frame)):
            protocol.transport.write(text_frame(frame))
        else:
            protocol.sendMessage(frame, False)

    return write


def reads_unlogged(send: Any) -> bool:
    """Under Daphne, hand the socket's incoming bytes straight to autobahn's frame parser (the
    step its Twisted ``dataReceived`` ends with, after its debug line); ``True`` if done. A
    protocol whose ``dataReceived`` is not autobahn's own keeps it."""
    protocol = daphne_protocol(send)
    kind = type(protocol)
    if protocol is None or kind.dataReceived is not WebSocketAdapterProtocol.dataReceived:
        return False
    parse, reference = kind._dataReceived, weakref.ref(protocol)

    def data_received(data: bytes) -> None:
        parse(reference(), data)

    protocol.dataReceived = data_received
    return True


def frames_plain(protocol: Any, size: int) -> bool:
    """Whether autobahn would send a text message of ``size`` bytes as exactly ``text_frame``
    and write it to the transport at once (its ``sendMessage``, ``sendFrame`` and ``sendData``
    under the same conditions)."""
    return (
        getattr(protocol, "_perMessageCompress", True) is None
        and not protocol.maskServerFrames
        and not protocol.autoFragmentSize
        and not 0 < protocol.maxMessagePayloadSize < size
        and not protocol.send_queue
        and not protocol.trackedTimings
        and not protocol.logFrames
        and not protocol.logOctets
    )


def text_frame(payload: bytes) -> bytes:
    """One final, unmasked WebSocket text frame carrying ``payload`` (RFC 6455, section 5.2)."""
    size = len(payload)
    if size <= 125:
        return bytes((0x81, size)) + payload
    if size <= 0xFFFF:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


def eager_writes(transport: Connection) -> None:
    """Make ``transport.write`` send at once when nothing is queued before it."""
    if "write" in vars(transport):
        return  # made eager already
    queued_write, reference = type(transport).write, weakref.ref(transport)

    def write(data: bytes) -> None:
        transport = reference()
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
        queued_write(transport, data)

    transport.write = write
