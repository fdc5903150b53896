"""The client's address and scheme: the peer's, or what a trusted proxy says (partyhub.proxies)."""

from __future__ import annotations

import pytest

from partyhub.proxies import ForwardedMiddleware, client_resolve, networks_parse
from tests.partyhub.test_settings import settings_probe


def scope(peer: str | None, headers: dict[str, str], kind: str = "http") -> dict:
    return {
        "type": kind,
        "client": (peer, 51000) if peer else None,
        "scheme": "http" if kind == "http" else "ws",
        "headers": [(name.encode(), value.encode()) for name, value in headers.items()],
    }


def test_without_trusted_proxies_nobodys_headers_count(settings):
    settings.PARTYHUB_TRUSTED_PROXIES = []
    asked = scope("127.0.0.1", {"x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https"})
    assert client_resolve(asked) == (None, None)


@pytest.mark.parametrize(("peer", "headers", "expected"), [
    # An untrusted peer's headers are ignored, whatever they say.
    ("203.0.113.9", {"x-forwarded-for": "198.51.100.7"}, (None, None)),
    ("203.0.113.9", {"x-real-ip": "198.51.100.7"}, (None, None)),
    # The proxy's word: the client it heard from (the right-hand end of the header).
    ("127.0.0.1", {"x-forwarded-for": "198.51.100.7"}, ("198.51.100.7", None)),
    # What a client wrote to the left of it is no one's word.
    ("127.0.0.1", {"x-forwarded-for": "1.1.1.1, 198.51.100.7"}, ("198.51.100.7", None)),
    # Through two trusted proxies: the first untrusted hop from the right.
    ("127.0.0.1", {"x-forwarded-for": "198.51.100.7, 10.0.0.5"}, ("198.51.100.7", None)),
    # Only trusted hops: the first of them.
    ("127.0.0.1", {"x-forwarded-for": "10.0.0.6, 10.0.0.5"}, ("10.0.0.6", None)),
    ("127.0.0.1", {"x-forwarded-for": "[2001:db8::1]:443"}, ("2001:db8::1", None)),
    ("127.0.0.1", {"x-real-ip": "198.51.100.8"}, ("198.51.100.8", None)),
    # A malformed header: the peer stays the client.
    ("127.0.0.1", {"x-forwarded-for": "nonsense, 198.51.100.7"}, (None, None)),
    ("127.0.0.1", {"x-real-ip": "unknown"}, (None, None)),
    ("127.0.0.1", {"x-forwarded-proto": "https"}, (None, "https")),
    ("::1", {"x-forwarded-proto": "HTTP"}, (None, "http")),
    ("127.0.0.1", {"x-forwarded-proto": "gopher"}, (None, None)),
    (None, {"x-forwarded-for": "198.51.100.7"}, (None, None)),
])
def test_a_trusted_proxy_names_the_client(settings, peer, headers, expected):
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32", "::1/128", "10.0.0.0/8"]
    assert client_resolve(scope(peer, headers)) == expected


def test_a_socket_is_resolved_as_a_page_is(settings):
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32"]
    headers = {"x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https"}
    assert client_resolve(scope("127.0.0.1", headers, "websocket")) == ("198.51.100.7", "wss")


async def test_the_middleware_hands_the_resolved_client_to_the_app(settings):
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32"]
    seen = []

    async def app(scope, receive, send):
        seen.append((scope["client"], scope["scheme"]))

    middleware = ForwardedMiddleware(app)
    headers = {"x-forwarded-for": "198.51.100.7", "x-forwarded-proto": "https"}
    await middleware(scope("127.0.0.1", headers), None, None)
    await middleware(scope("203.0.113.9", headers), None, None)
    assert seen == [(("198.51.100.7", 0), "https"), (("203.0.113.9", 51000), "http")]


def test_a_bad_trusted_proxy_is_named():
    assert [str(n) for n in networks_parse("127.0.0.1, 10.0.0.0/8,")] == ["127.0.0.1/32",
                                                                          "10.0.0.0/8"]
    with pytest.raises(ValueError, match="10.0.0.300"):
        networks_parse("127.0.0.1,10.0.0.300")


@pytest.mark.parametrize(("name", "value"), [
    ("PARTYHUB_TRUSTED_PROXIES", "localhost"), ("PARTYHUB_LIMIT_JOINS", "lots")])
def test_the_settings_refuse_a_bad_trusted_proxy_or_limit(name, value):
    result = settings_probe(**{name: value})
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and name in result.stderr
