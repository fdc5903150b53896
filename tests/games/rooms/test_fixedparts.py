"""A running game's state is stored without the parts its setup fixed, and read whole."""

from __future__ import annotations

import dataclasses

import pytest

from games.kit import registry
from games.rooms import fixedparts, selectors, services
from games.rooms.models import Game, Room
from tests.games.factories import by_position, hoax_started
from tests.games.rooms.test_host_tools import outfox_started

pytestmark = pytest.mark.django_db


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


def outfox_moved(monkeypatch) -> Room:
    """An Outfox room whose reader has picked a card (a move after the start)."""
    room, seats = outfox_started(monkeypatch)
    reader = by_position(seats)[room.state["plan"][0][0]]
    card = room.state["cards"][room.state["offer"][0]]["id"]
    services.action_submit(room.code, reader.token, {"type": "pick_card", "card": card})
    return room


def test_a_move_saves_the_state_without_its_fixed_parts_and_it_reads_back_whole(monkeypatch):
    room = outfox_moved(monkeypatch)
    saved = column(room)
    whole = selectors.room_get(room.code).state
    assert "cards" not in saved and "options" not in saved
    assert saved["phase"] == whole["phase"] == "fox"
    assert whole == {**saved, "cards": whole["cards"], "options": whole["options"]}
    assert [card["id"] for card in whole["cards"]][:3] == [900, 901, 902]
    assert whole == selectors.game_replay(Game.objects.get(pk=game_of(room)))


def test_a_process_that_never_saw_the_game_sets_its_fixed_parts_up_again(monkeypatch):
    room = outfox_moved(monkeypatch)
    remembered = selectors.room_get(room.code).state
    fixedparts.remembered.clear()
    calls, setup = [], fixedparts.game_setup
    monkeypatch.setattr(fixedparts, "game_setup", lambda game: calls.append(game.pk) or setup(game))
    assert selectors.room_get(room.code).state == remembered
    assert selectors.room_get(room.code).state == remembered
    assert calls == [game_of(room)]  # once, then remembered


def test_another_game_under_a_reused_key_is_not_taken_for_this_one(monkeypatch):
    room = outfox_moved(monkeypatch)
    whole = selectors.room_get(room.code).state
    fixedparts.remembered.clear()
    # A game that had this key before, with another seed (a database reuses a deleted key).
    fixedparts.remembered[(game_of(room), whole["seed"] + 1)] = {"cards": [], "options": {}}
    assert selectors.room_get(room.code).state == whole


def test_a_state_saved_whole_reads_as_it_is_and_the_next_move_saves_it_without(monkeypatch):
    room, seats = hoax_started(3)
    whole = selectors.room_get(room.code).state
    Room.objects.filter(pk=room.pk).update(state=whole)  # as saved before the split
    fixedparts.remembered.clear()
    assert selectors.room_get(room.code).state == whole
    assert fixedparts.remembered == {}  # nothing needed from the setup
    mover, action = next(
        (seat, action) for seat in seats if seat.position is not None
        for action in registry.game("hoax").legal_actions(whole, seat.position)
    )
    services.action_submit(room.code, mover.token, action)
    assert "options" not in column(room)
    assert selectors.room_get(room.code).state["options"] == whole["options"]


def test_a_game_with_no_fixed_part_is_saved_as_it_is(monkeypatch):
    monkeypatch.setitem(registry.games(), "hoax", dataclasses.replace(registry.game("hoax"),
                                                                      fixed=()))
    room, _seats = hoax_started(3)
    assert column(room) == selectors.room_get(room.code).state
    assert "options" in column(room)


def test_a_process_remembers_a_bounded_number_of_games(monkeypatch):
    monkeypatch.setattr(fixedparts, "REMEMBERED_GAMES", 2)
    rooms = [hoax_started(3)[0] for _ in range(3)]
    assert [key for key, _parts in fixedparts.remembered.items()] == [
        (game_of(room), column(room)["seed"]) for room in rooms[1:]
    ]  # each start remembers its game; the first is forgotten
    first = selectors.room_get(rooms[0].code).state  # set up again, the second forgotten
    assert first["options"] == selectors.game_replay(Game.objects.get(pk=game_of(rooms[0])))[
        "options"]
    assert [key[0] for key in fixedparts.remembered] == [game_of(rooms[2]), game_of(rooms[0])]
