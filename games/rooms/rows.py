"""The statements every service runs on a room, written once as SQL, run on Django's cursor.

Compiling a QuerySet costs 250–650 µs of CPU here, ten to thirty times the statement itself
(``SELECT`` of a room by key: 350 µs through the ORM, 21 µs through the cursor), and a move ran
four of them: 1.8 ms of the database thread per move. These few statements (a room read under
its row lock, its seats with who is online, its versioned update, an action's insert) are
written here once from the models' own table and column names (the documented ``_meta`` API),
and run through ``connection.cursor()``, Django's public cursor (its error translation, query
recording and async-safety checks included). Every value goes in through its field's own
``get_db_prep_save`` and comes out through its column's ``converter``, so both databases
store and return what the ORM would (tests/games/rooms/test_rows.py compares them field by
field). Anything else a service does stays on the ORM.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.db import connections, models, router
from django.utils.dateparse import parse_datetime

from games.rooms.models import Action, Connection, Room, Seat


def quoted(name: str) -> str:
    """An identifier as both SQLite and PostgreSQL read it (the project's names hold no quote)."""
    return f'"{name}"'


def column(model: type[models.Model], name: str) -> str:
    """A field's column, table-qualified and quoted (``pk`` names the primary key)."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    return f"{quoted(model._meta.db_table)}.{quoted(field.column)}"


@dataclass(frozen=True)
class Columns:
    """How a model's rows are read: the SELECT list (every concrete column, bare: each statement
    here reads one table), the attribute names in that order, and the converters of the columns
    whose value the ORM would convert (by position)."""

    select: str
    attnames: list[str]
    converters: list[tuple[int, Callable[[Any, Any], Any]]]


@cache
def columns(model: type[models.Model]) -> Columns:
    fields = list(model._meta.concrete_fields)
    converters = [(index, found) for index, field in enumerate(fields)
                  if (found := converter(field)) is not None]
    return Columns(", ".join(quoted(field.column) for field in fields),
                   [field.attname for field in fields], converters)


def converter(field: models.Field) -> Callable[[Any, Any], Any] | None:
    """What turns a column's (non-null) value into the ORM's: JSON decoded by the field itself,
    SQLite's integers into booleans, its naive datetimes into aware UTC ones (PostgreSQL's
    driver returns those already); ``None`` for a value taken as it comes."""
    if isinstance(field, models.JSONField):
        return lambda value, connection: field.from_db_value(value, None, connection)
    if isinstance(field, models.BooleanField):
        return lambda value, connection: bool(value)
    if isinstance(field, models.DateTimeField):
        return datetime_aware
    return None


def datetime_aware(value: Any, connection: Any) -> datetime:
    """SQLite keeps UTC without its zone (the settings give no database ``TIME_ZONE``)."""
    value = parse_datetime(value) if isinstance(value, str) else value
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def instance(model: type[models.Model], connection: Any, row: tuple) -> models.Model:
    """One fetched row (``columns(model).select``, in order) as a model instance."""
    read = columns(model)
    values = list(row)
    for index, convert in read.converters:
        if values[index] is not None:
            values[index] = convert(values[index], connection)
    return model.from_db(connection.alias, read.attnames, values)


def prepared(model: type[models.Model], values: dict[str, Any],
             connection: Any) -> tuple[tuple[str, ...], list[Any]]:
    """The bare quoted columns of ``values``' fields, and each value as its field saves it (a
    related instance as its primary key)."""
    fields = [model._meta.get_field(name) for name in values]
    return (
        tuple(quoted(field.column) for field in fields),
        [field.get_db_prep_save(value.pk if isinstance(value, models.Model) else value, connection)
         for field, value in zip(fields, values.values(), strict=True)],
    )


# Each statement's text is built once per shape (these run on every move).


@cache
def room_select(by: str, lock: bool) -> str:
    """The room where the ``by`` column (bare, quoted) equals a value, ``FOR UPDATE`` if
    ``lock``."""
    return (f"SELECT {columns(Room).select} FROM {quoted(Room._meta.db_table)} "
            f"WHERE {by} = %s{' FOR UPDATE' if lock else ''}")


@cache
def seats_select(players_only: bool = False) -> str:
    """A room's seats (or its players') in join order, each with whether a connection was seen
    since a time, and (the same on every row) whether the room has a connection recorded by a
    process other than a given one."""
    audience = column(Seat, "is_audience")
    return (
        f"SELECT {columns(Seat).select}, EXISTS(SELECT 1 FROM {quoted(Connection._meta.db_table)} "
        f"WHERE {column(Connection, 'seat')} = {column(Seat, 'pk')} "
        f"AND {column(Connection, 'last_seen')} >= %s), {elsewhere_exists()} "
        f"FROM {quoted(Seat._meta.db_table)} WHERE {column(Seat, 'room')} = %s "
        f"{f'AND NOT {audience} ' if players_only else ''}"
        f"ORDER BY {column(Seat, 'joined_at')}, {column(Seat, 'pk')}"
    )


@cache
def room_update_statement(names: tuple[str, ...]) -> str:
    """Set these columns where the room's key and version are the given ones."""
    return (
        f"UPDATE {quoted(Room._meta.db_table)} SET {', '.join(f'{n} = %s' for n in names)} "
        f"WHERE {quoted(Room._meta.pk.column)} = %s "
        f"AND {quoted(Room._meta.get_field('version').column)} = %s"
    )


