"""The curators' admin beyond plain editing: the card page (heading, preview, status,
statistics), the card list (search, filters), the deck actions, the deck page, the import page
and the branding."""

import csv
import io
import json
import re
from html import unescape

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.admin.models import ADDITION, CHANGE, LogEntry
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions import deck_io, stats
from questions.models import Card, CardPlay, Category, Deck

from .conftest import deck_document
from .test_admin import card_post

CARDS = reverse("admin:questions_card_changelist")
DECKS = reverse("admin:questions_deck_changelist")
IMPORT = reverse("admin:questions_deck_import")


def change_url(card: Card) -> str:
    return reverse("admin:questions_card_change", args=[card.pk])


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def play(card, zone="caught", correct=3):
    CardPlay.objects.create(card=card, fox_zone=zone, correct=correct, room_code="ROOM")


def deck_bytes(*cards: dict) -> bytes:
    return json.dumps(deck_document(*cards)).encode()


def messages_of(response) -> list[str]:
    return [str(message) for message in response.wsgi_request._messages]


# The card page ---------------------------------------------------------------------------------


def test_a_refused_save_shows_the_saved_card_in_the_heading_and_preview(admin_client, make_card):
    card = make_card("Largest countries by area")
    data = card_post(card=card, question="Rejected question?", reading_order="1 2 3 4 5 0")
    response = admin_client.post(change_url(card), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "gives the ranking away" in html
    # The refused question is in its input (to fix it) and nowhere else: not in the heading,
    # the breadcrumbs or the page title, nor in the server-drawn preview of the saved card.
    assert html.count("Rejected question?") == 1
    assert re.search(r'<input[^>]*name="question"[^>]*value="Rejected question\?"', html)
    assert "<h2>Largest countries by area</h2>" in html
    preview = html[html.index('id="card-editor-live"') :]
    assert "Largest countries by area" in preview[: preview.index("</section>")]
    saved = json.loads(re.search(r'id="card-saved"[^>]*>(.*?)</script>', html, re.S).group(1))
    assert saved["question"] == "Largest countries by area"
    assert saved["reading_order"] == [3, 0, 5, 1, 4, 2]
    assert "questions/card_editor.js" in html and "vendor/sortablejs/Sortable.min.js" in html


def test_the_add_page_says_a_new_card_is_a_draft_until_it_is_in_a_deck(admin_client, db):
    html = text_of(admin_client.get(reverse("admin:questions_card_add")).content.decode())
    assert "A new card stays a draft until you add it to a deck." in html
    assert "never dealt, not even in rooms whose host picked no deck" in html


@pytest.mark.parametrize(
    ("decks", "active", "status"),
    [
        (False, True, "Draft (in no deck) : never dealt until you add it to a deck"),
        (True, False, "Inactive : never dealt until you activate it"),
        (True, True, "Live : dealt in rooms that pick “World (world)”"),
    ],
)
def test_the_card_page_says_whether_the_card_is_dealt(
    admin_client, make_card, deck, decks, active, status
):
    card = make_card(decks=[deck] if decks else [], active=active)
    html = admin_client.get(change_url(card)).content.decode()
    assert f"Status: {status}" in text_of(html)


def test_the_card_page_shows_its_statistics_explained(admin_client, make_card):
    card = make_card()
    html = text_of(admin_client.get(change_url(card)).content.decode())
    assert "Not played yet." in html
    for zone, correct in [("1", 5), ("caught", 1), ("caught", 2), ("2-3", 4), ("4-5", 3)]:
        play(card, zone, correct)
    html = text_of(admin_client.get(change_url(card)).content.decode())
    section = html[html.index("How it played") :]
    assert "Times played 5" in section
    assert "Fox caught 2 (40%) the group put the Fox in the FOX slot: they spotted it" in section
    assert "Fox at #1 1 (20%) the group ranked the Fox's made-up answer #1" in section
    assert "Average correct answers 3.0 / 5" in section and "balanced" in section


def test_resetting_the_statistics_keeps_the_plays(admin_client, make_card):
    card = make_card()
    play(card)
    play(card)
    data = card_post(card=card, question=card.question, reset_statistics="on")
    data["answers-0-text"] = "Russian Federation"
    response = admin_client.post(change_url(card), data)
    assert response.status_code == 302, response.context["errors"]
    card.refresh_from_db()
    assert card.statistics_since is not None
    assert CardPlay.objects.filter(card=card).count() == 2
    html = text_of(admin_client.get(change_url(card)).content.decode())
    assert "Not played yet." in html and "when a curator reset them" in html


def test_changing_the_answers_without_a_reset_says_the_old_plays_still_count(
    admin_client, make_card
):
    card = make_card()
    play(card)
    data = card_post(card=card, question=card.question)
    data["answers-4-text"] = "Australia"
    response = admin_client.post(change_url(card), data)
    assert response.status_code == 302, response.context["errors"]
    assert any("the statistics still count 1 play of the old ones" in m for m in messages_of(
        response
    ))
    admin_client.get(change_url(card))  # shows (and so clears) the messages
    # Editing something else says nothing about statistics.
    response = admin_client.post(
        change_url(card), card_post(card=card, question=card.question, source="UN, 2025",
                                    answers=card.answer_texts())
    )
    assert not any("statistics" in m for m in messages_of(response))


def test_saving_a_card_in_a_deck_of_another_language_warns(admin_client, make_card, deck):
    card = make_card(language="es")
    data = card_post(card=card, question=card.question, language="es", decks=[deck])
    response = admin_client.post(change_url(card), data)
    assert response.status_code == 302
    warning = "This card is in Spanish, but the deck “World (world)” is in English."
    assert warning in messages_of(response)
    html = text_of(admin_client.get(change_url(card)).content.decode())
    assert f"⚠ {warning}" in html


@pytest.mark.parametrize(
    ("language", "card_warning", "deck_warning"),
    [
        (
            "fr",
            "Cette carte est en espagnol, mais le paquet « World (world) » est en anglais.",
            "1 carte n'est pas en anglais, la langue du paquet.",
        ),
        (
            "es",
            "Esta carta está en español, pero el mazo «World (world)» está en inglés.",
            "1 carta no está en inglés, el idioma del mazo.",
        ),
        (
            "id",
            "Kartu ini berbahasa Spanyol, tapi dek “World (world)” berbahasa Inggris.",
            "1 kartu tidak berbahasa Inggris, bahasa dek ini.",
        ),
    ],
)
def test_language_names_read_right_inside_a_translated_sentence(
    admin_client, make_card, deck, language, card_warning, deck_warning
):
    """Not “en Anglais” nor “berbahasa Bahasa Inggris”: a language's name inside a sentence
    is not its name on its own."""
    card = make_card(language="es", decks=[deck])
    admin_client.cookies["django_language"] = language
    html = text_of(admin_client.get(change_url(card)).content.decode())
    assert card_warning in html
    html = text_of(admin_client.get(reverse("admin:questions_deck_change", args=[deck.pk]))
                   .content.decode())
    assert deck_warning in html


def test_saving_a_reading_order_one_swap_from_rank_order_warns(admin_client, make_card, deck):
    """Accepted, but the save and the card page say it gives most of the ranking away."""
    card = make_card(decks=[deck])
    data = card_post(card=card, question=card.question, decks=[deck], reading_order="2 1 3 0 4 5")
    response = admin_client.post(change_url(card), data)
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.reading_order == [2, 1, 3, 0, 4, 5]
    warning = "The reading order is one swap away from rank order, which gives most of the ranking"
    assert any(warning in message for message in messages_of(response))
    html = text_of(admin_client.get(change_url(card)).content.decode())
    assert f"⚠ {warning}" in html


# The card list -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("search", "found"),
    [
        ("CAFÉ", {"Café bands"}),
        ("cafe", {"Café bands"}),
        ("tacvba", {"Café bands"}),  # an answer
        ("billboard 2023", {"Café bands"}),  # the source, two words
        ("music", {"Café bands"}),  # the category's slug
        ("música", {"Café bands"}),  # its Spanish name
        ("factbook", {"Largest countries"}),
        ("nowhere", set()),
    ],
)
def test_search_covers_source_category_and_answers_ignoring_case_and_accents(
    admin_client, make_card, search, found
):
    make_card("Café bands", source="Billboard, 2023", category="music",
              answers=["Café Tacvba", "Maná", "Molotov", "Jaguares", "Caifanes"])
    make_card("Largest countries")
    response = admin_client.get(CARDS, {"q": search})
    assert {card.question for card in response.context["cl"].result_list} == found


