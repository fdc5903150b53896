"""Hoax characters as the pages show them, in the reader's language (a text with a placeholder
shows the shipped text: games/kit/curated.py)."""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static

from games.hoax.models import ORIGINALS, HoaxCharacter
from games.kit.curated import reader_language, translated


def character_picture_url(character: HoaxCharacter) -> str:
    """The uploaded picture, else the one shipped with the project."""
    if character.picture:
        return character.picture.url
    return static(f"hoax/art/{character.key}.svg")


def characters_for_page(language: str | None = None) -> list[dict[str, Any]]:
    """Every character with its name and texts in ``language`` (falling back to the base)."""
    language = reader_language(language)
    result = []
    for character in HoaxCharacter.objects.prefetch_related("translations"):
        text = translated(character, character.translations.all(), language)
        result.append(
            {
                "id": character.key,
                **{field: ORIGINALS.shown((character.key,), text, field, language)
                   for field in ("name", "privilege", "immunity")},
                "picture": character_picture_url(character),
            }
        )
    return result
