"""Outfox on the Django side: the host's deck filters, the card pool, the card statistics."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.adapters import GameAdapter
from games.adapters.fields import OptionField
from games.rules.base import RuleError

# Cards dealt into a game's pile: enough for every turn's three fronts without reshuffling.
POOL_SIZE = 40
MIN_CARDS = 8
# Where the group put the Fox (slot 0–5 of the GUESS column), as the card statistics count it.
FOX_ZONES = ("1", "2-3", "2-3", "4-5", "4-5", "caught")


class OutfoxAdapter(GameAdapter):
    """Deck filters on top of the rules' options; cards from the curated decks."""

    def options_clean(self, raw: dict[str, Any]) -> dict[str, Any]:
        from questions.selection import card_count

        clean = self.rules.options_clean(raw)
        decks = raw.get("decks") or []
        if isinstance(decks, str):
            decks = [slug for slug in decks.split(",") if slug]
        if not isinstance(decks, list) or not all(isinstance(slug, str) for slug in decks):
            raise RuleError(_("Pick decks from the list."), code="bad_options")
        language = raw.get("language") or ""
        if language and language not in dict(settings.LANGUAGES):
            raise RuleError(_("Pick a language from the list."), code="bad_options")
        family_only = bool(raw.get("family_only", False))
        count = card_count(decks or None, language or None, family_only)
        if count < MIN_CARDS:
            raise RuleError(
                _("Only %(count)s cards match these choices; a game needs at least %(min)s."),
                code="bad_options",
                count=count,
                min=MIN_CARDS,
            )
        return {
            **clean,
            "decks": sorted(set(decks)),
            "language": language,
            "family_only": family_only,
            "card_count": count,
        }

    def content_for(self, room: Any, n_players: int, seed: int) -> dict[str, Any]:
        from questions.selection import card_filter, card_pool

        options = room.options
        filters = (
            options.get("decks") or None,
            options.get("language") or None,
            bool(options.get("family_only")),
        )
        # The pool comes unplayed cards first, but setup shuffles it: cards this room already
        # played are dealt in only as far as the game needs them (every turn, and three fronts
        # for the last reader), else the shuffle would offer them as often as new ones.
        needed = len(self.rules.turn_plan(n_players)) + self.rules.OFFER_SIZE - 1
        unplayed = card_filter(*filters).exclude(plays__room_code=room.code).count()
        cards = card_pool(
            *filters,
            room_code=room.code,
            limit=min(POOL_SIZE, max(needed, unplayed)),
            seed=seed,
        )
        return {"cards": cards}

    def after_apply(self, room: Any, before: dict, after: dict) -> None:
        """Each finished turn becomes a play of its card, for the curators' statistics."""
        from questions.services import card_play_record

        for turn in after["history"][len(before["history"]):]:
            if turn["skipped"] or turn["card"] is None:
                continue
            zone = FOX_ZONES[turn["fox_slot"]]
            card_play_record(turn["card"], zone, turn["correct"], room.code)

    def option_fields(self) -> list[OptionField]:
        from questions.selection import deck_choices

        languages = [("", _("Any language"))] + [
            (code, name) for code, name in settings.LANGUAGES
        ]
        decks = [(deck["slug"], f"{deck['name']} ({deck['count']})") for deck in deck_choices()]
        return [
            OptionField("decks", _("Decks"), "multi", [], _("None picked: every deck."),
                        choices=decks),
            OptionField("language", _("Language"), "choice", "", choices=languages),
            OptionField("family_only", _("Family-friendly cards only"), "bool", False),
            OptionField(
                "rank_seconds", _("Ranking timer"), "choice", 120,
                _("No timer is an accessibility option."),
                choices=[(0, _("No timer"))] + [(s, _("%(s)s seconds") % {"s": s})
                                                 for s in (60, 90, 120, 180, 240, 300)],
            ),
            OptionField("double_down_seconds", _("Double Down time (seconds)"), "int", 20,
                        min=5, max=120),
            OptionField("reveal_pace", _("Reveal pace"), "choice", "auto",
                        choices=[("auto", _("Automatic")), ("manual", _("The reader taps next"))]),
            OptionField("reveal_seconds", _("Seconds per revealed answer"), "int", 3,
                        min=1, max=15),
            OptionField("read_seconds", _("Read-aloud time before the clock starts"), "int", 30,
                        _("0: the clock starts when the reader taps."), min=0, max=120),
            OptionField("speech", _("The TV reads the answers aloud"), "bool", True),
            OptionField("first_reader", _("First Question-Reader"), "seat", 0),
        ]
