"""Who is on the other end of a request or socket: the peer, or, only when the peer is a proxy
the operator trusts (``PARTYHUB_TRUSTED_PROXIES``), the client that proxy names.

Daphne's ``--proxy-headers`` takes ``X-Forwarded-For`` at its word from anyone who sends it, so
any phone could name itself a new address with every request and slip past the limits
(``games.ops.limits``) kept per address. The hub runs Daphne without it, and ``ForwardedMiddleware``
does its work for the proxies listed and nobody else, for HTTP and WebSocket connections alike
(``client_resolve``, one function for both scopes): the client's address (``scope["client"]``,
which Django reads as ``REMOTE_ADDR``) and the scheme (``X-Forwarded-Proto``: the page was
asked over HTTPS, the socket is ``wss``).

``X-Forwarded-For`` is read from its right-hand end, as each proxy appends the address it
heard from: the first address that is not itself a trusted proxy is the client (what a client
writes to the left of it is ignored). Without that header, ``X-Real-IP``. A malformed value is
ignored: the peer stays the client.

Hand-written rather than taken from a library: Daphne's option trusts everyone, and the one
well-kept middleware that lists trusted proxies (uvicorn's ``ProxyHeadersMiddleware``) would
bring in a second web server, for these forty lines, and knows no ``X-Real-IP``.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks_parse(value: str | Iterable[str]) -> tuple[Network, ...]:
    """Addresses and CIDR blocks, comma-separated (``127.0.0.1, 10.0.0.0/8, ::1``); a bad one
    is an error naming it, so a typo stops the start instead of trusting nobody in silence."""
    items = value.split(",") if isinstance(value, str) else value
    networks = []
    for item in (item.strip() for item in items):
        if item:
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(f"not an address or CIDR block: {item!r}") from None
    return tuple(networks)


@lru_cache(maxsize=4)
def trusted_networks(value: tuple[str, ...]) -> tuple[Network, ...]:
    return networks_parse(value)


def address_parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as a header or a peer gives it (``[::1]``, ``1.2.3.4:5678``), or ``None``."""
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [v6] or [v6]:port
        text = text[1:text.index("]")]
    elif text.count(":") == 1:  # v4:port
        text = text.split(":")[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def is_trusted(address, networks: tuple[Network, ...]) -> bool:
    return address is not None and any(address in network for network in networks)


def header(scope: dict, name: bytes) -> str | None:
    """A request header's value (several lines of it joined by commas), or ``None``."""
    values = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == name]
    return ",".join(values) if values else None


def client_resolve(scope: dict) -> tuple[str | None, str | None]:
    """The client's address and the scheme it used, as the trusted proxy says (``None`` for
    each when the peer is no trusted proxy or names nothing usable): for HTTP and WebSocket
    scopes alike."""
    networks = trusted_networks(tuple(settings.PARTYHUB_TRUSTED_PROXIES))
    peer = scope.get("client")
    if not networks or not peer or not is_trusted(address_parse(str(peer[0])), networks):
        return None, None
    client = None
    forwarded = header(scope, b"x-forwarded-for")
    if forwarded is not None:
        hops = [address_parse(hop) for hop in forwarded.split(",")]
        if all(hop is not None for hop in hops) and hops:
            # Right to left: the first hop that is no trusted proxy; all trusted: the first.
            client = next((hop for hop in reversed(hops) if not is_trusted(hop, networks)),
                          hops[0])
    else:
        real = header(scope, b"x-real-ip")
        client = address_parse(real) if real is not None else None
    scheme = None
    proto = (header(scope, b"x-forwarded-proto") or "").split(",")[0].strip().lower()
    if proto in ("http", "https"):
        secure = proto == "https"
        scheme = ("wss" if secure else "ws") if scope["type"] == "websocket" else proto
    return (str(client) if client is not None else None), scheme


class ForwardedMiddleware:
    """ASGI middleware: a trusted proxy's client address and scheme replace the peer's."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            client, scheme = client_resolve(scope)
            if client is not None or scheme is not None:
                scope = dict(scope)
                if client is not None:
                    scope["client"] = (client, 0)
                if scheme is not None:
                    scope["scheme"] = scheme
        return await self.app(scope, receive, send)
