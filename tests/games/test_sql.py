"""The move path's hand-written statements store and return exactly what the ORM would."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from games import services, sql
from games.models import Action, Connection, Game, Room, Seat
from tests.games.factories import hoax_started, room_make, seats_join

pytestmark = pytest.mark.django_db(transaction=True)


def test_row_update_writes_json_datetimes_and_keys_like_update() -> None:
    room = room_make("hoax")
    game = Game.objects.create(room=room, number=1, game="hoax", setup={"seed": 1})
    when = timezone.now().replace(microsecond=123456)
    state = {"phase": "turn", "names": ["Zoë", "李"], "deadline": 1.5, "none": None}
    changed = sql.row_update(
        Room, {"pk": room.pk, "version": room.version},
        {"state": state, "deadline": when, "status": Room.Status.PLAYING, "current_game": game,
         "version": room.version + 1},
    )
    assert changed == 1
    fresh = Room.objects.get(pk=room.pk)
    assert fresh.state == state and fresh.deadline == when
    assert fresh.status == "playing" and fresh.current_game_id == game.pk
    assert Room.objects.filter(state__phase="turn").count() == 1  # JSON lookups still work
    # The version guard: a second writer with the old version changes nothing.
    assert sql.row_update(Room, {"pk": room.pk, "version": room.version}, {"locked": True}) == 0
    assert sql.row_update(Room, {"pk": room.pk}, {"state": None, "deadline": None}) == 1
    fresh = Room.objects.get(pk=room.pk)
    assert fresh.state is None and fresh.deadline is None


def test_row_insert_is_create_without_the_instance() -> None:
    room = room_make("hoax")
    game = Game.objects.create(room=room, number=1, game="hoax", setup={})
    sql.row_insert(Action, {"game": game.pk, "seq": 7, "seat": None,
                            "payload": {"type": "pass"}, "applied_at": 12.5})
    action = Action.objects.get(game=game)
    assert (action.seq, action.seat, action.payload, action.applied_at) == (
        7, None, {"type": "pass"}, 12.5)


def test_row_locked_reads_the_row_with_its_fields_decoded() -> None:
    room = room_make("hoax", {"vote_seconds": 30})
    with transaction.atomic():
        locked = sql.row_locked(Room, code=room.code)
    assert isinstance(locked, Room) and locked.pk == room.pk
    assert locked.options == room.options and locked.created_at == room.created_at
    with transaction.atomic():
        assert sql.row_locked(Room, code="ZZZZ") is None


def test_seats_with_presence_gives_each_seats_oldest_and_newest_socket() -> None:
    room = room_make("hoax")
    seats = seats_join(room, 4)
    now = timezone.now()
    old = now - timedelta(minutes=10)
    Connection.objects.create(channel_name="a", room=room, seat=seats[1], last_seen=now)
    Connection.objects.create(channel_name="a2", room=room, seat=seats[1], last_seen=old)
    Connection.objects.create(channel_name="b", room=room, seat=seats[3], last_seen=old)
    Connection.objects.create(channel_name="tv", room=room, seat=None, last_seen=now)
    mine = sql.seats_with_presence(room.pk)
    assert [(s.pk, s.name, s.token) for s in mine] == [
        (s.pk, s.name, s.token) for s in room.seats.all()
    ]
    assert all(isinstance(seat, Seat) for seat in mine)
    assert [(s.seen_first, s.seen_last) for s in mine] == [
        (None, None), (old, now), (None, None), (old, old)
    ]
    # The services' presence is the ORM's: a socket seen since the cutoff.
    cutoff = now - services.CONNECTION_STALE
    live = Connection.objects.filter(seat=OuterRef("pk"), last_seen__gte=cutoff)
    orm = {s.pk for s in room.seats.annotate(online=Exists(live)) if s.online}
    assert services.seats_online(room)[1] == orm == {seats[1].pk}


def test_row_locked_can_defer_a_column_and_column_value_loads_it() -> None:
    room = room_make("hoax")
    Room.objects.filter(pk=room.pk).update(state={"phase": "turn"})
    with transaction.atomic():
        locked = sql.row_locked(Room, ("state",), code=room.code)
        assert "state" in locked.get_deferred_fields()
        assert sql.column_value(Room, room.pk, "state") == {"phase": "turn"}


def test_a_move_through_the_services_still_logs_and_bumps() -> None:
    room, seats = hoax_started(3, {"first_player": 0})
    before = Room.objects.get(pk=room.pk).version
    snapshot = services.action_submit(room.code, seats[0].token, {"type": "pick",
                                                                  "resource": "cash"})
    assert snapshot.room.version == before + 1
    assert Action.objects.filter(game__room=room, seq=before + 1, seat=0).exists()


def test_room_ids_due_matches_the_orm_query() -> None:
    now = timezone.now()
    due = room_make("hoax")
    later = room_make("hoax")
    idle = room_make("hoax")
    Room.objects.filter(pk=due.pk).update(status="playing", deadline=now - timedelta(seconds=1))
    Room.objects.filter(pk=later.pk).update(status="playing", deadline=now + timedelta(hours=1))
    Room.objects.filter(pk=idle.pk).update(status="lobby", deadline=now - timedelta(seconds=1))
    orm = Room.objects.filter(status="playing", deadline__lte=now).values_list("pk", flat=True)
    orm = list(orm)
    assert sql.room_ids_due(now) == orm == [due.pk]


# --- the move's writes run on the driver's cursor -------------------------------------------


def test_the_writes_run_on_the_drivers_cursor_unless_queries_are_recorded(monkeypatch) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    room = room_make("hoax")

    def no_django_cursor(*args, **kwargs):
        raise AssertionError("Django's cursor was used")

    with monkeypatch.context() as patched:
        patched.setattr(connection, "cursor", no_django_cursor)
        assert sql.row_update(Room, {"pk": room.pk}, {"locked": True}) == 1
    assert Room.objects.get(pk=room.pk).locked
    with CaptureQueriesContext(connection) as queries:
        assert sql.row_update(Room, {"pk": room.pk}, {"locked": False}) == 1
    assert [query["sql"].split()[0] for query in queries.captured_queries] == ["UPDATE"]
    assert str(room.pk) in queries.captured_queries[0]["sql"]  # with its values, as Django logs


def test_a_failing_write_raises_djangos_error_and_a_broken_transaction_is_refused() -> None:
    from django.db import IntegrityError
    from django.db.transaction import TransactionManagementError

    room = room_make("hoax")
    game = Game.objects.create(room=room, number=1, game="hoax", setup={})
    row = {"game": game.pk, "seq": 1, "seat": 0, "payload": {"type": "pass"}, "applied_at": 1.0}
    sql.row_insert(Action, row)
    with pytest.raises(IntegrityError):  # Django's, as from the ORM: (game, seq) is unique
        sql.row_insert(Action, row)
    with transaction.atomic():
        transaction.set_rollback(True)
        with pytest.raises(TransactionManagementError):
            sql.row_update(Room, {"pk": room.pk}, {"locked": True})
    assert not Room.objects.get(pk=room.pk).locked
    assert Action.objects.filter(game=game).count() == 1
