"""A Werewolf benchmark room on a live server: twelve phones walk through night 1 (the server's
ticker ends it) to the day's vote, then every scripted ballot is applied and reaches all 13
sockets."""

from __future__ import annotations

import time
from urllib.parse import urlparse

import pytest

from bench.clients import GameRoom
from bench.stats import Ledger

pytestmark = pytest.mark.postgres


async def test_a_werewolf_room_walks_to_its_day_vote_and_streams_ballots(
    postgres_url, daphne_factory
):
    base = urlparse(daphne_factory({"DATABASE_URL": postgres_url, "PARTYHUB_TICK_SECONDS": "0.5"}))
    room = GameRoom(0, Ledger(), "werewolf", phones=6)
    assert len(room.screens) == 13  # Werewolf's village has twelve phones, whatever --phones
    try:
        await room.open([(base.hostname, base.port)] * len(room.screens))
        await room.start()
        view = room.screens[0].frame()["view"]
        assert view["phase"] == "vote" and all(player["alive"] for player in view["players"])
        for _move in range(12):
            record = await room.step(time.perf_counter(), measured=False)
            assert record is not None and record.error is None and record.version is not None
            assert all(screen.version == record.version for screen in room.screens)
        assert room.screens[0].frame()["view"]["phase"] == "vote"
        assert not room.errors()
    finally:
        await room.close()
