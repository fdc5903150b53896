"""Tiny factories for the spine tests: rooms, seats, fake sockets and real socket helpers.

Synchronous helpers work on the database directly through the services; the ``async`` ones open
real ``WebsocketCommunicator`` sockets against the project's ASGI application.
"""

from __future__ import annotations

import json
import random
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.models import Room, Seat
from games.rules import hoax
from partyhub.asgi import application

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
RECEIVE_TIMEOUT = 5


# --- rooms and seats through the services ----------------------------------------------------


def room_make(game: str = "hoax", options: dict[str, Any] | None = None) -> Room:
    return services.room_create(game, options)


def seats_join(room: Room, count: int, names: tuple[str, ...] = NAMES) -> list[Seat]:
    return [services.seat_join(room.code, names[i])[0] for i in range(count)]


def host(room: Room) -> services.Actor:
    return services.Actor(host_token=room.host_token)


def seats_online(room: Room, seats: list[Seat]) -> None:
    """Mark seats connected as a socket would, so the rules wait for their moves."""
    for seat in seats:
        services.connection_open(f"fake.{room.code}.{seat.pk}", room, seat)


def hoax_started(
    n: int, options: dict[str, Any] | None = None, online: bool = True
) -> tuple[Room, list[Seat]]:
    """A started Hoax room with ``n`` players (all connected unless ``online`` is false)."""
    room = room_make("hoax", {"butler_seconds": 60, **(options or {})})
    seats = seats_join(room, n)
    if online:
        seats_online(room, seats)
    services.room_start(room.code, host(room))
    room.refresh_from_db()
    for seat in seats:
        seat.refresh_from_db()
    return room, seats


def room_fresh(room: Room) -> Room:
    return Room.objects.get(pk=room.pk)


def by_position(seats: list[Seat]) -> dict[int, Seat]:
    return {seat.position: seat for seat in seats if seat.position is not None}


def hoax_moves(state: dict) -> list[tuple[int, dict]]:
    """Every (position, action) the rules allow right now."""
    return [
        (position, action)
        for position in range(len(state["connected"]))
        for action in hoax.legal_actions(state, position)
    ]


def move_choose(
    state: dict, rand: random.Random, weights: dict[str, float] | None = None
) -> tuple[int, dict] | None:
    """A random legal move: first a seat, then a kind of action, then one of that kind.

    Picking the kind first keeps games varied (claims have many more concrete forms than
    ``end_turn``); accusations are rarer, so games last long enough to see investigations,
    immunities and Butler gifts, yet still end.
    """
    moves = hoax_moves(state)
    if not moves:
        return None
    position = rand.choice(sorted({p for p, _ in moves}))
    mine = [action for p, action in moves if p == position]
    kinds = sorted({action["type"] for action in mine})
    chances = [(weights or KIND_WEIGHTS).get(kind, 1.0) for kind in kinds]
    kind = rand.choices(kinds, chances)[0]
    return position, rand.choice([action for action in mine if action["type"] == kind])


KIND_WEIGHTS = {"accuse": 0.12, "investigate": 0.6}


def pick_active(room: Room, seats: list[Seat], resource: str = "cash") -> Room:
    """Play the Hoax setup picks (the active seat takes ``resource``) until the first turn."""
    room = room_fresh(room)
    positions = by_position(seats)
    while room.state["phase"] == "setup":
        active = positions[room.state["active"]]
        services.action_submit(room.code, active.token, {"type": "pick", "resource": resource})
        room = room_fresh(room)
    return room


# --- real sockets ---------------------------------------------------------------------------


async def socket_open(path: str, cookies: dict[str, str] | None = None) -> WebsocketCommunicator:
    headers = []
    if cookies:
        cookie = "; ".join(f"{key}={value}" for key, value in cookies.items())
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _subprotocol = await communicator.connect(timeout=RECEIVE_TIMEOUT)
    assert connected
    return communicator


async def board_open(room: Room, host_token: str | None = None) -> WebsocketCommunicator:
    query = f"?host={host_token}" if host_token else ""
    return await socket_open(f"/ws/rooms/{room.code}/board{query}")


async def seat_open(
    room: Room, seat: Seat, cookies: dict[str, str] | None = None
) -> WebsocketCommunicator:
    return await socket_open(f"/ws/rooms/{room.code}/seat?token={seat.token}", cookies)


async def frame_next(communicator: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await communicator.receive_from(timeout=RECEIVE_TIMEOUT))


async def quiet(*communicators: WebsocketCommunicator) -> bool:
    """True when none of the sockets has anything waiting (after a short grace period)."""
    for communicator in communicators:
        if not await communicator.receive_nothing(timeout=0.05):
            return False
    return True


async def sockets_close(*communicators: WebsocketCommunicator) -> None:
    for communicator in communicators:
        await communicator.disconnect()


room_fresh_async = database_sync_to_async(room_fresh)
