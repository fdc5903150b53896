from datetime import timedelta

import pytest
from django.utils import timezone

from questions.models import CardPlay, Deck
from questions.selection import card_count, card_filter, card_pool, deck_choices


@pytest.fixture
def decks(db):
    return {
        "world": Deck.objects.create(name="World", slug="world", language="en"),
        "sport": Deck.objects.create(name="Sport", slug="sport", language="en"),
        "mundo": Deck.objects.create(name="Mundo", slug="mundo", language="es"),
    }


@pytest.fixture
def cards(make_card, decks):
    return {
        "rivers": make_card("Longest rivers", decks=[decks["world"]]),
        "both": make_card("Biggest stadiums", decks=[decks["world"], decks["sport"]]),
        "beer": make_card("Beers by sales", decks=[decks["sport"]], family_friendly=False),
        "off": make_card("Retired card", decks=[decks["world"]], active=False),
        "rios": make_card("Ríos más largos", decks=[decks["mundo"]], language="es"),
        "loose": make_card("In no deck"),
    }


def names(queryset, cards):
    by_pk = {card.pk: name for name, card in cards.items()}
    return {by_pk[card.pk] for card in queryset}


def test_card_filter_all_decks_active_only_never_a_draft(cards):
    """A card in no deck is a draft: no choice of decks deals it, not even "all decks"."""
    assert names(card_filter(None), cards) == {"rivers", "both", "beer", "rios"}
    assert names(card_filter([]), cards) == names(card_filter(None), cards)


def test_card_filter_by_decks_counts_a_card_in_two_decks_once(cards):
    chosen = card_filter(["world", "sport"])
    assert names(chosen, cards) == {"rivers", "both", "beer"}
    assert chosen.count() == 3


def test_card_filter_language_and_family(cards):
    assert names(card_filter(None, "es"), cards) == {"rios"}
    assert names(card_filter(["sport"], None, True), cards) == {"both"}
    assert names(card_filter(["world", "sport"], "en", True), cards) == {"rivers", "both"}
    assert card_filter(["nope"]).count() == 0


def test_card_count(cards):
    assert card_count(["world", "sport"]) == 3
    assert card_count(None, "en", family_friendly_only=True) == 2


def test_card_pool_returns_contents_up_to_limit(cards):
    pool = card_pool(["world", "sport"], None, False, "ROOM", limit=2, seed=1)
    assert len(pool) == 2
    assert set(pool[0]) == {"id", "question", "source", "answers", "reading_order", "language"}
    assert len(pool[0]["answers"]) == 5
    assert card_pool(None, None, False, "ROOM", limit=0, seed=1) == []


def test_card_pool_is_seeded(cards):
    first = [c["id"] for c in card_pool(None, None, False, "ROOM", limit=10, seed=42)]
    again = [c["id"] for c in card_pool(None, None, False, "ROOM", limit=10, seed=42)]
    assert first == again
    orders = {
        tuple(c["id"] for c in card_pool(None, None, False, "ROOM", limit=10, seed=seed))
        for seed in range(20)
    }
    assert len(orders) > 1


def test_card_pool_puts_cards_unplayed_in_the_room_first_then_least_recent(cards):
    now = timezone.now()
    played = [("rivers", 3), ("both", 1), ("beer", 2)]  # days ago, in this room
    for name, days in played:
        CardPlay.objects.create(
            card=cards[name],
            fox_zone="1",
            correct=3,
            room_code="ROOM",
            played_at=now - timedelta(days=days),
        )
    # Plays in another room do not count against a card here.
    CardPlay.objects.create(card=cards["rios"], fox_zone="1", correct=3, room_code="OTHER")
    for seed in range(5):
        pool = [c["id"] for c in card_pool(None, None, False, "ROOM", limit=10, seed=seed)]
        assert pool == [cards[name].pk for name in ("rios", "rivers", "beer", "both")]
    limited = [c["id"] for c in card_pool(None, None, False, "ROOM", limit=2, seed=0)]
    assert limited[1] == cards["rivers"].pk


def test_card_pool_least_recent_uses_the_latest_play_of_each_card(cards):
    now = timezone.now()
    for name, days in [("rivers", 10), ("rivers", 1), ("both", 5)]:
        CardPlay.objects.create(
            card=cards[name],
            fox_zone="caught",
            correct=0,
            room_code="R",
            played_at=now - timedelta(days=days),
        )
    pool = [c["id"] for c in card_pool(["world", "sport"], None, False, "R", limit=3, seed=0)]
    assert pool == [cards["beer"].pk, cards["both"].pk, cards["rivers"].pk]


def test_deck_choices_count_active_cards(cards):
    assert deck_choices() == [
        {"slug": "mundo", "name": "Mundo", "language": "es", "count": 1},
        {"slug": "sport", "name": "Sport", "language": "en", "count": 2},
        {"slug": "world", "name": "World", "language": "en", "count": 2},
    ]


def test_deck_choices_in_one_language_leave_out_empty_decks(cards, decks):
    Deck.objects.create(name="Empty", slug="empty")
    assert [choice["slug"] for choice in deck_choices("es")] == ["mundo"]
    assert "empty" not in [choice["slug"] for choice in deck_choices()]
