"""Race helpers run in their own processes against the database named by ``DATABASE_URL``.

``python -m tests.support.race setup`` plays a fresh 3-player Hoax room up to its hoax window and
prints the room as JSON. ``python -m tests.support.race act CODE TOKEN ACTION_JSON`` connects to
the database, prints ``ready``, waits for a line on stdin (the barrier), submits the action
through ``games.services.action_submit`` and prints the outcome as JSON.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "partyhub.settings")
    import django

    django.setup()


def hoax_window() -> dict[str, Any]:
    """A Hoax room in the hoax window: seat 0 claimed the Lover; seats 1 and 2 may call."""
    from games import services

    room = services.room_create(
        "hoax", {"first_player": 0, "hoax_window_seconds": 60, "butler_seconds": 60}
    )
    seats = [services.seat_join(room.code, name)[0] for name in ("Ann", "Bob", "Cid")]
    # Sockets open for every seat, so the rules count them present and wait for their moves.
    for index, seat in enumerate(seats):
        services.connection_open(f"race.{room.code}.{index}", room, seat)
    services.room_start(room.code, services.Actor(seat_token=seats[0].token))
    for seat in seats:
        services.action_submit(room.code, seat.token, {"type": "pick", "resource": "cash"})
    snapshot = services.action_submit(
        room.code, seats[0].token, {"type": "claim", "character": "lover", "resource": "evidence"}
    )
    state = snapshot.room.state
    return {
        "code": room.code,
        "tokens": [seat.token for seat in seats],
        "phase": state["phase"],
        "callers": state["challenge"]["callers"],
        "version": snapshot.room.version,
    }


def act(code: str, token: str, action: dict) -> dict[str, Any]:
    """Wait at the barrier, then submit; the outcome (applied or refused) as a dict."""
    from django.db import connection

    from games import services
    from games.errors import ServiceError
    from games.rulekit import RuleError

    connection.ensure_connection()  # connect before the barrier, so both start even
    print("ready", flush=True)
    sys.stdin.readline()
    started = time.monotonic()
    try:
        snapshot = services.action_submit(code, token, action)
    except (ServiceError, RuleError) as error:
        return {
            "ok": False,
            "error": type(error).__name__,
            "code": error.code,
            "seconds": time.monotonic() - started,
        }
    return {"ok": True, "version": snapshot.room.version, "seconds": time.monotonic() - started}


def main(argv: list[str]) -> None:
    django_setup()
    if argv[0] == "setup":
        result = hoax_window()
    else:
        result = act(argv[1], argv[2], json.loads(argv[3]))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
