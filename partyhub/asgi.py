"""The ASGI entry point: HTTP through Django, WebSockets through the games' consumers.

The load balancer's and Prometheus's probes (``/healthz``, ``/readyz``, ``/metrics``) are
answered before Django (``partyhub.probes``). A WebSocket handshake whose ``Origin`` is not one
of ``ALLOWED_HOSTS`` is refused (Channels' ``AllowedHostsOriginValidator``): another site's page
cannot open a socket with a phone's seat cookie. The client's address and scheme are the
peer's, or those a proxy of ``PARTYHUB_TRUSTED_PROXIES`` names (``partyhub.proxies``; Daphne
runs without ``--proxy-headers``, which would believe anyone).

Each process starts its deadline ticker as soon as the server runs (under Daphne) or at the first
request it serves (any other ASGI server), so deadlines expire after a restart with no phone.
Under Daphne, SIGTERM drains the process first (``games.live.drain``).
"""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "partyhub.settings")
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from games.live.routing import websocket_urlpatterns  # noqa: E402
from games.live.ticker import ticker_ensure  # noqa: E402
from partyhub.probes import probe, probe_wanted  # noqa: E402
from partyhub.proxies import ForwardedMiddleware  # noqa: E402

websocket_routes = list(websocket_urlpatterns)
floor = None
if settings.PARTYHUB_BENCH:
    # `manage.py bench` measures a stock Channels consumer on this same process and layer, and
    # the floor under both: a bare ASGI app relaying each message (no Channels, no Django).
    from bench.floor import floor, floor_room
    from bench.stock import websocket_urlpatterns as stock_urlpatterns

    websocket_routes += stock_urlpatterns


async def route(scope, receive, send):
    """Route by protocol, making sure this process's ticker runs."""
    ticker_ensure()
    if probe_wanted(scope):
        await probe(scope, receive, send)
        return
    if floor is not None and floor_room(scope) is not None:
        await floor(scope, receive, send)
        return
    await router(scope, receive, send)


# Everything sees the client a trusted proxy names, never one an untrusted peer claims.
application = ForwardedMiddleware(route)


router = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(URLRouter(websocket_routes)),
    }
)

if "daphne.server" in sys.modules:
    from twisted.internet import reactor

    from games.live.drain import drain_install

    # Startup triggers fire before the asyncio loop runs; a delayed call runs inside it.
    reactor.callWhenRunning(reactor.callLater, 0, ticker_ensure)
    drain_install()  # on SIGTERM: screens told to reconnect, presence cleared (docs/operations.md)


def collector_tune() -> None:
    """Keep the garbage collector's full passes off the live path.

    A server with a thousand open sockets holds a few hundred thousand container objects, and a
    full collection walks every one of them: 150-250 ms here, during which no frame goes out.
    CPython runs one whenever the objects promoted since the last grow by a quarter, which a
    busy server reaches every few seconds. Everything loaded at start-up (Django, the apps, the
    URL routes) lives as long as the process, so it is frozen out of every collection; and a
    full pass is considered after 100 middle-generation passes instead of 10, so it comes every
    few minutes. Young objects are still collected as often as by default, and objects freed
    by their reference counts (almost all) are freed at once as always; only garbage in cycles
    that lived long enough to be promoted waits longer."""
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


collector_tune()
