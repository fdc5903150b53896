"""Deleting a deck asks what becomes of its cards: kept as drafts, deactivated, or deleted."""

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from django.contrib.auth.models import Permission, User
from django.urls import reverse

from questions.models import Card, Deck
from questions.selection import card_filter

CHANGELIST = reverse("admin:questions_deck_changelist")


@pytest.fixture
def world(make_card, deck):
    """The "world" deck: two cards only in it, one also in "sport"."""
    sport = Deck.objects.create(name="Sport", slug="sport", language="en")
    make_card("Only here", decks=[deck])
    make_card("Also only here", decks=[deck])
    make_card("Shared", decks=[deck, sport])
    return deck


def delete_url(deck: Deck) -> str:
    return reverse("admin:questions_deck_delete", args=[deck.pk])


def test_the_delete_page_asks_what_becomes_of_the_cards(admin_client, world):
    html = admin_client.get(delete_url(world)).content.decode()
    assert "2 cards are in no other deck." in html
    assert "1 card is in another deck too: it stays there, untouched." in html
    for fate in ("drafts", "deactivate", "delete"):
        assert f'value="{fate}"' in html
    assert "Keep them as drafts (in no deck, never dealt)" in html
    assert "Card_decks object" not in html
    assert Deck.objects.filter(pk=world.pk).exists()


@pytest.mark.parametrize(
    ("fate", "left", "active", "message"),
    [
        ("drafts", {"Only here", "Also only here", "Shared"}, True, "are now drafts (never dealt)"),
        ("deactivate", {"Only here", "Also only here", "Shared"}, False, "deactivated drafts"),
        ("delete", {"Shared"}, None, "and the 2 cards that were in no other deck"),
    ],
)
def test_each_choice(admin_client, world, fate, left, active, message):
    response = admin_client.post(delete_url(world), {"cards": fate, "apply": "1"}, follow=True)
    assert message in response.content.decode()
    assert not Deck.objects.filter(slug="world").exists()
    assert set(Card.objects.values_list("question", flat=True)) == left
    shared = Card.objects.get(question="Shared")
    assert (shared.active, [d.slug for d in shared.decks.all()]) == (True, ["sport"])
    if active is not None:
        assert set(Card.objects.filter(decks=None).values_list("active", flat=True)) == {active}
    # Whatever was chosen, no card of the deleted deck is dealt any more unless another deck
    # holds it.
    assert [card.question for card in card_filter(None)] == ["Shared"]
    entry = LogEntry.objects.get(action_flag=DELETION)
    assert entry.object_repr == "World (world)"


def test_the_bulk_action_replaces_django_delete_selected(admin_client, world):
    other = Deck.objects.create(name="Empty", slug="empty")
    page = admin_client.get(CHANGELIST).content.decode()
    assert 'value="delete_selected"' not in page
    assert 'value="delete_decks"' in page
    picked = {"action": "delete_decks", "_selected_action": [world.pk, other.pk]}
    html = admin_client.post(CHANGELIST, picked).content.decode()
    assert "You are deleting these 2 decks" in html and "2 cards are in no other deck." in html
    assert Deck.objects.count() == 3
    admin_client.post(CHANGELIST, {**picked, "cards": "deactivate", "apply": "1"})
    assert list(Deck.objects.values_list("slug", flat=True)) == ["sport"]
    assert Card.objects.filter(active=False).count() == 2


def test_a_curator_who_cannot_delete_cards_may_only_keep_them(client, world):
    user = User.objects.create_user("curator", password="pw", is_staff=True)
    user.user_permissions.set(
        Permission.objects.filter(codename__in=["view_deck", "delete_deck", "view_card"])
    )
    client.force_login(user)
    html = client.get(delete_url(world)).content.decode()
    assert 'value="drafts"' in html and 'value="delete"' not in html
    client.post(delete_url(world), {"cards": "delete", "apply": "1"})
    assert Deck.objects.filter(pk=world.pk).exists()
    assert Card.objects.count() == 3
