"""The few statements every move runs, without the ORM's per-query SQL compiler.

Django builds and compiles each QuerySet anew; on the reference machine that costs 0.2–0.5 ms
a query, several times the query itself, and a move runs four of them. These helpers write the
same statements directly, from the models' own table and column names, and pass every value
through its field's own conversions (``get_db_prep_save`` on the way in, the backend's and the
field's converters on the way out, as the ORM applies them), so SQLite and PostgreSQL store and
return exactly what the ORM would. Only plain equality filters and plain values: anything else
stays on the ORM.

The writes a move makes (``row_update``, ``row_insert``) also skip Django's cursor wrapper: each
statement's text is built once, and runs on the database driver's own cursor inside Django's
error translation, after the checks Django's cursor makes (connected, not on the event loop,
not in a transaction already broken). That is a quarter of the wrapper's cost per statement
here. While Django records queries (``DEBUG``, a test capturing them), they go through its
cursor as any other, so they are recorded.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any, NamedTuple

from django.db import connections, router
from django.db.models import Model


@cache
def fields_by_name(model: type[Model]) -> dict[str, Any]:
    """Concrete fields by name and by attname (``game`` and ``game_id``), plus ``pk``."""
    meta = model._meta
    found: dict[str, Any] = {"pk": meta.pk}
    for field in meta.concrete_fields:
        found[field.name] = field
        found[field.attname] = field
    return found


def value_prep(field: Any, value: Any, connection: Any) -> Any:
    """A value as the ORM's ``update()``/``create()`` would send it for this field."""
    if hasattr(value, "resolve_expression") or hasattr(field, "get_placeholder"):
        raise TypeError(f"{field.name}: expressions and custom placeholders need the ORM")
    if hasattr(value, "prepare_database_save"):
        value = value.prepare_database_save(field)
    return field.get_db_prep_save(value, connection=connection)


def where_sql(model: type[Model], filters: dict[str, Any], connection: Any) -> tuple[str, list]:
    fields = fields_by_name(model)
    quote = connection.ops.quote_name
    clauses = [f"{quote(fields[name].column)} = %s" for name in filters]
    return " AND ".join(clauses), filter_params(model, filters, connection)


def filter_params(model: type[Model], filters: dict[str, Any], connection: Any) -> list:
    """The values of equality filters, as the ORM sends them."""
    fields = fields_by_name(model)
    return [
        fields[name].get_db_prep_value(value, connection, prepared=False)
        for name, value in filters.items()
    ]


def row_update(model: type[Model], filters: dict[str, Any], values: dict[str, Any]) -> int:
    """``model.objects.filter(**filters).update(**values)`` for equality filters; rows changed."""
    connection = connections[router.db_for_write(model)]
    fields = fields_by_name(model)
    sets, params = [], []
    for name, value in values.items():
        prepared = value_prep(fields[name], value, connection)
        sets.append((name, prepared is None))
        if prepared is not None:
            params.append(prepared)
    params += filter_params(model, filters, connection)
    statement = update_statement(model, connection.alias, tuple(sets), tuple(filters))
    return statement_run(connection, statement, params)


@cache
def update_statement(model: type[Model], alias: str, sets: tuple[tuple[str, bool], ...],
                     filters: tuple[str, ...]) -> Statement:
    """The UPDATE setting ``sets`` (each a field name, and whether its value is NULL) where
    every field of ``filters`` equals its value."""
    connection = connections[alias]
    fields = fields_by_name(model)
    quote = connection.ops.quote_name
    assigned = ", ".join(
        f"{quote(fields[name].column)} = {'NULL' if null else '%s'}" for name, null in sets
    )
    where = " AND ".join(f"{quote(fields[name].column)} = %s" for name in filters)
    table = quote(model._meta.db_table)
    return Statement.of(connection, f"UPDATE {table} SET {assigned} WHERE {where}")


def row_insert(model: type[Model], values: dict[str, Any]) -> None:
    """``model.objects.create(**values)`` without the instance (no signals, no primary key)."""
    connection = connections[router.db_for_write(model)]
    fields = fields_by_name(model)
    params = [value_prep(fields[name], value, connection) for name, value in values.items()]
    statement_run(connection, insert_statement(model, connection.alias, tuple(values)), params)


