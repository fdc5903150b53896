"""Each game's guide (its package's guide.py): complete, within the bounds the README's "Add a
game" lists, and translated in every language the hub speaks; the pages and the API send it.
Each failure names the bound it broke and the game."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.kit.guides import guide_for
from games.kit.registry import GAMES, game

PITCH_MAX_CHARS = 90  # one line on the home page
SLIDES_MIN, SLIDES_MAX = 4, 8
# About a minute of speech, at roughly 150 words a minute.
WORDS_MIN, WORDS_MAX = 100, 180


def texts(guide: dict) -> list[str]:
    return [guide["pitch"], *(s["text"] for s in guide["slides"]), *guide["rules"],
            *guide["roles"].values(), *guide["phases"].values()]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_guide_is_complete(game_id):
    guide = game(game_id).guide
    assert guide.PITCH and len(guide.PITCH) <= PITCH_MAX_CHARS, (
        f"{game_id}: its PITCH is {len(guide.PITCH)} characters; at most {PITCH_MAX_CHARS}")
    low, high = guide.MINUTES
    assert 0 < low <= high, f"{game_id}: its MINUTES must be (low, high) with 0 < low <= high"
    assert SLIDES_MIN <= len(guide.SLIDES) <= SLIDES_MAX, (
        f"{game_id}: {len(guide.SLIDES)} SLIDES; the intro has {SLIDES_MIN} to {SLIDES_MAX}")
    assert guide.RULES, f"{game_id}: its rules card (RULES) is empty"
    words = sum(len(slide["text"].split()) for slide in guide.SLIDES)
    assert WORDS_MIN <= words <= WORDS_MAX, (
        f"{game_id}: its SLIDES say {words} words; the intro is about a minute of speech, "
        f"{WORDS_MIN} to {WORDS_MAX} words")
    root = game(game_id).static_root()
    for path in [guide.ART, *(slide["art"] for slide in guide.SLIDES)]:
        assert (root / path).is_file(), f"{game_id}: no picture {path} under {root}"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["es", "fr", "id"])
def test_every_text_of_each_guide_is_translated(game_id, language):
    with translation.override("en"):
        english = texts(guide_for(game_id))
    with translation.override(language):
        translated = texts(guide_for(game_id))
    untranslated = [text for text, there in zip(english, translated, strict=True) if text == there]
    assert not untranslated, (f"{game_id}: not translated into {language!r} (its own locale/, "
                              f"`make messages GAME={game_id}`): {untranslated}")


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
