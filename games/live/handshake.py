"""What a screen's socket learns from its opening request: the cookies (the pages set the seat's
and the host's, ``games.views``), the query string and the screen's language, in which its
requests run (``in_language``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from django.utils import translation


def seat_cookie_name(code: str) -> str:
    """The cookie in which a phone keeps its seat token for a room."""
    return f"ph_seat_{code}"


def host_cookie_name(code: str) -> str:
    """The cookie in which the TV keeps the room's host token."""
    return f"ph_host_{code}"


def scope_cookies(scope: dict) -> dict[str, str]:
    """The request's cookies, from the handshake headers."""
    cookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            cookie.load(value.decode("latin-1"))
    return {key: morsel.value for key, morsel in cookie.items()}


def scope_query(scope: dict) -> dict[str, str]:
    """The handshake's query string, one value per key."""
    parsed = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return {key: values[0] for key, values in parsed.items()}


def scope_language(scope: dict, cookies: dict[str, str]) -> str:
    """The screen's language: Django's language cookie, else the browser's preference."""
    from django.conf import settings
    from django.utils.translation import get_supported_language_variant

    wanted = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
    if not wanted:
        for name, value in scope.get("headers", []):
            if name == b"accept-language":
                wanted = value.decode("latin-1").split(",")[0].split(";")[0].strip()
    try:
        return get_supported_language_variant(wanted or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


def in_language(language: str, handler: Callable[[dict], Any]) -> Callable[[dict], Any]:
    """Run a handler with the screen's language active (for lazy messages it may build)."""

    def run(message: dict) -> Any:
        with translation.override(language):
            return handler(message)

    return run


@dataclass(frozen=True)
class Handshake:
    """What a socket's opening request said, read once when it opens."""

    cookies: dict[str, str]
    query: dict[str, str]
    language: str

    @classmethod
    def read(cls, scope: dict) -> Handshake:
        cookies = scope_cookies(scope)
        return cls(cookies, scope_query(scope), scope_language(scope, cookies))

    def seat_token(self, code: str) -> str | None:
        """A phone's seat token: an API client's ``?token=``, else the page's cookie."""
        return self.query.get("token") or self.cookies.get(seat_cookie_name(code))

    def host_token(self, code: str) -> str | None:
        """The TV's host token: an API client's ``?host=``, else the page's cookie."""
        return self.query.get("host") or self.cookies.get(host_cookie_name(code))
