"""Each game's guide (games/<game>/guide.py): complete, and translated in every language the hub
speaks; the pages and the API send it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from games.kit.guides import guide_for
from games.kit.registry import GAMES, game_get, guide_get


def texts(guide: dict) -> list[str]:
    return [guide["pitch"], *(s["text"] for s in guide["slides"]), *guide["rules"],
            *guide["roles"].values(), *guide["phases"].values()]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_guide_is_complete(game_id):
    guide = guide_get(game_id)
    assert guide.PITCH and len(guide.PITCH) <= 90  # one line on the home page
    low, high = guide.MINUTES
    assert 0 < low <= high
    assert 4 <= len(guide.SLIDES) <= 8 and guide.RULES
    # About a minute of speech, at roughly 150 words a minute.
    words = sum(len(slide["text"].split()) for slide in guide.SLIDES)
    assert 100 <= words <= 180, words
    # The rules card says what is happening now, in every phase a state can be in.
    assert list(guide.PHASES) == list(game_get(game_id).PHASES)
    for path in [guide.ART, *(slide["art"] for slide in guide.SLIDES)]:
        assert (settings.BASE_DIR / "games" / game_id / "static" / path).is_file(), path


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["es", "fr", "id"])
def test_every_text_of_each_guide_is_translated(game_id, language):
    with translation.override("en"):
        english = texts(guide_for(game_id))
    with translation.override(language):
        translated = texts(guide_for(game_id))
    untranslated = [text for text, there in zip(english, translated, strict=True) if text == there]
    assert not untranslated


@pytest.mark.django_db
def test_the_home_page_shows_each_game_with_its_art_pitch_players_and_length(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for game_id in GAMES:
        guide = guide_for(game_id)
        assert guide["art"] in page and guide["pitch"] in page
        assert f'{guide["minutes"]["min"]}–{guide["minutes"]["max"]} min' in page


@pytest.mark.django_db
def test_the_api_sends_each_game_its_guide(client):
    games = client.get("/api/games", HTTP_ACCEPT_LANGUAGE="fr").json()["games"]
    with translation.override("fr"):
        assert [game["guide"] for game in games] == [guide_for(game_id) for game_id in GAMES]
