"""A party of ten behind one home router plays a whole game of Outfox, the hub's longest game
of its biggest table, at the limits' defaults (games/ops/limits.py, docs/operations.md "Limits"):
nothing it sends is refused."""

from __future__ import annotations

import random

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.live import handshake, socket_limits
from games.rooms.models import Room
from tests.games.factories import BOARD, SocketTable
from tests.games.ops.test_limits import ROUTER

db = database_sync_to_async


@pytest.fixture
def limits_on(settings):
    """The limits per address on, at their defaults (the other tests lift them)."""
    settings.PARTYHUB_LIMITS = True


@pytest.mark.django_db(transaction=True)
async def test_a_party_of_ten_behind_one_router_plays_a_whole_game_unthrottled(
    limits_on, monkeypatch
):
    """Ten phones and the TV share one address. Everything a night's game sends reaches the
    server as fast as the test can send it (far faster than hands), so if none of it is
    refused here, none of it is at a party: the room created, the ten joins (one after a typo
    in the code, one after a name already taken), every socket, every move of a whole game of
    Outfox, and each phone reconnecting twice (a sleep, a network change)."""
    from tests.games.outfox.test_live import FILTERS, cards_setup, game_play

    # Every socket the table opens comes from the router's address.
    class RouterCommunicator(WebsocketCommunicator):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.scope["client"] = (ROUTER, random.randint(1024, 65535))

    monkeypatch.setattr("tests.games.factories.WebsocketCommunicator", RouterCommunicator)
    # A scripted phone taps faster than a hand: lift the per-socket rate (test_consumers.py
    # tests it); the limits per address stay at their defaults.
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 1e9)
    twins = await db(cards_setup)(12)
    client = Client(REMOTE_ADDR=ROUTER)
    created = await db(client.post)("/api/rooms", {"game": "outfox", "options": FILTERS},
                                    content_type="application/json")
    assert created.status_code == 201
    code = created.json()["code"]
    typo = await db(client.post)("/join", {"code": "ZZZZ" if code != "ZZZZ" else "YYYY",
                                           "name": "P0"})
    assert typo.status_code == 200
    tokens = []  # each phone's, from its seat cookie (the database keeps only their digests)
    for number in range(10):
        answer = await db(client.post)("/join", {"code": code, "name": f"P{number}"})
        assert answer.status_code == 302, answer.content
        tokens.append(answer.cookies[handshake.seat_cookie_name(code)].value)
    taken = await db(client.post)("/join", {"code": code, "name": "p0"})
    assert taken.status_code == 200 and "already called" in taken.content.decode()
    room = await db(Room.objects.get)(code=code)
    room.host_token = created.json()["host_token"]
    seats = await db(lambda: list(room.seats.order_by("pk")))()
    for seat, token in zip(seats, tokens, strict=True):
        seat.token = token
    table = SocketTable(room, seats)
    from tests.games.factories import board_open, seat_open

    await table.connect(BOARD, board_open(room, room.host_token))
    for position, seat in enumerate(seats):
        await table.connect(position, seat_open(room, seat))
        await table.receive_one_each()
    await table.host("start")
    for position, seat in enumerate(seats):  # every phone sleeps and wakes, twice
        for _ in range(2):
            await table.sockets[position].disconnect()
            del table.sockets[position]
            await table.receive_one_each()
            await table.connect(position, seat_open(table.room, seat))
            await table.receive_one_each()
    moves = await game_play(table, twins, "a", random.Random(3))
    assert table.room.state["over"] and len(moves) > 100
    errors = [frame for frames in table.frames.values() for frame in frames
              if frame["type"] == "error"]
    assert errors == []
    await table.close()