def test_filters_by_status_deck_including_drafts_and_native_review(
    admin_client, make_card, deck
):
    make_card("Live", decks=[deck])
    make_card("Draft")
    make_card("Off", decks=[deck], active=False)
    make_card("Machine", decks=[deck], needs_native_review=True)
    html = text_of(admin_client.get(CARDS).content.decode())
    assert "By native speaker's review" in html
    assert "Needs a native speaker's review" in html
    assert "In no deck (drafts)" in html

    def listed(**query):
        response = admin_client.get(CARDS, query)
        return {card.question for card in response.context["cl"].result_list}

    assert listed(status="live") == {"Live", "Machine"}
    assert listed(status="draft") == {"Draft"}
    assert listed(status="inactive") == {"Off"}
    assert listed(deck="none") == {"Draft"}
    assert listed(deck=str(deck.pk)) == {"Live", "Off", "Machine"}
    assert listed(needs_native_review="yes") == {"Machine"}
    assert listed(needs_native_review="no") == {"Live", "Draft", "Off"}
    assert listed(category="geography") == {"Live", "Draft", "Off", "Machine"}


def act(client, action, objects, url=CARDS, **extra):
    data = {"action": action, ACTION_CHECKBOX_NAME: [obj.pk for obj in objects], **extra}
    return client.post(url, data)