@cache
def insert_statement(model: type[Model], alias: str, names: tuple[str, ...]) -> Statement:
    """The INSERT of one row's ``names`` fields."""
    connection = connections[alias]
    fields = fields_by_name(model)
    quote = connection.ops.quote_name
    columns = ", ".join(quote(fields[name].column) for name in names)
    marks = ", ".join(["%s"] * len(names))
    return Statement.of(
        connection, f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
    )


# The parameter mark of each database driver that runs statements on its own cursor here.
DRIVER_MARKS = {"sqlite": "?", "postgresql": "%s"}


class Statement(NamedTuple):
    """One statement's text with Django's ``%s`` marks, and with its driver's own (``None``
    where this module does not run statements on the driver's cursor)."""

    text: str
    driver_text: str | None

    @classmethod
    def of(cls, connection: Any, text: str) -> Statement:
        """``text`` has Django's marks and no literal ``%``."""
        mark = DRIVER_MARKS.get(connection.vendor)
        return cls(text, text.replace("%s", mark) if mark else None)


def statement_run(connection: Any, statement: Statement, params: list) -> int:
    """Run one statement in the current transaction; the rows it changed.

    On the driver's own cursor, with what Django's cursor does first (connect, refuse the event
    loop's thread, refuse a transaction that must roll back) and its error translation (and
    its note of the error, for dropping an unusable connection); through Django's cursor while
    it records queries, or on a database this module does not know."""
    if statement.driver_text is None or connection.queries_logged:
        with connection.cursor() as cursor:
            cursor.execute(statement.text, params)
            return cursor.rowcount
    connection.ensure_connection()
    connection.validate_no_broken_transaction()
    with connection.wrap_database_errors:
        cursor = connection.connection.cursor()
        try:
            cursor.execute(statement.driver_text, params)
            return cursor.rowcount
        finally:
            cursor.close()


@cache
def reader(model: type[Model], alias: str, prefix: str = "",
           defer: tuple[str, ...] = ()) -> tuple[str, list[str], list]:
    """The column list of a model's concrete fields (less ``defer``), their attnames, and each
    field's converters (the backend's, then the field's ``from_db_value``), as the ORM has them."""
    connection = connections[alias]
    quote = connection.ops.quote_name
    meta = model._meta
    columns, names, converters = [], [], []
    for field in meta.concrete_fields:
        if field.name in defer:
            continue
        columns.append(prefix + quote(field.column))
        names.append(field.attname)
        converters.append(field_converters(field, connection))
    return ", ".join(columns), names, converters


def field_converters(field: Any, connection: Any) -> tuple[Any, list]:
    column = field.get_col(field.model._meta.db_table)
    found = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
    return column, found


def value_convert(value: Any, converters: tuple[Any, list], connection: Any) -> Any:
    column, found = converters
    for convert in found:
        value = convert(value, column, connection)
    return value


def instance_from_row(model: type[Model], alias: str, row: tuple, prefix: str = "",
                      defer: tuple[str, ...] = ()) -> Model:
    """A model instance from a row of ``reader``'s columns, converted as the ORM would (fields
    in ``defer`` stay deferred, as with ``QuerySet.defer``)."""
    connection = connections[alias]
    _columns, names, converters = reader(model, alias, prefix, defer)
    values = [
        value_convert(value, converters[i], connection) for i, value in enumerate(row[: len(names)])
    ]
    return model.from_db(alias, names, values)


