"""The platform knows games only through the registry. Every file outside the registered games'
folders (Python, JavaScript, CSS, templates; the platform's own tests in tests/games/{kit,live,
rooms,ops} too) names no game, comments and docstrings aside; and the platform's code reads no
game's view: only the kit's own keys of a state, a view and a phone's ``me``, only the page
keys the platform itself sets, styles no class only a game makes, and says no game's phase.
What a game needs from the platform, it declares (its ``Game``: ``role_key``, ``host_actions``;
its adapter's ``role_cards``). Each rule is tested on a planted file."""

from __future__ import annotations

import ast
import re
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from django.conf import settings

from games.kit.game import STATE_KEYS
from games.kit.registry import games

ROOT = Path(settings.BASE_DIR)
SUFFIXES = (".py", ".js", ".css", ".html")
# Outside the games' folders but no platform code: the tests of the games (tests/games/<game>/,
# the browser tests, the benchmark's), the test helpers shared with them (tests/support/,
# tests/games/factories.py), the protocol's check of the shipped games' sections
# (test_protocol_docs.py), vendored libraries, and the migrations (history: a model that once
# lived in the platform keeps its name there). The platform's own tests are read: those of
# tests/games/{kit,live,rooms,ops}/ and of tests/games/ beside them.
PLATFORM_TESTS = re.compile(r"^tests/games/((kit|live|rooms|ops)/[^/]+|test_[^/]+)\.py$")
NOT_PLATFORM = re.compile(r"^(tests/|.*/vendor/|.*/migrations/)")
NOT_PLATFORM_TESTS = {"tests/games/test_protocol_docs.py"}
SETTINGS_LINE = re.compile(r"^PARTYHUB_GAMES = \[.*\]$")
# The code that handles a game's states, views and frames (the rules on view reads apply there).
SCREENS = re.compile(r"^partyhub/static/partyhub/js/.*\.js$")
SERVER = re.compile(r"^games/(kit|live|rooms|ops)/.*\.py$")
PLATFORM_CSS = re.compile(r"^partyhub/static/partyhub/.*\.css$")

# What the platform may read of a game's view: the kit's contract (games/kit/rules.py: every
# state's keys; a view's ``me``; a phone's ``seat`` and ``actions``; the recap's ``me`` and its
# ``seat``), and, on the server, the kit helpers' own conventions (``active``: the active seat of
# ACTIVE_SEAT; ``log``/``log_from``: the public log games.kit.recap.events_new reads).
VIEW_KEYS = {"phase", "over", "deadline", "me"}
ME_KEYS = {"seat", "actions"}
SERVER_KEYS = {*STATE_KEYS, "me", "active", "log", "log_from"}
# Words of the platform's own that are also some game's phase: "over", the room's status once a
# game ended; "prompt", the hook audience.js asks a game's ``ballot`` wording for.
PLATFORM_WORDS = {"over", "prompt"}


@dataclass(frozen=True)
class Source:
    path: str  # relative to the project's root
    text: str


def platform_sources() -> list[Source]:
    """Every tracked platform file of a kind the guard reads."""
    folders = [str(game.folder().relative_to(ROOT)) + "/" for game in games().values()
               if game.folder().is_relative_to(ROOT)]
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [Source(path, (ROOT / path).read_text()) for path in tracked
            if path.endswith(SUFFIXES) and (ROOT / path).is_file()
            and not path.startswith(tuple(folders))
            and (not NOT_PLATFORM.match(path)
                 or (PLATFORM_TESTS.match(path) and path not in NOT_PLATFORM_TESTS))]


# --- code without its comments and docstrings ----------------------------------------------

def python_code(text: str) -> list[tuple[int, str]]:
    """The names and strings of Python code, by line, docstrings and comments left out."""
    tree = ast.parse(text)
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.alias):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.append((node.lineno, node.name))
        elif isinstance(node, ast.arg):
            found.append((node.lineno, node.arg))
    return found


def comments_blanked(text: str, path: str) -> str:
    """JavaScript, CSS or a template with its comments blanked (line numbers kept)."""
    keep_lines = lambda match: re.sub(r"[^\n]", " ", match.group())  # noqa: E731
    if path.endswith(".html"):
        text = re.sub(r"<!--.*?-->|\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", keep_lines,
                      text, flags=re.S)
        return text
    text = re.sub(r"/\*.*?\*/", keep_lines, text, flags=re.S)
    if path.endswith(".js"):
        text = re.sub(r"(^|[^:\\])//[^\n]*", lambda m: m.group(1) + " " * (len(m.group()) - 1),
                      text, flags=re.M)
    return text


@cache
def code_lines(source: Source) -> list[tuple[int, str]]:
    if source.path.endswith(".py"):
        return python_code(source.text)
    return list(enumerate(comments_blanked(source.text, source.path).splitlines(), 1))


