"""Race helpers run in their own processes against the database named by ``DATABASE_URL``.

``python -m tests.support.race setup`` starts a fresh 3-player room of the test game
(tests/support/testgame.py) where seat 0 has picked and seats 1 and 2 may pick, makes a second
room with three players in the lobby, and prints both as JSON.
``python -m tests.support.race act STEP_JSON`` connects to the database, prints ``ready``, waits
for a line on stdin (the barrier), runs the step through ``games.services`` and prints the
outcome as JSON. ``python -m tests.support.race serve`` connects, prints ``ready``, then runs
each step read from stdin (one JSON object a line) and prints each outcome, until stdin closes.

A step is ``{"kind": ..., ...}``: ``move`` (``code``, ``token``, ``action``), ``join`` (``code``,
``name``), ``lock`` and ``start`` (``code``, ``host``: the host token), ``close`` (``channel``),
``expire`` (``room``: its key, ``now``), or ``hold``: the room ``code`` locked by
``services.room_locked`` in a transaction, which ends at the next line on stdin.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()


def picking() -> dict[str, Any]:
    """A room of the test game in its first round: seat 0 has picked; seats 1 and 2 may."""
    from games.rooms import presence, services
    from tests.support.testgame import TEST_GAME, pick

    room = services.room_create(TEST_GAME, {"rounds": 3, "pick_seconds": 60})
    seats = [services.seat_join(room.code, name)[0] for name in ("Ann", "Bob", "Cid")]
    # Sockets open for every seat, so the rules count them present and wait for their moves.
    channels = [f"race.{room.code}.{index}" for index in range(len(seats))]
    for channel, seat in zip(channels, seats, strict=True):
        presence.connection_open(channel, room, seat)
    services.room_start(room.code, services.Actor(seat_token=seats[0].token))
    snapshot = services.action_submit(room.code, seats[0].token, pick(5))
    state = snapshot.room.state
    return {
        "code": room.code,
        "id": room.pk,
        "host": room.host_token,
        "tokens": [seat.token for seat in seats],
        "channels": channels,
        "phase": state["phase"],
        "picked": [card is not None for card in state["picks"]],
        "deadline": state["deadline"],
        "version": snapshot.room.version,
    }


def lobby() -> dict[str, Any]:
    """A room of the test game in the lobby with three players, ready to start."""
    from games.rooms import services
    from tests.support.testgame import TEST_GAME

    room = services.room_create(TEST_GAME)
    for name in ("Dee", "Eve", "Fay"):
        services.seat_join(room.code, name)
    return {"code": room.code, "host": room.host_token}


def step_run(step: dict[str, Any]) -> dict[str, Any]:
    """Run one step; the outcome: applied (with the version it made), not needed, or refused."""
    from django.db import transaction

    from games.kit.errors import ServiceError
    from games.kit.rules import RuleError
    from games.rooms import presence, services

    kind = step["kind"]
    started = time.monotonic()
    try:
        if kind == "hold":
            with transaction.atomic():
                room = services.room_locked(step["code"])
                print(json.dumps({"locked": room.version}), flush=True)
                sys.stdin.readline()
            return {"ok": True, "released": True}
        if kind == "move":
            snapshot = services.action_submit(step["code"], step["token"], step["action"])
        elif kind == "join":
            snapshot = services.seat_join(step["code"], step["name"])[1]
        elif kind == "lock":
            actor = services.Actor(host_token=step["host"])
            snapshot = services.room_lock_set(step["code"], actor, True)
        elif kind == "start":
            snapshot = services.room_start(step["code"], services.Actor(host_token=step["host"]))
        elif kind == "close":
            snapshot = presence.connection_close(step["channel"])
        elif kind == "expire":
            snapshot = services.deadline_expire(step["room"], step["now"])
        else:
            raise ValueError(f"no step {kind}")
    except (ServiceError, RuleError) as error:
        return {
            "ok": False,
            "error": type(error).__name__,
            "code": error.code,
            "seconds": time.monotonic() - started,
        }
    return {
        "ok": True,
        "applied": snapshot is not None,
        "version": snapshot.room.version if snapshot is not None else None,
        "seconds": time.monotonic() - started,
    }


def connected() -> None:
    """Connect before saying ready, so every worker starts even."""
    from django.db import connection

    connection.ensure_connection()
    print("ready", flush=True)


def main(argv: list[str]) -> None:
    django_setup()
    from games.rooms.outbox import outbox_open

    with outbox_open():  # these processes call the services themselves, with no screen to tell
        command(argv)


def command(argv: list[str]) -> None:
    if argv[0] == "setup":
        print(json.dumps({**picking(), "lobby": lobby()}), flush=True)
    elif argv[0] == "act":
        connected()
        sys.stdin.readline()  # the barrier
        print(json.dumps(step_run(json.loads(argv[1]))), flush=True)
    elif argv[0] == "serve":
        connected()
        for line in sys.stdin:
            print(json.dumps(step_run(json.loads(line))), flush=True)
    else:
        raise SystemExit(f"unknown command {argv[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
