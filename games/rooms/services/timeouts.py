"""A phase's deadline passes: the ticker expires it exactly once, as the rules' ``timeout``
move (``games.live.ticker``)."""

from __future__ import annotations

import time

from django.db import transaction

from games.kit.errors import ServiceError
from games.ops import metrics
from games.rooms.models import Room
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, snapshot_take
from games.rooms.services.locked import room_locked
from games.rooms.services.moves import state_apply


def deadline_expire(room_id: int, now: float | None = None) -> Snapshot | None:
    """Expire a due phase deadline exactly once: under the room's lock, only if the room still
    runs a game whose current version's deadline has passed (a second call, or one for a
    deadline a move has since replaced, finds none due and changes nothing)."""
    now = time.time() if now is None else now
    with transaction.atomic():
        try:
            room = room_locked(room_id)
        except ServiceError:
            return None  # the room is gone since it was found due
        if room.status != Room.Status.PLAYING or room.state is None or room.paused_at is not None:
            return None
        deadline = room.state.get("deadline")
        if deadline is None or now < deadline:
            return None
        metrics.TICKER_LAG.observe(now - deadline)
        state_apply(room, None, {"type": "timeout"}, now)
        return snapshot_commit(snapshot_take(room))
