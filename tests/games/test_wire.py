"""Frames straight onto a screen's socket: a real Twisted TCP transport over a socket pair."""

from __future__ import annotations

import socket
from functools import partial

import pytest
from twisted.internet import tcp

from games.wire import eager_writes, frame_writer, reads_unlogged, screen_transport, text_frame


class Reactor:
    """What a transport asks of its reactor: here, only whether it wants write-readiness."""

    def __init__(self) -> None:
        self.writers: set = set()

    def addWriter(self, writer) -> None:  # noqa: N802 (Twisted's name)
        self.writers.add(writer)

    def removeWriter(self, writer) -> None:  # noqa: N802
        self.writers.discard(writer)

    def addReader(self, reader) -> None:  # noqa: N802
        pass

    def removeReader(self, reader) -> None:  # noqa: N802
        pass


@pytest.fixture
def pair():
    here, there = socket.socketpair()
    reactor = Reactor()
    transport = tcp.Connection(here, protocol=None, reactor=reactor)
    transport.connected = True
    there.settimeout(2)
    yield transport, there, reactor
    here.close()
    there.close()


def received(peer: socket.socket, size: int) -> bytes:
    chunks = b""
    while len(chunks) < size:
        chunks += peer.recv(size - len(chunks))
    return chunks


def test_a_frame_goes_out_at_once_without_asking_for_write_readiness(pair) -> None:
    transport, peer, reactor = pair
    eager_writes(transport)
    transport.write(b"frame one")
    transport.write(b"frame two")
    assert received(peer, 18) == b"frame oneframe two"
    assert not reactor.writers and not transport._tempDataLen


def test_stock_twisted_queues_until_the_reactor_calls_back(pair) -> None:
    transport, peer, reactor = pair
    transport.write(b"frame")
    assert reactor.writers == {transport}
    peer.setblocking(False)
    with pytest.raises(BlockingIOError):
        peer.recv(10)
    transport.doWrite()
    peer.setblocking(True)
    assert received(peer, 5) == b"frame"


def test_what_the_socket_cannot_take_is_queued_and_everything_after_it_keeps_its_order(
    pair,
) -> None:
    transport, peer, reactor = pair
    eager_writes(transport)
    big = bytes(range(256)) * 40_000  # more than the socket pair buffers
    transport.write(big)
    assert reactor.writers == {transport} and transport._tempDataLen
    transport.write(b"after")  # queued behind the rest, not sent past it
    out = b""
    while len(out) < len(big) + 5:
        out += peer.recv(1 << 20)
        if transport._tempDataLen or transport.offset < len(transport.dataBuffer):
            transport.doWrite()
    assert out == big + b"after"
    assert not reactor.writers


def test_a_closed_peer_leaves_the_error_to_twisted(pair) -> None:
    transport, peer, reactor = pair
    eager_writes(transport)
    peer.close()
    transport.write(b"x" * 100)  # the send fails (EPIPE): queued for Twisted
    transport.write(b"y" * 100)  # and everything after it
    assert transport._tempDataLen == 200 and reactor.writers == {transport}
    assert transport.doWrite() is not None  # Twisted finds the lost connection, as always


def test_a_disconnected_transport_drops_writes_as_twisted_does(pair) -> None:
    transport, peer, reactor = pair
    eager_writes(transport)
    transport.connected = False
    transport.write(b"late")
    peer.setblocking(False)
    with pytest.raises(BlockingIOError):
        peer.recv(10)
    assert not reactor.writers and not transport._tempDataLen


class Server:
    def handle_reply(self, protocol, message) -> None:  # Daphne's signature
        pass


class Protocol:
    """A WebSocket protocol as ``frame_writer`` uses it (autobahn's names)."""

    STATE_OPEN = 1
    STATE_CLOSING = 2

    def __init__(self, transport) -> None:
        self.transport = transport
        self.state = self.STATE_OPEN
        self.sent: list[tuple[bytes, bool]] = []

    def sendMessage(self, payload: bytes, isBinary: bool) -> None:  # noqa: N802, N803
        if self.state != self.STATE_OPEN:
            raise ConnectionError("Attempt to send on a closed protocol")  # as autobahn does
        self.sent.append((payload, isBinary))
        self.transport.write(payload)


def test_only_daphnes_own_send_over_plain_tcp_is_made_eager(pair) -> None:
    transport, _peer, _reactor = pair
    server = Server()
    assert screen_transport(partial(server.handle_reply, Protocol(transport))) is transport
    assert screen_transport(partial(server.handle_reply, Protocol(object()))) is None
    assert screen_transport(partial(server.handle_reply)) is None
    assert screen_transport(lambda message: None) is None
    transport.TLS = True
    assert screen_transport(partial(server.handle_reply, Protocol(transport))) is None


