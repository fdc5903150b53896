import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from questions.models import Card, Deck

from .conftest import deck_document


def run():
    out, err = StringIO(), StringIO()
    call_command("load_starter_decks", stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def starter_dir(settings, tmp_path):
    """A project folder of our own, so the test controls which starter files exist."""
    settings.BASE_DIR = tmp_path
    folder = tmp_path / "fixtures" / "decks"
    folder.mkdir(parents=True)
    for slug, questions in {"en-a": ["One", "Two"], "en-b": ["Three"]}.items():
        document = deck_document(*({"question": q} for q in questions), slug=slug)
        (folder / f"{slug}.json").write_text(json.dumps(document))
    (folder / "notes.txt").write_text("not a deck")
    return folder


@pytest.mark.django_db
def test_loads_every_json_file(starter_dir):
    out, err = run()
    assert "Loaded 3 new cards and 2 new decks from 2 files." in out
    assert err == ""
    assert sorted(Deck.objects.values_list("slug", flat=True)) == ["en-a", "en-b"]
    assert Card.objects.count() == 3


@pytest.mark.django_db
def test_second_run_is_silent_and_keeps_curators_edits(starter_dir):
    run()
    Card.objects.filter(question="One").update(active=False)
    Deck.objects.filter(slug="en-a").update(name="Curated")
    out, err = run()
    assert (out, err) == ("", "")
    assert Card.objects.count() == 3
    assert Card.objects.get(question="One").active is False
    assert Deck.objects.get(slug="en-a").name == "Curated"


@pytest.mark.django_db
def test_new_cards_in_a_starter_file_are_added(starter_dir):
    run()
    document = deck_document({"question": "One"}, {"question": "Two"}, {"question": "New"})
    document["deck"]["slug"] = "en-a"
    (starter_dir / "en-a.json").write_text(json.dumps(document))
    out, _err = run()
    assert "Loaded 1 new card and 0 new decks" in out
    assert Deck.objects.get(slug="en-a").cards.count() == 3


@pytest.mark.django_db
def test_a_bad_starter_file_fails_loudly_but_alone(starter_dir):
    bad = deck_document({"question": "Bad", "reading_order": [1, 2, 3]}, slug="en-bad")
    (starter_dir / "en-bad.json").write_text(json.dumps(bad))
    err = StringIO()
    with pytest.raises(CommandError, match="en-bad.json"):
        call_command("load_starter_decks", stdout=StringIO(), stderr=err)
    assert "en-bad.json, row 1, reading_order" in err.getvalue()
    assert sorted(Deck.objects.values_list("slug", flat=True)) == ["en-a", "en-b"]


@pytest.mark.django_db
def test_no_starter_files(settings, tmp_path):
    settings.BASE_DIR = tmp_path
    assert run() == ("", "")