def row_locked(model: type[Model], defer: tuple[str, ...] = (), **filters: Any) -> Model | None:
    """``select_for_update().defer(*defer).filter(**filters).first()`` by a unique key (call
    inside ``atomic``; databases without row locks, like SQLite, lock when it begins)."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    quote = connection.ops.quote_name
    where, params = where_sql(model, filters, connection)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    columns = reader(model, alias, "", defer)[0]
    sql = f"SELECT {columns} FROM {quote(model._meta.db_table)} WHERE {where}{lock}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else instance_from_row(model, alias, row, "", defer)


def column_value(model: type[Model], pk: Any, name: str) -> Any:
    """One field of one row, converted as the ORM would (a deferred field, loaded)."""
    alias = router.db_for_read(model)
    connection = connections[alias]
    quote = connection.ops.quote_name
    field = fields_by_name(model)[name]
    sql = (
        f"SELECT {quote(field.column)} FROM {quote(model._meta.db_table)} "
        f"WHERE {quote(model._meta.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk])
        row = cursor.fetchone()
    return value_convert(row[0], field_converters(field, connection), connection)


def seats_with_presence(room_id: int) -> list[Model]:
    """A room's seats in their default order, each with ``seen_first`` and ``seen_last``: the
    oldest and newest ``last_seen`` of its sockets (``None`` without one), in one statement."""
    from games.models import Connection as connection_model
    from games.models import Seat as seat_model

    alias = router.db_for_read(seat_model)
    connection = connections[alias]
    quote = connection.ops.quote_name
    seat_meta, socket_meta = seat_model._meta, connection_model._meta
    seat_fields, socket_fields = fields_by_name(seat_model), fields_by_name(connection_model)
    pk = quote(seat_meta.pk.column)
    order = ", ".join(
        "s." + quote(seat_fields[name.lstrip("-")].column)
        + (" DESC" if name.startswith("-") else "")
        for name in seat_meta.ordering
    )
    last_seen = socket_fields["last_seen"]
    sockets = (
        f"FROM {quote(socket_meta.db_table)} c "
        f"WHERE c.{quote(socket_fields['seat'].column)} = s.{pk}"
    )
    seen = quote(last_seen.column)
    sql = (
        f"SELECT {reader(seat_model, alias, 's.')[0]}, "
        f"(SELECT MIN(c.{seen}) {sockets}), (SELECT MAX(c.{seen}) {sockets}) "
        f"FROM {quote(seat_meta.db_table)} s WHERE s.{quote(seat_fields['room'].column)} = %s "
        f"ORDER BY {order}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [room_id])
        rows = cursor.fetchall()
    converters = field_converters(last_seen, connection)
    seats = []
    for row in rows:
        seat = instance_from_row(seat_model, alias, row, "s.")
        seat.seen_first = value_convert(row[-2], converters, connection) if row[-2] else None
        seat.seen_last = value_convert(row[-1], converters, connection) if row[-1] else None
        seats.append(seat)
    return seats

def room_ids_due(moment: datetime) -> list[int]:
    """Ids of running rooms whose deadline is at or before ``moment`` (the ticker asks twice a
    second: ``Room.objects.filter(status=PLAYING, deadline__lte=moment)``)."""
    from games.models import Room

    alias = router.db_for_read(Room)
    connection = connections[alias]
    quote = connection.ops.quote_name
    fields = fields_by_name(Room)
    status, deadline = fields["status"], fields["deadline"]
    sql = (
        f"SELECT {quote(Room._meta.pk.column)} FROM {quote(Room._meta.db_table)} "
        f"WHERE {quote(status.column)} = %s AND {quote(deadline.column)} <= %s"
    )
    params = [
        status.get_db_prep_value(Room.Status.PLAYING, connection, prepared=False),
        deadline.get_db_prep_value(moment, connection, prepared=False),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


def connections_touch(channel_names: list[str], when: datetime) -> set[str]:
    """``last_seen = when`` for these sockets in one statement; the names that had a row."""
    from games.models import Connection

    alias = router.db_for_write(Connection)
    connection = connections[alias]
    quote = connection.ops.quote_name
    fields = fields_by_name(Connection)
    table, key = quote(Connection._meta.db_table), quote(fields["channel_name"].column)
    marks = ", ".join(["%s"] * len(channel_names))
    seen = fields["last_seen"].get_db_prep_save(when, connection=connection)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {quote(fields['last_seen'].column)} = %s WHERE {key} IN ({marks})",
            [seen, *channel_names],
        )
        cursor.execute(f"SELECT {key} FROM {table} WHERE {key} IN ({marks})", channel_names)
        return {row[0] for row in cursor.fetchall()}
