"""``games.rooms.outbox``: a change reaches the outbox of the call that made it once its
transaction commits, and only then; a service that raises after committing still hands it
over; with no outbox open (a service called outside every door) it fails loudly in the tests
and in development, and is logged as an error in production."""

from __future__ import annotations

import logging

import pytest
from django.db import transaction

from games.kit.errors import ServiceError
from games.rooms import lifecycle, services
from games.rooms.outbox import OutboxMissing, RoomEnded, outbox_open, snapshot_commit
from games.rooms.selectors import snapshot_take
from tests.games.factories import host, room_fresh, room_make, seats_join

# The outbox fills on commit: each test commits for real.
pytestmark = pytest.mark.django_db(transaction=True)


def test_a_change_joins_the_outbox_when_its_transaction_commits_not_before():
    room = room_make()
    with outbox_open() as box:
        with transaction.atomic():
            snapshot = snapshot_commit(snapshot_take(room))
            assert box == []  # not committed yet: no screen may see it
        assert box == [snapshot]


def test_a_rolled_back_change_reaches_no_screen():
    room = room_make()
    with outbox_open() as box:
        with pytest.raises(RuntimeError), transaction.atomic():
            snapshot_commit(snapshot_take(room))
            raise RuntimeError("the change fails after it was handed over")
    assert box == []


def test_each_service_hands_over_exactly_the_snapshot_it_returns():
    room = room_make()
    with outbox_open() as box:
        _seat, joined = services.seat_join(room.code, "Ann")
        locked = services.room_lock_set(room.code, host(room), True)
    assert box == [joined, locked]


def test_a_refusal_that_committed_a_change_still_hands_it_over():
    """A wrong hand-over code voids the room's pending codes and raises: the host's screen must
    still hear that its code is dead."""
    room = room_make()
    seats = seats_join(room, 2)
    services.seat_handover_code(room.code, host(room), seats[1].pk)
    with outbox_open() as box, pytest.raises(services.HandoverRefused) as refused:
        services.seat_takeover(room.code, "not-it")
    assert box == [refused.value.snapshot] and refused.value.snapshot is not None


def test_a_plain_refusal_hands_over_nothing():
    room = room_make()
    with outbox_open() as box, pytest.raises(ServiceError):
        services.room_lock_set(room.code, services.Actor(host_token="wrong"), True)
    assert box == []


def test_an_ended_room_is_handed_over_for_its_screens_to_close():
    room = room_make()
    with outbox_open() as box:
        assert lifecycle.rooms_end_now([room.pk]) == [room.pk]
        assert lifecycle.rooms_end_now([room.pk]) == []  # ended already: nothing to tell
    assert box == [RoomEnded(room.pk)]


def test_a_service_called_outside_every_door_fails_loudly_and_changes_nothing():
    """As the tests and development run (``PARTYHUB_OUTBOX_REQUIRED``): no outbox open, the
    service raises, naming the room, and its transaction rolls back."""
    room = room_make()
    with pytest.raises(OutboxMissing, match=f"room {room.pk} changed outside every door"):
        services.seat_join(room.code, "Ann")
    assert room_fresh(room).version == room.version and not room.seats.exists()
    with pytest.raises(OutboxMissing):
        lifecycle.rooms_end_now([room.pk])
    assert room_fresh(room).code == room.code  # not ended


def test_in_production_a_service_called_outside_every_door_keeps_its_change_and_logs_an_error(
    settings, caplog
):
    settings.PARTYHUB_OUTBOX_REQUIRED = False
    room = room_make()
    with caplog.at_level(logging.ERROR, logger="games.rooms.outbox"):
        _seat, snapshot = services.seat_join(room.code, "Ann")
    assert snapshot.room.pk == room.pk and [seat.name for seat in room.seats.all()] == ["Ann"]
    assert [(record.levelname, record.getMessage()) for record in caplog.records
            if record.name == "games.rooms.outbox"] == [
        ("ERROR", f"room {room.pk} changed outside every door (games.live.door): no screen is "
                  "told")
    ]
