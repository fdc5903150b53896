"""A room's life: it ends, its code goes back to the pool at once, and what its games leave is
kept as their record for a while, then pruned.

A room ends (``room_end``) when its game is over and no screen has been connected for
``PARTYHUB_ROOM_AFTER_END_MINUTES``, when nothing has happened in it and no screen has been
connected for ``PARTYHUB_ROOM_IDLE_HOURS`` (the "last activity" is ``Room.updated_at``: every
change a screen sees, a screen opening, the last one closing), or when an operator closes it in
the admin. Ending moves the code off the row (``Room.code`` becomes ``None``; ``ended_code``
keeps it), so a new room may take the code in the same moment; the unique index on the code
keeps ``room_create`` race-free on both databases. The ended row keeps its seats (an old phone's
seat token still finds its room, to be told it closed) and its games: setup, action log, recap,
and the audience's tallies (recorded into ``Game.audience``, the votes themselves deleted), so a
game still replays from its record. ``PARTYHUB_RECORD_RETENTION_DAYS`` after the end, the room
and its record are deleted.

The sweep (``rooms_sweep``) runs in every server process's ticker and in ``manage.py
sweep_rooms``: bounded batches, one short transaction per room that skips a room whose row
another transaction holds (a move in progress: it is not idle) and re-checks the rule under the
lock, so sweepers never wait on a move, nor a move on a sweeper beyond that one room's moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone
from prometheus_client import REGISTRY
from prometheus_client.core import GaugeMetricFamily

from games.ops import metrics
from games.rooms.liveness import CONNECTION_STALE
from games.rooms.models import AudienceVote, Connection, Game, Room, Seat
from games.rooms.outbox import room_ended_commit

SWEEP_BATCH = 100  # rooms ended, and ended rooms pruned, per sweep of the ticker


class Reason:
    """Why a room ended, as recorded on it and counted in the metrics."""

    OVER = "over"  # the game ended and nobody stayed
    IDLE = "idle"  # nothing happened for hours
    ADMIN = "admin"  # an operator closed it


def idle_limit() -> timedelta:
    return timedelta(hours=settings.PARTYHUB_ROOM_IDLE_HOURS)


def after_end_limit() -> timedelta:
    return timedelta(minutes=settings.PARTYHUB_ROOM_AFTER_END_MINUTES)


def screen_open(now: datetime) -> Exists:
    """Whether the room (the outer query's) has a screen connected: a socket seen lately."""
    return Exists(Connection.objects.filter(room=OuterRef("pk"),
                                            last_seen__gte=now - CONNECTION_STALE))


def end_reason(room: Room, now: datetime) -> str | None:
    """Why the live room is due to end now, by the rules above (its screens looked up), or
    ``None`` while it is not."""
    if room.code is None:
        return None
    quiet = now - room.updated_at
    over = room.status == Room.Status.OVER and quiet >= after_end_limit()
    if not over and quiet < idle_limit():
        return None
    if Connection.objects.filter(room=room, last_seen__gte=now - CONNECTION_STALE).exists():
        return None
    return Reason.OVER if over else Reason.IDLE


def rooms_due(now: datetime, limit: int) -> QuerySet:
    """Up to ``limit`` ids of live rooms due to end, longest quiet first (one query on the
    partial index of live rooms' last activity, however many rooms have ended)."""
    idle_before, over_before = now - idle_limit(), now - after_end_limit()
    return (
        Room.objects.filter(code__isnull=False, updated_at__lte=max(idle_before, over_before))
        .filter(Q(updated_at__lte=idle_before)
                | Q(status=Room.Status.OVER, updated_at__lte=over_before))
        .exclude(screen_open(now))
        .order_by("updated_at").values_list("pk", flat=True)[:limit]
    )


def room_end(room_id: int, reason: str | None = None, now: datetime | None = None) -> bool:
    """End the live room: its code freed, its screens' presence rows gone, its audience's
    tallies recorded. ``reason`` ``None`` is the sweeper's: the room is skipped if another
    transaction holds its row, and ends only if a rule says so under the lock; an operator's
    ``Reason.ADMIN`` waits for the row and ends the room whatever its state. Whether it ended
    (its screens are told once it commits: ``games.rooms.outbox``)."""
    now = timezone.now() if now is None else now
    with transaction.atomic():
        room = (Room.objects.select_for_update(skip_locked=reason is None)
                .filter(pk=room_id, code__isnull=False).first())
        if room is None:
            return False
        reason = reason or end_reason(room, now)
        if reason is None:
            return False
        audience_record(room)
        Connection.objects.filter(room=room).delete()
        Seat.objects.filter(room=room).exclude(handover_code="").update(
            handover_code="", handover_until=None)
        Room.objects.filter(pk=room.pk).update(
            code=None, ended_code=room.code, ended_at=now, ended_reason=reason, deadline=None,
            paused_at=None, version=F("version") + 1, updated_at=now)
        code = room.code
        transaction.on_commit(lambda: room_ended_told(code, reason))
        room_ended_commit(room.pk)
    return True


def room_ended_told(code: str, reason: str) -> None:
    metrics.room_ended(reason)
    metrics.event("room_ended", code, reason=reason)


def audience_record(room: Room) -> None:
    """Each of the room's games' audience tallies into its record (``Game.audience``), then
    its votes deleted: the record keeps what the screens were shown, not who voted what."""
    votes = AudienceVote.objects.filter(game__room=room)
    tallies: dict[int, dict] = {}
    for game_id, ballot, question, choice, n in (
        votes.values_list("game_id", "ballot", "question", "choice").annotate(n=Count("pk"))
        .order_by()
    ):
        entry = tallies.setdefault(game_id, {}).setdefault(ballot, {"counts": {}, "voters": 0})
        entry["counts"].setdefault(question, {})[choice] = n
    for game_id, ballot, voters in (
        votes.values_list("game_id", "ballot").annotate(n=Count("seat_id", distinct=True))
        .order_by()
    ):
        tallies[game_id][ballot]["voters"] = voters
    for game_id, audience in tallies.items():
        Game.objects.filter(pk=game_id).update(audience=audience)
    votes.delete()


def records_prune(now: datetime, limit: int) -> int:
    """Delete up to ``limit`` rooms ended more than ``PARTYHUB_RECORD_RETENTION_DAYS`` ago,
    with their seats and their games' records; how many rooms went."""
    cutoff = now - timedelta(days=settings.PARTYHUB_RECORD_RETENTION_DAYS)
    with transaction.atomic():
        old = list(Room.objects.filter(ended_at__lte=cutoff).order_by("ended_at")
                   .values_list("pk", flat=True)[:limit])
        if old:
            Room.objects.filter(pk__in=old).delete()
    if old:
        metrics.records_pruned(len(old))
    return len(old)


@dataclass
class Swept:
    """One sweep's work: the rooms it ended (their screens are still to be told) and how many
    ended rooms' records it pruned."""

    ended: list[int] = field(default_factory=list)
    pruned: int = 0


def rooms_sweep(now: datetime | None = None, batch: int = SWEEP_BATCH) -> Swept:
    """One bounded batch: up to ``batch`` due rooms ended, up to ``batch`` old records pruned.
    Each ended room's screens are told through the caller's door (``games.live.door``)."""
    now = timezone.now() if now is None else now
    ended = [room_id for room_id in rooms_due(now, batch) if room_end(room_id, now=now)]
    return Swept(ended=ended, pruned=records_prune(now, batch))


def rooms_end_now(room_ids: list[int], reason: str = Reason.ADMIN) -> list[int]:
    """End these rooms at once (an operator's close); the ids of those that were still live.
    Their screens are told through the caller's door (``games.live.door``)."""
    return [room_id for room_id in room_ids if room_end(room_id, reason)]


class RoomsCollector:
    """``partyhub_rooms{status}``: the database's count of live rooms in each status, read at
    each scrape (one grouped query; the same in every process, so aggregate with ``max``).
    Ended rooms are not counted (they hold no code; ``partyhub_rooms_ended`` counts them as
    they end): the query reads the live rooms' partial index, however many have ended."""

    def describe(self) -> list:
        return [GaugeMetricFamily("partyhub_rooms", "Rooms by status.", labels=["status"])]

    @staticmethod
    def live_rooms() -> QuerySet:
        """The live rooms' count by status, as a query (on the live rooms' partial index)."""
        return (Room.objects.filter(code__isnull=False).values_list("status")
                .annotate(n=Count("pk")).order_by())

    def collect(self) -> list:
        family = GaugeMetricFamily("partyhub_rooms", "Rooms by status.", labels=["status"])
        counts = dict(self.live_rooms())
        for status in Room.Status.values:
            family.add_metric([status], counts.get(status, 0))
        return [family]


REGISTRY.register(RoomsCollector())
