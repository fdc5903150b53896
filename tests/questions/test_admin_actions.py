import csv
import io
import json
import zipfile

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from questions import deck_io
from questions.models import Card, Deck
from questions.validation import reading_order_problems

CHANGELIST = reverse("admin:questions_card_changelist")
DECKS = reverse("admin:questions_deck_changelist")


def act(client, action, cards, url=CHANGELIST, **extra):
    data = {"action": action, ACTION_CHECKBOX_NAME: [card.pk for card in cards], **extra}
    return client.post(url, {"index": "0", **data} if not extra else data)


def test_reshuffle(admin_client, make_card):
    cards = [make_card(f"Q{i}", reading_order=[3, 0, 5, 1, 4, 2]) for i in range(4)]
    untouched = make_card("Not selected", reading_order=[3, 0, 5, 1, 4, 2])
    response = act(admin_client, "reshuffle_reading_order", cards)
    assert response.status_code == 302
    for card in cards:
        card.refresh_from_db()
        assert card.reading_order != [3, 0, 5, 1, 4, 2]
        assert reading_order_problems(card.reading_order) == []
    untouched.refresh_from_db()
    assert untouched.reading_order == [3, 0, 5, 1, 4, 2]


def test_activate_and_deactivate(admin_client, make_card):
    first, second, other = make_card("A"), make_card("B"), make_card("C")
    act(admin_client, "deactivate", [first, second])
    assert set(Card.objects.filter(active=False)) == {first, second}
    response = act(admin_client, "activate", [first])
    assert response.status_code == 302
    assert set(Card.objects.filter(active=False)) == {second}
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == ["Deactivated 2 cards.", "Activated 1 card."]
    other.refresh_from_db()
    assert other.active


def test_add_to_deck_asks_for_the_deck_first(admin_client, make_card, deck):
    cards = [make_card("A"), make_card("B")]
    response = act(admin_client, "add_to_deck", cards)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Add cards to a deck" in html and "These 2 cards:" in html
    assert 'name="deck"' in html and "World" in html
    assert html.count(f'name="{ACTION_CHECKBOX_NAME}"') == 2
    assert not deck.cards.exists()


def test_add_to_deck_apply(admin_client, make_card, deck):
    cards = [make_card("A"), make_card("B")]
    response = act(admin_client, "add_to_deck", cards, deck=deck.pk, apply="Add to deck")
    assert response.status_code == 302
    assert set(deck.cards.all()) == set(cards)


def test_add_to_deck_skips_a_question_the_deck_already_asks(admin_client, make_card, deck):
    make_card("Same question", decks=[deck])
    twin, fresh = make_card("SAME question"), make_card("Fresh")
    response = act(admin_client, "add_to_deck", [twin, fresh], deck=deck.pk, apply="1")
    assert set(deck.cards.values_list("question", flat=True)) == {"Same question", "Fresh"}
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages[0] == "Added 1 card to “World”."
    assert "SAME question" in messages[1]


def test_add_to_deck_without_a_deck_shows_the_page_again(admin_client, make_card):
    response = act(admin_client, "add_to_deck", [make_card("A")], deck="", apply="1")
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()


def test_export_selected_json_of_one_deck(admin_client, make_card, deck):
    cards = [make_card("A", decks=[deck]), make_card("B", decks=[deck])]
    make_card("Not selected", decks=[deck])
    response = act(admin_client, "export_json", cards)
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert 'filename="world.json"' in response["Content-Disposition"]
    document = json.loads(response.content)
    assert document["deck"]["slug"] == "world"
    assert [card["question"] for card in document["cards"]] == ["A", "B"]


def test_export_selected_json_of_several_decks_is_a_zip(admin_client, make_card, deck):
    other = Deck.objects.create(name="Other", slug="other")
    cards = [make_card("A", decks=[deck, other]), make_card("B", decks=[deck]), make_card("C")]
    response = act(admin_client, "export_json", cards)
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(archive.namelist()) == ["other.json", "unfiled.json", "world.json"]
    questions = {
        name: [card["question"] for card in json.loads(archive.read(name))["cards"]]
        for name in archive.namelist()
    }
    assert questions == {"world.json": ["A", "B"], "other.json": ["A"], "unfiled.json": ["C"]}


def test_export_selected_csv_imports_back(admin_client, make_card, deck):
    cards = [make_card("A", decks=[deck]), make_card("B", decks=[deck], active=False)]
    response = act(admin_client, "export_csv", cards)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(row["deck_slug"], row["question"], row["active"]) for row in rows] == [
        ("world", "A", "true"),
        ("world", "B", "false"),
    ]
    result = deck_io.decks_import([("cards.csv", response.content)])
    assert (result.total("created"), result.total("unchanged")) == (0, 2)


@pytest.mark.parametrize(
    ("action", "kind"), [("export_decks_json", "zip"), ("export_decks_csv", "csv")]
)
def test_deck_exports(admin_client, make_card, deck, action, kind):
    other = Deck.objects.create(name="Other", slug="other")
    make_card("A", decks=[deck])
    make_card("B", decks=[other])
    response = act(admin_client, action, [deck, other], url=DECKS)
    assert response.status_code == 200
    if kind == "zip":
        names = zipfile.ZipFile(io.BytesIO(response.content)).namelist()
        assert sorted(names) == ["other.json", "world.json"]
    else:
        rows = list(csv.DictReader(io.StringIO(response.content.decode())))
        assert [(row["deck_slug"], row["question"]) for row in rows] == [
            ("other", "B"),
            ("world", "A"),
        ]


def test_export_one_deck_json(admin_client, make_card, deck):
    make_card("A", decks=[deck])
    response = act(admin_client, "export_decks_json", [deck], url=DECKS)
    assert response.content.decode() == deck_io.deck_export_json(deck)
