"""A screen's coming and going: its socket's row, the seat it shows online or away (to the
screens and, in a running game, to the rules), the heartbeat's touches and the sweep of the
dead (``games.rooms.liveness``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.kit.errors import ServiceError
from games.rooms.liveness import PROCESS, SWEPT_AFTER
from games.rooms.models import Connection, Room, Seat
from games.rooms.outbox import audience_counted_commit, snapshot_commit
from games.rooms.selectors import Snapshot, room_by_id, seat_by_token, seats_online, snapshot_take
from games.rooms.services.locked import room_bump, room_locked
from games.rooms.services.moves import presence_record


def connection_open(channel_name: str, room: Room, seat: Seat | None) -> Snapshot | None:
    """A socket opened; the snapshot it committed when a seat just came online."""
    with transaction.atomic():
        locked = room_locked(room.pk)
        room_touched(locked)
        _seats, before, _elsewhere = seats_online(locked)
        Connection.objects.update_or_create(
            channel_name=channel_name,
            defaults={"room": locked, "seat": seat, "last_seen": timezone.now(),
                      "process": PROCESS},
        )
        audience_counted(locked, [seat])
        if not presence_shown(locked, seat) or seat.pk in before:
            return None
        return presence_changed(locked, seat, True)


def connection_reopen(channel_name: str, room_id: int, seat: Seat | None) -> Snapshot | None:
    """Record a socket again after the sweep dropped it (unless its seat is gone)."""
    try:
        room = room_by_id(room_id)
        seat = seat_by_token(room, seat.token) if seat else None
    except ServiceError:
        return None
    return connection_open(channel_name, room, seat)


def connection_close(channel_name: str) -> Snapshot | None:
    """A socket closed; the snapshot it committed when its seat just went offline."""
    with transaction.atomic():
        connection = Connection.objects.filter(channel_name=channel_name).first()
        if connection is None:
            return None
        room = room_locked(connection.room_id)
        room_touched(room)
        seat = connection.seat
        connection.delete()
        audience_counted(room, [seat])
        if not presence_shown(room, seat) or seat.pk in seats_online(room)[1]:
            return None
        return presence_changed(room, seat, False)


def presence_shown(room: Room, seat: Seat | None) -> bool:
    """Whether the screens show this seat's coming and going: a player's always; an audience
    phone's in the lobby only, where the audience is listed by name with its presence (during a
    game it is not listed, only counted in the tally, so a thousand phones coming and going
    cost the players nothing)."""
    if seat is None:
        return False
    return not seat.is_audience or room.status == Room.Status.LOBBY


def audience_counted(room: Room, seats: list[Seat | None]) -> None:
    """An audience phone's socket opened or closed in a running game: its count (the tally's
    ``watching``, ``games.live.audience``) changes on every screen, wherever they are served,
    though no frame does."""
    if room.status != Room.Status.LOBBY and any(seat is not None and seat.is_audience
                                                 for seat in seats):
        audience_counted_commit(room.pk)


def process_connections_close(process: str = PROCESS) -> list[Snapshot]:
    """This process is going (``games.drain``): forget its sockets at once instead of letting
    them go stale, and a snapshot of each room it served: the seats that went offline with
    them, and the room as committed (a move whose frames this process had no time to send is
    shown by it)."""
    snapshots = []
    rooms = (Connection.objects.filter(process=process).values_list("room_id", flat=True)
             .distinct().order_by())
    for room_id in list(rooms):
        with transaction.atomic():
            try:
                room = room_locked(room_id)
            except ServiceError:
                continue  # deleted meanwhile, and its rows with it
            mine = Connection.objects.filter(process=process, room=room)
            seats = {seat.pk: seat for seat in Seat.objects.filter(connections__in=mine)}
            mine.delete()
            audience_counted(room, list(seats.values()))
            online = seats_online(room)[1]
            changed = [presence_changed(room, seat, False) for seat in seats.values()
                       if presence_shown(room, seat) and seat.pk not in online]
            snapshots.extend(changed or [snapshot_commit(snapshot_take(room))])
    return snapshots


def connection_touch(channel_name: str) -> bool:
    """A socket is alive (it pinged); ``False`` when the sweep had already forgotten it."""
    touched = Connection.objects.filter(channel_name=channel_name)
    return bool(touched.update(last_seen=timezone.now()))


def connections_touch(channel_names: list[str]) -> list[str]:
    """Sockets alive (they pinged), in one transaction; the ones the sweep had already forgotten.
    """
    if not channel_names:
        return []
    with transaction.atomic():
        touched = Connection.objects.filter(channel_name__in=channel_names)
        touched.update(last_seen=timezone.now())
        known = set(touched.values_list("channel_name", flat=True))
    return [name for name in channel_names if name not in known]


def connections_sweep() -> list[Snapshot]:
    """Drop connections not seen for a while (dead sockets, crashed processes)."""
    cutoff = timezone.now() - SWEPT_AFTER
    changed = []
    for channel_name in Connection.objects.filter(last_seen__lt=cutoff).values_list(
        "channel_name", flat=True
    ):
        snapshot = connection_close(channel_name)
        if snapshot is not None:
            changed.append(snapshot)
    return changed


def room_touched(room: Room) -> None:
    """A screen came or went: the locked room is not idle (``games.lifecycle`` measures from
    its ``updated_at``: a room ends only once nobody has been connected for a while)."""
    Room.objects.filter(pk=room.pk).update(updated_at=timezone.now())


def presence_changed(room: Room, seat: Seat, connected: bool) -> Snapshot:
    """Tell the screens (and the rules, in a running game) that a seat came or went."""
    playing = room.status == Room.Status.PLAYING and seat.position is not None
    if not (playing and presence_record(room, seat.position, connected)):
        room_bump(room)
    return snapshot_commit(snapshot_take(room))