def test_move_to_a_deck_takes_the_cards_out_of_their_other_decks(admin_client, make_card, deck):
    sport = Deck.objects.create(name="Sport", slug="sport")
    both = make_card("Both", decks=[deck, sport])
    loose = make_card("Loose")
    page = act(admin_client, "move_to_deck", [both, loose]).content.decode()
    assert "They leave every other deck they are in." in page
    response = act(admin_client, "move_to_deck", [both, loose], deck=sport.pk, apply="1")
    assert messages_of(response) == ["Moved 2 cards to “Sport”."]
    assert [d.slug for d in both.decks.all()] == ["sport"]
    assert [d.slug for d in loose.decks.all()] == ["sport"]


def test_remove_from_a_deck_offers_only_their_decks_and_names_the_new_drafts(
    admin_client, make_card, deck
):
    sport = Deck.objects.create(name="Sport", slug="sport")
    Deck.objects.create(name="Unrelated", slug="unrelated")
    both = make_card("Both", decks=[deck, sport])
    only = make_card("Only", decks=[deck])
    page = act(admin_client, "remove_from_deck", [both, only]).content.decode()
    assert "Sport" in page and "Unrelated" not in page
    assert "A card left in no deck becomes a draft" in page
    response = act(admin_client, "remove_from_deck", [both, only], deck=deck.pk, apply="1")
    assert messages_of(response) == [
        "Removed 2 cards from “World”. 1 of them is in no deck now: a draft, never dealt."
    ]
    assert not deck.cards.exists()
    assert [d.slug for d in both.decks.all()] == ["sport"]


def test_a_csv_export_of_one_deck_is_named_after_it(admin_client, make_card, deck):
    cards = [make_card("A", decks=[deck]), make_card("B", decks=[deck])]
    response = act(admin_client, "export_csv", cards)
    assert 'filename="world.csv"' in response["Content-Disposition"]
    response = act(admin_client, "export_decks_csv", [deck], url=DECKS)
    assert 'filename="world.csv"' in response["Content-Disposition"]
    cards.append(make_card("C"))
    response = act(admin_client, "export_csv", cards)
    assert 'filename="cards.csv"' in response["Content-Disposition"]


def test_the_import_link_is_hidden_from_who_cannot_import(client, admin_client, db):
    assert IMPORT in admin_client.get(DECKS).content.decode()
    user = User.objects.create_user("viewer", password="pw", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=["view_deck", "add_deck"]))
    client.force_login(user)
    response = client.get(DECKS)
    assert response.status_code == 200
    assert IMPORT not in response.content.decode()


# The deck page -------------------------------------------------------------------------------


