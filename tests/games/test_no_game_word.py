"""The platform knows games only through the registry: no file of it names a game, but for
the settings' line listing the games' packages."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

from games.kit.registry import games

ROOT = Path(settings.BASE_DIR)
# The platform: everything but the games' own folders, the tests, the docs, the fixtures, the
# catalogues and the migrations.
PLATFORM = [
    *sorted((ROOT / "partyhub").rglob("*")), *sorted((ROOT / "games").glob("*.py")),
    *sorted((ROOT / "games" / "templates").rglob("*")),
    *sorted((ROOT / "games" / "management").rglob("*.py")),
    *sorted((ROOT / "bench").rglob("*.py")),
    ROOT / "Makefile", ROOT / "pyproject.toml", ROOT / "manage.py",
]
SETTINGS_LINE = re.compile(r"^PARTYHUB_GAMES = \[.*\]$")


def test_no_platform_file_names_a_game():
    word = re.compile("|".join(re.escape(game_id) for game_id in games()), re.IGNORECASE)
    found = []
    for path in PLATFORM:
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue  # a picture
        for number, line in enumerate(text.splitlines(), 1):
            if word.search(line) and not (path.name == "settings.py" and SETTINGS_LINE.match(line)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
