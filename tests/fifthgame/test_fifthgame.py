"""A game with none of the optional parts, played through the platform: a room made over the API,
its pages given no recap script, its host offered no Remove, a whole game over WebSockets with
its calls secret until the toss, and no audience ballot ever."""

from __future__ import annotations

import pytest
from django.test import Client

from games.kit.registry import game
from games.live.audience import tally_build
from games.rooms.models import Room
from tests.games.factories import BOARD, SocketTable


def test_it_declares_none_of_the_optional_parts():
    played = game("fifthgame")
    assert (played.recap, played.ballot, played.result, played.bench, played.adapter_path,
            played.options, played.host_actions, dict(played.free_text)) == (
        None, None, None, None, None, (), (), {})
    assert not (played.folder() / "docs.md").exists()
    assert set(played.screen_paths()) == {"board", "seat"}


@pytest.mark.django_db
def test_its_pages_name_its_two_screens_and_no_host_move(client: Client):
    made = client.post("/api/rooms", {"game": "fifthgame"}, content_type="application/json")
    assert made.status_code == 201, made.content
    tv = client.get(f"/tv/{made.json()['code']}").content.decode()
    assert "/static/fifthgame/tv.js" in tv and "/static/fifthgame/recap.js" not in tv
    assert '"host_actions": []' in tv


@pytest.mark.django_db(transaction=True)
async def test_it_is_played_to_the_end_over_websockets_with_no_ballot():
    table = await SocketTable.open("fifthgame", 3, {}, audience=1)
    for position, side in ((0, "heads"), (1, "tails")):
        frames = await table.act(position, {"type": "call", "side": side})
        assert frames[BOARD]["view"]["calls"] is None  # secret until the toss
        assert frames[position]["view"]["me"]["call"] == side
    frames = await table.act(2, {"type": "call", "side": "heads"})
    board = frames[BOARD]["view"]
    assert board["over"] and board["calls"] == ["heads", "tails", "heads"]
    assert board["winners"] == ([0, 2] if board["coin"] == "heads" else [1])
    assert frames[BOARD]["recap"] is None  # no recap: the end's screen stands alone
    assert table.room.status == Room.Status.OVER
    from channels.db import database_sync_to_async

    tally = await database_sync_to_async(tally_build)(table.room.pk)
    assert tally is None or (tally["open"], tally["last"]) == (None, None)
    await table.close()
