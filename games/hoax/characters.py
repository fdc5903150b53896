"""Hoax characters as the pages show them, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static
from django.utils.translation import get_language

from games.hoax.models import HoaxCharacter

PICTURE_TYPES = {".png": b"\x89PNG", ".jpg": b"\xff\xd8", ".jpeg": b"\xff\xd8", ".webp": b"RIFF"}


def character_picture_url(character: HoaxCharacter) -> str:
    """The uploaded picture, else the one shipped with the project."""
    if character.picture:
        return character.picture.url
    return static(f"hoax/art/{character.key}.svg")


def characters_for_page(language: str | None = None) -> list[dict[str, Any]]:
    """Every character with its name and texts in ``language`` (falling back to the base)."""
    language = (language or get_language() or "en").split("-")[0]
    result = []
    for character in HoaxCharacter.objects.prefetch_related("translations"):
        text = next(
            (t for t in character.translations.all() if t.language == language), character
        )
        result.append(
            {
                "id": character.key,
                "name": text.name,
                "privilege": text.privilege,
                "immunity": text.immunity,
                "picture": character_picture_url(character),
            }
        )
    return result
