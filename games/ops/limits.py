"""Limits per client address: rooms created, seats joined, room codes guessed wrong, hand-over
attempts, WebSocket connections and WebSocket messages; and the admin's failed logins, per
address and per user name (``partyhub.admin_login``).

Each limit is a string in the ``limits`` package's notation (``20/hour;50/day``: all of them
hold), read from a setting (``PARTYHUB_LIMIT_ROOMS``…, from the environment; ``off`` lifts
one), kept as a moving window per client network (``partyhub.proxies`` says which address:
the peer, or the client a trusted proxy names; ``client_key`` its network: an IPv4 address, an
IPv6 /64). A request over a limit is refused with
``Throttled``: HTTP 429 with ``Retry-After``, or an ``error`` frame ``rate_limited`` on a
socket (a connection: that frame, then close code 4429). docs/operations.md, "Limits", gives
each limit, its default and why a real party never meets it.

A wrong room code counts twice: as a join (or hand-over) attempt, and as a code guess, whose
limit is much lower; over it, every join from that address is refused, right codes included,
so that codes cannot be found by trying them.

**Library.** The counters are the ``limits`` package's (moving windows; Redis storage with
``REDIS_URL``, so every process counts the same, else this process's memory), chosen over
``django-ratelimit``:

- ``limits`` has an asyncio API (``limits.aio``) whose Redis storage is non-blocking (redis-py's
  asyncio client): a socket's check is one awaited round trip, with no thread hop and nothing
  blocking the event loop that serves every other socket. ``django-ratelimit`` is synchronous
  and its ``is_ratelimited``/``get_usage`` want an ``HttpRequest``, which a socket would fake.
- ``limits`` checks a moving window in one Lua script on Redis; ``django-ratelimit`` counts
  fixed windows (twice the rate passes across a window's edge) through Django's cache, with up
  to three round trips (``add``, then ``incr``, which Django's Redis backend does as
  ``EXISTS`` + ``INCRBY``).
- ``limits`` says when a window frees up (``get_window_stats``): the ``Retry-After``.

It does not use Django's cache: it keeps its own storage, named from ``REDIS_URL`` (the Redis
the channel layer uses; keys under ``partyhub-limits``), or memory without it. HTTP views use
its synchronous API, sockets its asynchronous one: with memory storage each has its own
counters, which is no matter, as no limit is counted on both sides.

If Redis fails, a limit lets the request through (and logs it): the hub plays on, as it does
when the channel layer fails.
"""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import logging
import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache

from django.conf import settings
from django.http import HttpRequest
from django.utils.functional import lazy
from django.utils.timesince import timeuntil
from django.utils.translation import gettext_lazy as _
from limits import RateLimitItem, parse_many
from limits.aio.strategies import MovingWindowRateLimiter as AsyncMovingWindowRateLimiter
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from games.kit.errors import ServiceError
from games.ops import metrics

logger = logging.getLogger(__name__)

KEY_PREFIX = "partyhub-limits"
STORAGE_OPTIONS = {"socket_timeout": 2, "socket_connect_timeout": 2}

# Each limit: its setting, and the refusal's message (``wait`` is filled in, in the reader's
# language: "3 minutes").
LIMITS = {
    "rooms": ("PARTYHUB_LIMIT_ROOMS",
              _("Too many rooms were created from your network. Try again in %(wait)s.")),
    "joins": ("PARTYHUB_LIMIT_JOINS",
              _("Too many phones joined from your network. Try again in %(wait)s.")),
    "code_guesses": ("PARTYHUB_LIMIT_CODE_GUESSES",
                     _("Too many wrong room codes from your network. Try again in %(wait)s.")),
    "handovers": ("PARTYHUB_LIMIT_HANDOVERS",
                  _("Too many hand-over attempts from your network. Try again in %(wait)s.")),
    "connections": ("PARTYHUB_LIMIT_CONNECTIONS",
                    _("Too many connections from your network. Try again in %(wait)s.")),
    "messages": ("PARTYHUB_LIMIT_MESSAGES",
                 _("Too many messages from your network. Try again in %(wait)s.")),
    # The admin's failed logins (partyhub/admin_login.py): per network, and per user name.
    "logins": ("PARTYHUB_LIMIT_LOGINS",
               _("Too many failed logins from your network. Try again in %(wait)s.")),
    "login_names": ("PARTYHUB_LIMIT_LOGIN_NAMES",
                    _("Too many failed logins for this user name. Try again in %(wait)s.")),
}


def wait_text(seconds: int) -> str:
    """How long to wait, in the active language, in whole minutes rounded up ("1 minute")."""
    now = datetime.datetime.now(datetime.UTC)
    return timeuntil(now + datetime.timedelta(minutes=math.ceil(seconds / 60)), now)


wait_lazy = lazy(wait_text, str)
LIMITED_BY_KIND = {kind: metrics.LIMITED.labels(kind) for kind in LIMITS}  # each from zero


class Throttled(ServiceError):
    """A request over one of the limits; ``retry_after``: seconds until it would pass."""

    def __init__(self, kind: str, retry_after: int) -> None:
        super().__init__(LIMITS[kind][1], code="rate_limited", wait=wait_lazy(retry_after))
        self.kind = kind
        self.retry_after = retry_after
        LIMITED_BY_KIND[kind].inc()


@lru_cache(maxsize=32)
def items_parse(value: str) -> tuple[RateLimitItem, ...]:
    """A limit setting's items; none for ``off`` (or nothing)."""
    value = value.strip()
    if value.lower() in ("", "off"):
        return ()
    return tuple(parse_many(value))


