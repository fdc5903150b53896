"""Only what the rules read is stored: a move is kept in the action log (for a year,
``PARTYHUB_RECORD_RETENTION_DAYS``) as its move table declares it, its type and its fields, and
nothing a client added beside them. Issue 33 measured 60 legal moves each carrying a 3.9 KB
``"junk"`` field: 236 KB stored from one socket in 7.8 s.

A real Daphne on PostgreSQL, real sockets: phones play the test game with junk in every move (in the
action and in the message around it), the host removes a player with junk in its command, and
then the whole database is dumped (``pg_dump``) and searched for the junk (and for the
tokens, which it keeps as digests only)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tests.support.live import (
    NAMES,
    Player,
    Screen,
    all_at,
    api_post,
    log_agrees,
    room_row,
    ws_url,
)
from tests.support.servers import service_missing
from tests.support.testgame import TEST_GAME, TEST_SLOW

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(120)]

JUNK = "JUNK-" + "x" * 3500  # near the 3.9 KB (a message is 4,096 bytes at most)
MOVES = 8


def junked(action: dict, k: int) -> dict:
    """The action with fields no move table declares: a big string, a nested object, and a
    field named like a real one of another move."""
    return {**action, "junk": JUNK, f"junk_{k}": {"nested": [JUNK[:40]]}, "slot": JUNK[:20]}


def database_dump(database_url: str) -> str:
    """Every row of the database, as ``pg_dump`` writes them."""
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        service_missing("pg_dump is not installed (apt-get install postgresql-client)")
    return subprocess.run([pg_dump, "--data-only", database_url], check=True,
                          capture_output=True, text=True).stdout


async def test_junk_fields_sent_with_moves_are_never_stored(postgres_url, daphnes):
    base = daphnes.start({"DATABASE_URL": postgres_url})
    room = api_post(base, "/api/rooms", {
        "game": TEST_GAME, "options": TEST_SLOW, "junk": JUNK})
    seats = [api_post(base, f"/api/rooms/{room['code']}/seats", {"name": name, "junk": JUNK})
             for name in NAMES + ("Dee",)]
    tv = await Screen.open("tv", ws_url(base, room["board_socket"]))
    phones = [await Screen.open(name, ws_url(base, seat["seat_socket"]))
              for name, seat in zip(NAMES + ("Dee",), seats, strict=True)]
    player = Player(phones)
    try:
        await tv.until(lambda f: all(p["connected"] for p in f["room"]["players"])
                       and len(f["room"]["players"]) == 4)
        await phones[0].send({"type": "host", "command": "start", "junk": JUNK})
        started = await tv.until(lambda f: f["room"]["status"] == "playing")
        await all_at(phones, started["version"])
        sent = []
        while len(sent) < MOVES:
            phone, action, newest = player.choose()
            move = junked(action, len(sent))
            start = len(phone.received)
            outcome = await player.answer(phone, move, newest["version"], start, 10)
            assert outcome == "applied", (outcome, phone.errors[-1:])
            player.outcomes.append((newest["you"]["position"], move, outcome))
            await phone.until(lambda f, v=newest["version"]: f["version"] > v, start=start)
            sent.append(action)
        # The host's own move (a system move of the game's table) with junk in it.
        version = room_row(postgres_url, room["code"])["version"]
        await phones[0].send({"type": "host", "command": "act", "junk": JUNK[:100],
                              "action": {"type": "remove", "target": 3, "junk": JUNK}})
        await tv.until(lambda f: f["version"] > version)
        assert not any(screen.errors for screen in (tv, *phones)), [
            screen.errors for screen in (tv, *phones)]
    finally:
        for screen in (tv, *phones):
            await screen.close()

    row = room_row(postgres_url, room["code"])
    log_agrees(row)  # the game replays from the stored moves to the stored state
    logged = [(seat, payload) for _seq, seat, payload, _at in row["actions"]]
    # Each move is stored exactly as the phone's view offered it: its declared fields.
    assert [payload for seat, payload in logged if seat is not None] == sent
    assert (None, {"type": "remove", "target": 3}) in logged
    dump = database_dump(postgres_url)
    assert "JUNK-" not in dump, dump[dump.find("JUNK-") - 300:][:600]
    # Nor any token: the database keeps their digests (games/rooms/tokens.py).
    for secret in (room["host_token"], *(seat["token"] for seat in seats)):
        assert secret not in dump
