"""Tiny factories for the spine tests: rooms, seats, fake sockets and real socket helpers.

Synchronous helpers work on the database directly through the services, each in an outbox of its
own (``direct``: a test's set-up, no screen to tell); the ``async`` ones open real
``WebsocketCommunicator`` sockets against the project's ASGI application.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.hoax import rules as hoax
from games.kit import registry
from games.live import door
from games.outfox import rules as outfox
from games.rooms import presence, selectors, services
from games.rooms.models import Connection, Game, Room, Seat
from games.rooms.outbox import outbox_open
from partyhub.asgi import application
from tests.support.testgame import TEST_GAME

T = TypeVar("T")
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
# How long a test socket waits for a frame that must come: a bound for a fault, never a wait
# (it returns as soon as the frame is there); generous, since two cores run four workers.
RECEIVE_TIMEOUT = 20


# --- rooms and seats through the services ----------------------------------------------------


def direct(service: Callable[..., T], *args: Any) -> T:
    """A service called by the test itself, outside every door (``games.rooms.outbox``): its
    changes go to an outbox of their own, and to no screen."""
    with outbox_open():
        return service(*args)


def services_patch(monkeypatch, name: str, value: Any) -> None:
    """Set ``name`` to ``value`` in ``games.rooms.services`` and in each of its modules that
    holds it (each holds its own reference to what it imports: ``time``, ``room_locked``)."""
    modules = [services, *(importlib.import_module(f"{services.__name__}.{module.name}")
                           for module in pkgutil.iter_modules(services.__path__))]
    for module in modules:
        if hasattr(module, name):
            monkeypatch.setattr(module, name, value)


def room_make(game: str = TEST_GAME, options: dict[str, Any] | None = None) -> Room:
    return services.room_create(game, options)


def seats_join(room: Room, count: int, names: tuple[str, ...] = NAMES) -> list[Seat]:
    return [direct(services.seat_join, room.code, names[i])[0] for i in range(count)]


def host(room: Room) -> services.Actor:
    return services.Actor(host_token=room.host_token)


def seats_online(room: Room, seats: list[Seat]) -> None:
    """Mark seats connected as a socket would, so the rules wait for their moves."""
    for seat in seats:
        direct(presence.connection_open, f"fake.{room.code}.{seat.pk}", room, seat)


def started(
    n: int, options: dict[str, Any] | None = None, online: bool = True, game: str = TEST_GAME
) -> tuple[Room, list[Seat]]:
    """A started room of ``game`` (the test game unless named: tests/support/testgame.py) with
    ``n`` players, all connected unless ``online`` is false."""
    room = room_make(game, options)
    seats = seats_join(room, n)
    if online:
        seats_online(room, seats)
    direct(services.room_start, room.code, host(room))
    room.refresh_from_db()
    selectors.room_completed(room)
    for seat in seats:
        seat.refresh_from_db()
    return room, seats


def hoax_started(
    n: int, options: dict[str, Any] | None = None, online: bool = True
) -> tuple[Room, list[Seat]]:
    """A started Hoax room with ``n`` players (all connected unless ``online`` is false)."""
    return started(n, {"butler_seconds": 60, **(options or {})}, online, game="hoax")


def picks_made(room: Room, seats: list[Seat], cards: list[int]) -> Room:
    """The test game's seats pick ``cards`` in turn (seat 0, 1, ... and round again: a round
    each time every seat has picked), through the services, a move each; the room as saved."""
    positions = by_position(seats)
    for index, card in enumerate(cards):
        direct(services.action_submit, room.code, positions[index % len(positions)].token,
               {"type": "pick", "card": card})
    return room_fresh(room)


def room_fresh(room: Room) -> Room:
    """The room as saved now, its state whole (the column keeps it without its fixed parts),
    with the host token ``room`` was made with (the database keeps only its digest)."""
    fresh = selectors.room_completed(Room.objects.get(pk=room.pk))
    fresh.host_token = room.host_token
    return fresh


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


def outfox_moves(state: dict) -> list[tuple[int, dict]]:
    """Every (position, action) the Outfox rules allow right now."""
    return [
        (position, action)
        for position in range(len(state["connected"]))
        for action in outfox.legal_actions(state, position)
    ]


MoveChooser = Callable[[dict, random.Random], "tuple[int, dict] | None"]


def play_randomly(room: Room, seats: list[Seat], rand: random.Random,
                  choose: MoveChooser | None = None, expire_chance: float = 0.1) -> Room:
    """Play to the end through the services: random legal moves (``choose``'s, else one of the
    game's own ``legal_actions``), some timeouts, a phone leaving and coming back. The caller
    opens the outbox (the services_called_directly fixture)."""
    played = registry.game(room.game)
    positions = by_position(seats)

    def any_legal(state: dict, rand: random.Random) -> tuple[int, dict] | None:
        moves = [(position, action) for position in positions
                 for action in played.legal_actions(state, position)]
        return rand.choice(moves) if moves else None

    away: Seat | None = None
    for step in range(2000):
        room = room_fresh(room)
        state = room.state
        if state["over"]:
            return room
        if away is not None and rand.random() < 0.2:
            presence.connection_open(f"back.{away.pk}.{step}", room, away)
            away = None
        elif away is None and rand.random() < 0.03:
            away = rand.choice(seats)
            for channel in Connection.objects.filter(seat=away).values_list(
                "channel_name", flat=True
            ):
                presence.connection_close(channel)
        elif state["deadline"] is not None and rand.random() < expire_chance:
            assert services.deadline_expire(room.pk, now=state["deadline"] + rand.random())
        else:
            move = (choose or any_legal)(state, rand)
            if move is None:  # only absent phones are awaited: their clock runs out
                assert services.deadline_expire(room.pk, now=state["deadline"] + 1)
                continue
            position, action = move
            services.action_submit(room.code, positions[position].token, action, room.version)
    raise AssertionError("the game did not end")


def replays_from_its_log(room: Room) -> None:
    """The ended game's action log is in order, holds the clock's moves and the seats', and
    replays to the saved state; without its last action it ends elsewhere (the replay really
    follows the log)."""
    game = Game.objects.get(pk=room.current_game_id)
    log = list(game.actions.all())
    assert [a.seq for a in log] == sorted(a.seq for a in log)
    assert any(a.seat is None for a in log) and any(a.seat is not None for a in log)
    assert selectors.game_replay(game) == room.state
    log[-1].delete()
    assert selectors.game_replay(game) != room.state


def pick_active(room: Room, seats: list[Seat], resource: str = "cash") -> Room:
    """Play the Hoax setup picks (the active seat takes ``resource``) until the first turn."""
    room = room_fresh(room)
    positions = by_position(seats)
    while room.state["phase"] == "setup":
        active = positions[room.state["active"]]
        direct(services.action_submit, room.code, active.token,
               {"type": "pick", "resource": resource})
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
    """The socket's next frame, past the audience's tallies, which come on a timer of their own
    (``games.live.audience``); they are kept in ``communicator.tallies`` for the tests that read
    them."""
    while True:
        frame = orjson.loads(await communicator.receive_from(timeout=RECEIVE_TIMEOUT))
        if frame.get("type") != "tally":
            return frame
        communicator.__dict__.setdefault("tallies", []).append(frame)


async def quiet(*communicators: WebsocketCommunicator) -> bool:
    """True when none of the sockets has anything waiting (after a short grace period) but
    the audience's tallies (kept, as by ``frame_next``)."""
    for communicator in communicators:
        while not await communicator.receive_nothing(timeout=0.05):
            frame = orjson.loads(await communicator.receive_from(timeout=RECEIVE_TIMEOUT))
            if frame.get("type") != "tally":
                return False
            communicator.__dict__.setdefault("tallies", []).append(frame)
    return True


async def sockets_close(*communicators: WebsocketCommunicator) -> None:
    for communicator in communicators:
        await communicator.disconnect()


room_fresh_async = database_sync_to_async(room_fresh)


# --- a whole table on real sockets, any game ------------------------------------------------

BOARD = "board"
db = database_sync_to_async


@dataclass
class Round:
    """One change seen by the table: the room's state once committed and each screen's frame."""

    state: dict | None
    frames: dict[Any, dict[str, Any]]


class SocketTable:
    """A room of any game with the TV, every phone and any audience phones on real sockets.

    Screens are keyed ``BOARD``, a player's position, or ``"audience<i>"``. ``frames`` keeps every
    frame each socket received; ``rounds`` keeps, for every broadcast, the state it committed and
    the one frame each screen connected then received for it.
    """

    def __init__(self, room: Room, seats: list[Seat]) -> None:
        self.room = room
        self.seats = seats
        self.sockets: dict[Any, WebsocketCommunicator] = {}
        self.frames: dict[Any, list[dict[str, Any]]] = {}
        self.rounds: list[Round] = []

    @classmethod
    async def open(
        cls, game: str, n: int, options: dict[str, Any] | None = None, audience: int = 0,
        names: tuple[str, ...] = NAMES,
    ) -> SocketTable:
        """``n`` players join (called ``names``) and connect, the TV (with the host token)
        starts the game, then ``audience`` more phones join and watch."""
        room = await db(room_make)(game, options)
        table = cls(room, await db(seats_join)(room, n, names))
        await table.connect(BOARD, board_open(room, room.host_token))
        for position, seat in enumerate(table.seats):
            await table.connect(position, seat_open(room, seat))
            # The phone coming online is news for every screen so far, itself included.
            await table.receive_one_each()
        await table.host("start")
        assert table.room.status == Room.Status.PLAYING
        for index in range(audience):
            await table.watcher_add(f"audience{index}", names[(n + index) % len(names)] + "W")
        return table

    async def connect(self, key: Any, opening) -> None:
        self.sockets[key] = await opening
        self.frames[key] = [await frame_next(self.sockets[key])]

    async def watcher_add(self, key: str, name: str) -> Seat:
        """A phone joins during the game (the audience) and connects: no other screen changes
        (the audience is counted in its tally)."""
        seat, snapshot = await db(services.seat_join)(self.room.code, name)
        assert seat.is_audience and snapshot is None
        self.seats.append(seat)
        await self.connect(key, seat_open(self.room, seat))
        assert await quiet(*(socket for other, socket in self.sockets.items() if other != key))
        return seat

    async def receive_one_each(self, sender: Any = None) -> dict[Any, dict[str, Any]]:
        """One new frame on every socket (a broadcast sends exactly one to each screen); the
        sender's first, so that a refusal (an error frame to it alone) fails at once."""
        frames = {}
        keys = sorted(self.sockets, key=lambda key: key != sender)
        for key in keys:
            frame = await frame_next(self.sockets[key])
            assert frame["type"] == "state", (key, frame)
            self.frames[key].append(frame)
            frames[key] = frame
        self.room = await db(room_fresh)(self.room)
        self.rounds.append(Round(self.room.state, frames))
        return frames

    async def send(self, key: Any, message: dict) -> dict[Any, dict[str, Any]]:
        """A message from one screen, applied: every screen then gets exactly one new frame."""
        await self.sockets[key].send_json_to(message)
        return await self.receive_one_each(sender=key)

    async def act(self, position: int, action: dict) -> dict[Any, dict[str, Any]]:
        return await self.send(
            position, {"type": "act", "action": action, "version": self.room.version}
        )

    async def host(self, command: str, **fields: Any) -> dict[Any, dict[str, Any]]:
        """A host command from the TV."""
        return await self.send(BOARD, {"type": "host", "command": command, **fields})

    async def expire(self) -> dict[Any, dict[str, Any]]:
        """The deadline passes: expire it as the ticker would (at the deadline, through the
        door, which broadcasts it)."""
        deadline = self.room.state["deadline"]
        snapshot = await door.service_call(services.deadline_expire, self.room.pk, deadline)
        assert snapshot is not None
        return await self.receive_one_each()

    async def close(self) -> None:
        assert await quiet(*self.sockets.values())
        for socket in self.sockets.values():
            await socket.disconnect()

    def normalize(self, frame: dict[str, Any]) -> dict[str, Any]:
        return frame_normalize(frame, self.seats)

    def normalized(self, key: Any) -> list[str]:
        """This socket's frames, normalized, as sorted-key JSON texts."""
        return [json.dumps(self.normalize(frame), sort_keys=True) for frame in self.frames[key]]


def frame_normalize(frame: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """A copy of a frame with what differs between two rooms (code, seat ids, the moment it was
    built) made equal."""
    ids = {seat.pk: index for index, seat in enumerate(seats)}
    frame = json.loads(json.dumps(frame))
    frame["room"]["code"] = "CODE"
    frame["server_time"] = 0
    for player in frame["room"]["players"] + frame["room"]["audience"]:
        player["id"] = ids[player["id"]]
    if frame["you"]:
        frame["you"]["id"] = ids[frame["you"]["id"]]
    return frame


def leaves(value: Any, path: tuple = ()):
    """Every (path, leaf) of decoded JSON; list indexes are ``*``; empty lists yield nothing."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item, (*path, "*"))
    else:
        yield path, value
