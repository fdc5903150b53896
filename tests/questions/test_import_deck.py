import json
import os
import subprocess
import sys
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from questions import deck_io
from questions.models import Card, Deck
from tests.support.servers import ROOT

from .conftest import deck_document


def run(*args):
    out, err = StringIO(), StringIO()
    call_command("import_deck", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def good_file(tmp_path):
    path = tmp_path / "world.json"
    path.write_text(json.dumps(deck_document({"question": "One"}, {"question": "Two"})))
    return path


@pytest.mark.django_db
def test_import_and_summary(good_file):
    out, _err = run(str(good_file))
    assert "en-world: 2 created, 0 updated, 0 unchanged (new deck)" in out
    assert "Total: 2 created, 0 updated, 0 unchanged." in out
    assert Deck.objects.get().cards.count() == 2
    out, _err = run(str(good_file))
    assert "Total: 0 created, 0 updated, 2 unchanged." in out
    assert Card.objects.count() == 2


@pytest.mark.django_db
def test_dry_run_writes_nothing(good_file):
    out, _err = run(str(good_file), "--dry-run")
    assert "Dry run: nothing was saved." in out
    assert "Total: 2 created" in out
    assert not Deck.objects.exists()
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_several_files_and_a_deck_override(good_file, tmp_path):
    csv_path = tmp_path / "more.csv"
    csv_path.write_text(
        "deck_slug,deck_name,deck_language,question,source,category,family_friendly,"
        "answer_1,answer_2,answer_3,answer_4,answer_5,reading_order\n"
        "other,Other,en,Three,S,space,true,a,b,c,d,e,0 5 3 4 1 2\n"
    )
    out, _err = run(str(good_file), str(csv_path), "--deck", "mix")
    assert "mix: 3 created" in out
    assert Deck.objects.get().slug == "mix"


@pytest.mark.django_db
def test_a_bad_file_refuses_all_files(good_file, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck_document({"question": "X", "answers": ["a"] * 5}, slug="b")))
    with pytest.raises(CommandError, match="4 problems; nothing was imported"):
        run(str(good_file), str(bad))
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_problems_are_printed_by_row_and_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck_document({}, {"reading_order": [1, 2, 3, 4, 5, 0]})))
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("import_deck", str(bad), stdout=StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert any(line.startswith(f"{bad}, row 2, question: The same question") for line in lines)
    assert any(line.startswith(f"{bad}, row 2, reading_order: ") for line in lines)


def test_missing_file(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        run(str(tmp_path / "nope.json"))


@pytest.mark.django_db
def test_progress_bar_counts_every_card(good_file):
    with mock.patch("questions.management.commands.import_deck.tqdm") as bar:
        bar.side_effect = lambda items, **kwargs: items
        run(str(good_file))
    assert bar.call_args.kwargs["total"] == 2
    assert bar.call_args.kwargs["disable"] is None  # on a terminal only


def test_a_huge_csv_cell_is_a_listed_problem_not_a_traceback(db, tmp_path):
    path = tmp_path / "huge.csv"
    columns = ["deck_slug", "deck_name", "deck_language", "question", "source", "category",
               "family_friendly", "answer_1", "answer_2", "answer_3", "answer_4", "answer_5",
               "reading_order"]
    row = ["quiz", "Quiz", "en", "Q" * 200_000, "S, 2024", "geography", "true",
           "a", "b", "c", "d", "e", "3 0 5 1 4 2"]
    path.write_text(",".join(columns) + "\n" + ",".join(row) + "\n", encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError, match="Refused because of 1 problem"):
        call_command("import_deck", str(path), "--dry-run", stdout=StringIO(), stderr=err)
    assert "huge.csv, row 2, row: A cell is longer than 131,072 characters" in err.getvalue()


@pytest.mark.postgres
def test_model_limits_are_checked_before_writing_on_postgresql(postgres_url, tmp_path):
    """On PostgreSQL an over-long slug or name would fail halfway through the import (the
    column refuses it); the importer refuses the file first, with every problem listed."""
    import psycopg

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(deck_document({"question": "One"}, slug="s" * 80, name="N" * 300)))
    result = manage_on(postgres_url, "import_deck", str(bad))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "bad.json, deck.slug: Ensure this value has at most 50 characters (it has 80)." in (
        result.stderr
    )
    assert "bad.json, deck.name: Ensure this value has at most 100 characters (it has 300)." in (
        result.stderr
    )
    longest = tmp_path / "longest.json"
    longest.write_text(
        json.dumps(deck_document({"question": "Q" * 255}, slug="s" * 50, name="N" * 100))
    )
    result = manage_on(postgres_url, "import_deck", str(longest))
    assert result.returncode == 0, result.stderr
    with psycopg.connect(postgres_url) as connection:
        rows = connection.execute("SELECT slug, name FROM questions_deck").fetchall()
    assert rows == [("s" * 50, "N" * 100)]


@pytest.mark.postgres
def test_a_nul_character_is_a_listed_problem_on_postgresql(postgres_url, tmp_path):
    """PostgreSQL cannot store a NUL character: a raw 0x00 in a CSV cell or a ``\\u0000`` in
    JSON used to pass the checks and fail the write with a traceback."""
    header = ",".join(deck_io.CSV_COLUMNS)
    row = "quiz,Quiz,,en,One\x00,S,geography,en,true,,,,a,b,c,d,e,3 0 5 1 4 2"
    raw = tmp_path / "nul.csv"
    raw.write_bytes(f"{header}\n{row}\n".encode())
    escaped = tmp_path / "nul.json"
    escaped.write_text(json.dumps(deck_document({"answers": ["a", "b\x00", "c", "d", "e"]})))
    assert "\\u0000" in escaped.read_text()
    result = manage_on(postgres_url, "import_deck", str(raw), str(escaped))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"{raw}, row 2, question: This holds a NUL character" in result.stderr
    assert f"{escaped}, row 1, answers: Answer #2 holds a NUL character." in result.stderr
    row = row.replace("One\x00", "One")
    raw.write_bytes(f"{header}\n{row}\n".encode())
    result = manage_on(postgres_url, "import_deck", str(raw))
    assert result.returncode == 0, result.stderr


def manage_on(database_url: str, *args: str) -> subprocess.CompletedProcess:
    """A manage.py command against another database, its exit code and output kept."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.django_db
def test_changed_answers_of_a_played_card_are_listed_and_can_restart_its_statistics(tmp_path):
    from questions import services, stats

    path = tmp_path / "world.json"
    path.write_text(json.dumps(deck_document({"question": "One"})))
    run(str(path))
    card = Card.objects.get()
    services.card_play_record(card.pk, "caught", 3, "ROOM")
    path.write_text(json.dumps(deck_document({"question": "One", "answers": list("ABCDE")})))
    out, _err = run(str(path), "--dry-run")
    assert "Answers would change on 1 played card" in out
    assert "import with --reset-statistics" in out
    assert "  en-world: One (1 play)" in out
    out, _err = run(str(path), "--reset-statistics")
    assert "Answers changed on 1 played card; its statistics restart now:" in out
    assert stats.card_statistics_fetch(card.pk).plays == 0
