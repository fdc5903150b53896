"""A game is one ``Game``, built from its rules module with the kit's defaults filled once: a
part left out, of the wrong kind, or disagreeing with another part, fails at import, naming it."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import textwrap
import types

import pytest
from django.conf import settings

from games.kit.game import REQUIRED, Game, GameIncomplete, Screens
from games.kit.registry import game_load, games
from games.kit.rules import HOST, SYSTEM, Move, MoveTable, RuleError, presence_move
from tests.support.testgame import TEST_GAME, game_under_test, pick

REQUIRED_PARTS = [field.name for field in dataclasses.fields(Game) if field.default is REQUIRED
                  and field.default_factory is dataclasses.MISSING]


def parts_of(game: Game) -> dict:
    """The keyword arguments that build ``game`` again."""
    return {field.name: getattr(game, field.name) for field in dataclasses.fields(Game)}


def rules_of(game: Game, **changed) -> types.ModuleType:
    """A rules module written as a new game's would be: its parts under their conventional
    names (``Game.RULES_NAMES``), with ``changed`` ones."""
    module = types.ModuleType(f"{game.package}.rules")
    module.__package__ = game.package
    for part, name in Game.RULES_NAMES.items():
        setattr(module, name, getattr(game, part))
    for name, value in changed.items():
        setattr(module, name, value)
    return module


def test_every_registered_game_is_a_game_object_with_its_own_id():
    for game_id, game in games().items():
        assert isinstance(game, Game) and game.id == game_id
        assert Game(**parts_of(game)) == game


@pytest.mark.parametrize("part", REQUIRED_PARTS)
def test_a_game_without_a_required_part_is_refused_naming_it(part):
    parts = parts_of(game_under_test())
    del parts[part]
    with pytest.raises(GameIncomplete, match=rf"lacks its '{part}'"):
        Game(**parts)


@pytest.mark.parametrize(("part", "value"), [
    ("setup", "setup"), ("views", 3), ("ballot", 3), ("title", ""), ("min_players", 0),
    ("options", ("not an option",)), ("phases", ["a list"]), ("facts", ()),
    ("guide", sys), ("recap", "recap"), ("adapter_path", "games.nowhere.Adapter"),
    ("screens", "tv.js"), ("moves", ["a list"]), ("disguised", None), ("padding", "pad"),
    ("content_sample", 1), ("role_key", ""), ("package", "games.elsewhere"),
])
def test_a_part_of_the_wrong_kind_is_refused_naming_it(part, value):
    with pytest.raises(GameIncomplete, match=rf"its '{part}'"):
        Game(**{**parts_of(game_under_test()), part: value})


def test_a_game_built_from_its_rules_module_gets_the_kits_defaults():
    """What the rules module leaves out is filled once: the options' checker from their
    declaration, ``apply`` from the move table, ``view`` from ``views``, the host's moves from
    the table's HOST lines; and the optional parts are absent, not required."""
    game = game_under_test()
    rules = rules_of(game)
    for name in ("options_clean", "apply", "view", "HOST_ACTIONS", "PRESETS", "FREE_TEXT",
                 "PADDING", "content_sample", "options_public"):
        delattr(rules, name)
    guide = sys.modules[f"{game.package}.guide"]
    built = Game.of(rules, guide=guide)
    assert built.options_clean({"top": 4}) == {**game.options_clean({}), "top": 4}
    with pytest.raises(RuleError):
        built.options_clean({"top": 99})
    state = built.first_state(3)
    after = built.apply(state, 0, pick(3), 1.0)
    assert after["picks"] == [3, None, None] and state["picks"] == [None, None, None]
    assert built.view(after, 0) == built.views(after, [0])[0] and built.view(after, 0)["me"]
    assert built.host_actions == ("remove",)
    assert (built.presets, built.free_text, built.padding, built.content_sample,
            built.options_public, built.recap, built.ballot, built.result, built.bench,
            built.adapter_path) == ((), {}, (), None, None, None, None, None, None, None)
    assert set(built.screen_paths()) == {"board", "seat"}  # no recap, no recap script


def test_a_part_named_in_the_package_wins_over_the_rules_modules():
    game = game_under_test()
    built = Game.of(rules_of(game), guide=game.guide, title="Another title")
    assert built.title == "Another title" and built.setup is game.setup


def test_a_part_that_is_no_part_of_a_game_is_refused_naming_it():
    with pytest.raises(GameIncomplete, match="no part is called 'ballots'"):
        Game.of(rules_of(game_under_test()), guide=game_under_test().guide, ballots=None)


def test_an_audience_gives_its_ballot_and_result_together():
    game = game_under_test()
    audience = types.SimpleNamespace(ballot=game.ballot, result=game.result)
    built = Game.of(rules_of(game), guide=game.guide, audience=audience)
    assert (built.ballot, built.result) == (game.ballot, game.result)
    with pytest.raises(GameIncomplete, match="its 'ballot' and its 'result' go together"):
        Game(**{**parts_of(game), "result": None})


# --- parts that do not agree ---------------------------------------------------------------

def test_phases_the_move_table_names_but_the_game_does_not_declare_are_refused():
    """``Game(phases=("clue", "vote"))`` while the rules play other phases: refused at import."""
    with pytest.raises(GameIncomplete, match=r"its 'moves' name the phases \['pick'\], which "
                                             r"its 'phases' \('clue', 'vote'\) do not list"):
        Game(**{**parts_of(game_under_test()), "phases": ("clue", "vote")})


