"""How to play each game, as the pages send it: its ``Game``'s guide data in the reader's
language, its pictures as static addresses. The home page, the lobby, the TV's intro and the
phone's rules card all draw from this one source."""

from __future__ import annotations

from typing import Any

from django.templatetags.static import static
from django.utils.translation import gettext

from games.kit.registry import game


def guide_for(game_id: str) -> dict[str, Any]:
    """The game's guide in the active language."""
    guide = game(game_id).guide
    low, high = guide.MINUTES
    return {
        "art": static(guide.ART),
        "pitch": gettext(guide.PITCH),
        "minutes": {"min": low, "max": high},
        "slides": [{"art": static(slide["art"]), "text": gettext(slide["text"])}
                   for slide in guide.SLIDES],
        "rules": [gettext(rule) for rule in guide.RULES],
        "roles": {key: gettext(text) for key, text in guide.ROLES.items()},
        "phases": {key: gettext(text) for key, text in guide.PHASES.items()},
    }
