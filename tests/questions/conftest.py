"""Tiny factories for the questions tests."""

from __future__ import annotations

import copy
import importlib

import pytest
from django.apps import apps

from questions.models import Answer, Card, Category, Deck

ANSWERS = ["Russia", "Canada", "United States", "China", "Brazil"]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """The admin tests' users need no slow password hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def categories(db) -> None:
    """The curators' categories, as the migration that made the table leaves them. Django keeps
    a migration's rows only for tests that roll back: a test that commits for real flushes the
    database after itself, and with the suite split over workers one may have run before these
    in the same database."""
    if not Category.objects.exists():
        migration = importlib.import_module("questions.migrations.0002_categories_and_curation")
        migration.categories_create(apps, None)


@pytest.fixture
def deck(db) -> Deck:
    return Deck.objects.create(name="World", slug="world", language="en")


@pytest.fixture
def make_card(db):
    """Build a valid saved card; override any field, ``answers`` (rank #1 first) or ``decks``."""

    def make(question: str = "Largest countries by area", decks=(), answers=None, **fields):
        values = {
            "source": "According to the CIA World Factbook, 2024",
            "category": "geography",
            "language": "en",
            "reading_order": [3, 0, 5, 1, 4, 2],
            **fields,
        }
        card = Card.objects.create(question=question, **values)
        Answer.objects.bulk_create(
            Answer(card=card, rank=rank, text=text)
            for rank, text in enumerate(answers or ANSWERS, start=1)
        )
        card.decks.add(*decks)
        return card

    return make


CARD = {
    "question": "Largest countries by land area",
    "source": "According to the CIA World Factbook, 2024",
    "category": "geography",
    "language": "en",
    "family_friendly": True,
    "answers": ANSWERS,
    "reading_order": [3, 0, 5, 1, 4, 2],
    "active": True,
}


def deck_document(*cards: dict, slug: str = "en-world", **header) -> dict:
    """A deck file's content; each card is ``CARD`` updated with the given fields."""
    return {
        "format": "partyhub-deck",
        "version": 1,
        "deck": {
            "slug": slug,
            "name": "World & Nature",
            "description": "One sentence for hosts.",
            "language": "en",
            **header,
        },
        "cards": [{**copy.deepcopy(CARD), **card} for card in cards],
    }
