"""A game is one ``Game``: a part left out, or of the wrong kind, fails at import, naming it."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import textwrap

import pytest
from django.conf import settings

from games.kit.game import REQUIRED, Game, GameIncomplete, Screens
from games.kit.registry import game_load, games

REQUIRED_PARTS = [field.name for field in dataclasses.fields(Game) if field.default is REQUIRED
                  and field.default_factory is dataclasses.MISSING]


def parts_of(game: Game) -> dict:
    """The keyword arguments that build ``game`` again."""
    return {field.name: getattr(game, field.name) for field in dataclasses.fields(Game)}


def test_every_registered_game_is_a_game_object_with_its_own_id():
    for game_id, game in games().items():
        assert isinstance(game, Game) and game.id == game_id
        assert Game(**parts_of(game)) == game


@pytest.mark.parametrize("part", REQUIRED_PARTS)
def test_a_game_without_a_required_part_is_refused_naming_it(part):
    parts = parts_of(games()["outfox"])
    del parts[part]
    with pytest.raises(GameIncomplete, match=rf"lacks its '{part}'"):
        Game(**parts)


@pytest.mark.parametrize(("part", "value"), [
    ("setup", "setup"), ("views", None), ("ballot", 3), ("title", ""), ("min_players", 0),
    ("options", ("not an option",)), ("phases", ["a list"]), ("facts", ()),
    ("guide", sys), ("recap", "recap"), ("adapter_path", "games.nowhere.Adapter"),
    ("screens", "tv.js"),
])
def test_a_part_of_the_wrong_kind_is_refused_naming_it(part, value):
    parts = parts_of(games()["hoax"])
    with pytest.raises(GameIncomplete, match=rf"its '{part}'"):
        Game(**{**parts, part: value})


def test_the_optional_parts_have_defaults():
    parts = parts_of(games()["hoax"])
    for optional in ("presets", "options_public", "host_actions", "free_text", "recap",
                     "adapter_path"):
        del parts[optional]
    game = Game(**parts)
    assert (game.presets, game.options_public, game.host_actions, dict(game.free_text),
            game.recap, game.adapter_path) == ((), None, (), {}, None, None)


def test_screens_default_to_the_games_tv_phone_and_recap_scripts():
    parts = parts_of(games()["hoax"])
    del parts["screens"]
    game = Game(**parts)
    assert game.screens == Screens()
    assert game.screen_paths() == {
        "board": "hoax/tv.js", "seat": "hoax/phone.js", "recap": "hoax/recap.js"}
    assert (game.static_root() / "hoax" / "phone.js").is_file()


def test_a_screen_script_that_is_not_there_is_refused_naming_it():
    parts = parts_of(games()["hoax"])
    with pytest.raises(GameIncomplete, match=r"its 'screens' name no file: hoax/nowhere\.js"):
        Game(**{**parts, "screens": Screens(seat="nowhere.js")})
    # A game without a recap needs no recap script, and its pages are given none.
    game = Game(**{**parts, "recap": None, "screens": Screens(recap="nowhere.js")})
    assert set(game.screen_paths()) == {"board", "seat"}


@pytest.fixture
def package_dir(tmp_path, monkeypatch):
    """A folder on the import path for a game package written by the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [name for name in sys.modules if name.startswith("brokengame")]:
        del sys.modules[name]


def test_importing_a_game_package_that_forgets_a_part_fails_naming_it(package_dir):
    (package_dir / "brokengame").mkdir()
    (package_dir / "brokengame" / "__init__.py").write_text(textwrap.dedent("""
        from games.kit.game import Game
        from games.hoax import GAME as HOAX

        parts = {name: getattr(HOAX, name) for name in HOAX.__dataclass_fields__}
        del parts["legal_actions"]
        GAME = Game(**{**parts, "id": "brokengame"})
    """))
    with pytest.raises(GameIncomplete, match="game 'brokengame' lacks its 'legal_actions'"):
        game_load("brokengame")


def test_a_package_exporting_no_game_or_another_games_is_refused(package_dir):
    (package_dir / "brokengame").mkdir()
    (package_dir / "brokengame" / "__init__.py").write_text("RULES = None\n")
    with pytest.raises(GameIncomplete, match="brokengame exports no GAME"):
        game_load("brokengame")
    (package_dir / "brokengame" / "other.py").write_text("from games.hoax import GAME\n")
    with pytest.raises(GameIncomplete, match="exports the game 'hoax', not its own"):
        game_load("brokengame.other")


def test_the_registry_and_every_game_import_without_django():
    """Settings import the games' packages to install them as apps, before Django is set up:
    a package that imported Django's models would fail there."""
    packages = ", ".join(["games.kit.registry", *(f"games.{game_id}" for game_id in games())])
    code = (f"import sys, {packages}; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    ran = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=settings.BASE_DIR, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"
