"""Werewolf's curated texts as the pages show them, in the reader's language (a text whose
placeholders are not those of the shipped line shows the shipped line: games/kit/curated.py)."""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static

from games.kit.curated import reader_language, translated
from games.werewolf.models import (
    LINE_ORIGINALS,
    ROLE_ORIGINALS,
    WerewolfLine,
    WerewolfRole,
)


def role_picture_url(role: WerewolfRole) -> str:
    """The uploaded picture, else the one shipped with the project."""
    if role.picture:
        return role.picture.url
    return static(f"werewolf/art/{role.key}.svg")


def roles_for_page(language: str | None = None) -> list[dict[str, Any]]:
    """Every card with its name and power in ``language`` (falling back to the base)."""
    language = reader_language(language)
    result = []
    for role in WerewolfRole.objects.prefetch_related("translations"):
        text = translated(role, role.translations.all(), language)
        result.append({"id": role.key,
                       "name": ROLE_ORIGINALS.shown((role.key,), text, "name", language),
                       "power": ROLE_ORIGINALS.shown((role.key,), text, "power", language),
                       "picture": role_picture_url(role)})
    return result


def lines_for_page(language: str | None = None) -> dict[str, dict[str, str]]:
    """Every line's text in ``language``, by kind then key: ``narrator`` (the narration keys),
    ``phone`` (the prompt kinds), ``team`` (the team ids)."""
    language = reader_language(language)
    lines: dict[str, dict[str, str]] = {kind: {} for kind in WerewolfLine.Kind.values}
    for line in WerewolfLine.objects.prefetch_related("translations"):
        text = translated(line, line.translations.all(), language)
        lines[line.kind][line.key] = LINE_ORIGINALS.shown(
            (line.kind, line.key), text, "text", language)
    return lines
