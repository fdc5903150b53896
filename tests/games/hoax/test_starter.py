"""``load_starter`` fills an empty database with Hoax's characters (and Outfox's decks) once: a
second run keeps what a curator changed."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from games.hoax.models import HoaxCharacter, HoaxCharacterTranslation
from questions.models import Card, Deck

pytestmark = pytest.mark.django_db


def test_load_starter_fills_an_empty_database_once():
    call_command("load_starter", stdout=io.StringIO())
    assert sorted(HoaxCharacter.objects.values_list("key", flat=True)) == sorted(
        ["ex", "lover", "son_in_law", "cousin", "chef", "gardener", "butler"]
    )
    assert HoaxCharacterTranslation.objects.count() == 7 * 3
    decks, cards = Deck.objects.count(), Card.objects.count()
    assert decks >= 5 and cards >= 150 + 3 * 30
    butler = HoaxCharacter.objects.get(key="butler")
    butler.name = "The Curated Butler"
    butler.save()
    call_command("load_starter", stdout=io.StringIO())
    assert (Deck.objects.count(), Card.objects.count()) == (decks, cards)
    assert HoaxCharacter.objects.get(key="butler").name == "The Curated Butler"
