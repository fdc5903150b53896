"""A room's life on PostgreSQL: a hub whose ended rooms outnumber the codes still creates rooms,
its sweep and its metrics read the live rooms' index only, and a sweep passes by a room whose
row a move holds instead of waiting for it.

The ended rooms are written by one ``INSERT ... SELECT generate_series``; the hub's own code runs
in a ``manage.py shell`` against the test's database (its own connection, as a server's).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import psycopg
import pytest

from games.rooms.codes import CODE_ALPHABET, CODE_LENGTH
from tests.support.servers import ROOT, manage
from tests.support.testgame import TEST_GAME

pytestmark = pytest.mark.postgres

CODES = len(CODE_ALPHABET) ** CODE_LENGTH  # 194,481
ENDED = CODES + 5_519  # more ended rooms than there are codes: every code has had its room

ENDED_ROOMS = f"""
INSERT INTO games_room (code, game, options, status, locked, host_token_digest, version,
                        family_filter, streamer, remote_party, created_at, updated_at, ended_at,
                        ended_code, ended_reason)
SELECT NULL, '{TEST_GAME}', '{{}}', 'over', false, md5(i::text), 1, true, false, false,
       now() - interval '2 days', now() - interval '2 days', now() - interval '1 day',
       substr(a, mod(i, {CODES}) / 9261 + 1, 1) || substr(a, mod(i, 9261) / 441 + 1, 1)
       || substr(a, mod(i, 441) / 21 + 1, 1) || substr(a, mod(i, 21) + 1, 1), 'over'
FROM generate_series(0, {ENDED - 1}) AS i, (SELECT %s::text AS a) AS alphabet
"""

CREATE_AND_LOOK = """
import json
from django.db import connection
from django.utils import timezone
from games.rooms import lifecycle, selectors, services
from games.rooms.models import Room
from tests.support.testgame import TEST_GAME
rooms = [services.room_create(TEST_GAME) for _ in range(20)]
with connection.cursor() as cursor:
    sql, params = lifecycle.rooms_due(timezone.now(), 100).query.sql_with_params()
    cursor.execute("EXPLAIN " + sql, params)
    plan = "\\n".join(row[0] for row in cursor.fetchall())
    sql, params = lifecycle.RoomsCollector.live_rooms().query.sql_with_params()
    cursor.execute("EXPLAIN " + sql, params)
    scrape = "\\n".join(row[0] for row in cursor.fetchall())
print(json.dumps({
    "codes": [room.code for room in rooms],
    "found": [selectors.room_get(room.code).pk == room.pk for room in rooms],
    "ended": Room.objects.filter(code__isnull=True).count(),
    "plan": plan,
    "scrape": scrape,
}))
"""


def shell(url: str, code: str) -> dict:
    result = manage(["shell", "-c", code], {"DATABASE_URL": url, "PARTYHUB_TICKER": "0"})
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_more_ended_rooms_than_codes_and_rooms_are_still_created_at_once(postgres_url):
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(ENDED_ROOMS, [CODE_ALPHABET])
        db.execute("ANALYZE games_room")
        distinct = db.execute("SELECT count(DISTINCT ended_code) FROM games_room").fetchone()[0]
    assert distinct == CODES  # every code is some ended room's
    seen = shell(postgres_url, CREATE_AND_LOOK)
    assert seen["ended"] == ENDED
    assert len(set(seen["codes"])) == 20 and all(seen["found"])
    # The sweep's look at the live rooms reads their partial index, not 200,000 rows.
    assert "room_live_updated" in seen["plan"], seen["plan"]
    # So does the metrics' count of rooms by status, at every scrape.
    assert "room_live_updated" in seen["scrape"], seen["scrape"]


HOLD_AND_SWEEP = """
import json
from datetime import timedelta
from django.utils import timezone
from games.rooms import lifecycle
from games.rooms.outbox import outbox_open
with outbox_open():  # called here, outside every door: no screen to tell
    swept = lifecycle.rooms_sweep(now=timezone.now() + timedelta(hours=7))
print(json.dumps({"ended": swept.ended}))
"""


def test_the_sweep_passes_by_a_room_whose_row_is_held(postgres_url):
    rooms = shell(postgres_url, """
import json
from games.rooms import selectors, services
from tests.support.testgame import TEST_GAME
print(json.dumps([services.room_create(TEST_GAME).pk for _ in range(3)]))
""")
    held = rooms[1]
    with psycopg.connect(postgres_url) as holder:  # a move in progress on one room
        holder.execute("SELECT id FROM games_room WHERE id = %s FOR UPDATE", [held])
        sweep = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", HOLD_AND_SWEEP], cwd=ROOT,
            env={**os.environ, "DATABASE_URL": postgres_url,
                 "PARTYHUB_TICKER": "0"},
            capture_output=True, text=True, timeout=60,
        )
        assert sweep.returncode == 0, sweep.stderr
        ended = json.loads(sweep.stdout.strip().splitlines()[-1])["ended"]
        holder.rollback()
    assert sorted(ended) == sorted([rooms[0], rooms[2]])
