"""Werewolf in a remote party (every player remote, no TV but the host's console): a whole
seeded game with every card, its frames checked as tests/games/live/test_remote.py checks a
remote seat's (the board is the TV's public view), and Werewolf's own secrets checks of
``test_live`` on those frames, the night's "every living phone alike in keys and size"
included."""

from __future__ import annotations

import random
import secrets

import pytest

from games.werewolf.options import SPECIALS
from tests.games.factories import BOARD
from tests.games.live.test_remote import remote_frames_check, table_open
from tests.games.werewolf.test_live import NAMES, frames_check, game_play

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.long(120)]


EVERY_CARD = {
    "composition": "custom", "composition.werewolves": 3, "composition.villagers": 3,
    **{f"composition.{role}": True for role in SPECIALS},
    "timers.talkFirst": 10, "timers.talk": 10,
}


async def test_a_remote_party_sends_every_player_the_tvs_board_and_only_its_own_secrets(
    monkeypatch,
):
    """A whole seeded Werewolf game (every card), no TV but the host's console: every phone's
    frame carries the board, which is the TV's public view, and the Werewolf checks hold."""
    from games.live import socket_limits

    monkeypatch.setattr(secrets, "randbits", lambda bits: 5)
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 1e9)
    table = await table_open("werewolf", 16, EVERY_CARD, remote_party=True, names=NAMES)
    await game_play(table, random.Random(5))
    await table.close()
    assert table.room.state["over"]
    checked = remote_frames_check(table, set(range(16)))
    assert checked > 16 * 100
    # The secrets checks of test_live, on the frames as sent with their board: each phone holds
    # only its own secrets, and at night every living phone's frame has the same keys and size.
    frames, compared = frames_check(table)
    assert frames > 0 and compared > 10
    players = table.rounds[-1].frames[BOARD]["room"]["players"]
    assert all(player["remote"] for player in players)
    assert table.rounds[-1].frames[BOARD]["room"]["remote_party"] is True


