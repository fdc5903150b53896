import json
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from questions.models import Card, Deck

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
        "other,Other,en,Three,S,space,true,a,b,c,d,e,0 5 4 3 2 1\n"
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
