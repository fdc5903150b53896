"""What the games' admin-curated data shares: the languages a text is translated into, the
check of an uploaded picture, and picking a text in the reader's language.

A game's curated rows (Hoax's characters, Werewolf's roles and lines) hold their texts in the
base language and one translation row per other language; their mechanics stay in the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import get_language
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