# --- the rules -------------------------------------------------------------------------------

def game_words(sources: list[Source], ids: list[str]) -> list[str]:
    word = re.compile("|".join(re.escape(game_id) for game_id in ids), re.IGNORECASE)
    found = []
    for source in sources:
        lines = source.text.splitlines()
        for number, code in code_lines(source):
            if not word.search(code):
                continue
            line = lines[number - 1] if number <= len(lines) else code
            if source.path == "partyhub/settings.py" and SETTINGS_LINE.match(line):
                continue
            found.append(f"{source.path}:{number}: names a game: {line.strip()}")
    return found


# Overlapping (a lookahead): ``view.me.character`` reads ``me`` of the view and ``character``.
JS_READ = re.compile(r"(?=\b(view|me)\??\.([A-Za-z_]\w*)|\b(view|me)\[\s*[\"'](\w+)[\"']\s*\])")
PAGE_READ = re.compile(r"\bpage\??\.([A-Za-z_]\w*)")
PY_READ = re.compile(r"\b(state|view|board|after|before)\s*(?:\[\s*[\"'](\w+)[\"']\s*\]|"
                     r"\.get\(\s*[\"'](\w+)[\"'])")


def view_reads(sources: list[Source], page_keys: set[str]) -> list[str]:
    """Reads of a game's view by a key that is not the kit's, or of the page by a key the
    platform does not set (a game's adapter adds its own)."""
    found = []
    for source in sources:
        if SCREENS.match(source.path):
            for number, line in code_lines(source):
                for match in JS_READ.finditer(line):
                    owner = match.group(1) or match.group(3)
                    key = match.group(2) or match.group(4)
                    if key not in (VIEW_KEYS if owner == "view" else ME_KEYS):
                        found.append(f"{source.path}:{number}: reads a game's view key "
                                     f"{owner}.{key}: {line.strip()}")
                for match in PAGE_READ.finditer(line):
                    if match.group(1) not in page_keys:
                        found.append(f"{source.path}:{number}: reads page.{match.group(1)}, "
                                     f"which a game's adapter sets: {line.strip()}")
        elif SERVER.match(source.path):
            lines = source.text.splitlines()
            for number, line in enumerate(lines, 1):
                if line.lstrip().startswith("#"):
                    continue
                for match in PY_READ.finditer(line):
                    key = match.group(2) or match.group(3)
                    if key not in SERVER_KEYS:
                        found.append(f"{source.path}:{number}: reads a game's state key "
                                     f"{key!r}: {line.strip()}")
    return list(dict.fromkeys(found))


def phase_words(sources: list[Source], phases: set[str]) -> list[str]:
    """A game's phase said in the platform's screens (a string), or compared on the server."""
    found = []
    for source in sources:
        if SCREENS.match(source.path):
            for number, line in code_lines(source):
                for match in re.finditer(r"[\"'](\w+)[\"']", line):
                    if match.group(1) in phases - PLATFORM_WORDS:
                        found.append(f"{source.path}:{number}: says the game phase "
                                     f"{match.group(1)!r}: {line.strip()}")
        elif SERVER.match(source.path):
            for number, line in enumerate(source.text.splitlines(), 1):
                for match in re.finditer(r"phase[\"']?\]?\s*(?:==|!=|in)\s*\(?[\"'](\w+)[\"']",
                                         line):
                    if match.group(1) in phases - PLATFORM_WORDS:
                        found.append(f"{source.path}:{number}: compares with the game phase "
                                     f"{match.group(1)!r}: {line.strip()}")
    return found


CLASS_WORD = re.compile(r"[\w-]+")


def game_classes_styled(sources: list[Source], game_texts: list[str]) -> list[str]:
    """Classes a platform stylesheet styles that only a game's files make."""
    made_by_platform = {word for source in sources
                        if not source.path.endswith(".css") and not source.path.startswith("tests/")
                        for word in CLASS_WORD.findall(source.text)}
    made_by_games = {word for text in game_texts for word in CLASS_WORD.findall(text)}
    found = []
    for source in sources:
        if not PLATFORM_CSS.match(source.path):
            continue
        for number, line in code_lines(source):
            selector = line.split("{")[0]
            for name in re.findall(r"\.([A-Za-z][\w-]*)", selector):
                if name in made_by_games and name not in made_by_platform:
                    found.append(f"{source.path}:{number}: styles .{name}, which only a game "
                                 f"makes: {line.strip()}")
    return found


@cache
def game_static_texts() -> tuple[str, ...]:
    return tuple(path.read_text() for game in games().values()
                 for path in sorted((game.static_root() / game.id).rglob("*"))
                 if path.suffix in (".js", ".css"))


@pytest.fixture(scope="module")
def sources() -> list[Source]:
    return platform_sources()


