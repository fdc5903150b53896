"""Writes other parts of PartyHub ask of the questions app."""

from __future__ import annotations

import random

from questions import validation
from questions.models import Card, CardPlay


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
