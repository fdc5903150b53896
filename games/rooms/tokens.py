"""Seat and host tokens: each phone's and TV's secret, given to it once and stored only as a
digest.

A token is 24 random bytes (``secrets.token_urlsafe``): the phone keeps it in its seat cookie
(the TV its host cookie, an API client wherever it likes) and presents it on every page and
socket. The database keeps its SHA-256 (``Seat.token_digest``, ``Room.host_token_digest``), so
a copy of the database (a backup, a leaked dump) holds no token a phone could be impersonated
with. A plain hash, not a slow or salted one: the tokens are random and long, nothing a
dictionary or a brute force could find, and a lookup by digest is one indexed equality.

The token itself exists only on the instance that issued it (``Seat.token``,
``Room.host_token``: set by the service that made it, ``None`` on one read from the database)
and on the seat found by it (``selectors.seat_by_token``), for the answer that hands it over.
"""

from __future__ import annotations

import hashlib
import secrets


def token_digest(token: str | None) -> str:
    """What the database keeps of ``token``: its SHA-256, in hex (64 characters); ``""`` for
    no token, which no stored digest equals."""
    if not token or not isinstance(token, str):
        return ""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_new() -> tuple[str, str]:
    """A fresh token and its digest."""
    token = secrets.token_urlsafe(24)
    return token, token_digest(token)


def token_matches(token: str | None, digest: str) -> bool:
    """Whether ``token`` is the one ``digest`` was made from (in constant time)."""
    return bool(token) and secrets.compare_digest(token_digest(token), digest)
