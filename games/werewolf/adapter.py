"""Werewolf on the Django side: the admin-curated texts and pictures its screens show."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.utils.translation import gettext as _

from games.kit.adapter import GameAdapter


class Adapter(GameAdapter):
    """Werewolf plays with no content; its pages show the cards' names, powers and pictures,
    the narrator's lines, the phones' questions and the teams' names, in the reader's
    language."""

    def starter_load(self) -> str:
        from games.werewolf.models import STARTER, WerewolfRole

        if WerewolfRole.objects.exists():
            return ""
        call_command("loaddata", str(STARTER), verbosity=0)
        return _("Loaded the Werewolf cards and lines.")

    def page_context(self) -> dict[str, Any]:
        from games.werewolf.texts import lines_for_page, roles_for_page

        roles = roles_for_page()
        return {**super().page_context(), "roles": roles, "lines": lines_for_page(),
                "role_cards": {role["id"]: {"name": role["name"], "text": role["power"]}
                               for role in roles}}
