import json
import re
from html import unescape as html_unescape

import pytest
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions import deck_io
from questions.models import Card, CardPlay, Deck

from .conftest import deck_document

CHANGELIST = reverse("admin:questions_card_changelist")
ADD = reverse("admin:questions_card_add")
IMPORT = reverse("admin:questions_deck_import")


def card_post(answers=None, ranks=None, decks=(), card=None, **fields) -> dict:
    """The add/change form as a browser posts it."""
    answers = answers or ["Russia", "Canada", "United States", "China", "Brazil"]
    ranks = ranks or [1, 2, 3, 4, 5]
    existing = list(card.answers.order_by("rank")) if card else []
    data = {
        "question": "Largest countries by land area",
        "source": "According to the CIA World Factbook, 2024",
        "category": "geography",
        "language": "en",
        "family_friendly": "on",
        "active": "on",
        "decks": [deck.pk for deck in decks],
        "reading_order": "3 0 5 1 4 2",
        "answers-TOTAL_FORMS": "5",
        "answers-INITIAL_FORMS": str(len(existing)),
        "answers-MIN_NUM_FORMS": "5",
        "answers-MAX_NUM_FORMS": "5",
        **fields,
    }
    for i, (rank, text) in enumerate(zip(ranks, answers, strict=True)):
        data[f"answers-{i}-rank"] = str(rank)
        data[f"answers-{i}-text"] = text
        if existing:
            data[f"answers-{i}-id"] = str(existing[i].pk)
            data[f"answers-{i}-card"] = str(card.pk)
    return data


def play(card, zone, correct, room="ROOM"):
    CardPlay.objects.create(card=card, fox_zone=zone, correct=correct, room_code=room)


def row_of(html: str, question: str) -> str:
    """The changelist row holding ``question``."""
    rows = re.findall(r"<tr.*?</tr>", html, re.S)
    (row,) = [row for row in rows if question in row]
    return row


def cells(row: str) -> list[str]:
    return [
        re.sub(r"<.*?>", "", cell).strip() for cell in re.findall(r"<t[dh].*?</t[dh]>", row, re.S)
    ]


def test_changelist_shows_statistics(admin_client, make_card, deck):
    card = make_card(decks=[deck])
    make_card("Never played")
    for zone, correct in [("1", 5), ("2-3", 4), ("2-3", 2), ("caught", 1)]:
        play(card, zone, correct)
    response = admin_client.get(CHANGELIST)
    assert response.status_code == 200
    html = response.content.decode()
    row = row_of(html, card.question)
    # checkbox, question (status, decks), category, language, family, played, Fox landed, avg
    assert " ".join(cells(row)[1].split()) == f"{card.question}Live World (world)"
    assert cells(row)[2:4] == ["Geography", "en"]
    assert cells(row)[5:] == ["4", "caught 25%", "3.0"]
    assert re.findall(r'title="([^"]*)"', html_unescape(row)) == [
        "Fox at #1: 1 (25%)",
        "Fox at #2–3: 2 (50%)",
        "Fox at #4–5: 0 (0%)",
        "Fox caught: 1 (25%)",
    ]
    never = cells(row_of(html, "Never played"))
    assert "Draft (in no deck)" in never[1]
    assert never[5:] == ["0", "not played yet", "-"]
    assert "What the statistics mean" in html


def test_changelist_query_count_does_not_grow_with_cards(
    admin_client, make_card, deck, django_assert_max_num_queries
):
    for i in range(3):
        play(make_card(f"Card {i}", decks=[deck]), "1", 3)
    with django_assert_max_num_queries(50) as few:
        admin_client.get(CHANGELIST)
    for i in range(3, 30):
        play(make_card(f"Card {i}", decks=[deck]), "4-5", 3)
    with django_assert_max_num_queries(len(few.captured_queries)):
        response = admin_client.get(CHANGELIST)
    assert response.context["cl"].result_count == 30


