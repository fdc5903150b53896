"""Categories are a managed list with translations; cards and deck files name them by slug."""

import json
import sqlite3
from contextlib import contextmanager
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from questions import deck_io
from questions.models import Card, Category, CategoryTranslation
from tests.support.servers import manage

from .conftest import deck_document


def test_the_documented_categories_exist_with_their_translations(db):
    geography = Category.objects.get(slug="geography")
    assert geography.name == "Geography"
    assert {t.language: t.name for t in geography.translations.all()} == {
        "es": "Geografía",
        "fr": "Géographie",
        "id": "Geografi",
    }
    assert Category.objects.count() >= 17


def test_a_category_is_named_in_the_active_language(db):
    sport = Category.objects.get(slug="sport")
    assert sport.name_in("es") == "Deporte"
    assert sport.name_in("pt") == "Sport"
    with translation.override("fr"):
        assert str(Category.objects.get(slug="music")) == "Musique"


@pytest.mark.parametrize(
    "database", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def test_the_migration_turns_every_free_text_category_into_a_managed_one(
    database, request, tmp_path
):
    """Cards written before categories were managed keep their slug, now one of the list. Run
    on a database of its own, migrated back to before the categories and forward again."""
    if database == "sqlite":
        url = f"sqlite:///{tmp_path / 'migrate.db'}"
        manage(["migrate", "--noinput", "-v0"], {"DATABASE_URL": url})
    else:
        url = request.getfixturevalue("postgres_url")
    env = {"DATABASE_URL": url}
    manage(["migrate", "questions", "0001", "--noinput", "-v0"], env)
    with database_connection(url) as connection:
        for question, category in [("Old one", "geography"), ("Typo one", "geograhpy")]:
            connection.execute(
                "INSERT INTO questions_card (question, question_key, source, reading_order, "
                "language, category, family_friendly, active, created, updated) VALUES "
                f"('{question}', '{question.lower()}', 'S, 2024', '[3, 0, 5, 1, 4, 2]', 'en', "
                f"'{category}', TRUE, TRUE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
    manage(["migrate", "questions", "--noinput", "-v0"], env)
    with database_connection(url) as connection:
        names = dict(connection.execute("SELECT slug, name FROM questions_category").fetchall())
        geography_names = connection.execute(
            "SELECT COUNT(*) FROM questions_categorytranslation JOIN questions_category "
            "ON questions_category.id = category_id WHERE slug = 'geography'"
        ).fetchone()[0]
        cards = connection.execute(
            "SELECT category, needs_native_review FROM questions_card ORDER BY id"
        ).fetchall()
    assert names["geograhpy"] == "Geograhpy" and names["geography"] == "Geography"
    assert len(names) == 18  # the documented seventeen and the one cards used
    assert geography_names == 3
    assert [tuple(row) for row in cards] == [("geography", False), ("geograhpy", False)]


@contextmanager
def database_connection(url: str):
    """A DB-API connection to a test's own SQLite file or PostgreSQL database, committed at the
    end."""
    if url.startswith("sqlite:///"):
        connection = sqlite3.connect(url.removeprefix("sqlite:///"))
    else:
        import psycopg

        connection = psycopg.connect(url)
    try:
        yield connection
        connection.commit()
    finally:
        connection.close()


def test_a_card_with_an_unknown_category_is_invalid(make_card):
    card = make_card(category="no-such-thing")
    with pytest.raises(ValidationError) as error:
        card.full_clean()
    assert error.value.message_dict["category"] == [
        "There is no category “no-such-thing”; the curators' list is under Categories."
    ]


def test_import_refuses_an_unknown_category_and_suggests_the_close_one(db):
    document = deck_document({"question": "One", "category": "geograhpy"})
    with pytest.raises(deck_io.DeckImportError) as refused:
        deck_io.decks_import([("deck.json", json.dumps(document))])
    (problem,) = refused.value.problems
    assert (problem.row, problem.field) == (1, "category")
    assert "There is no category “geograhpy”" in problem.message
    assert "Did you mean “geography”?" in problem.message
    assert not Category.objects.filter(slug="geograhpy").exists()


def test_import_with_new_categories_creates_them(db):
    document = deck_document(
        {"question": "One", "category": "board-games"}, {"question": "Two", "category": "sport"}
    )
    result = deck_io.decks_import([("deck.json", json.dumps(document))], new_categories=True)
    assert result.categories_created == ["board-games"]
    assert Category.objects.get(slug="board-games").name == "Board games"
    assert Card.objects.get(question="One").category == "board-games"


def test_the_command_refuses_then_creates_with_the_flag(db, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck_document({"question": "One", "category": "puzzles"})))
    with pytest.raises(Exception, match="Refused because of 1 problem"):
        call_command("import_deck", str(path), stdout=StringIO(), stderr=StringIO())
    out = StringIO()
    call_command("import_deck", str(path), "--new-categories", stdout=out, stderr=StringIO())
    assert "New categories: puzzles" in out.getvalue()
    assert Category.objects.filter(slug="puzzles").exists()


def test_a_category_cards_use_cannot_be_deleted(admin_client, make_card):
    make_card(category="space")
    url = reverse("admin:questions_category_delete", args=[Category.objects.get(slug="space").pk])
    html = admin_client.get(url).content.decode()
    assert "“space” is the category of 1 card; give it another category first." in html
    admin_client.post(url, {"post": "yes"})
    assert Category.objects.filter(slug="space").exists()
    unused = Category.objects.create(slug="unused", name="Unused")
    admin_client.post(
        reverse("admin:questions_category_delete", args=[unused.pk]), {"post": "yes"}
    )
    assert not Category.objects.filter(slug="unused").exists()


def test_the_category_admin_keeps_the_slug_and_edits_translations(admin_client, db):
    category = Category.objects.get(slug="food")
    url = reverse("admin:questions_category_change", args=[category.pk])
    html = admin_client.get(url).content.decode()
    assert 'name="slug"' not in html  # read-only once saved: files name it
    translations = list(category.translations.order_by("language"))
    data = {
        "name": "Food & drink",
        "translations-TOTAL_FORMS": "3",
        "translations-INITIAL_FORMS": "3",
        "translations-MIN_NUM_FORMS": "0",
        "translations-MAX_NUM_FORMS": "1000",
    }
    for index, item in enumerate(translations):
        data |= {
            f"translations-{index}-id": str(item.pk),
            f"translations-{index}-category": str(category.pk),
            f"translations-{index}-language": item.language,
            f"translations-{index}-name": item.name + "!" if item.language == "es" else item.name,
        }
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context["errors"]
    assert CategoryTranslation.objects.get(category=category, language="es").name == "Comida!"
    assert Category.objects.get(pk=category.pk).name == "Food & drink"
    listing = admin_client.get(reverse("admin:questions_category_changelist")).content.decode()
    assert "es: Comida!" in listing