@pytest.fixture
def page_keys(db, services_called_directly) -> set[str]:
    """The keys the platform's own page data has, for a game with no adapter of its own (the
    test game): the TV's and the phone's."""
    import json

    from django.test import Client

    from games.live.handshake import seat_cookie_name
    from games.rooms import services
    from games.rooms.models import Seat
    from tests.support.testgame import TEST_GAME

    keys: set[str] = set()
    room = services.room_create(TEST_GAME, {})
    seat: Seat = services.seat_join(room.code, "Ann")[0]
    client = Client()
    client.cookies[seat_cookie_name(room.code)] = seat.token
    for address in (f"/tv/{room.code}", f"/play/{room.code}"):
        page = client.get(address).content.decode()
        data = re.search(r"<script id=\"page-data\" type=\"application/json\">(.*?)</script>",
                         page, re.S)
        assert data, address
        keys |= set(json.loads(data.group(1)))
    return keys


def test_no_platform_file_names_a_game(sources):
    found = game_words(sources, list(games()))
    assert not found, "\n".join(found)


def test_the_guard_reads_every_kind_of_platform_file(sources):
    read = {source.path for source in sources}
    for expected in ("games/live/consumers.py", "games/kit/game.py",
                     "games/rooms/services/actions.py",
                     "games/ops/limits.py", "questions/models.py", "bench/engine.py",
                     "partyhub/static/partyhub/js/screen.js",
                     "partyhub/static/partyhub/css/hub.css", "games/templates/games/tv.html",
                     "tests/games/rooms/test_services.py", "tests/games/test_views.py"):
        assert expected in read, expected


def test_the_platform_reads_no_games_view(sources, page_keys):
    found = view_reads(sources, page_keys)
    found += phase_words(sources, {phase for game in games().values() for phase in game.phases})
    found += game_classes_styled(sources, game_static_texts())
    assert not found, "\n".join(found)


# --- each rule fails on a planted file -------------------------------------------------------

PLANTED = [
    ("games/live/planted.py", "from games.{game} import rules\n", "names a game"),
    ("partyhub/static/partyhub/js/planted.js", "const x = '{game}';\n", "names a game"),
    ("games/templates/games/planted.html", '<div class="{game}-board"></div>\n', "names a game"),
    ("partyhub/static/partyhub/css/planted.css", ".{game}-x {{ color: red; }}\n", "names a game"),
    ("tests/games/rooms/test_planted.py", "ROOM = '{game}'\n", "names a game"),
    ("partyhub/static/partyhub/js/planted.js",
     "const own = frame.view.me.character;\n", "reads a game's view key me.character"),
    ("partyhub/static/partyhub/js/planted.js",
     "if (view.winners.length) go();\n", "reads a game's view key view.winners"),
    ("partyhub/static/partyhub/js/planted.js",
     "const list = ctx.page.characters;\n", "reads page.characters"),
    ("games/rooms/planted.py", "def f(state):\n    return state['claims']\n",
     "reads a game's state key 'claims'"),
    ("partyhub/static/partyhub/js/planted.js",
     "const slow = effect === '{phase}';\n", "says the game phase '{phase}'"),
    ("partyhub/static/partyhub/css/planted.css",
     ".{css_class} li {{ color: red; }}\n", "styles .{css_class}, which only a game makes"),
]


@pytest.mark.parametrize(("path", "planted", "message"), PLANTED,
                         ids=[f"{i}-{p[0].rsplit('/', 1)[1]}" for i, p in enumerate(PLANTED)])
def test_a_planted_game_word_or_view_read_fails_the_guard(sources, page_keys, path, planted,
                                                          message):
    registered = list(games().values())[0]
    phase = next(phase for game in games().values() for phase in game.phases
                 if phase not in PLATFORM_WORDS and len(phase) > 3)
    css_class = "planted-game-only-class"
    fill = {"game": registered.id, "phase": phase, "css_class": css_class}
    planted_source = Source(path, planted.format(**fill))
    together = [*sources, planted_source]
    found = (game_words(together, list(games())) + view_reads(together, page_keys)
             + phase_words(together, {p for game in games().values() for p in game.phases})
             + game_classes_styled(together, [*game_static_texts(),
                                              f'h("ol", {{ class: "{css_class}" }})']))
    assert any(line.startswith(path) and message.format(**fill) in line for line in found), found
    # Without the planted file, the platform is clean.
    assert not [line for line in found if not line.startswith(path)]


def test_a_comment_or_a_docstring_may_name_a_game(sources):
    game_id = list(games())[0]
    planted = [Source("games/live/planted.py", f'"""Unlike {game_id}."""\n# {game_id}\n'),
               Source("partyhub/static/partyhub/js/planted.js", f"// {game_id}\n/* {game_id} */\n")]
    assert not game_words([*sources, *planted], list(games()))