def items_for(kind: str) -> tuple[RateLimitItem, ...]:
    if not settings.PARTYHUB_LIMITS:
        return ()
    return items_parse(getattr(settings, LIMITS[kind][0]))


def storage_uri(asynchronous: bool) -> str:
    """The counters' storage: the hub's Redis, or memory."""
    url = settings.REDIS_URL
    if not url:
        return "async+memory://" if asynchronous else "memory://"
    if url.startswith("unix://"):
        url = "redis+" + url
    return ("async+" if asynchronous else "") + url


def client_key(address: str | None) -> str:
    """What a limit counts under for a client address: its network. An IPv4 address is one
    client (a home, or a carrier's NAT, has one); an IPv6 home is given a whole /64 (or more),
    so counting addresses would let one home take a fresh address for every request and never
    meet a limit: IPv6 counts by its first ``PARTYHUB_LIMIT_IPV6_PREFIX`` bits
    (``2001:db8:1:2::/64``). An IPv4 address written as IPv6 (``::ffff:192.0.2.1``) counts as
    itself; anything that is no address, as it is."""
    return network_key(address or "", settings.PARTYHUB_LIMIT_IPV6_PREFIX)


@lru_cache(maxsize=4096)
def network_key(address: str, ipv6_prefix: int) -> str:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, ipv6_prefix), strict=False))
    return str(parsed)


def retry_after(reset_time: float) -> int:
    return max(1, math.ceil(reset_time - time.time()))


class Limiter:
    """The counters, made at first use: a synchronous limiter for the views, and one for this
    event loop's sockets (a new loop, as each test has, gets a new one: the Redis client's
    connections belong to the loop that opened them)."""

    def __init__(self) -> None:
        self.sync: MovingWindowRateLimiter | None = None
        self.asynchronous: AsyncMovingWindowRateLimiter | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def reset(self) -> None:
        """Forget every counter of this process (tests; Redis's keys stay)."""
        self.sync = self.asynchronous = self.loop = None

    def sync_limiter(self) -> MovingWindowRateLimiter:
        if self.sync is None:
            storage = storage_from_string(
                storage_uri(False), wrap_exceptions=True, key_prefix=KEY_PREFIX,
                **STORAGE_OPTIONS,
            ) if settings.REDIS_URL else storage_from_string(storage_uri(False))
            self.sync = MovingWindowRateLimiter(storage)
        return self.sync

    def async_limiter(self) -> AsyncMovingWindowRateLimiter:
        loop = asyncio.get_running_loop()
        if self.asynchronous is None or loop is not self.loop:
            storage = storage_from_string(
                storage_uri(True), wrap_exceptions=True, key_prefix=KEY_PREFIX,
                implementation="redispy", **STORAGE_OPTIONS,
            ) if settings.REDIS_URL else storage_from_string(storage_uri(True))
            self.asynchronous, self.loop = AsyncMovingWindowRateLimiter(storage), loop
        return self.asynchronous

    def over(self, kind: str, address: str | None, consume: bool = True) -> int | None:
        """Count one ``kind`` for ``address`` (with ``consume``; else only look): ``None``, or
        the seconds to wait when that would go over one of its limits."""
        for item in items_for(kind):
            limiter = self.sync_limiter()
            try:
                if (limiter.hit if consume else limiter.test)(item, kind, client_key(address)):
                    continue
                stats = limiter.get_window_stats(item, kind, client_key(address))
            except StorageError as error:
                logger.warning("the limits' storage failed; %s let through: %s", kind, error)
                return None
            return retry_after(stats.reset_time)
        return None

    def check(self, kind: str, address: str | None, consume: bool = True) -> None:
        """``over``, refusing with ``Throttled``."""
        wait = self.over(kind, address, consume)
        if wait is not None:
            raise Throttled(kind, wait)

    async def acheck(self, kind: str, address: str | None) -> Throttled | None:
        """``check`` for a socket: the refusal to send it, or ``None`` when it passes."""
        for item in items_for(kind):
            limiter = self.async_limiter()
            try:
                if await limiter.hit(item, kind, client_key(address)):
                    continue
                stats = await limiter.get_window_stats(item, kind, client_key(address))
            except StorageError as error:
                logger.warning("the limits' storage failed; %s let through: %s", kind, error)
                return None
            return Throttled(kind, retry_after(stats.reset_time))
        return None

    @contextmanager
    def guessing(self, kind: str, address: str | None) -> Iterator[None]:
        """Around a join or a hand-over (``kind``): counted; refused over its limit or while
        the address is over its code guesses'; a code that names no room counts as a guess."""
        self.check(kind, address)
        self.check("code_guesses", address, consume=False)
        try:
            yield
        except ServiceError as error:
            if error.code == "no_room":
                self.over("code_guesses", address)  # counted, the answer already given
            raise


limiter = Limiter()


def request_address(request: HttpRequest) -> str | None:
    """The client's address of a request (``REMOTE_ADDR``: ``partyhub.proxies`` has put the
    trusted proxy's client there)."""
    return request.META.get("REMOTE_ADDR") or None


def scope_address(scope: dict) -> str | None:
    """The client's address of a socket (``scope["client"]``, as ``partyhub.proxies`` left
    it)."""
    client = scope.get("client")
    return str(client[0]) if client else None


def throttled_headers(error: Throttled) -> dict[str, str]:
    return {"Retry-After": str(error.retry_after)}
