"""Migration 0003: ``machine_translated`` becomes ``needs_native_review`` with its values kept,
and the starter "general" decks in other languages, loaded unmarked before, are marked."""

from tests.support.servers import manage

from .test_categories import database_connection


def test_the_rename_keeps_each_card_s_mark_and_marks_the_general_starter_decks(tmp_path):
    url = f"sqlite:///{tmp_path / 'migrate.db'}"
    env = {"DATABASE_URL": url}
    manage(["migrate", "--noinput", "-v0"], env)
    manage(["migrate", "questions", "0002", "--noinput", "-v0"], env)
    with database_connection(url) as connection:
        for deck, slug, language in [(1, "es-general", "es"), (2, "en-world", "en")]:
            connection.execute(
                "INSERT INTO questions_deck (id, name, slug, description, language, created, "
                f"updated) VALUES ({deck}, '{slug}', '{slug}', '', '{language}', "
                "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        cards = [
            ("Marked", "en", True, 2),
            ("Unmarked", "en", False, 2),
            ("General", "es", False, 1),
            ("English in general", "en", False, 1),
        ]
        for number, (question, language, marked, deck) in enumerate(cards, start=1):
            connection.execute(
                "INSERT INTO questions_card (id, question, question_key, source, reading_order, "
                "language, category, family_friendly, active, machine_translated, created, "
                f"updated) VALUES ({number}, '{question}', '{question.lower()}', 'S, 2024', "
                f"'[3, 0, 5, 1, 4, 2]', '{language}', 'geography', TRUE, TRUE, {marked}, "
                "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
            connection.execute(
                f"INSERT INTO questions_card_decks (card_id, deck_id) VALUES ({number}, {deck})"
            )
    manage(["migrate", "questions", "--noinput", "-v0"], env)
    with database_connection(url) as connection:
        rows = connection.execute(
            "SELECT question, needs_native_review, source_timeless FROM questions_card ORDER BY id"
        ).fetchall()
    assert [tuple(row) for row in rows] == [
        ("Marked", True, False),
        ("Unmarked", False, False),
        ("General", True, False),
        ("English in general", False, False),
    ]
