"""A Daphne process's goodbye on SIGTERM (or Ctrl-C): a restart no screen has to wait out.

Without it Daphne stops its event loop and the process's sockets simply drop: their phones
reconnect (to another process, behind the proxy), but their presence rows name the dead process
until they go stale (``liveness.CONNECTION_STALE``), so other screens show those seats online
and the rooms served elsewhere for over a minute. With it, as the reactor begins to shut down:

1. the process stops listening (the proxy sends new connections to the other processes);
2. every open screen is closed with ``RESTART_CODE``, which the screens' ``live.js`` answers by
   reconnecting at once;
3. its presence rows are deleted, and each room it served gets a fresh snapshot: seats that
   went offline are shown so, and a move committed as the process stopped reaches every screen;
4. the process exits: the drain is given ``DRAIN_SECONDS``, and whatever happens (a database
   that hangs), the process ends ``EXIT_SECONDS`` after the signal.

It logs its beginning and its end (INFO lines of this module's logger, which the settings keep
at INFO whatever ``LOG_LEVEL`` says): a restart is seen in the logs. A SIGKILL leaves no line:
the process is gone before it can write one.

Only public APIs: a Twisted "before shutdown" system event trigger (Twisted waits for the
Deferred it returns before stopping the reactor, and Daphne stops the reactor on SIGTERM and
SIGINT), the reactor's readers (``IReactorFDSet``) and ``IListeningPort.stopListening``, and
each consumer's ``close``. Daphne cancels its application instances in a trigger of the same
phase; the drain does not depend on them (frames go out through the ASGI ``send`` of each
socket, and a cancelled database call still runs to its end on the database thread, ahead of
the drain's own).

WebSocket's own "service restart" code is 1012, but Autobahn (Daphne's WebSocket library)
refuses any close code but 1000 and 3000-4999 from a server; ``RESTART_CODE`` is 1012 in the
private-use range.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time

from games.live.door import service_call
from games.live.heartbeat import heartbeat
from games.rooms import presence

logger = logging.getLogger(__name__)

RESTART_CODE = 4012  # "this server restarts: reconnect now" (docs/protocol.md)
DRAIN_SECONDS = 10.0  # the drain's limit: screens closed, presence cleared and told
EXIT_SECONDS = 15.0  # the process ends this long after the signal, whatever it is waiting on

draining = False


def drain_install() -> None:
    """Under Daphne: drain before the reactor stops (``partyhub/asgi.py``)."""
    from twisted.internet import reactor

    reactor.addSystemEventTrigger("before", "shutdown", drain_begin)


def drain_begin():
    """Stop listening at once, then drain; Twisted waits for the returned Deferred."""
    from twisted.internet import reactor
    from twisted.internet.defer import Deferred
    from twisted.internet.interfaces import IListeningPort

    global draining
    draining = True
    logger.info("stopping (SIGTERM or Ctrl-C): no new connections; telling %d screens to "
                "reconnect elsewhere; exiting within %g s", len(heartbeat.sockets), EXIT_SECONDS)
    backstop = threading.Timer(EXIT_SECONDS, exit_now)
    backstop.daemon = True
    backstop.start()
    for reader in reactor.getReaders():
        if IListeningPort.providedBy(reader):
            reader.stopListening()
    return Deferred.fromFuture(asyncio.ensure_future(drain()))


def exit_now() -> None:
    """The drain's backstop: end the process even if its database thread is stuck."""
    logger.error("the process did not stop within %s s of the signal; exiting", EXIT_SECONDS)
    os._exit(1)


async def drain() -> None:
    began = time.monotonic()
    try:
        await asyncio.wait_for(drain_screens(), DRAIN_SECONDS)
    except Exception:
        logger.exception("the restart's drain failed; the sweep will forget this process's "
                         "sockets")
    else:
        logger.info("drained in %.2f s: screens told to reconnect, presence cleared; exiting",
                    time.monotonic() - began)


async def drain_screens() -> None:
    """Close every open screen with ``RESTART_CODE``, then clear this process's presence rows
    and send each room it served a snapshot (over the channel layer, to the other processes)."""
    screens = list(heartbeat.sockets.values())
    results = await asyncio.gather(
        *(screen.close(code=RESTART_CODE) for screen in screens), return_exceptions=True
    )
    for failure in results:
        if isinstance(failure, Exception):
            logger.warning("a screen could not be told to reconnect: %s", failure)
    await service_call(presence.process_connections_close)