def test_the_deck_page_lists_and_links_its_cards_with_their_statistics(
    admin_client, make_card, deck
):
    rivers = make_card("Longest rivers", decks=[deck], reading_order=[0, 5, 4, 3, 2, 1])
    spanish = make_card("Ríos más largos", decks=[deck], language="es")
    make_card("Not in the deck")
    for _ in range(5):
        play(rivers, "caught", 5)
    html = admin_client.get(reverse("admin:questions_deck_change", args=[deck.pk])).content
    html = html.decode()
    assert f'href="{change_url(rivers)}"' in html and f'href="{change_url(spanish)}"' in html
    assert "Not in the deck" not in html
    assert f'href="{CARDS}?deck={deck.pk}"' in html
    text = text_of(html)
    assert "1 card is not in English, the deck's language." in text
    assert "⚠ Spanish" in text
    row = text[text.index("Longest rivers") :]
    assert row.startswith("Longest rivers Live English Geography 5 caught 100% 5.0 ")
    # The deck's statistics: where the Fox is read (place 1 and place 2 once each) and
    # how hard its cards are.
    assert re.findall(r'fox-place-count">(\d+)<', html) == ["1", "1", "0", "0", "0", "0"]
    assert "Too few cards to judge the spread" in text
    assert "easy: 1 · balanced: 0 · hard: 0 · played too little to tell: 1" in text


def test_the_deck_page_flags_an_uneven_fox_spread(admin_client, make_card, deck):
    for number in range(12):
        make_card(f"Q{number}", decks=[deck], reading_order=[0, 5, 4, 3, 2, 1])
    html = text_of(admin_client.get(reverse("admin:questions_deck_change", args=[deck.pk]))
                   .content.decode())
    assert "Unevenly spread (chi-square 60.0, above 11.1)" in html


# The import page -----------------------------------------------------------------------------


def test_the_import_page_explains_the_format_and_offers_templates(admin_client, db):
    html = admin_client.get(IMPORT).content.decode()
    assert "docs/decks.md" not in html
    text = text_of(html)
    assert "at most 5 MB" in text and "reading_order" in text and "needs_native_review" in text
    assert "source_timeless" in text
    assert "geography" in text  # the categories it accepts
    for kind, expected in [("json", deck_io.template_json()), ("csv", deck_io.template_csv())]:
        url = reverse("admin:questions_deck_import_template", args=[kind])
        assert f'href="{url}"' in html
        response = admin_client.get(url)
        assert response.content.decode() == expected
        assert f'filename="deck-template.{kind}"' in response["Content-Disposition"]
    assert admin_client.get(IMPORT + "template.xml").status_code == 403


def test_an_import_links_to_its_deck_and_is_in_its_history(admin_client, db):
    upload = SimpleUploadedFile("world.json", deck_bytes({"question": "One"}))
    html = admin_client.post(IMPORT, {"file": upload}).content.decode()
    deck = Deck.objects.get()
    assert f'<a href="{reverse("admin:questions_deck_change", args=[deck.pk])}">' in html
    entry = LogEntry.objects.get()
    assert (entry.action_flag, entry.object_id) == (ADDITION, str(deck.pk))
    assert entry.get_change_message() == (
        "Imported from world.json: 1 card created, 0 updated, 0 unchanged."
    )
    upload = SimpleUploadedFile("world.json", deck_bytes({"question": "Two"}))
    admin_client.post(IMPORT, {"file": upload})
    assert LogEntry.objects.latest("action_time").action_flag == CHANGE
    history = admin_client.get(reverse("admin:questions_deck_history", args=[deck.pk]))
    assert "Imported from world.json" in history.content.decode()
    upload = SimpleUploadedFile("world.json", deck_bytes({"question": "Three"}))
    admin_client.post(IMPORT, {"file": upload, "dry_run": "on"})
    assert LogEntry.objects.count() == 2


def test_the_import_page_creates_new_categories_only_when_asked(admin_client, db):
    document = json.dumps(deck_document({"question": "One", "category": "puzzles"})).encode()
    html = admin_client.post(IMPORT, {"file": SimpleUploadedFile("d.json", document)})
    assert "There is no category “puzzles”" in html.content.decode()
    html = admin_client.post(
        IMPORT, {"file": SimpleUploadedFile("d.json", document), "new_categories": "on"}
    ).content.decode()
    assert "New categories" in html and "puzzles" in html
    assert Card.objects.get().category == "puzzles"


