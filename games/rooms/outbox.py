"""Changes on their way to the screens: Zulip's ``send_event`` on commit.

A service that changes a room hands its snapshot to ``snapshot_commit`` (an ended room, its id
to ``room_ended_commit``): once the transaction commits (one that rolls back changed nothing),
it joins the outbox of the call that ran the service. The door that called it
(``games.live.door``: for the sockets, the ticker, the pages, the admin and the management
commands) opens the outbox around the call and broadcasts what it holds after: so one place
broadcasts, and no caller has to remember to. A service called with no outbox open, outside
every door, is a fault of its caller (``outbox_missing``): it fails loudly where
``settings.PARTYHUB_OUTBOX_REQUIRED`` is on (``DEBUG``, and the tests), and is logged as an
error in production. A test that calls services itself, with no screen to tell, opens an outbox
of its own (``outbox_open``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from django.conf import settings
from django.db import transaction

if TYPE_CHECKING:
    from games.rooms.selectors import Snapshot

logger = logging.getLogger(__name__)

T = TypeVar("T")


class OutboxMissing(RuntimeError):
    """A service committed a change with no outbox open: it was called outside every door."""


@dataclass(frozen=True)
class RoomEnded:
    """A room that ended: its open screens show the closed page and hang up."""

    room_id: int


@dataclass(frozen=True)
class AudienceCounted:
    """The audience of a running game came or went (its phones are counted, not listed, during a
    game: no frame of the room changes): every process's screens get a fresh tally."""

    room_id: int


Change: TypeAlias = "Snapshot | RoomEnded | AudienceCounted"

_outbox: ContextVar[list[Change] | None] = ContextVar("outbox", default=None)


def change_commit(change: Change) -> None:
    """Add ``change`` to the running call's outbox once the running transaction commits."""
    box = _outbox.get()
    if box is None:
        outbox_missing(change)
        return
    transaction.on_commit(lambda: box.append(change))


def outbox_missing(change: Change) -> None:
    """A change no door will broadcast: its service was called outside ``games.live.door``, and
    no screen of the room would hear of it until it next read the room.

    With ``PARTYHUB_OUTBOX_REQUIRED`` (``DEBUG``, and the tests) it raises ``OutboxMissing``,
    which rolls the service's transaction back: the call is found at once and put through a
    door. In production it is logged as an error and the change is kept: refusing the player's
    request for a fault of the code would lose a move the rules accepted, while the screens
    only lag until their next read (a sync, a reconnect, the next change), and the error
    names the room for the operators."""
    room_id = change.room_id if isinstance(change, RoomEnded) else change.room.pk
    what = f"room {room_id} changed outside every door (games.live.door): no screen is told"
    if settings.PARTYHUB_OUTBOX_REQUIRED:
        raise OutboxMissing(what)
    logger.error(what)


def snapshot_commit(snapshot: Snapshot) -> Snapshot:
    """Send ``snapshot`` to the room's screens once the running transaction commits; returned,
    for the caller's own use."""
    change_commit(snapshot)
    return snapshot


def room_ended_commit(room_id: int) -> None:
    """Tell the ended room's screens, in every process, once the transaction commits."""
    change_commit(RoomEnded(room_id))


def audience_counted_commit(room_id: int) -> None:
    """Recount the room's audience on every screen, once the transaction commits."""
    change_commit(AudienceCounted(room_id))


@contextmanager
def outbox_open() -> Iterator[list[Change]]:
    """Collect the changes committed inside the block, in commit order."""
    box: list[Change] = []
    token = _outbox.set(box)
    try:
        yield box
    finally:
        _outbox.reset(token)


def collected(fn: Callable[..., T], box: list[Change]) -> Callable[..., T]:
    """``fn`` with ``box`` as its outbox, for running on another thread (the database thread
    copies the caller's context, not a variable set after the copy)."""

    def run(*args: Any) -> T:
        token = _outbox.set(box)
        try:
            return fn(*args)
        finally:
            _outbox.reset(token)

    return run