async def test_the_send_daphne_gives_a_websocket_is_recognised(pair) -> None:
    """Daphne's own ``create_application`` hands the app the ``send`` found here."""
    from daphne.server import Server as DaphneServer

    transport, _peer, _reactor = pair
    protocol = Protocol(transport)
    handed = {}

    async def application(scope, receive, send) -> None:
        handed["send"] = send

    server = DaphneServer(application=application, endpoints=["tcp:port=0"])
    server.connections = {protocol: {}}
    assert server.create_application(protocol, {"type": "websocket"}) is not None
    await server.connections[protocol]["application_instance"]
    assert screen_transport(handed["send"]) is transport


def test_a_frame_is_written_as_text_to_the_open_socket_and_dropped_once_it_closes(pair) -> None:
    transport, peer, reactor = pair
    protocol = Protocol(transport)
    write = frame_writer(partial(Server().handle_reply, protocol))
    write(b'{"type":"state","version":2}')
    assert protocol.sent == [(b'{"type":"state","version":2}', False)]
    assert received(peer, 28) == b'{"type":"state","version":2}'
    assert not reactor.writers  # the transport was made eager
    protocol.state = protocol.STATE_CLOSING
    write(b'{"type":"state","version":3}')
    assert len(protocol.sent) == 1


def test_no_writer_outside_daphne() -> None:
    assert frame_writer(lambda message: None) is None
    assert frame_writer(partial(Server().handle_reply, object())) is None


# --- the frame itself, against autobahn's own ---------------------------------------------------


def autobahn_protocol(transport, protocol_class=None):
    """autobahn's server protocol (or ``protocol_class``), open, with Daphne's options, writing to
    ``transport``."""
    import collections

    import txaio

    txaio.use_twisted()
    from autobahn.twisted.websocket import WebSocketServerFactory
    from autobahn.websocket.protocol import TrafficStats, WebSocketProtocol

    factory = WebSocketServerFactory()
    factory.setProtocolOptions(allowNullOrigin=True, maxMessagePayloadSize=0)
    if protocol_class is not None:
        factory.protocol = protocol_class
    protocol = factory.buildProtocol(None)
    protocol.transport = transport
    for name in WebSocketProtocol.CONFIG_ATTRS_COMMON + WebSocketProtocol.CONFIG_ATTRS_SERVER:
        setattr(protocol, name, getattr(factory, name))  # as autobahn does once connected
    protocol.state = protocol.STATE_OPEN
    protocol.send_queue = collections.deque()
    protocol._perMessageCompress = None
    protocol.trackedTimings = None
    protocol.trafficStats = TrafficStats()
    protocol.log = txaio.make_logger()
    return protocol