def test_importing_new_categories_needs_the_permission_to_add_categories(client, db):
    user = User.objects.create_user("importer", password="pw", is_staff=True)
    codenames = ["add_deck", "change_deck", "add_card", "change_card"]
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    client.force_login(user)
    html = client.get(IMPORT).content.decode()
    assert re.search(r'<input[^>]*name="new_categories"[^>]*disabled', html)
    assert "You may not add categories" in html
    document = json.dumps(deck_document({"question": "One", "category": "puzzles"})).encode()
    response = client.post(
        IMPORT, {"file": SimpleUploadedFile("d.json", document), "new_categories": "on"}
    )
    text = text_of(response.content.decode())
    assert "There is no category “puzzles”" in text
    assert "You may not add categories: ask a curator who may" in text
    assert not Card.objects.exists()
    assert not Category.objects.filter(slug="puzzles").exists()
    user.user_permissions.add(Permission.objects.get(codename="add_category"))
    client.post(IMPORT, {"file": SimpleUploadedFile("d.json", document), "new_categories": "on"})
    assert Card.objects.get().category == "puzzles"


def test_reimporting_a_played_cards_answers_warns_and_offers_the_statistics_reset(admin_client, db):
    first = deck_bytes({"question": "One"})
    admin_client.post(IMPORT, {"file": SimpleUploadedFile("w.json", first)})
    card = Card.objects.get()
    play(card)
    play(card)
    changed = deck_bytes({"question": "One", "answers": ["A", "B", "C", "D", "E"]})
    html = admin_client.post(
        IMPORT, {"file": SimpleUploadedFile("w.json", changed), "dry_run": "on"}
    ).content.decode()
    text = text_of(html)
    assert "The import would change the answers of 1 played card" in text
    assert f'<a href="{change_url(card)}">One</a>' in html
    assert "One ( en-world ): 2 plays" in text
    assert 'name="reset_statistics_of"' not in html  # a dry run changed nothing yet
    html = admin_client.post(IMPORT, {"file": SimpleUploadedFile("w.json", changed)})
    html = html.content.decode()
    assert "The import changed the answers of 1 played card" in text_of(html)
    assert f'name="reset_statistics_of" value="{card.pk}"' in html
    assert stats.card_statistics_fetch(card.pk).plays == 2
    response = admin_client.post(IMPORT, {"reset_statistics_of": [str(card.pk)]})
    assert response.status_code == 302
    assert messages_of(response) == [
        "The statistics of 1 card count only plays from now on."
    ]
    assert stats.card_statistics_fetch(card.pk).plays == 0
    # Or at import time, with the box ticked.
    play(card)
    again = deck_bytes({"question": "One"})
    html = admin_client.post(
        IMPORT, {"file": SimpleUploadedFile("w.json", again), "reset_statistics": "on"}
    ).content.decode()
    assert "its statistics count only plays from now on" in text_of(html)
    assert stats.card_statistics_fetch(card.pk).plays == 0


def test_decks_of_the_same_name_are_told_apart_in_lists_and_menus(admin_client, make_card):
    english = Deck.objects.create(name="General", slug="en-general", language="en")
    spanish = Deck.objects.create(name="General", slug="es-general", language="es")
    card = make_card(decks=[english, spanish])
    html = admin_client.get(CARDS).content.decode()
    assert "General (en-general), General (es-general)" in html  # the card's decks
    assert f'<a href="?deck={spanish.pk}">General (es-general)</a>' in html  # the filter
    html = admin_client.get(change_url(card)).content.decode()
    assert f'<option value="{english.pk}" selected>General (en-general)</option>' in html
    assert f'<option value="{spanish.pk}" selected>General (es-general)</option>' in html


def test_the_admin_says_partyhub(admin_client, db):
    html = admin_client.get(reverse("admin:index")).content.decode()
    assert "PartyHub administration" in html and "Curate PartyHub" in html
    assert "Django administration" not in html and "Django site admin" not in html


def test_csv_export_from_the_card_list_escapes_formulas(admin_client, make_card, deck):
    card = make_card(decks=[deck], answers=["=1+1", "+ (Plus)", "-40", "@home", "plain"])
    response = act(admin_client, "export_csv", [card])
    row = next(csv.DictReader(io.StringIO(response.content.decode())))
    assert [row[f"answer_{rank}"] for rank in range(1, 6)] == [
        "'=1+1", "'+ (Plus)", "'-40", "'@home", "plain"
    ]
