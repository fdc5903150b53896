"""The backup and restore runbook (docs/operations.md, "Backup and restore"), done for real:
a game on a Daphne process over PostgreSQL is dumped mid-game with ``pg_dump`` while it runs,
the database is dropped, restored from the dump with ``pg_restore``, and the hub started again:
the phones come back to their seats with their tokens, at the version the dump held, and the
game goes on from there."""

from __future__ import annotations

import shutil
import signal
import subprocess

import psycopg
import pytest

from games.live.drain import EXIT_SECONDS
from tests.support.live import (
    NAMES,
    Player,
    Screen,
    all_at,
    all_connected,
    game_create,
    log_agrees,
    room_row,
    seats_join,
    ws_url,
)
from tests.support.servers import service_missing
from tests.support.testgame import TEST_SLOW

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(180)]


def client_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        service_missing(f"{name} is not installed (apt-get install postgresql-client)")
    return path


async def screens_open(base: str, room: dict, seats: list[dict]) -> list[Screen]:
    return [await Screen.open("tv", ws_url(base, room["board_socket"]))] + [
        await Screen.open(name, ws_url(base, seat["seat_socket"]))
        for name, seat in zip(NAMES, seats, strict=True)]


async def test_a_game_dumped_mid_game_resumes_from_the_same_version_once_restored(
    postgres_url, daphnes, tmp_path
):
    pg_dump, pg_restore = client_tool("pg_dump"), client_tool("pg_restore")
    env = {"DATABASE_URL": postgres_url}
    base = daphnes.start(env)
    port = int(base.rsplit(":", 1)[1])
    room = game_create(base, **TEST_SLOW)
    seats = seats_join(base, room["code"])
    tv, *phones = screens = await screens_open(base, room, seats)
    try:
        await tv.until(all_connected)
        await phones[0].send({"type": "host", "command": "start"})
        started = await tv.until(lambda f: f["room"]["status"] == "playing")
        await all_at(phones, started["version"])
        await Player(phones).applied(4)
        # The backup, taken while the hub runs (one consistent snapshot: pg_dump's own
        # transaction), as the runbook's cron line takes it.
        dumped = room_row(postgres_url, room["code"])
        dump = tmp_path / "partyhub.dump"
        subprocess.run([pg_dump, "--format=custom", f"--file={dump}", postgres_url],
                       check=True, capture_output=True)
    finally:
        for screen in screens:
            await screen.close()

    # The database is lost: the hub stopped, the database dropped.
    process = daphnes.serving[base]
    process.send_signal(signal.SIGTERM)
    process.wait(EXIT_SECONDS + 5)
    server, name = postgres_url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    # The restore, as the runbook says, and the hub started again.
    restored = subprocess.run([pg_restore, "--no-owner", "--exit-on-error",
                               f"--dbname={postgres_url}", str(dump)],
                              capture_output=True, text=True)
    assert restored.returncode == 0, restored.stderr
    assert room_row(postgres_url, room["code"]) == dumped
    base = daphnes.start(env, port=port)

    tv, *phones = screens = await screens_open(base, room, seats)
    try:
        # Every phone is back at its seat, by its token, at the dumped version...
        for screen in screens:
            first = await screen.until(lambda f: True)
            assert first["version"] >= dumped["version"], screen.name
        assert all(phone.frames[0]["you"]["id"] == seat["seat"]
                   for phone, seat in zip(phones, seats, strict=True))
        await tv.until(all_connected)
        # ...and the game goes on from there.
        player = Player(phones)
        await player.applied(2)
        for screen in screens:
            screen.assert_open()
    finally:
        for screen in screens:
            await screen.close()
    row = room_row(postgres_url, room["code"])
    log_agrees(row)
    assert row["actions"][:len(dumped["actions"])] == dumped["actions"]
    assert row["version"] > dumped["version"]