@cache
def insert_statement(model: type[models.Model], names: tuple[str, ...]) -> str:
    return (f"INSERT INTO {quoted(model._meta.db_table)} ({', '.join(names)}) "
            f"VALUES ({', '.join(['%s'] * len(names))})")


def room_row_locked(key: str | int) -> Room | None:
    """The room by code or primary key, its row locked until the transaction ends (PostgreSQL's
    ``FOR UPDATE``; SQLite locks the whole database when the transaction begins)."""
    connection = connections[router.db_for_write(Room)]
    field = Room._meta.get_field("code") if isinstance(key, str) else Room._meta.pk
    statement = room_select(quoted(field.column), connection.features.has_select_for_update)
    with connection.cursor() as cursor:
        cursor.execute(statement, [field.get_db_prep_value(key, connection)])
        row = cursor.fetchone()
    return None if row is None else instance(Room, connection, row)


# Each room's seats as last read for a move (``seats_with_presence(shared=True)``): the rows
# read, and the models made from them, handed out again while the rows read are the same.
SHARED_ROOMS = 1000
shared_seats: dict[tuple[str, int], tuple[list[tuple], list[Seat]]] = {}


def seats_with_presence(room: Room, seen_since: datetime, players_only: bool = False,
                        process: str = "", shared: bool = False,
                        ) -> tuple[list[Seat], set[int], bool]:
    """The room's seats (or only its players) in join order, the pks of those with a
    connection seen since ``seen_since``, and whether a socket of the room is open in a process
    other than ``process`` (one statement; a second for a room without seats).

    ``shared``: for a caller that only reads the seats (a move), the models made at the room's
    last such read are handed out again when the rows read now are the very same (a move
    changes no seat; making a model per seat per move was a twentieth of a move's CPU)."""
    connection = connections[router.db_for_read(Seat)]
    seen = Connection._meta.get_field("last_seen").get_db_prep_value(seen_since, connection)
    with connection.cursor() as cursor:
        cursor.execute(seats_select(players_only), [seen, process, room.pk, room.pk])
        rows = cursor.fetchall()
    if shared:
        seats = seats_shared((connection.alias, room.pk), [row[:-2] for row in rows], connection)
    else:
        seats = [instance(Seat, connection, row[:-2]) for row in rows]
    online = {seat.pk for seat, row in zip(seats, rows, strict=True) if row[-2]}
    elsewhere = bool(rows[0][-1]) if rows else served_elsewhere(room, process)
    return seats, online, elsewhere


def seats_shared(key: tuple[str, int], read: list[tuple], connection: Any) -> list[Seat]:
    """The seats of these rows: the models made from the same rows last time, else new ones
    (kept for the next read, the oldest room forgotten past ``SHARED_ROOMS``)."""
    known = shared_seats.get(key)
    if known is not None and known[0] == read:
        return list(known[1])
    seats = [instance(Seat, connection, row) for row in read]
    shared_seats.pop(key, None)
    shared_seats[key] = (read, seats)
    while len(shared_seats) > SHARED_ROOMS:
        shared_seats.pop(next(iter(shared_seats)), None)
    return list(seats)


def room_update(room: Room, expected_version: int, values: dict[str, Any]) -> bool:
    """``UPDATE`` the room's ``values`` where its version is still ``expected_version``;
    whether it was."""
    connection = connections[router.db_for_write(Room)]
    names, params = prepared(Room, values, connection)
    with connection.cursor() as cursor:
        cursor.execute(room_update_statement(names), [*params, room.pk, expected_version])
        return cursor.rowcount == 1


def action_insert(**values: Any) -> None:
    """``INSERT`` one action of a game's log (no instance: nothing reads it back)."""
    connection = connections[router.db_for_write(Action)]
    names, params = prepared(Action, values, connection)
    with connection.cursor() as cursor:
        cursor.execute(insert_statement(Action, names), params)


@cache
def elsewhere_exists() -> str:
    """Whether a room has a connection recorded by a process other than a given one (the
    process, then the room)."""
    return (
        f"EXISTS(SELECT 1 FROM {quoted(Connection._meta.db_table)} "
        f"WHERE {column(Connection, 'process')} <> %s AND {column(Connection, 'room')} = %s)"
    )


def served_elsewhere(room: Room, process: str) -> bool:
    """Whether a socket of the room is open in a process other than ``process`` (stale rows of a
    crashed process count until the sweep removes them: the safe side, the channel layer)."""
    connection = connections[router.db_for_read(Connection)]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {elsewhere_exists()}", [process, room.pk])
        return bool(cursor.fetchone()[0])
