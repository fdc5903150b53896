"""A game's own catalogue (``<its folder>/locale``, ``make messages GAME=<id>``): it wins over the
project's for the game's words, and it translates no word the project or another game also
translates differently (the catalogues are merged into one: a word both hold would otherwise be
worded by whichever comes first, everywhere)."""

from __future__ import annotations

import gettext
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation

from games.kit.registry import games
from partyhub.settings import locale_paths

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogue(folder: Path, language: str) -> dict:
    """Every translated entry of a locale folder's two catalogues, by (context, msgid)."""
    entries = {}
    for domain in ("django", "djangojs"):
        mo = folder / language / "LC_MESSAGES" / f"{domain}.mo"
        if mo.is_file():
            with mo.open("rb") as file:
                for key, text in gettext.GNUTranslations(file)._catalog.items():
                    if key and text:
                        entries[key] = text
    return entries


def test_each_games_catalogue_comes_before_the_projects():
    folders = [game.folder() / "locale" for game in games().values()]
    assert settings.LOCALE_PATHS == [*folders, settings.BASE_DIR / "locale"]


def test_a_games_catalogue_wins_over_the_projects_for_its_words(tmp_path, monkeypatch):
    """A game whose catalogue words a message the project's also translates its own way: its
    pages say it so (before, the project's catalogue, listed first, won)."""
    package = tmp_path / "catalogued"
    (package / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    po = package / "locale" / "fr" / "LC_MESSAGES" / "django.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "This room is locked."\nmsgstr "La table est fermée."\n')
    subprocess.run(["msgfmt", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    with translation.override("fr"):
        project = translation.gettext("This room is locked.")
    assert project not in ("This room is locked.", "La table est fermée.")  # the project's own
    with override_settings(LOCALE_PATHS=locale_paths(["catalogued"])):
        with translation.override("fr"):
            assert translation.gettext("This room is locked.") == "La table est fermée."
    with translation.override("fr"):
        assert translation.gettext("This room is locked.") == project


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_words_a_shared_msgid_otherwise(language):
    found = []
    folders = [*(game.folder() / "locale" for game in games().values()),
               settings.BASE_DIR / "locale"]
    seen: dict = {}
    for folder in folders:
        for key, text in catalogue(folder, language).items():
            if key in seen and seen[key][1] != text:
                found.append(f"{key!r}: {seen[key][0]} says {seen[key][1]!r}, {folder} {text!r}")
            seen.setdefault(key, (folder, text))
    assert not found, "\n".join(found)