def test_search_answers_without_inflating_statistics(admin_client, make_card):
    card = make_card(answers=["Nile", "Amazon", "Yangtze", "Mississippi", "Nile Delta"])
    make_card("Other question", answers=["a", "b", "c", "d", "e"])
    play(card, "1", 2)
    play(card, "1", 4)
    response = admin_client.get(CHANGELIST, {"q": "nile"})
    assert [c.pk for c in response.context["cl"].result_list] == [card.pk]
    row = cells(row_of(response.content.decode(), card.question))
    assert row[5:] == ["2", "caught 0%", "3.0"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"category": "space"}, {"Space"}),
        ({"language__exact": "es"}, {"Spanish"}),
        ({"family_friendly__exact": "0"}, {"Beer"}),
        ({"active__exact": "0"}, {"Off"}),
    ],
)
def test_filters(admin_client, make_card, query, expected):
    make_card("Space", category="space")
    make_card("Spanish", language="es")
    make_card("Beer", family_friendly=False)
    make_card("Off", active=False)
    response = admin_client.get(CHANGELIST, query)
    assert {c.question for c in response.context["cl"].result_list} == expected


def test_deck_filter(admin_client, make_card, deck):
    make_card("In deck", decks=[deck])
    make_card("Not in deck")
    response = admin_client.get(CHANGELIST, {"deck": deck.pk})
    assert [c.question for c in response.context["cl"].result_list] == ["In deck"]


def test_add_page_offers_five_ranked_answers_and_a_reading_order(admin_client, db):
    response = admin_client.get(ADD)
    assert response.status_code == 200
    formset = response.context["inline_admin_formsets"][0].formset
    assert [form.initial.get("rank") for form in formset.forms] == [1, 2, 3, 4, 5]
    order = response.context["adminform"].form["reading_order"].value()
    assert sorted(int(place) for place in order.split()) == [0, 1, 2, 3, 4, 5]
    assert "The preview appears here as you type" in response.content.decode()


