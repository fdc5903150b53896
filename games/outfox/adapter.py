"""Outfox on the Django side: the host's deck filters, the card pool, the card statistics."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.kit.adapter import GameAdapter
from games.kit.rules import RuleError
from games.outfox.rules import OFFER_SIZE, SLOT_ZONES, turn_plan

# Cards dealt into a game's pile: enough for every turn's three fronts without reshuffling.
POOL_SIZE = 40
MIN_CARDS = 8
# Where the group put the Fox (slot 0–5 of the GUESS column), as the card statistics count it:
# the rules' zone of that slot, or "caught" in the FOX slot.
FOX_ZONES = (*SLOT_ZONES[:-1], "caught")


class Adapter(GameAdapter):
    """Deck filters checked against the database; cards from the curated decks."""

    def options_clean(self, raw: dict[str, Any]) -> dict[str, Any]:
        from questions.selection import card_count

        if isinstance(raw, dict) and isinstance(raw.get("decks"), str):
            raw = {**raw, "decks": [slug for slug in raw["decks"].split(",") if slug]}
        clean = self.game.options_clean(raw)
        decks, language, family_only = clean["decks"], clean["language"], clean["family_only"]
        if not all(isinstance(slug, str) for slug in decks):
            raise RuleError(_("Pick decks from the list."), code="bad_options")
        if language and language not in dict(settings.LANGUAGES):
            raise RuleError(_("Pick a language from the list."), code="bad_options")
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

    def option_default(self, name: str, default: Any) -> Any:
        """Cards in the language of the screen creating the room (not every language)."""
        if name == "language":
            language = (get_language() or "").split("-")[0]
            return language if language in dict(settings.LANGUAGES) else default
        return default

    def content_count_url(self) -> str:
        return reverse("questions:count")

    def content_for(self, room: Any, n_players: int, seed: int) -> dict[str, Any]:
        from questions.models import CardPlay
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
        needed = len(turn_plan(n_players)) + OFFER_SIZE - 1
        # This room's plays: its code's since it was made (an ended room's code is reused).
        played_here = CardPlay.objects.filter(room_code=room.code, played_at__gte=room.created_at)
        unplayed = card_filter(*filters).exclude(pk__in=played_here.values("card")).count()
        cards = card_pool(
            *filters,
            room_code=room.code,
            since=room.created_at,
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

    def choices(self, source: str) -> list[tuple[Any, str]]:
        """The decks with cards to deal, and the hub's languages."""
        from questions.selection import deck_choices

        if source == "decks":
            return [(deck["slug"], f"{deck['name']} ({deck['count']})") for deck in deck_choices()]
        if source == "languages":
            return [("", _("Any language")), *settings.LANGUAGES]
        return super().choices(source)