def test_a_guide_without_a_line_for_each_phase_is_refused():
    game = game_under_test()
    guide = types.SimpleNamespace(**{name: getattr(game.guide, name) for name in (
        "ART", "PITCH", "MINUTES", "SLIDES", "RULES", "ROLES")},
        PHASES={"pick": "Pick.", "shuffle": "Shuffle."})
    with pytest.raises(GameIncomplete, match=r"its 'guide' must have a PHASES line for each of "
                                             r"its phases and no other: missing \['over'\], "
                                             r"not a phase \['shuffle'\]"):
        Game(**{**parts_of(game), "guide": guide})


def test_a_setup_that_starts_in_an_undeclared_phase_is_refused():
    game = game_under_test()

    def setup(*args):
        return {**game.setup(*args), "phase": "deal"}
    with pytest.raises(GameIncomplete, match="its 'setup' starts in the phase 'deal'"):
        Game(**{**parts_of(game), "setup": setup})


def test_a_setup_without_the_kits_state_keys_or_its_fixed_parts_is_refused():
    game = game_under_test()

    def setup(*args):
        state = game.setup(*args)
        del state["rng_draws"]
        return state
    with pytest.raises(GameIncomplete, match=r"its 'setup' makes a state without \['rng_draws'"):
        Game(**{**parts_of(game), "setup": setup})
    with pytest.raises(GameIncomplete, match=r"makes a state without \['deck'\]"):
        Game(**{**parts_of(game), "fixed": ("options", "deck")})

    def away(*args):
        return {**game.setup(*args), "connected": [False] * args[0]}
    with pytest.raises(GameIncomplete, match="its 'setup' must start every seat connected"):
        Game(**{**parts_of(game), "setup": away})


def test_a_host_move_the_move_table_does_not_have_is_refused():
    with pytest.raises(GameIncomplete, match=r"its 'host_actions' name \['extend'\], which its "
                                             r"move table has no HOST line for"):
        Game(**{**parts_of(game_under_test()), "host_actions": ("remove", "extend")})


def test_a_free_text_field_no_move_has_is_refused():
    with pytest.raises(GameIncomplete, match=r"its 'free_text' names pick\.answer"):
        Game(**{**parts_of(game_under_test()), "free_text": {"pick": "answer"}})


def test_a_game_without_a_host_move_offers_none():
    """The host menu offers what the game declares: a table without ``remove`` gives none."""
    game = game_under_test()
    moves = MoveTable([line for line in game.moves.moves if line.type != "remove"])
    built = Game(**{**parts_of(game), "moves": moves, "host_actions": None})
    assert built.host_actions == ()
    extended = MoveTable([*moves.moves, Move("talk_end", HOST, ("pick",), lambda *a: None),
                          Move("timeout", SYSTEM, None, lambda *a: None), presence_move()])
    assert Game(**{**parts_of(game), "moves": extended,
                   "host_actions": None}).host_actions == ("talk_end",)


# --- screens, packages ----------------------------------------------------------------------

def test_screens_default_to_the_games_tv_phone_and_recap_scripts():
    parts = parts_of(game_under_test())
    del parts["screens"]
    game = Game(**parts)
    assert game.screens == Screens()
    assert game.screen_paths() == {"board": f"{TEST_GAME}/tv.js", "seat": f"{TEST_GAME}/phone.js",
                                   "recap": f"{TEST_GAME}/recap.js"}
    assert (game.static_root() / TEST_GAME / "phone.js").is_file()


def test_a_screen_script_that_is_not_there_is_refused_naming_it():
    parts = parts_of(game_under_test())
    with pytest.raises(GameIncomplete,
                       match=rf"its 'screens' name no file: {TEST_GAME}/nowhere\.js"):
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
    (package_dir / "brokengame" / "__init__.py").write_text(textwrap.dedent(f"""
        from dataclasses import fields

        from games.kit.game import Game
        from games.kit.registry import game

        parts = {{f.name: getattr(game({TEST_GAME!r}), f.name) for f in fields(Game)}}
        del parts["legal_actions"]
        GAME = Game(**{{**parts, "id": "brokengame"}})
    """))
    with pytest.raises(GameIncomplete, match="game 'brokengame' lacks its 'legal_actions'"):
        game_load("brokengame")


def test_a_package_exporting_no_game_or_another_games_is_refused(package_dir):
    (package_dir / "brokengame").mkdir()
    (package_dir / "brokengame" / "__init__.py").write_text("RULES = None\n")
    with pytest.raises(GameIncomplete, match="brokengame exports no GAME"):
        game_load("brokengame")
    (package_dir / "brokengame" / "other.py").write_text(
        f"from {game_under_test().package} import GAME\n")
    with pytest.raises(GameIncomplete, match=f"exports the game '{TEST_GAME}', not its own"):
        game_load("brokengame.other")


def test_the_registry_and_every_game_import_without_django():
    """Settings import the games' packages to install them as apps, before Django is set up:
    a package that imported Django's models would fail there."""
    packages = ", ".join(["games.kit.registry", *(game.package for game in games().values())])
    code = (f"import sys, {packages}; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))")
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    ran = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         cwd=settings.BASE_DIR, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"
