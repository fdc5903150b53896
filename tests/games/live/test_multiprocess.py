"""Several Daphne processes sharing PostgreSQL and Redis behave as one server.

The TV's board socket lives on one process and the phones on another; a deadline set under one
process expires under its successor with no client connected; two ticking processes expire a
deadline exactly once. Rooms are made and joined through the JSON API, screens are real sockets
(the ``websockets`` client), and the database is read directly with psycopg.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.support.live import (
    NAMES,
    Screen,
    all_connected,
    game_create,
    room_row,
    seats_join,
    ws_url,
)
from tests.support.servers import ROOT, port_free
from tests.support.testgame import pick

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def public_part(view: dict) -> dict:
    """A seat's view without what only that seat may see (its ``me``): what the board shows."""
    shown = json.loads(json.dumps(view))
    shown["me"] = None
    return shown


def timeouts(row: dict) -> list[tuple[int, float]]:
    return [
        (seq, at) for seq, seat, payload, at in row["actions"] if payload == {"type": "timeout"}
    ]


def wait_for(check: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


# --- a Daphne the test kills itself ----------------------------------------------------------


@contextmanager
def daphne_raw(env: dict[str, str]) -> Iterator[tuple[subprocess.Popen, str]]:
    """A Daphne process probed by TCP only, so it serves no request unless a test sends one."""
    port = port_free()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "partyhub.asgi:application",
        ],
        cwd=ROOT,
        env={**os.environ, "DJANGO_DEBUG": "1", "PARTYHUB_TICKER": "1", **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stderr.read().decode()[-3000:]
            assert time.monotonic() < deadline, "Daphne did not start within 30 s"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield process, f"http://127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# --- the tests -------------------------------------------------------------------------------


async def test_tv_on_one_process_phones_on_another(postgres_url, redis_url, daphne_factory):
    # (daphne_factory last: its servers stop before the database is dropped)
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url}
    tv_base, phone_base = daphne_factory(env), daphne_factory(env)
    room = game_create(tv_base, rounds=3)
    seats = seats_join(phone_base, room["code"])
    tv = await Screen.open("tv", ws_url(tv_base, room["board_socket"]))
    phones = [
        await Screen.open(name, ws_url(phone_base, seat["seat_socket"]))
        for name, seat in zip(NAMES, seats, strict=True)
    ]
    screens = [tv, *phones]
    try:
        # Phones that came online on B show as connected on the TV on A.
        lobby = await tv.until(all_connected)
        assert [p["name"] for p in lobby["room"]["players"]] == list(NAMES)
        assert lobby["room"]["players"][0]["vip"] is True

        await phones[0].send({"type": "host", "command": "start"})
        started = await tv.until(lambda f: f["room"]["status"] == "playing")
        version = started["version"]
        frames = [started] + [await phone.at(version) for phone in phones]

        # Same version, same room, same public game on every screen.
        assert all(f["room"] == started["room"] for f in frames)
        board = started["view"]
        assert board["phase"] == "pick" and board["me"] is None and board["picks"] is None
        for position, (phone, frame) in enumerate(zip(phones, frames[1:], strict=True)):
            assert frame["you"]["position"] == position, phone.name
            assert frame["view"]["me"]["seat"] == position and frame["view"]["me"]["actions"]
            assert public_part(frame["view"]) == board, phone.name

        # A move on B reaches the TV on A (and every phone) as the next version; the card
        # reaches its own phone alone.
        await phones[0].send({"type": "act", "action": pick(5)})
        moved = await tv.at(version + 1)
        assert moved["view"]["picked"] == [True, False, False] and moved["view"]["picks"] is None
        for position, phone in enumerate(phones):
            frame = await phone.at(version + 1)
            assert public_part(frame["view"]) == moved["view"], phone.name
            assert frame["view"]["me"]["pick"] == (5 if position == 0 else None)
        assert not any(screen.errors for screen in screens)
        for screen in screens:
            screen.assert_open()

        row = room_row(postgres_url, room["code"])
        assert row["version"] == version + 1
        assert row["actions"][-1][1:3] == (0, pick(5))
    finally:
        for screen in screens:
            await screen.close()


async def test_deadline_expires_after_a_restart_with_no_client(postgres_url, redis_url):
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url}
    with daphne_raw(env) as (first, base):
        room = game_create(base, rounds=3, pick_seconds=5)
        seats = seats_join(base, room["code"])
        phones = [
            await Screen.open(n, ws_url(base, s["seat_socket"]))
            for n, s in zip(NAMES, seats, strict=True)
        ]
        try:
            await phones[0].until(all_connected)
            await phones[0].send({"type": "host", "command": "start"})
            started = await phones[0].until(lambda f: f["room"]["status"] == "playing")
            deadline = started["view"]["deadline"]
            assert started["view"]["round"] == 1 and deadline is not None
            # The process dies before the deadline, without a chance to clean up.
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
            killed_at = time.time()
            assert killed_at < deadline
        finally:
            for phone in phones:
                await phone.close()
    before = room_row(postgres_url, room["code"])
    assert before["state"]["round"] == 1 and timeouts(before) == []

    # A new process, and nobody connects to it: its own ticker must expire the deadline.
    with daphne_raw(env):
        row = wait_for(
            lambda: (r := room_row(postgres_url, room["code"])) and timeouts(r) and r,
            timeout=30,
            what="the deadline to expire on the new process",
        )
    ((seq, applied_at),) = timeouts(row)
    assert applied_at >= deadline > killed_at
    assert seq == before["version"] + 1
    state = row["state"]
    assert state["round"] == 2 and state["phase"] == "pick"  # nobody picked in round 1
    assert state["history"] == [{"picks": [None] * 3, "shouts": [None] * 3, "order": [],
                                 "winners": []}]


async def test_two_ticking_processes_expire_each_deadline_once(
    postgres_url, redis_url, daphne_factory
):
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url, "PARTYHUB_TICK_SECONDS": "0.02"}
    a, b = daphne_factory(env), daphne_factory(env)
    room = game_create(a, rounds=3, pick_seconds=5)
    seats = seats_join(b, room["code"])
    bases = (a, b, a)
    phones = [
        await Screen.open(name, ws_url(base, seat["seat_socket"]))
        for name, seat, base in zip(NAMES, seats, bases, strict=True)
    ]
    try:
        await phones[0].until(all_connected)
        await phones[0].send({"type": "host", "command": "start"})
        started = await phones[0].until(lambda f: f["room"]["status"] == "playing")
        deadlines = [started["view"]["deadline"]]
        # Both processes tick every 20 ms; the first deadline passes, then the next one.
        first_expired = await phones[1].until(
            lambda f: f["version"] == started["version"] + 1, timeout=15
        )
        deadlines.append(first_expired["view"]["deadline"])
        await phones[2].until(lambda f: f["version"] == started["version"] + 2, timeout=15)
        await asyncio.sleep(1.0)  # let both processes tick many more times
        row = room_row(postgres_url, room["code"])
        for phone in phones:  # idle for seconds on the Redis layer, and still connected
            phone.assert_open()
    finally:
        for phone in phones:
            await phone.close()

    expired = timeouts(row)
    assert len(expired) == 2, row["actions"]
    assert [seq for seq, _at in expired] == [started["version"] + 1, started["version"] + 2]
    for (_seq, applied_at), deadline in zip(expired, deadlines, strict=True):
        assert applied_at >= deadline
    assert row["version"] == started["version"] + 2
    assert row["state"]["round"] == 3 and len(row["state"]["history"]) == 2
