"""Hoax's page data and form: its characters in the games' API, its vote timer's field, in the
asked language (the platform's pages are tested on the test game: tests/games/test_views.py)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.utils import translation

from games.hoax import rules as hoax

pytestmark = pytest.mark.django_db


def test_the_games_api_gives_hoax_its_characters_and_its_vote_timer_in_the_asked_language(
    client,
):
    call_command("load_starter", stdout=io.StringIO())
    listed = client.get("/api/games", HTTP_ACCEPT_LANGUAGE="es").json()["games"]
    hoax_game = next(game for game in listed if game["id"] == "hoax")
    assert {c["id"] for c in hoax_game["characters"]} == set(hoax.CHARACTERS)
    assert set(hoax_game["role_cards"]) == set(hoax.CHARACTERS)
    vote = next(f for f in hoax_game["fields"] if f["name"] == "vote_seconds")
    assert (vote["min"], vote["max"], vote["default"]) == (5, 120, 20)
    with translation.override("es"):
        assert vote["label"] == translation.gettext("Vote time (seconds)")
