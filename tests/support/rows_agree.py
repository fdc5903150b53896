"""Whether ``games.rooms.rows`` reads and writes exactly what the ORM does, on the configured
database.

Called in-process by the SQLite tests, and as ``python -m tests.support.rows_agree`` against the
PostgreSQL database named by ``DATABASE_URL`` (it prints ``agree`` or fails with the difference).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta


def fields_of(instance) -> dict:
    return {field.attname: getattr(instance, field.attname)
            for field in type(instance)._meta.concrete_fields}


def rows_agree() -> None:
    """Make a room with seats, one online, a state with text outside ASCII and a deadline, then
    compare every column ``games.rooms.rows`` reads with the ORM's, and read back what it writes."""
    from django.db import transaction
    from django.utils import timezone

    from games.rooms import rows
    from games.rooms.models import Action, Connection, Game, Room, Seat

    deadline = datetime(2026, 11, 30, 21, 5, 7, 123456, tzinfo=UTC)
    room = Room.objects.create(
        code="RWSA", game="hoax", host_token_digest="h", locked=True, deadline=deadline,
        options={"language": "fr"}, state={"named": "Zoë 🦊", "n": [1, 2.5, None]},
    )
    game = Game.objects.create(room=room, number=1, game="hoax", setup={"seed": 3})
    seats = [Seat.objects.create(room=room, name=f"Seat {i}", token_digest=f"t{i}", position=i)
             for i in range(3)]
    Seat.objects.create(room=room, name="Watcher", token_digest="tw", is_audience=True)
    Connection.objects.create(channel_name="c1", room=room, seat=seats[1],
                              last_seen=timezone.now())
    Connection.objects.create(channel_name="c2", room=room, seat=seats[2],
                              last_seen=timezone.now() - timedelta(minutes=5))
    with transaction.atomic():
        by_code, by_pk = rows.room_row_locked("RWSA"), rows.room_row_locked(room.pk)
    orm = Room.objects.get(pk=room.pk)
    assert fields_of(by_code) == fields_of(orm) == fields_of(by_pk), (fields_of(by_code),
                                                                      fields_of(orm))
    assert rows.room_row_locked("ZZZZ") is None
    found, online, elsewhere = rows.seats_with_presence(
        orm, timezone.now() - timedelta(minutes=1), process="here"
    )
    assert [fields_of(seat) for seat in found] == [fields_of(seat) for seat in orm.seats.all()]
    assert online == {seats[1].pk}
    assert elsewhere == Connection.objects.filter(room=room).exclude(process="here").exists()

    written = {"state": {"after": "ñ"}, "version": orm.version + 1, "deadline": None,
               "status": Room.Status.OVER, "current_game": game}
    with transaction.atomic():
        assert rows.room_update(orm, orm.version, written)
        assert not rows.room_update(orm, orm.version, {"version": 99})  # the version moved on
    stored = Room.objects.get(pk=room.pk)
    assert (stored.state, stored.version, stored.deadline, stored.status,
            stored.current_game_id) == ({"after": "ñ"}, orm.version + 1, None, "over", game.pk)
    rows.action_insert(game=game.pk, seq=4, seat=None, payload={"type": "x", "é": [1]},
                       applied_at=1.5)
    action = Action.objects.get(game=game, seq=4)
    assert (action.seat, action.payload, action.applied_at) == (None, {"type": "x", "é": [1]}, 1.5)


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "partyhub.settings")
    import django

    django.setup()
    rows_agree()
    print("agree")
