"""Hoax's options: the one declaration its rules validate with and the lobby's form is built
from. Pure (no Django)."""

from __future__ import annotations

from games.kit.options import Option, Preset
from games.kit.rules import _

MAX_PLAYERS = 6

OPTIONS = (
    Option("immunities", "bool", True, _("Play with immunities"),
           _("Beginners may prefer to play without them.")),
    Option("hoax_card_rule", "choice", "official", _("Hoax card"),
           choices=(("official", _("Its holder cannot call Hoax")),
                    ("variant", _("Its holder cannot be hoaxed")))),
    Option("accuser_card", "bool", False, _("Play with the accuser card"),
           _("An accuser who survives cannot accuse again until it passes on.")),
    Option("hoax_window_seconds", "int", 10, _("Time to call Hoax (seconds)"), min=3, max=60),
    Option("vote_seconds", "int", 20, _("Vote time (seconds)"), min=5, max=120),
    Option("butler_seconds", "int", 15, _("Time for the Butler's guest to choose (seconds)"),
           min=5, max=60),
    Option("immunity_seconds", "int", 10, _("Time to claim an immunity (seconds)"),
           min=3, max=60),
    Option("first_player", "seat", None, _("First player"), _("Empty: drawn at random."),
           max=MAX_PLAYERS - 1),
)

PRESETS = (
    Preset("beginners", _("First game"), {"immunities": False, "accuser_card": False},
           _("No immunities: learn the claims and the calls first.")),
    Preset("full", _("Full rules"), {"immunities": True, "accuser_card": True},
           _("Immunities and the accuser card.")),
)
