"""The deck importer never raises on a bad file: it imports it, or refuses it with a list of
problems. Hypothesis feeds it raw bytes, text, CSV rows and JSON documents close to a deck's,
through ``decks_import``, the function the admin page and ``import_deck`` both call."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from questions import deck_io
from tests.support.fuzz import any_text, json_values

from .conftest import CARD, deck_document

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

deck_values = json_values("en", "geography", "3 0 5 1 4 2")  # a deck's words made likely


def import_or_problems(name: str, content: bytes | str, **options) -> None:
    """The importer's contract: a result, or a non-empty list of readable problems."""
    try:
        result = deck_io.decks_import([(name, content)], **options)
    except deck_io.DeckImportError as error:
        assert error.problems
        for problem in error.problems:
            assert problem.message.strip()
            str(problem).encode()  # printable and storable as UTF-8
    else:
        assert isinstance(result, deck_io.ImportResult)


@pytest.mark.django_db
@FUZZ
@given(
    content=st.binary(max_size=300),
    name=st.sampled_from(["deck.csv", "deck.json", "deck.txt", "deck"]),
)
@example(content=b"\r\x01", name="deck.csv")  # a lone carriage return ends the header line
def test_any_bytes(content, name):
    import_or_problems(name, content, dry_run=True)


@pytest.mark.django_db
@FUZZ
@given(
    rows=st.lists(st.lists(any_text, min_size=0, max_size=16), max_size=4),
    delimiter=st.sampled_from([",", ";", "\t"]),
    dry_run=st.booleans(),
)
def test_csv_rows_under_the_real_header(rows, delimiter, dry_run):
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter)
    writer.writerow(deck_io.CSV_COLUMNS)
    writer.writerows(rows)
    import_or_problems("deck.csv", buffer.getvalue(), dry_run=dry_run, new_categories=True)


@pytest.mark.django_db
@FUZZ
@given(
    changes=st.lists(
        st.tuples(st.sampled_from([*deck_io.CARD_KEYS, "extra"]), deck_values), max_size=4
    ),
    header=st.dictionaries(st.sampled_from([*deck_io.DECK_KEYS, "extra"]), deck_values),
    top=st.dictionaries(st.sampled_from(["format", "version", "deck", "cards"]), deck_values),
    dry_run=st.booleans(),
    ascii_only=st.booleans(),
)
def test_json_documents_close_to_a_deck(changes, header, top, dry_run, ascii_only):
    card = copy.deepcopy(CARD)
    for key, value in changes:
        card[key] = value
    document = {**deck_document(card, **header), **top}
    text = json.dumps(document, ensure_ascii=ascii_only)  # escaped: "\\u0000", "\\ud800"
    import_or_problems("deck.json", text, dry_run=dry_run, new_categories=True)


@pytest.mark.django_db
@FUZZ
@given(document=deck_values)
def test_any_json_value(document):
    import_or_problems("deck.json", json.dumps(document), dry_run=True)
