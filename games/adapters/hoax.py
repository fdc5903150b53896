"""Hoax on the Django side: the admin-curated character data the pages show."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from games.adapters import GameAdapter
from games.adapters.fields import OptionField


class HoaxAdapter(GameAdapter):
    """Hoax plays with no content; its pages show the characters' names, texts and pictures."""

    def option_fields(self) -> list[OptionField]:
        return [
            OptionField("immunities", _("Play with immunities"), "bool", True,
                        _("Beginners may prefer to play without them.")),
            OptionField(
                "hoax_card_rule", _("Hoax card"), "choice", "official",
                choices=[("official", _("Its holder cannot call Hoax")),
                         ("variant", _("Its holder cannot be hoaxed"))],
            ),
            OptionField("accuser_card", _("Play with the accuser card"), "bool", False,
                        _("An accuser who survives cannot accuse again until it passes on.")),
            OptionField("hoax_window_seconds", _("Time to call Hoax (seconds)"), "int", 10,
                        min=3, max=60),
            OptionField("vote_seconds", _("Vote time (seconds)"), "int", 20, min=5, max=120),
            OptionField("immunity_seconds", _("Time to claim an immunity (seconds)"), "int", 10,
                        min=3, max=60),
            OptionField("butler_seconds", _("Time for the Butler's guest to choose (seconds)"),
                        "int", 15, min=5, max=60),
            OptionField("first_player", _("First player"), "seat", None),
        ]

    def page_context(self) -> dict[str, Any]:
        from games.characters import characters_for_page

        return {"characters": characters_for_page()}