class Capture:
    def __init__(self) -> None:
        self.written: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.written.append(data)


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_byte_for_byte_what_autobahn_sends(size) -> None:
    payload = bytes(range(256)) * (size // 256) + bytes(range(size % 256))
    protocol = autobahn_protocol(Capture())
    protocol.sendMessage(payload, False)
    assert protocol.transport.written == [text_frame(payload)]


def test_a_plain_frame_is_written_by_the_writer_itself_and_reaches_the_peer(pair) -> None:
    transport, peer, reactor = pair
    protocol = autobahn_protocol(transport)
    asked = []
    protocol.sendMessage = lambda *args: asked.append(args)
    write = frame_writer(partial(Server().handle_reply, protocol))
    frame = b'{"type":"state","version":2,"view":{"text":"' + "é".encode() * 100 + b'"}}'
    write(frame)
    assert asked == []
    assert received(peer, len(frame) + 4) == text_frame(frame)
    assert not reactor.writers


@pytest.mark.parametrize("setting", [
    ("_perMessageCompress", object()),  # compression negotiated
    ("maskServerFrames", True),
    ("autoFragmentSize", 16),
    ("maxMessagePayloadSize", 8),  # autobahn refuses it: its error, not a silent frame
    ("logFrames", True),
    ("logOctets", True),
])
def test_anything_autobahn_would_do_differently_goes_through_autobahn(setting) -> None:
    protocol = autobahn_protocol(Capture())
    asked = []
    protocol.sendMessage = lambda *args: asked.append(args)
    setattr(protocol, *setting)
    frame_writer(partial(Server().handle_reply, protocol))(b'{"type":"state","version":9}')
    assert asked == [(b'{"type":"state","version":9}', False)]
    assert protocol.transport.written == []


def test_a_frame_waits_behind_what_autobahn_has_queued() -> None:
    protocol = autobahn_protocol(Capture())
    protocol.send_queue.append((b"queued", True))
    asked = []
    protocol.sendMessage = lambda *args: asked.append(args)
    frame_writer(partial(Server().handle_reply, protocol))(b"{}")
    assert asked == [(b"{}", False)] and protocol.transport.written == []


# --- reading --------------------------------------------------------------------------------


def daphne_protocol_open():
    """Daphne's own WebSocket protocol class (autobahn's Twisted protocol), open."""
    from autobahn.websocket.protocol import WebSocketProtocol as Base
    from daphne.ws_protocol import WebSocketProtocol

    protocol = autobahn_protocol(Capture(), WebSocketProtocol)
    protocol.openHandshakeTimeout = 0  # no timer: there is no reactor here
    Base._connectionMade(protocol)  # the reading state a new connection starts with
    # As autobahn leaves it after the opening handshake (RFC 6455, version 13).
    protocol.state = protocol.STATE_OPEN
    protocol.websocket_version = 13
    protocol.inside_message = False
    protocol.current_frame = None
    return protocol


def client_frame(payload: bytes, key: bytes = b"\x01\x02\x03\x04") -> bytes:
    """A client's final text frame, masked as RFC 6455 requires of clients (payload < 126)."""
    masked = bytes(byte ^ key[i % 4] for i, byte in enumerate(payload))
    return bytes((0x81, 0x80 | len(payload))) + key + masked


def test_a_sockets_reads_reach_the_frame_parser_without_the_debug_line(monkeypatch) -> None:
    import autobahn.twisted.websocket as autobahn_twisted

    def no_debug_line(*args, **kwargs):
        raise AssertionError("a debug line was formatted for a read")

    protocol = daphne_protocol_open()
    got = []
    protocol.onMessage = lambda payload, is_binary: got.append((payload, is_binary))
    assert reads_unlogged(partial(Server().handle_reply, protocol))
    monkeypatch.setattr(autobahn_twisted, "hltype", no_debug_line)
    message = b'{"type":"act","action":{"type":"place","answer":1,"slot":2}}'
    frame = client_frame(message)
    protocol.dataReceived(frame[:5])  # a frame split across reads is put together as before
    protocol.dataReceived(frame[5:] + client_frame(b'{"type":"sync"}'))
    assert got == [(message, False), (b'{"type":"sync"}', False)]


def test_stock_autobahn_formats_a_debug_line_per_read(monkeypatch) -> None:
    """What ``reads_unlogged`` skips (if autobahn stops doing it, the skip can go)."""
    import autobahn.twisted.websocket as autobahn_twisted

    formatted = []
    monkeypatch.setattr(autobahn_twisted, "hltype", lambda obj: formatted.append(obj) or "")
    protocol = daphne_protocol_open()
    protocol.onMessage = lambda payload, is_binary: None
    protocol.dataReceived(client_frame(b"{}"))
    assert len(formatted) == 1


def test_reads_stay_as_they_are_outside_daphne_or_with_another_data_received() -> None:
    class Own(Protocol):
        def dataReceived(self, data: bytes) -> None:  # noqa: N802 (Twisted's name)
            pass

    assert not reads_unlogged(lambda message: None)
    protocol = Own(object())
    assert not reads_unlogged(partial(Server().handle_reply, protocol))
    assert "dataReceived" not in vars(protocol)


def test_what_is_put_on_a_transport_and_a_protocol_lets_them_be_freed_by_reference_count(
    pair,
) -> None:
    """Nothing here refers back to the transport or the protocol strongly: a closed socket's
    objects do not wait for a full garbage collection on account of them."""
    import gc
    import weakref

    transport, _peer, _reactor = pair
    tcp_connection = tcp.Connection(transport.socket, protocol=None, reactor=Reactor())
    eager_writes(tcp_connection)
    protocol = daphne_protocol_open()
    assert reads_unlogged(partial(Server().handle_reply, protocol))
    protocol.is_closed = None  # autobahn's own cycle (resolved with the protocol itself)
    written, parsed = weakref.ref(tcp_connection), weakref.ref(protocol)
    gc.disable()
    try:
        del tcp_connection, protocol
        assert written() is None and parsed() is None
    finally:
        gc.enable()
