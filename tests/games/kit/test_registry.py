"""The one registry: every game is its package plus its name in ``PARTYHUB_GAMES``, reached as
its ``Game``; nothing the README calls optional is required of it."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from games.kit.adapter import GameAdapter
from games.kit.options import options_defaults
from games.kit.registry import GAMES, adapter_get, game, game_apps, games
from games.kit.rules import TITLE_CONTEXT
from tests.support.testgame import TEST_GAME


def test_every_registered_game_is_an_installed_app():
    assert set(game_apps()) <= set(settings.INSTALLED_APPS)
    assert list(games()) == list(GAMES)
    assert [registered.package for registered in games().values()] == game_apps()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_games_options_default_to_their_declaration(game_id):
    registered = game(game_id)
    assert registered.options_clean({}) == options_defaults(registered.options)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_its_required_screens_in_its_folder(game_id):
    """The two screens are required; a recap script only with a recap; a docs page is the
    game's own choice (README, "Add a game")."""
    registered = game(game_id)
    root = registered.static_root() / game_id
    assert (root / "tv.js").is_file() and (root / "phone.js").is_file()
    assert (root / "recap.js").is_file() or registered.recap is None


@pytest.mark.django_db
@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_has_an_adapter_naming_its_scripts(game_id):
    adapter = adapter_get(game_id)
    assert isinstance(adapter, GameAdapter)
    scripts = {"board": f"/static/{game_id}/tv.js", "seat": f"/static/{game_id}/phone.js"}
    if game(game_id).recap is not None:
        scripts["recap"] = f"/static/{game_id}/recap.js"
    assert adapter.scripts() == scripts
    names = [field["name"] for field in adapter.option_fields()]
    assert names == [option.name for option in game(game_id).options]


def test_an_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        game("chess")
    with pytest.raises(KeyError):
        adapter_get("chess")


def test_a_title_has_its_own_translation_apart_from_the_pieces_it_names():
    """A title is looked up in its own context: the test game's title and its option's label
    are the same English words ("Highest card"), translated apart."""
    registered = game(TEST_GAME)
    label = next(option.label for option in registered.options if option.name == "top")
    assert label == registered.title
    with translation.override("fr"):
        assert registered.title_shown() == translation.pgettext(TITLE_CONTEXT, registered.title)
        assert registered.title_shown() != translation.gettext(label)
        assert registered.title_shown() != registered.title
    with translation.override("en"):
        assert [g.title_shown() for g in games().values()] == [g.title for g in games().values()]
