"""The one registry: every game is its package plus its name in ``GAMES``."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from games.kit.adapter import GameAdapter
from games.kit.options import options_defaults
from games.kit.registry import GAMES, adapter_get, game_apps, game_get, game_title, games_all


def test_every_registered_game_is_an_installed_app():
    assert set(game_apps()) <= set(settings.INSTALLED_APPS)
    assert list(games_all()) == list(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_exposes_the_rules_interface(game_id):
    rules = game_get(game_id)
    for name in ("GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "PHASES", "OPTIONS", "FIXED",
                 "options_clean", "setup", "legal_actions", "apply", "view", "views"):
        assert hasattr(rules, name), f"{game_id} lacks {name}"
    assert rules.options_clean({}) == options_defaults(rules.OPTIONS)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_its_screens_and_docs_in_its_folder(game_id):
    root = settings.BASE_DIR / "games" / game_id
    assert (root / "static" / game_id / "tv.js").is_file()
    assert (root / "static" / game_id / "phone.js").is_file()
    assert (root / "static" / game_id / "recap.js").is_file()
    assert (root / "guide.py").is_file() and (root / "recap.py").is_file()
    assert (root / "docs.md").is_file()


@pytest.mark.django_db
@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_an_adapter_naming_its_scripts(game_id):
    adapter = adapter_get(game_id)
    assert isinstance(adapter, GameAdapter)
    assert adapter.scripts() == {
        "board": f"/static/{game_id}/tv.js", "seat": f"/static/{game_id}/phone.js",
        "recap": f"/static/{game_id}/recap.js",
    }
    names = [field["name"] for field in adapter.option_fields()]
    assert names == [option.name for option in game_get(game_id).OPTIONS]


def test_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        game_get("chess")
    with pytest.raises(KeyError):
        adapter_get("chess")


def test_a_title_has_its_own_translation_apart_from_the_pieces_it_names():
    werewolf = game_get("werewolf")
    with translation.override("fr"):
        assert game_title(werewolf) == "Loups-Garous"  # the game
        assert translation.gettext(werewolf.ROLES["werewolf"]["name"]) == "Loup-Garou"  # its card
    with translation.override("es"):
        assert game_title(werewolf) == "Hombres Lobo"
    with translation.override("en"):
        assert [game_title(rules) for rules in games_all().values()] == [
            "Outfox the Fox", "Hoax", "Werewolf"]
