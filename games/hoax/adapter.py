"""Hoax on the Django side: the admin-curated character data its pages show."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.utils.translation import gettext as _

from games.kit.adapter import GameAdapter


class Adapter(GameAdapter):
    """Hoax plays with no content; its pages show the characters' names, texts and pictures."""

    def starter_load(self) -> str:
        from games.hoax.models import STARTER, HoaxCharacter

        if HoaxCharacter.objects.exists():
            return ""
        call_command("loaddata", str(STARTER), verbosity=0)
        return _("Loaded the Hoax characters.")

    def page_context(self) -> dict[str, Any]:
        from games.hoax.characters import characters_for_page

        characters = characters_for_page()
        return {**super().page_context(), "characters": characters,
                "role_cards": {character["id"]: {"name": character["name"],
                                                 "text": character["privilege"]}
                               for character in characters}}
