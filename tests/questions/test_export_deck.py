import csv
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from questions import deck_io


def run(*args):
    out = StringIO()
    call_command("export_deck", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def world(make_card, deck):
    make_card("Plus grands pays", decks=[deck], language="fr")
    make_card("Longest rivers", decks=[deck])
    return deck


def test_json_to_stdout(world):
    text = run("world", "--format", "json")
    assert text == deck_io.deck_export_json(world)
    assert [card["question"] for card in json.loads(text)["cards"]] == [
        "Plus grands pays",
        "Longest rivers",
    ]


def test_json_is_the_default(world):
    assert run("world") == deck_io.deck_export_json(world)


def test_csv_to_a_file_imports_back_unchanged(world, tmp_path):
    path = tmp_path / "world.csv"
    out = run("world", "--format", "csv", "--output", str(path))
    assert "Wrote 2 cards of “world”" in out
    rows = list(csv.DictReader(path.open(encoding="utf-8", newline="")))
    assert [row["question"] for row in rows] == ["Plus grands pays", "Longest rivers"]
    result = deck_io.decks_import([(path.name, path.read_bytes())])
    assert (result.total("created"), result.total("unchanged")) == (0, 2)


def test_unknown_deck(db):
    with pytest.raises(CommandError, match="No deck has the slug “nope”"):
        run("nope")


def test_unknown_format(world):
    with pytest.raises(CommandError):
        run("world", "--format", "xml")
