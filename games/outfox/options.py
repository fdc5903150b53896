"""Outfox's options: the one declaration its rules validate with and the lobby's form is built
from. Pure (no Django): the decks and languages to pick from are supplied by the game's Django
side (``choices_from``)."""

from __future__ import annotations

from games.kit.options import Option, Preset
from games.kit.rules import _

MAX_PLAYERS = 10

OPTIONS = (
    Option("decks", "multi", [], _("Decks"), _("None picked: every deck."), choices_from="decks"),
    Option("language", "choice", "", _("Language"), _("The language of the cards dealt."),
           choices_from="languages"),
    Option("family_only", "bool", False, _("Family-friendly cards only")),
    Option(
        "rank_seconds", "int", 120, _("Ranking timer"), _("No timer is an accessibility option."),
        min=60, max=300, off=0,
        choices=((0, _("No timer")), (60, _("60 seconds")), (90, _("90 seconds")),
                 (120, _("120 seconds")), (180, _("180 seconds")), (240, _("240 seconds")),
                 (300, _("300 seconds"))),
    ),
    Option("double_down_seconds", "int", 20, _("Double Down time (seconds)"), min=5, max=120),
    Option("reveal_pace", "choice", "auto", _("Reveal pace"),
           choices=(("auto", _("Automatic")), ("manual", _("The reader taps next")))),
    Option("reveal_seconds", "int", 3, _("Seconds per revealed answer"), min=1, max=15),
    Option("read_seconds", "int", 30, _("Read-aloud time before the clock starts"),
           _("0: the clock starts when the reader taps."), min=0, max=120),
    Option("speech", "bool", True, _("The TV reads the answers aloud")),
    Option(
        "target_score", "int", 0, _("Game length"),
        _("A shorter game ends after the turn in which someone reaches the score."),
        min=10, max=60, off=0,
        choices=((0, _("Every turn (the full game)")), (15, _("First to 15 points")),
                 (20, _("First to 20 points")), (30, _("First to 30 points"))),
    ),
    Option("first_reader", "seat", 0, _("First Question-Reader"), max=MAX_PLAYERS - 1),
)

PRESETS = (
    Preset("classic", _("Classic"), {"rank_seconds": 120, "reveal_pace": "auto"},
           _("The rulebook's timings.")),
    Preset("short", _("Short game"), {"target_score": 15, "rank_seconds": 90},
           _("First to 15 points, a shorter ranking timer.")),
    Preset("relaxed", _("Relaxed"), {"rank_seconds": 0, "read_seconds": 60,
                                     "double_down_seconds": 40, "reveal_pace": "manual"},
           _("No ranking timer; the reader paces the reveal.")),
)
