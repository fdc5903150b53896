"""Which cards a host's room may draw, and in what order: used when a question game's room is
created."""

from __future__ import annotations

import random
from datetime import datetime

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet

from questions.models import Card, Deck


def card_filter(
    decks: list[str] | None = None,
    language: str | None = None,
    family_friendly_only: bool = False,
) -> QuerySet[Card]:
    """Active cards in any of ``decks`` (any deck when empty), in ``language`` when given.

    A card in no deck is a draft and is never dealt, even when the host picks no deck.
    """
    # Exists, not a join: a card in two chosen decks must count once.
    in_decks = Card.decks.through.objects.filter(card=OuterRef("pk"))
    if decks:
        in_decks = in_decks.filter(deck__slug__in=decks)
    cards = Card.objects.filter(Exists(in_decks), active=True)
    if language:
        cards = cards.filter(language=language)
    if family_friendly_only:
        cards = cards.filter(family_friendly=True)
    return cards


def card_count(
    decks: list[str] | None = None,
    language: str | None = None,
    family_friendly_only: bool = False,
) -> int:
    """How many cards the host's filters leave, shown live on the room-creation form."""
    return card_filter(decks, language, family_friendly_only).count()


def card_pool(
    decks: list[str] | None,
    language: str | None,
    family_friendly_only: bool,
    room_code: str,
    limit: int,
    seed: int,
    since: datetime | None = None,
) -> list[dict]:
    """Up to ``limit`` card contents for a new game: cards never played in this room first, in a
    seeded-random order, then those played longest ago there, so a room that plays again and
    again meets new questions before old ones. The room's plays are its code's ``since`` the
    room was made: an ended room's code goes to a new room, which has played nothing yet."""
    if limit <= 0:
        return []
    here = Q(plays__room_code=room_code)
    if since is not None:
        here &= Q(plays__played_at__gte=since)
    rows = card_filter(decks, language, family_friendly_only).annotate(
        last_played=Max("plays__played_at", filter=here)
    )
    rng = random.Random(seed)
    ids_last = sorted(rows.values_list("id", "last_played"))
    tie_breaks = {card_id: rng.random() for card_id, _last in ids_last}
    unplayed = [card_id for card_id, last in ids_last if last is None]
    rng.shuffle(unplayed)
    played = sorted(
        ((last, tie_breaks[card_id], card_id) for card_id, last in ids_last if last is not None)
    )
    chosen = (unplayed + [card_id for _last, _tie, card_id in played])[:limit]
    cards = Card.objects.filter(pk__in=chosen).prefetch_related("answers").in_bulk()
    return [cards[card_id].content() for card_id in chosen]


def deck_choices(language: str | None = None) -> list[dict]:
    """Decks a host can pick, with how many active cards each holds (in ``language`` if given);
    decks with no such card are left out."""
    card_filter_q = Q(cards__active=True)
    if language:
        card_filter_q &= Q(cards__language=language)
    decks = (
        Deck.objects.annotate(count=Count("cards", filter=card_filter_q))
        .filter(count__gt=0)
        .order_by("name", "slug")
    )
    return [
        {"slug": deck.slug, "name": deck.name, "language": deck.language, "count": deck.count}
        for deck in decks
    ]
