"""A game the platform has never heard of, played through it: a room is made over the API, its
pages name its screens, players join and play it to the end over WebSockets. No platform file
names it: its package and its settings are all of it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from games.kit.registry import GAMES, game
from games.rooms.models import Room
from tests.games.factories import BOARD, SocketTable

ROOT = Path(__file__).resolve().parents[2]


def test_it_is_registered_by_the_test_settings_alone():
    assert "fourthgame" in GAMES and game("fourthgame").title == "Highest card"
    listed = subprocess.run(["git", "grep", "-l", "-i", "fourthgame", "--", ".", ":!tests"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert listed.returncode in (0, 1), listed.stderr  # 1: nothing found
    # The README walks through adding it.
    assert set(listed.stdout.split()) <= {"README.md"}, listed.stdout
    assert "tests.fourthgame" in settings.INSTALLED_APPS


@pytest.mark.django_db
def test_a_room_is_made_joined_and_its_pages_name_its_screens(client: Client):
    made = client.post("/api/rooms", {"game": "fourthgame", "options": {"top": 5}},
                       content_type="application/json")
    assert made.status_code == 201, made.content
    code = made.json()["code"]
    assert Room.objects.get(code=code).options == {"top": 5, "rounds": 1, "pick_seconds": 60}
    refused = client.post("/api/rooms", {"game": "fourthgame", "options": {"top": 50}},
                          content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_options"
    tv = client.get(f"/tv/{code}").content.decode()
    assert "/static/fourthgame/tv.js" in tv and "/static/fourthgame/phone.js" in tv
    listed = {entry["id"]: entry for entry in client.get("/api/games").json()["games"]}
    assert listed["fourthgame"]["title"] == "Highest card"
    assert [field["control"] for field in listed["fourthgame"]["fields"]] == ["number"] * 3
    home = client.get("/").content.decode()
    assert 'name="fourthgame-top"' in home


@pytest.mark.django_db(transaction=True)
async def test_it_is_played_to_the_end_over_websockets():
    table = await SocketTable.open("fourthgame", 3, {"top": 4})
    assert table.frames[BOARD][-1]["view"]["phase"] == "pick"
    for position, card in ((0, 2), (1, 4), (2, 4)):
        frames = await table.act(position, {"type": "pick", "card": card})
        assert frames[BOARD]["view"]["picks"] is None or position == 2  # secret until the end
    board = frames[BOARD]["view"]
    assert board["over"] and board["picks"] == [2, 4, 4] and board["winners"] == [1, 2]
    assert frames[0]["view"]["me"]["actions"] == []
    assert table.room.status != Room.Status.PLAYING
    await table.close()
