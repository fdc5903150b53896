"""Seat and host tokens are stored as their digests (games/rooms/tokens.py): a copy of the
database holds no token a phone or a TV could be impersonated with, and the phones keep
their seats through it all (reconnects by cookie, hand-overs, and the migration that hashed
the tokens already given out)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from games.kit.errors import ServiceError
from games.rooms import selectors, services
from games.rooms.models import Room, Seat
from games.rooms.tokens import token_digest, token_matches, token_new
from tests.games.factories import host, room_make, seats_join
from tests.support.servers import ROOT


def test_a_digest_is_sha256_and_no_token_matches_nothing():
    token, digest = token_new()
    assert len(token) >= 32 and len(digest) == 64 and digest == token_digest(token)
    assert token_matches(token, digest) and not token_matches(token + "x", digest)
    assert token_digest(None) == token_digest("") == ""
    assert not token_matches(None, "") and not token_matches("", "")


@pytest.mark.django_db
@pytest.mark.usefixtures("services_called_directly")
def test_the_database_keeps_digests_and_the_tokens_still_open_their_seats():
    room = room_make()
    (seat,) = seats_join(room, 1)
    stored_room, stored_seat = Room.objects.get(pk=room.pk), Seat.objects.get(pk=seat.pk)
    assert stored_room.host_token_digest == token_digest(room.host_token)
    assert stored_seat.token_digest == token_digest(seat.token)
    assert room.host_token not in stored_room.host_token_digest
    assert seat.token not in stored_seat.token_digest
    # The phone's cookie finds its seat (a reconnect); the digest itself is no token.
    assert selectors.seat_by_token(room, seat.token).pk == seat.pk
    with pytest.raises(ServiceError):
        selectors.seat_by_token(room, stored_seat.token_digest)
    services.host_check(stored_room, host(room))
    with pytest.raises(ServiceError):
        services.host_check(stored_room, services.Actor(host_token=stored_room.host_token_digest))
    # A hand-over gives the new phone a new token, stored as its digest; the old one is void.
    code, _seat = services.seat_handover_code(room.code, host(room), seat.pk)
    taken, _snapshot = services.seat_takeover(room.code, code)
    assert Seat.objects.get(pk=seat.pk).token_digest == token_digest(taken.token)
    assert selectors.seat_by_token(room, taken.token).pk == seat.pk
    with pytest.raises(ServiceError):
        selectors.seat_by_token(room, seat.token)


MIGRATION = """
import json, django
django.setup()
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

before = [("games", "0008_remote_seats_and_party")]
executor = MigrationExecutor(connection)
executor.migrate(before)
apps = executor.loader.project_state(before).apps
Room, Seat = apps.get_model("games", "Room"), apps.get_model("games", "Seat")
room = Room.objects.create(code="OLDR", game="anygame", host_token="the-tvs-old-token")
Seat.objects.create(room=room, name="Ann", token="anns-old-token")
executor = MigrationExecutor(connection)
executor.migrate(executor.loader.graph.leaf_nodes())

from games.rooms import selectors, services
room = selectors.room_get("OLDR")
seat = selectors.seat_by_token(room, "anns-old-token")
services.host_check(room, services.Actor(host_token="the-tvs-old-token"))
print(json.dumps({"seat": seat.name}))
"""


def test_the_migration_hashes_the_tokens_given_out_and_the_phones_keep_their_seats(tmp_path):
    database = tmp_path / "old.db"
    result = subprocess.run(
        [sys.executable, "-c", MIGRATION], cwd=ROOT, capture_output=True, text=True,
        timeout=300, env={**os.environ, "DJANGO_SETTINGS_MODULE": "partyhub.settings",
                          "DATABASE_URL": f"sqlite:///{database}"})
    assert result.returncode == 0, result.stderr[-3000:]
    # A phone's cookie and the TV's, given before the migration, still work after it...
    assert json.loads(result.stdout.splitlines()[-1]) == {"seat": "Ann"}
    # ...and neither token is anywhere in the database any more.
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = [row for table in ("games_room", "games_seat")
                for row in db.execute(f"SELECT * FROM {table}")]
    text = json.dumps(rows, default=str)
    assert "anns-old-token" not in text and "the-tvs-old-token" not in text
    assert token_digest("anns-old-token") in text and token_digest("the-tvs-old-token") in text
