"""The ASGI entry point: HTTP through Django, WebSockets through the games' consumers.

Each process starts its deadline ticker as soon as the server runs (under Daphne) or at the first
request it serves (any other ASGI server), so deadlines expire after a restart with no phone.
"""

import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "partyhub.settings")
django_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from games.routing import websocket_urlpatterns  # noqa: E402
from games.ticker import ticker_ensure  # noqa: E402

websocket_routes = list(websocket_urlpatterns)
if settings.PARTYHUB_BENCH:
    # `manage.py bench` measures a stock Channels consumer on this same process and layer.
    from games.bench.bare import websocket_urlpatterns as bare_urlpatterns

    websocket_routes += bare_urlpatterns


async def application(scope, receive, send):
    """Route by protocol, making sure this process's ticker runs."""
    ticker_ensure()
    await router(scope, receive, send)


router = ProtocolTypeRouter(
    {"http": django_application, "websocket": URLRouter(websocket_routes)}
)

if "daphne.server" in sys.modules:
    from twisted.internet import reactor

    # Startup triggers fire before the asyncio loop runs; a delayed call runs inside it.
    reactor.callWhenRunning(reactor.callLater, 0, ticker_ensure)
