"""What the games' admin-curated data shares: the languages a text is translated into, the
check of an uploaded picture, picking a text in the reader's language, and keeping each text's
placeholders those of the line the project ships.

A game's curated rows (characters, roles, narrator's lines) hold their texts in the
base language and one translation row per other language; their mechanics stay in the rules.
A screen fills a text's placeholders (``{seat}``, ``{night}``…) with the parameters the rules
give it, by name, so a curated text must keep exactly the placeholders of its original (the
starter fixture's): an unknown one (``{nuit}``) or a stray brace (``{night``) would reach the
screen raw, a missing one would drop a name. The admin refuses such a text on its field
(``Originals.validate``, from the model's ``clean``), and the pages show the original instead
of one already saved (``Originals.shown``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import Any

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

# The raster types a curator may upload, by suffix, with the bytes each file starts with.
PICTURE_TYPES = {".png": b"\x89PNG", ".jpg": b"\xff\xd8", ".jpeg": b"\xff\xd8", ".webp": b"RIFF"}


def translation_languages() -> list[tuple[str, str]]:
    """The hub's languages a text can be translated into (its own texts are the base
    language's)."""
    return [(code, name) for code, name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def picture_checked(picture: Any) -> Any:
    """An uploaded picture, if it is a raster one whose first bytes match its type (no SVG: it
    can carry script); ``forms.ValidationError`` otherwise. A picture already saved passes."""
    if not picture or not hasattr(picture, "read"):
        return picture
    suffix = "." + picture.name.rsplit(".", 1)[-1].lower() if "." in picture.name else ""
    magic = PICTURE_TYPES.get(suffix)
    head = picture.read(8)
    picture.seek(0)
    if magic is None or not head.startswith(magic):
        raise forms.ValidationError(_("Upload a PNG, JPEG or WebP picture."))
    return picture


def reader_language(language: str | None = None) -> str:
    """The language to show texts in: the one asked for, else the active one (no region)."""
    return (language or get_language() or settings.LANGUAGE_CODE).split("-")[0]


def translated(row: Any, translations: Iterable[Any], language: str) -> Any:
    """The row's translation into ``language``, or the row itself (the base language's texts)."""
    return next((text for text in translations if text.language == language), row)


# A placeholder as the screens fill it (a game's screens fill a curated line's placeholders):
# a name between braces. Any brace left once they are taken out is a stray one.
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def placeholders(text: str) -> tuple[set[str], bool]:
    """The names of a text's placeholders, and whether a brace is left outside one."""
    rest = PLACEHOLDER.sub("", text)
    return set(PLACEHOLDER.findall(text)), "{" in rest or "}" in rest


def placeholders_kept(text: str, original: str) -> bool:
    """Whether ``text`` has exactly the placeholders of ``original`` and no stray brace."""
    names, stray = placeholders(text)
    return not stray and names == placeholders(original)[0]


def braced(names: Iterable[str]) -> str:
    """Placeholders as a curator writes them: "{card}, {seat}"."""
    return ", ".join(f"{{{name}}}" for name in sorted(names))


def placeholders_problems(text: str, original: str) -> list[str]:
    """What keeps ``text`` from having exactly the placeholders of ``original``, in words for
    the curator (an empty list: nothing)."""
    names, stray = placeholders(text)
    expected = placeholders(original)[0]
    problems = []
    if stray:
        problems.append(
            gettext("A brace is left unmatched: write each placeholder whole, like %(example)s.")
            % {"example": braced(sorted(expected)[:1])}
            if expected else
            gettext("A brace is left unmatched: this text takes no placeholder, so no brace."))
    if names - expected:
        problems.append(
            gettext("Unknown placeholder %(names)s: this text takes %(expected)s.")
            % {"names": braced(names - expected), "expected": braced(expected)}
            if expected else
            gettext("Unknown placeholder %(names)s: this text takes no placeholder.")
            % {"names": braced(names - expected)})
    if expected - names:
        problems.append(
            gettext("Missing placeholder %(names)s: keep every placeholder of the original "
                    "text (%(expected)s).")
            % {"names": braced(expected - names), "expected": braced(expected)})
    return problems


class Originals:
    """The texts a curated model ships with (its starter fixture), by row and language: the
    reference each curated text keeps the placeholders of, and what the pages show when a text
    saved before this check does not.

    ``key_fields`` name a base row (``("kind", "key")`` for lines of a kind); ``parent`` is the
    translation rows' field pointing at their base row.
    """

    def __init__(self, path: Path, base: str, translation: str, parent: str,
                 key_fields: tuple[str, ...]) -> None:
        self.path, self.base, self.translation = path, base, translation
        self.parent, self.key_fields = parent, key_fields

    @cached_property
    def texts(self) -> dict[tuple, dict[str, dict[str, Any]]]:
        """Each row's fields by its key, then by language (the base language's own row)."""
        rows = json.loads(Path(self.path).read_text(encoding="utf-8"))
        keys, texts = {}, {}
        for row in rows:
            if row["model"] == self.base:
                keys[row["pk"]] = tuple(row["fields"][name] for name in self.key_fields)
                texts[keys[row["pk"]]] = {settings.LANGUAGE_CODE: row["fields"]}
        for row in rows:
            if row["model"] == self.translation:
                fields = row["fields"]
                texts[keys[fields[self.parent]]][fields["language"]] = fields
        return texts

    def text(self, key: tuple, field: str, language: str | None = None) -> str:
        """The shipped text of a row's field in ``language`` (else, or when None, the base
        language's; "" for a row the fixture does not ship)."""
        by_language = self.texts.get(key, {})
        found = (by_language.get(language or settings.LANGUAGE_CODE)
                 or by_language.get(settings.LANGUAGE_CODE) or {})
        return found.get(field, "")

    def validate(self, key: tuple, texts: dict[str, str]) -> None:
        """Raise a ``ValidationError`` on each field whose text does not keep exactly the
        placeholders of the shipped text (the base language's: every language has the same)."""
        errors = {field: problems for field, text in texts.items()
                  if (problems := placeholders_problems(text or "", self.text(key, field)))}
        if errors:
            raise ValidationError(errors)

    def shown(self, key: tuple, row: Any, field: str, language: str) -> str:
        """A row's text (the base row's or a translation's) if it keeps the shipped text's
        placeholders, else the shipped text in ``language``: a text saved before the admin
        checked never reaches a screen raw."""
        text = getattr(row, field) or ""
        if placeholders_kept(text, self.text(key, field)):
            return text
        return self.text(key, field, language)
