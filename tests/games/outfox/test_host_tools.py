"""Outfox through the host's tools: the family filter on the Fox answer a reader types, and the
card language a switch to Outfox deals in (the platform's own host tools are tested on the test
game: tests/games/rooms/test_host_tools.py)."""

from __future__ import annotations

import pytest

from games.kit.registry import adapter_get
from games.rooms import services
from games.rooms.models import Room
from tests.games.factories import (
    by_position,
    host,
    room_fresh,
    room_make,
    seats_join,
    seats_online,
)
from tests.games.rooms.test_services import refused

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("services_called_directly")]


CARDS = [
    {"id": 900 + i, "question": f"Question {i}", "source": "Source", "language": "en",
     "answers": [f"Answer {i}-{rank}" for rank in range(1, 6)],
     "reading_order": [3, 2, 0, 5, 1, 4]}
    for i in range(12)
]


def outfox_started(monkeypatch, n: int = 3, options: dict | None = None):
    """A started Outfox room on a fixed deck (no deck in the database needed)."""
    monkeypatch.setattr(adapter_get("outfox"), "content_for",
                        lambda room, n_players, seed: {"cards": CARDS})
    monkeypatch.setattr("questions.selection.card_count", lambda *filters: len(CARDS))
    room = room_make("outfox", options)
    seats = seats_join(room, n)
    seats_online(room, seats)
    services.room_start(room.code, host(room))
    room = room_fresh(room)
    for seat in seats:
        seat.refresh_from_db()  # its token stays on it (the database keeps its digest)
    return room, seats


def test_the_family_filter_refuses_a_rude_fox_answer(monkeypatch):
    from django.utils import translation

    room, seats = outfox_started(monkeypatch)
    reader = by_position(seats)[room.state["plan"][0][0]]
    card = room.state["cards"][room.state["offer"][0]]["id"]
    services.action_submit(room.code, reader.token, {"type": "pick_card", "card": card})
    room = room_fresh(room)
    with translation.override("fr"), refused("filtered"):
        services.action_submit(room.code, reader.token, {"type": "fox", "text": "Fils de pute"})
    assert room_fresh(room).version == room.version
    services.action_submit(room.code, reader.token, {"type": "fox", "text": "Wile E. Coyote"})
    assert room_fresh(room).state["phase"] == "read"


def test_switching_to_a_game_with_a_card_language_deals_in_the_screens_language(monkeypatch):
    """Outfox next from a Hoax room starts at the cards of the asking screen's language, as the
    home page's form does (not "Any language", which dealt an English TV a Spanish card)."""
    from django.utils import translation

    monkeypatch.setattr("questions.selection.card_count", lambda *filters: len(CARDS))
    for language in ("en", "es"):
        room = room_make("hoax")
        Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
        with translation.override(language):
            services.room_switch_game(room.code, host(room), "outfox")
        assert room_fresh(room).options["language"] == language


def test_switching_back_keeps_the_rooms_card_language(monkeypatch):
    """A card language the host chose stays the room's when it comes back to a game that has one."""
    from django.utils import translation

    monkeypatch.setattr("questions.selection.card_count", lambda *filters: len(CARDS))
    room = room_make("outfox", {"language": "fr"})
    Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
    with translation.override("en"):
        services.room_switch_game(room.code, host(room), "outfox")
    assert room_fresh(room).options["language"] == "fr"