def test_add_card_with_answers(admin_client, deck):
    response = admin_client.post(ADD, card_post(decks=[deck]))
    assert response.status_code == 302, response.context["errors"]
    card = Card.objects.get()
    assert card.answer_texts() == ["Russia", "Canada", "United States", "China", "Brazil"]
    assert card.reading_order == [3, 0, 5, 1, 4, 2]
    assert list(card.decks.all()) == [deck]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"answers": ["Russia", "Canada", "russia ", "China", "Brazil"]},
            "Answers #1 and #3 are the same",
        ),
        ({"answers": ["Russia", "Canada", "", "China", "Brazil"]}, "This field is required."),
        (
            {"answers": ["The Beatles", "Queen", "Beatles!", "ABBA", "Oasis"]},
            "Answers #1 and #3 are the same (“Beatles!”)",
        ),
        (
            {"answers": ["Café Tacvba", "Maná", "Cafe Tacvba", "Molotov", "Jaguares"]},
            "Answers #1 and #3 are the same (“Cafe Tacvba”)",
        ),
        ({"ranks": [1, 2, 2, 4, 5]}, "Rank 2 is used 2 times."),
        ({"reading_order": "1 2 3 4 5 0"}, "gives the ranking away"),
        ({"reading_order": "5 4 0 3 2 1"}, "reverse rank order (#5 first), which gives the"),
        ({"reading_order": "3 0 5 1 4"}, "exactly once"),
        ({"reading_order": "three"}, "Type six whole numbers"),
        ({"category": "geograhpy"}, "Select a valid choice"),
    ],
)
def test_add_card_validation_messages(admin_client, db, changes, message):
    response = admin_client.post(ADD, card_post(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert "Please correct the error" in response.content.decode()
    assert not Card.objects.exists()


@pytest.mark.parametrize(
    ("language", "answers", "message"),
    [
        ("es", ["Los Beatles", "Queen", "Beatles", "ABBA", "Oasis"],
         "Answers #1 and #3 are the same (“Beatles”)"),
        ("fr", ["Les Rita Mitsouko", "Téléphone", "Indochine", "Rita Mitsouko", "Noir Désir"],
         "Answers #1 and #4 are the same (“Rita Mitsouko”)"),
        ("fr", ["L'Oréal", "Chanel", "Oréal", "Dior", "Hermès"],
         "Answers #1 and #3 are the same (“Oréal”)"),
    ],
)
def test_add_card_refuses_answers_the_same_but_for_an_article_of_its_language(
    admin_client, db, language, answers, message
):
    data = card_post(answers=answers, language=language)
    response = admin_client.post(ADD, data)
    assert response.status_code == 200
    assert message in html_unescape(response.content.decode())
    assert not Card.objects.exists()
    # Among English answers a Spanish or French article is a word like any other.
    response = admin_client.post(ADD, card_post(answers=answers, language="en"))
    assert response.status_code == 302, response.context["errors"]


def test_change_card_compares_answers_in_the_language_it_is_saved_with(admin_client, make_card):
    card = make_card(answers=["Los Beatles", "Queen", "Beatles", "ABBA", "Oasis"])
    url = reverse("admin:questions_card_change", args=[card.pk])
    data = card_post(card=card, answers=card.answer_texts(), question=card.question,
                     language="es")
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "Answers #1 and #3 are the same (“Beatles”)" in response.content.decode()
    card.refresh_from_db()
    assert card.language == "en"


def test_add_card_an_empty_answer_does_not_hide_a_duplicate(admin_client, db):
    response = admin_client.post(
        ADD, card_post(answers=["Russia", "russia", "", "China", "Brazil"])
    )
    html = html_unescape(response.content.decode())
    assert "This field is required." in html
    assert "Answers #1 and #2 are the same (“russia”)" in html
    assert not Card.objects.exists()


def test_add_card_with_too_few_answers_is_refused(admin_client, db):
    data = card_post()
    data["answers-TOTAL_FORMS"] = "4"
    response = admin_client.post(ADD, data)
    assert response.status_code == 200
    assert "A card needs exactly 5 answers; fill in every row." in response.content.decode()
    assert not Card.objects.exists()


def test_add_card_refuses_a_question_already_in_the_deck(admin_client, make_card, deck):
    make_card("Largest countries by land area", decks=[deck])
    response = admin_client.post(
        ADD, card_post(decks=[deck], question="largest countries BY land area")
    )
    assert response.status_code == 200
    assert "Another card in “World” already asks this question." in response.content.decode()
    assert Card.objects.count() == 1


def test_change_page_previews_front_and_back(admin_client, make_card):
    card = make_card(reading_order=[3, 0, 5, 1, 4, 2])
    response = admin_client.get(reverse("admin:questions_card_change", args=[card.pk]))
    html = response.content.decode()
    assert "The card as the TV shows it" in html
    front = html[html.index('class="card-front"') : html.index('class="card-back"')]
    assert card.question in front and card.source in front
    reading = html[html.index('class="card-reading-order"') : html.index('class="card-ranked"')]
    items = [
        html_unescape(re.sub(r"<.*?>", "", item)).strip()
        for item in re.findall(r"<li.*?</li>", reading, re.S)
    ]
    assert items == [
        "United States (#3)",
        "🦊 The Fox's answer is read here",
        "Brazil (#5)",
        "Russia (#1)",
        "China (#4)",
        "Canada (#2)",
    ]
    ranked = html[html.index('class="card-ranked"') :]
    assert re.findall(r'<li value="(\d)">([^<]*)</li>', ranked) == [
        ("1", "Russia"),
        ("2", "Canada"),
        ("3", "United States"),
        ("4", "China"),
        ("5", "Brazil"),
    ]


def test_change_card_swapping_two_ranks(admin_client, make_card):
    card = make_card()
    data = card_post(card=card, ranks=[2, 1, 3, 4, 5], question=card.question)
    response = admin_client.post(reverse("admin:questions_card_change", args=[card.pk]), data)
    assert response.status_code == 302, response.context["errors"]
    assert card.answer_texts() == ["Canada", "Russia", "United States", "China", "Brazil"]


def test_change_card_bad_formset_keeps_the_saved_answers(admin_client, make_card):
    card = make_card()
    data = card_post(card=card, answers=["Russia", "Russia", "US", "China", "Brazil"])
    response = admin_client.post(reverse("admin:questions_card_change", args=[card.pk]), data)
    assert response.status_code == 200
    assert "Answers #1 and #2 are the same" in response.content.decode()
    assert card.answer_texts() == ["Russia", "Canada", "United States", "China", "Brazil"]


def test_deck_changelist_counts_cards(admin_client, make_card, deck):
    make_card("A", decks=[deck])
    make_card("B", decks=[deck], active=False)
    response = admin_client.get(reverse("admin:questions_deck_changelist"))
    html = response.content.decode()
    assert cells(row_of(html, "world"))[4:6] == ["2", "1"]
    assert IMPORT in html


def test_import_page_good_file(admin_client, db):
    assert admin_client.get(IMPORT).status_code == 200
    document = deck_document({"question": "One"}, {"question": "Two"})
    upload = SimpleUploadedFile("world.json", json.dumps(document).encode())
    response = admin_client.post(IMPORT, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="import-result"' in html
    assert re.search(r"<td>2</td><td>0</td><td>0</td>", html)
    assert Deck.objects.get().cards.count() == 2


def test_import_page_dry_run_and_slug_override(admin_client, db):
    document = deck_document({"question": "One"})
    upload = SimpleUploadedFile("world.json", json.dumps(document).encode())
    response = admin_client.post(IMPORT, {"file": upload, "dry_run": "on", "deck": "mine"})
    html = response.content.decode()
    assert "Nothing was saved" in html
    assert "<code>mine</code>" in html
    assert not Deck.objects.exists()
    assert not Card.objects.exists()


def test_import_page_bad_file_lists_every_problem(admin_client, db):
    document = deck_document(
        {"question": "One"},
        {"question": "Two", "reading_order": [1, 2, 3, 4, 5, 0]},
        {"question": "Three", "answers": ["a", "b", "c"]},
    )
    upload = SimpleUploadedFile("world.json", json.dumps(document).encode())
    response = admin_client.post(IMPORT, {"file": upload})
    html = response.content.decode()
    assert "2 problems; nothing was imported" in html
    start = html.index('id="import-problems"')
    table = html[start : html.index("</table>", start)]
    rows = [cells(row) for row in re.findall(r"<tr>.*?</tr>", table, re.S)[1:]]
    assert [row[:3] for row in rows] == [
        ["world.json", "2", "reading_order"],
        ["world.json", "3", "answers"],
    ]
    assert not Deck.objects.exists()


def test_import_page_lists_a_huge_csv_cell_as_a_problem(admin_client, db):
    header = "deck_slug,deck_name,deck_language,question,source,category,family_friendly,"
    header += "answer_1,answer_2,answer_3,answer_4,answer_5,reading_order"
    row = f"quiz,Quiz,en,{'Q' * 200_000},S,geography,true,a,b,c,d,e,3 0 5 1 4 2"
    upload = SimpleUploadedFile("huge.csv", f"{header}\n{row}\n".encode())
    response = admin_client.post(IMPORT, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert "1 problem; nothing was imported" in html
    assert "A cell is longer than 131,072 characters" in html
    assert not Card.objects.exists()


def test_import_page_refuses_a_file_over_the_size_limit(admin_client, db):
    upload = SimpleUploadedFile("big.json", b" " * (deck_io.MAX_FILE_BYTES + 1))
    response = admin_client.post(IMPORT, {"file": upload})
    assert response.status_code == 200
    assert "a deck file may be at most 5 MB" in response.content.decode()


def test_import_page_needs_permission(client, db):
    user = User.objects.create_user("curator", password="pw", is_staff=True)
    client.force_login(user)
    assert client.get(IMPORT).status_code == 403
    codenames = ["add_deck", "change_deck", "add_card", "change_card"]
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    assert client.get(IMPORT).status_code == 200


def test_card_play_admin_is_read_only(admin_client, make_card):
    play(make_card(), "caught", 0, "ZZZZ")
    response = admin_client.get(reverse("admin:questions_cardplay_changelist"))
    assert "ZZZZ" in response.content.decode()
    assert admin_client.get(reverse("admin:questions_cardplay_add")).status_code == 403
