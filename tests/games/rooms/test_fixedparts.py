"""A running game's state is stored without the parts its setup fixed, and read whole."""

from __future__ import annotations

import dataclasses

import pytest

from games.kit import registry
from games.rooms import fixedparts, selectors, services
from games.rooms.models import Game, Room
from tests.games.factories import by_position, started
from tests.support.testgame import TEST_GAME, pick

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("services_called_directly")]


@pytest.fixture(autouse=True)
def forgotten():
    """Each test starts with a process that remembers no game."""
    fixedparts.remembered.clear()
    yield
    fixedparts.remembered.clear()


def column(room: Room) -> dict:
    """The room's ``state`` column as saved."""
    return Room.objects.values_list("state", flat=True).get(pk=room.pk)


def game_of(room: Room) -> int:
    """The key of the room's current game."""
    return Room.objects.values_list("current_game_id", flat=True).get(pk=room.pk)


def moved() -> Room:
    """A room of the test game where a seat has picked (a move after the start)."""
    room, seats = started(3, {"top": 12})
    services.action_submit(room.code, by_position(seats)[0].token, pick(9))
    return room


def test_a_move_saves_the_state_without_its_fixed_parts_and_it_reads_back_whole():
    room = moved()
    saved = column(room)
    whole = selectors.room_get(room.code).state
    assert registry.game(TEST_GAME).fixed == ("options",)
    assert "options" not in saved and saved["picks"] == [9, None, None]
    assert whole == {**saved, "options": whole["options"]} and whole["options"]["top"] == 12
    assert whole == selectors.game_replay(Game.objects.get(pk=game_of(room)))


def test_a_process_that_never_saw_the_game_sets_its_fixed_parts_up_again(monkeypatch):
    room = moved()
    remembered = selectors.room_get(room.code).state
    fixedparts.remembered.clear()
    calls, setup = [], fixedparts.game_setup
    monkeypatch.setattr(fixedparts, "game_setup", lambda game: calls.append(game.pk) or setup(game))
    assert selectors.room_get(room.code).state == remembered
    assert selectors.room_get(room.code).state == remembered
    assert calls == [game_of(room)]  # once, then remembered


def test_another_game_under_a_reused_key_is_not_taken_for_this_one():
    room = moved()
    whole = selectors.room_get(room.code).state
    fixedparts.remembered.clear()
    # A game that had this key before, with another seed (a database reuses a deleted key).
    fixedparts.remembered[(game_of(room), whole["seed"] + 1)] = {"options": {}}
    assert selectors.room_get(room.code).state == whole


def test_a_state_saved_whole_reads_as_it_is_and_the_next_move_saves_it_without():
    room, seats = started(3)
    whole = selectors.room_get(room.code).state
    Room.objects.filter(pk=room.pk).update(state=whole)  # as saved before the split
    fixedparts.remembered.clear()
    assert selectors.room_get(room.code).state == whole
    assert fixedparts.remembered == {}  # nothing needed from the setup
    mover, action = next(
        (seat, action) for seat in seats if seat.position is not None
        for action in registry.game(TEST_GAME).legal_actions(whole, seat.position)
    )
    services.action_submit(room.code, mover.token, action)
    assert "options" not in column(room)
    assert selectors.room_get(room.code).state["options"] == whole["options"]


def test_a_game_with_no_fixed_part_is_saved_as_it_is(monkeypatch):
    monkeypatch.setitem(registry.games(), TEST_GAME,
                        dataclasses.replace(registry.game(TEST_GAME), fixed=()))
    room, _seats = started(3)
    assert column(room) == selectors.room_get(room.code).state
    assert "options" in column(room)


def test_a_process_remembers_a_bounded_number_of_games(monkeypatch):
    monkeypatch.setattr(fixedparts, "REMEMBERED_GAMES", 2)
    rooms = [started(3)[0] for _ in range(3)]
    assert [key for key, _parts in fixedparts.remembered.items()] == [
        (game_of(room), column(room)["seed"]) for room in rooms[1:]
    ]  # each start remembers its game; the first is forgotten
    first = selectors.room_get(rooms[0].code).state  # set up again, the second forgotten
    assert first["options"] == selectors.game_replay(Game.objects.get(pk=game_of(rooms[0])))[
        "options"]
    assert [key[0] for key in fixedparts.remembered] == [game_of(rooms[2]), game_of(rooms[0])]
