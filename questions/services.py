"""Writes other parts of PartyHub ask of the questions app."""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db import models, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from questions import validation
from questions.models import Card, CardPlay, Deck


def card_play_record(card_id: int, fox_zone: str, correct: int, room_code: str) -> None:
    """Log one finished turn; the games app calls this after scoring.

    A card deleted by a curator mid-game is skipped rather than failing the game's turn.
    """
    if fox_zone not in CardPlay.FoxZone.values:
        raise ValueError(f"fox_zone must be one of {CardPlay.FoxZone.values}, not {fox_zone!r}")
    if isinstance(correct, bool) or not isinstance(correct, int) or not 0 <= correct <= 5:
        raise ValueError(f"correct must be a whole number 0–5, not {correct!r}")
    if not Card.objects.filter(pk=card_id).exists():
        return
    CardPlay.objects.create(
        card_id=card_id, fox_zone=fox_zone, correct=correct, room_code=room_code
    )


def card_statistics_reset(card_ids: list[int]) -> None:
    """Restart the cards' statistics from now, after their answers changed: earlier plays stay
    in the log (rooms still know they played the cards) but no longer count."""
    now = timezone.now()
    Card.objects.filter(pk__in=card_ids).update(statistics_since=now, updated=now)


def card_reading_order_reshuffle(card: Card, rng: random.Random | None = None) -> list[int]:
    """Give the card a new reading order, different from its current one, and save it."""
    rng = rng or random.Random()
    while True:
        order = validation.reading_order_random(rng)
        if order != card.reading_order:
            break
    card.reading_order = order
    card.save(update_fields=["reading_order", "updated"])
    return order


class CardsFate(models.TextChoices):
    """What deleting a deck does to the cards that are in no other deck."""

    DRAFTS = "drafts", _("Keep them as drafts (in no deck, never dealt)")
    DEACTIVATE = "deactivate", _("Keep them, deactivated")
    DELETE = "delete", _("Delete them too, with their statistics")


@dataclass(frozen=True)
class DeckCards:
    """The cards of some decks: those in no other deck, and how many are in another one too."""

    only_here: QuerySet[Card]
    elsewhere: int


def deck_cards_split(deck_ids: list[int]) -> DeckCards:
    """Split the decks' cards into those only in these decks and those also in another deck."""
    cards = Card.objects.filter(decks__in=deck_ids).distinct()
    only_here = cards.exclude(decks__in=Deck.objects.exclude(pk__in=deck_ids))
    return DeckCards(
        only_here=Card.objects.filter(pk__in=only_here.values("pk")),
        elsewhere=cards.count() - only_here.count(),
    )


def decks_delete(deck_ids: list[int], fate: CardsFate) -> int:
    """Delete the decks, doing ``fate`` to their cards that are in no other deck (cards also in
    another deck stay there, untouched). Returns how many cards ``fate`` concerned."""
    with transaction.atomic():
        only_here = deck_cards_split(deck_ids).only_here
        count = only_here.count()
        if fate == CardsFate.DEACTIVATE:
            only_here.update(active=False)
        elif fate == CardsFate.DELETE:
            only_here.delete()
        Deck.objects.filter(pk__in=deck_ids).delete()
    return count
