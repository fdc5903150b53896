"""What a load balancer and Prometheus ask each server process, answered ahead of Django.

- ``/healthz``: the process is up (its event loop answers). Nothing else is looked at.
- ``/readyz``: the database answers ``SELECT 1`` and the channel layer takes a send, each within
  ``READY_TIMEOUT`` seconds; 503 with what failed otherwise.
- ``/metrics``: this process's Prometheus metrics (``games.ops.metrics``), for whom
  ``PARTYHUB_METRICS`` allows.

They are answered here, before Django, so that a probe costs no middleware, no session and no
host check: a load balancer polls each process by its own address, every second, over plain
HTTP, with whatever ``Host`` it likes, and ``DJANGO_HTTPS`` redirects none of it. The answers
are plain text (JSON for ``/readyz``), never cached.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress

import orjson
from django.conf import settings
from django.db import connection
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from games.live.dbthread import database_call
from games.live.fanout import fanout

PATHS = ("/healthz", "/readyz", "/metrics")
READY_TIMEOUT = 2.0


def probe_wanted(scope: dict) -> bool:
    """Whether this connection is a probe (answered here), not one for Django."""
    return scope["type"] == "http" and scope["path"] in PATHS


async def probe(scope: dict, receive, send) -> None:
    path = scope["path"]
    if path == "/healthz":
        await respond(send, 200, b"ok\n")
    elif path == "/readyz":
        checks = await ready_checks()
        healthy = all(value == "ok" for value in checks.values())
        await respond(send, 200 if healthy else 503, orjson.dumps(checks) + b"\n",
                      b"application/json")
    elif settings.PARTYHUB_METRICS == "off":
        await respond(send, 404, b"metrics are off (PARTYHUB_METRICS)\n")
    elif not metrics_allowed(scope):
        await respond(send, 403, b"metrics are not for this request (PARTYHUB_METRICS)\n")
    else:
        # The rooms' count is a database query: on the database thread, as every query.
        body = await database_call(generate_latest, REGISTRY)
        await respond(send, 200, body, CONTENT_TYPE_LATEST.encode())


async def respond(send, status: int, body: bytes,
                  content_type: bytes = b"text/plain; charset=utf-8") -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type), (b"cache-control", b"no-store")]})
    await send({"type": "http.response.body", "body": body})


def database_ping() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


async def ready_checks() -> dict[str, str]:
    """``ok``, or what went wrong, for the database and the channel layer."""
    checks = {}
    for name, check in (("database", lambda: database_call(database_ping)),
                        ("channel_layer", fanout.probe)):
        try:
            await asyncio.wait_for(check(), READY_TIMEOUT)
        except TimeoutError:
            checks[name] = f"no answer within {READY_TIMEOUT:g} s"
        except Exception as error:
            checks[name] = f"{type(error).__name__}: {error}"[:200]
        else:
            checks[name] = "ok"
    return checks


def metrics_allowed(scope: dict) -> bool:
    """``public``: anyone. ``token``: the bearer of ``PARTYHUB_METRICS_TOKEN``. ``local``: a
    request from this machine straight to the process: a loopback peer, and no
    ``X-Forwarded-For`` (a request through the proxy, whose sender may be anyone, and whom
    Daphne's ``--proxy-headers`` would take at that header's word)."""
    mode = settings.PARTYHUB_METRICS
    if mode == "public":
        return True
    headers = dict(scope.get("headers", []))
    if mode == "token":
        given = headers.get(b"authorization", b"")
        wanted = b"Bearer " + settings.PARTYHUB_METRICS_TOKEN.encode()
        return hmac.compare_digest(given, wanted)
    if b"x-forwarded-for" in headers:
        return False
    client = scope.get("client")
    try:
        return client is not None and ipaddress.ip_address(client[0]).is_loopback
    except ValueError:  # not an IP address (a Unix socket's path)
        return False
