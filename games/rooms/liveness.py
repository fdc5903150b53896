"""When a screen counts as connected: the heartbeat's and the sweep's clock.

A connection not seen for ``CONNECTION_STALE`` belongs to a dead socket or a crashed process:
within this time a socket of a process that died without a word counts as gone everywhere. Each
process records its open sockets every ``HEARTBEAT_SECONDS`` (4/15 of it: 20 s of 75 s); every
process sweeps every ``SWEEP_SECONDS`` (10 s of 75 s) the rows unseen for ``SWEPT_AFTER`` (two
sweeps less: 55 s, nearly three heartbeats missed), so a dead process's row is gone, and its seat
shown offline, at most ``CONNECTION_STALE`` after its last heartbeat.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.conf import settings

CONNECTION_STALE = timedelta(seconds=settings.PARTYHUB_CONNECTION_STALE_SECONDS)
HEARTBEAT_SECONDS = CONNECTION_STALE.total_seconds() * 4 / 15
SWEEP_SECONDS = CONNECTION_STALE.total_seconds() * 2 / 15
SWEPT_AFTER = CONNECTION_STALE - 2 * timedelta(seconds=SWEEP_SECONDS)
# This server process, as its sockets' connection rows name it.
PROCESS = uuid.uuid4().hex
