"""The room list in the admin: the operator's view of the live rooms."""

from __future__ import annotations

import re

import pytest

from games.rooms import services
from tests.games.factories import picks_made, room_make, seats_join, started
from tests.support.testgame import TEST_GAME

pytestmark = pytest.mark.django_db


def rows(html: str) -> dict[str, list[str]]:
    """Each room row's cells after its code, by its code."""
    found = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S):
        cells = [cell.strip() for cell in re.sub(r"<[^>]+>", "|", row).split("|")]
        cells = [cell for cell in cells if cell]
        codes = [cell for cell in cells if re.fullmatch(r"[A-Z]{4}", cell)]
        if codes:
            found[codes[0]] = cells[cells.index(codes[0]) + 1:]
    return found


def test_the_room_list_shows_game_players_audience_screens_age_and_last_move(admin_client):
    playing, seats = started(3)  # every seat has a socket row
    picks_made(playing, seats, [4])
    services.seat_join(playing.code, "Late")  # audience
    lobby = room_make(TEST_GAME)
    seats_join(lobby, 2)
    response = admin_client.get("/admin/games/room/")
    assert response.status_code == 200
    found = rows(response.content.decode())
    assert found[playing.code][:7] == [
        TEST_GAME, "Playing", "3", "1", "3", "0\xa0minutes", "0\xa0minutes ago"]
    assert found[lobby.code][:7] == [
        TEST_GAME, "In the lobby", "2", "0", "0", "0\xa0minutes", "—"]


def test_the_live_filter_keeps_the_rooms_with_a_screen_open(admin_client):
    playing, _seats = started(3)
    quiet = room_make(TEST_GAME)
    live = rows(admin_client.get("/admin/games/room/?live=yes").content.decode())
    assert playing.code in live and quiet.code not in live
    idle = rows(admin_client.get("/admin/games/room/?live=no").content.decode())
    assert quiet.code in idle and playing.code not in idle


def test_the_last_move_is_the_players_not_the_system(admin_client):
    playing, seats = started(3)
    before = rows(admin_client.get("/admin/games/room/").content.decode())[playing.code]
    assert before[6] == "—"  # the start's own moves are the system's
    picks_made(playing, seats, [4])
    after = rows(admin_client.get("/admin/games/room/").content.decode())[playing.code]
    assert after[6] == "0\xa0minutes ago"
