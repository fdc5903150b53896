import csv
import io
import json
from unittest import mock

import pytest

from questions import deck_io
from questions.models import Answer, Card, Deck

from .conftest import deck_document


def as_file(document: dict, name: str = "deck.json") -> tuple[str, bytes]:
    return name, json.dumps(document, ensure_ascii=False).encode()


def counts(result: deck_io.ImportResult) -> tuple[int, int, int]:
    return result.total("created"), result.total("updated"), result.total("unchanged")


def problems_of(*files, **kwargs) -> list[tuple]:
    with pytest.raises(deck_io.DeckImportError) as caught:
        deck_io.decks_import(list(files), **kwargs)
    return [(p.source, p.row, p.field) for p in caught.value.problems], caught.value.problems


TRICKY = [
    {"question": "Largest countries by land area"},
    {
        "question": "¿Países más grandes, por superficie?",
        "language": "es",
        "answers": ["Rusia", "Canadá", 'EE. UU. "América"', "China", "Brasil, país"],
        "reading_order": [0, 5, 3, 4, 1, 2],
        "family_friendly": False,
        "active": False,
        "category": "geography",
    },
    {
        "question": 'Commas, semicolons; and "quotes"',
        "source": 'Quote "this", 2024',
        "category": "space",
        "answers": ["+ (Plus)", "= (Equals)", "-40", "@home", "'Til Tuesday"],
    },
]


@pytest.mark.django_db
def test_import_json_creates_the_deck_and_its_cards():
    result = deck_io.decks_import([as_file(deck_document(*TRICKY))])
    deck = Deck.objects.get(slug="en-world")
    assert (deck.name, deck.description, deck.language) == (
        "World & Nature",
        "One sentence for hosts.",
        "en",
    )
    assert [card.question for card in deck_io.deck_cards(deck)] == [c["question"] for c in TRICKY]
    spanish = Card.objects.get(language="es")
    assert spanish.answer_texts()[2] == 'EE. UU. "América"'
    assert (spanish.family_friendly, spanish.active) == (False, False)
    assert spanish.reading_order == [0, 5, 3, 4, 1, 2]
    assert counts(result) == (3, 0, 0)
    assert result.decks[0].deck_created


@pytest.mark.django_db
@pytest.mark.parametrize("export", [deck_io.deck_export_json, deck_io.deck_export_csv])
def test_export_import_export_round_trips(export):
    deck_io.decks_import([as_file(deck_document(*TRICKY))])
    first = export(Deck.objects.get())
    name = "deck.json" if export is deck_io.deck_export_json else "deck.csv"
    Deck.objects.all().delete()
    Card.objects.all().delete()
    deck_io.decks_import([(name, first.encode())])
    assert export(Deck.objects.get()) == first


@pytest.mark.django_db
def test_json_and_csv_carry_the_same_data():
    deck_io.decks_import([as_file(deck_document(*TRICKY))])
    as_json = deck_io.deck_export_json(Deck.objects.get())
    as_csv = deck_io.deck_export_csv(Deck.objects.get())
    Deck.objects.all().delete()
    Card.objects.all().delete()
    deck_io.decks_import([("deck.csv", as_csv.encode())])
    assert deck_io.deck_export_json(Deck.objects.get()) == as_json


@pytest.mark.django_db
def test_json_export_is_the_documented_layout(make_card, deck):
    make_card(decks=[deck], question="Plus grands pays", language="fr")
    text = deck_io.deck_export_json(deck)
    assert text.endswith("}\n")
    assert '\n  "format": "partyhub-deck",' in text
    assert "Plus grands pays" in text  # ensure_ascii=False keeps letters readable
    document = json.loads(text)
    assert list(document["cards"][0]) == list(deck_io.CARD_KEYS)


@pytest.mark.django_db
def test_csv_export_format(make_card, deck):
    make_card(decks=[deck], family_friendly=False)
    rows = list(csv.reader(io.StringIO(deck_io.deck_export_csv(deck))))
    assert rows[0] == deck_io.CSV_COLUMNS
    row = dict(zip(rows[0], rows[1], strict=True))
    assert row["deck_slug"] == "world"
    assert row["family_friendly"] == "false"
    assert row["active"] == "true"
    assert row["reading_order"] == "3 0 5 1 4 2"
    assert [row[f"answer_{rank}"] for rank in range(1, 6)][0] == "Russia"


@pytest.mark.django_db
def test_reimport_is_idempotent():
    file = as_file(deck_document(*TRICKY))
    deck_io.decks_import([file])
    ids = sorted(Card.objects.values_list("id", flat=True))
    result = deck_io.decks_import([file])
    assert counts(result) == (0, 0, 3)
    assert sorted(Card.objects.values_list("id", flat=True)) == ids
    assert Answer.objects.count() == 15
    assert Deck.objects.count() == 1


@pytest.mark.django_db
def test_reimport_updates_cards_in_place_matching_question_case_insensitively():
    deck_io.decks_import([as_file(deck_document(*TRICKY))])
    card = Card.objects.get(question="Largest countries by land area")
    changed = deck_document(
        {
            "question": "LARGEST countries  by land area",
            "answers": ["Russia", "Canada", "China", "United States", "Brazil"],
            "active": False,
        },
        name="Renamed deck",
    )
    result = deck_io.decks_import([as_file(changed)])
    assert (result.total("created"), result.total("updated")) == (0, 1)
    assert result.decks[0].deck_updated
    card.refresh_from_db()
    assert card.question == "LARGEST countries  by land area"
    assert card.answer_texts()[2:4] == ["China", "United States"]
    assert card.active is False
    assert Deck.objects.get().name == "Renamed deck"
    assert Card.objects.count() == 3


@pytest.mark.django_db
def test_bad_json_file_is_refused_whole_with_rows_and_fields():
    document = deck_document(
        {"question": "Fine card"},
        {"question": "Bad answers", "answers": ["a", "A", "c", "d", ""]},
        {"question": "Fine card two"},
        {"question": "Bad order", "reading_order": [1, 2, 3, 4, 5, 5], "category": "Sport!"},
        {"question": "fine CARD"},
    )
    where, problems = problems_of(as_file(document))
    assert ("deck.json", 2, "answers") in where
    assert ("deck.json", 4, "reading_order") in where
    assert ("deck.json", 4, "category") in where
    assert ("deck.json", 5, "question") in where
    assert not any(row in (1, 3) for _source, row, _field in where)
    messages = [(p.row, p.field, p.message) for p in problems]
    assert (2, "answers", "Answers #1 and #2 are the same (“A”).") in messages
    assert (2, "answers", "Answer #5 is empty.") in messages
    assert (5, "question", "The same question is already on row 1 of this deck.") in messages
    assert str(problems[0]).startswith("deck.json, row 2, answers: ")
    assert not Deck.objects.exists()
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_json_shape_problems():
    document = deck_document({"answers": "Russia", "reading_order": None, "extra": 1})
    document["version"] = 2
    del document["deck"]["name"]
    document["cards"][0].pop("family_friendly")
    document["cards"].append("not a card")
    where, _problems = problems_of(as_file(document))
    assert set(where) >= {
        ("deck.json", None, "version"),
        ("deck.json", None, "deck.name"),
        ("deck.json", 1, "answers"),
        ("deck.json", 1, "reading_order"),
        ("deck.json", 1, "extra"),
        ("deck.json", 1, "family_friendly"),
        ("deck.json", 2, "card"),
    }
    # An unreadable field is reported once, not again by the card rules.
    assert where.count(("deck.json", 1, "answers")) == 1


@pytest.mark.django_db
def test_not_json_and_not_utf8():
    where, problems = problems_of(("deck.json", b'{"format": '), ("deck.csv", b"\xff\xfe\x00"))
    assert ("deck.json", None, "file") in where
    assert "line 1" in problems[0].message
    assert ("deck.csv", None, "file") in where


CSV_HEADER = ",".join(deck_io.CSV_COLUMNS)


def csv_row(question: str, answers: str = "a,b,c,d,e", order: str = "3 0 5 1 4 2", **kw) -> str:
    values = {
        "deck": "quiz,Quiz,,en",
        "source": "S",
        "category": "geography",
        "language": "en",
        "family": "true",
        "active": "",
        "review": "",
        "timeless": "",
        **kw,
    }
    return (
        f"{values['deck']},{question},{values['source']},{values['category']},"
        f"{values['language']},{values['family']},{values['active']},{values['review']},"
        f"{values['timeless']},{answers},{order}"
    )


@pytest.mark.django_db
def test_csv_import_with_defaults_and_bom():
    text = "\ufeff" + "\n".join([CSV_HEADER, csv_row("One"), csv_row("Two", active="FALSE"), ""])
    result = deck_io.decks_import([("quiz.csv", text.encode())])
    assert result.total("created") == 2
    assert Card.objects.get(question="One").active is True
    assert Card.objects.get(question="Two").active is False
    assert Deck.objects.get().name == "Quiz"


@pytest.mark.django_db
def test_bad_csv_is_refused_with_spreadsheet_row_numbers():
    text = "\n".join(
        [
            CSV_HEADER,
            csv_row("Fine"),
            csv_row("Bad order", order="3 0 5 x 4 2"),
            csv_row("Bad family", family="maybe"),
            csv_row("fine"),
            csv_row("Other deck name", deck="quiz,Quiz 2,,en"),
            csv_row("No deck", deck=",,,"),
        ]
    )
    where, problems = problems_of(("quiz.csv", text.encode()))
    assert ("quiz.csv", 3, "reading_order") in where
    assert where.count(("quiz.csv", 3, "reading_order")) == 1
    assert ("quiz.csv", 4, "family_friendly") in where
    assert ("quiz.csv", 5, "question") in where
    assert ("quiz.csv", 6, "deck_name") in where
    assert ("quiz.csv", 7, "deck_slug") in where
    assert not any(row == 2 for _source, row, _field in where)
    message = {(p.row, p.field): p.message for p in problems}[(7, "deck_slug")]
    assert "deck slug override" in message
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_csv_header_problems():
    text = "question,source,colour\nQ,S,red\n"
    where, _problems = problems_of(("x.csv", text.encode()))
    assert ("x.csv", 1, "deck_slug") in where
    assert ("x.csv", 1, "answer_5") in where
    assert ("x.csv", 1, "colour") in where


@pytest.mark.django_db
def test_duplicates_across_files_of_the_same_deck():
    first = as_file(deck_document({"question": "Same"}), "a.json")
    second = as_file(deck_document({"question": "SAME"}), "b.json")
    where, problems = problems_of(first, second)
    assert where == [("b.json", 1, "question")]
    assert "a.json, row 1" in problems[0].message


@pytest.mark.django_db
def test_a_failure_while_writing_leaves_no_card_of_its_batch_behind(monkeypatch):
    """Cards are written a batch per transaction (see test_import_locking): a failure leaves
    the batches before it, never a card without its answers, and importing again completes."""
    monkeypatch.setattr(deck_io, "WRITE_BATCH", 2)
    document = deck_document(
        {"question": "One"}, {"question": "Two"}, {"question": "Three"}, {"question": "Four"}
    )
    real_new = deck_io._card_new
    calls = []

    def flaky(data):
        calls.append(data.question)
        if data.question == "Four":
            raise RuntimeError("disk full")
        return real_new(data)

    with mock.patch.object(deck_io, "_card_new", flaky), pytest.raises(RuntimeError):
        deck_io.decks_import([as_file(document)])
    assert calls == ["One", "Two", "Three", "Four"]
    assert sorted(Card.objects.values_list("question", flat=True)) == ["One", "Two"]
    assert Answer.objects.count() == 10
    result = deck_io.decks_import([as_file(document)])
    assert counts(result) == (2, 0, 2)
    assert Deck.objects.get().cards.count() == 4


@pytest.mark.django_db
def test_dry_run_reports_but_writes_nothing():
    result = deck_io.decks_import([as_file(deck_document(*TRICKY))], dry_run=True)
    assert result.dry_run
    assert result.total("created") == 3
    assert not Deck.objects.exists()
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_deck_slug_override_keeps_the_existing_deck_name(make_card):
    target = Deck.objects.create(name="Mine", slug="mine", language="fr")
    existing = make_card(question="Largest countries by land area", decks=[target])
    result = deck_io.decks_import(
        [as_file(deck_document({"question": "Largest countries by land area"}, {"question": "B"}))],
        deck_slug="mine",
    )
    assert (result.total("created"), result.total("unchanged")) == (1, 1)
    target.refresh_from_db()
    assert (target.name, target.language) == ("Mine", "fr")
    assert not Deck.objects.filter(slug="en-world").exists()
    assert set(target.cards.all()) == {existing, Card.objects.get(question="B")}


@pytest.mark.django_db
def test_deck_slug_override_lets_a_csv_of_unfiled_cards_in():
    text = "\n".join([CSV_HEADER, csv_row("One", deck=",,,"), csv_row("Two", deck=",,,")])
    with pytest.raises(deck_io.DeckImportError):
        deck_io.decks_import([("x.csv", text.encode())])
    deck_io.decks_import([("x.csv", text.encode())], deck_slug="loose")
    deck = Deck.objects.get()
    assert (deck.slug, deck.name, deck.cards.count()) == ("loose", "loose", 2)


@pytest.mark.django_db
def test_without_update_existing_curated_cards_are_left_alone():
    deck_io.decks_import([as_file(deck_document({"question": "One"}))])
    Card.objects.update(active=False)
    Deck.objects.update(name="Curated")
    result = deck_io.decks_import(
        [as_file(deck_document({"question": "One"}, {"question": "Two"}))], update_existing=False
    )
    assert (result.total("created"), result.total("skipped"), result.total("updated")) == (1, 1, 0)
    assert Card.objects.get(question="One").active is False
    assert Deck.objects.get().name == "Curated"


@pytest.mark.django_db
def test_progress_wraps_every_card():
    seen = []

    def progress(items, total):
        seen.append(total)
        return items

    deck_io.decks_import([as_file(deck_document(*TRICKY))], progress=progress)
    assert seen == [3]


@pytest.mark.django_db
def test_cards_export_csv_leaves_deck_columns_empty_for_unfiled_cards(make_card):
    card = make_card()
    rows = list(csv.DictReader(io.StringIO(deck_io.cards_export_csv([(None, card)]))))
    assert rows[0]["deck_slug"] == rows[0]["deck_name"] == ""
    assert rows[0]["question"] == card.question


@pytest.mark.django_db
def test_a_cell_beyond_the_csv_reader_limit_is_a_listed_problem():
    huge = "x" * (csv.field_size_limit() + 1)
    text = "\n".join([CSV_HEADER, csv_row("Fine"), csv_row(huge), csv_row("Never read")])
    where, problems = problems_of(("quiz.csv", text.encode()), dry_run=True)
    assert where == [("quiz.csv", 3, "row")]
    assert problems[0].message.startswith("A cell is longer than 131,072 characters")
    assert not Card.objects.exists()


@pytest.mark.django_db
def test_a_file_over_the_documented_size_is_refused():
    content = b"x" * (deck_io.MAX_FILE_BYTES + 1)
    where, problems = problems_of(("big.csv", content))
    assert where == [("big.csv", None, "file")]
    assert problems[0].message == "The file is 5.0 MB; a deck file may be at most 5 MB."


@pytest.mark.django_db
def test_the_importer_checks_the_models_own_limits():
    """What the admin would refuse (an 80-character slug, a 300-character name) is refused on
    import too, instead of landing in the database (or failing halfway on PostgreSQL)."""
    document = deck_document({"question": "One"}, slug="s" * 80, name="N" * 300)
    _where, problems = problems_of(as_file(document))
    messages = {(p.row, p.field): p.message for p in problems}
    assert set(messages) == {(None, "deck.slug"), (None, "deck.name")}
    assert "at most 50 characters (it has 80)" in messages[(None, "deck.slug")]
    assert "at most 100 characters (it has 300)" in messages[(None, "deck.name")]
    where, problems = problems_of(as_file(deck_document({"question": "One"})), deck_slug="s" * 51)
    assert where == [("--deck", None, "slug")]
    assert not Deck.objects.exists()


@pytest.mark.django_db
def test_the_importer_refuses_a_line_break_in_an_answer():
    document = deck_document({"answers": ["Russia\nFederation", "b", "c", "d", "e"]})
    _where, problems = problems_of(as_file(document))
    assert [(p.row, p.field, p.message) for p in problems] == [
        (1, "answers", "Answer #1 must be one line.")
    ]


@pytest.mark.django_db
def test_problems_are_listed_in_row_order():
    document = deck_document(
        {"question": "One"},
        {"question": "Two", "reading_order": [1, 2, 3, 4, 5, 0]},
        {"question": "Three", "family_friendly": "maybe"},
        {"question": "Four", "answers": ["a", "a", "c", "d", "e"]},
        extra=1,
    )
    where, _problems = problems_of(as_file(document))
    assert [row for _source, row, _field in where] == [None, 2, 3, 4]


@pytest.mark.django_db
def test_a_semicolon_separated_csv_is_read():
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";")
    for row in [CSV_HEADER, csv_row("One"), csv_row("Two; with a semicolon")]:
        writer.writerow(next(csv.reader([row])))
    text = buffer.getvalue()
    assert text.splitlines()[0].count(";") == len(deck_io.CSV_COLUMNS) - 1
    result = deck_io.decks_import([("excel.csv", text.encode())])
    assert result.total("created") == 2
    assert Card.objects.get(question="Two; with a semicolon").answer_texts()[0] == "a"


@pytest.mark.django_db
def test_a_windows_1252_file_gets_a_hint_to_save_as_csv_utf8():
    text = "\n".join([CSV_HEADER, csv_row("Café"), csv_row("Crème brûlée")])
    where, problems = problems_of(("excel.csv", text.encode("cp1252")))
    assert where == [("excel.csv", None, "file")]
    assert "line 2" in problems[0].message
    assert "Windows-1252" in problems[0].message and "CSV UTF-8" in problems[0].message
    _where, problems = problems_of(("unicode.csv", text.encode("utf-16")))
    assert "UTF-16" in problems[0].message and "CSV UTF-8" in problems[0].message


@pytest.mark.django_db
def test_csv_export_escapes_spreadsheet_formulas_and_import_restores_them():
    deck_io.decks_import([as_file(deck_document(*TRICKY))])
    exported = deck_io.deck_export_csv(Deck.objects.get())
    rows = list(csv.DictReader(io.StringIO(exported)))
    answers = [rows[2][f"answer_{rank}"] for rank in range(1, 6)]
    assert answers == ["'+ (Plus)", "'= (Equals)", "'-40", "'@home", "'Til Tuesday"]
    Card.objects.all().delete()
    deck_io.decks_import([("deck.csv", exported.encode())])
    card = Card.objects.get(question__startswith="Commas")
    assert card.answer_texts() == ["+ (Plus)", "= (Equals)", "-40", "@home", "'Til Tuesday"]


@pytest.mark.parametrize(
    "text", ["=SUM(A1)", "+1", "-1", "@x", "'=x", "''-x", "'Til", "plain", "", "a=b"]
)
def test_formula_escape_round_trips(text):
    escaped = deck_io.formula_escape(text)
    assert escaped[:1] not in {"=", "+", "-", "@"}
    assert deck_io.formula_unescape(escaped) == text


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["needs_native_review", "source_timeless"])
def test_the_review_and_timeless_marks_are_optional_default_false_and_round_trip(key):
    document = deck_document({"question": "Written"}, {"question": "Traducida", key: True})
    deck_io.decks_import([as_file(document)])
    assert list(Card.objects.order_by("id").values_list(key, flat=True)) == [False, True]
    as_json = json.loads(deck_io.deck_export_json(Deck.objects.get()))
    assert [card[key] for card in as_json["cards"]] == [False, True]
    assert "machine_translated" not in as_json["cards"][0]
    as_csv = list(csv.DictReader(io.StringIO(deck_io.deck_export_csv(Deck.objects.get()))))
    assert [row[key] for row in as_csv] == ["false", "true"]
    where, _problems = problems_of(as_file(deck_document({key: "yes"})))
    assert where == [("deck.json", 1, key)]


@pytest.mark.django_db
def test_a_csv_without_the_review_and_timeless_columns_imports():
    columns = [
        c for c in deck_io.CSV_COLUMNS if c not in ("needs_native_review", "source_timeless")
    ]
    row = csv_row("One").split(",")
    del row[columns.index("active") + 1 : columns.index("active") + 3]
    text = ",".join(columns) + "\n" + ",".join(row) + "\n"
    assert deck_io.decks_import([("old.csv", text.encode())]).total("created") == 1
    card = Card.objects.get()
    assert (card.needs_native_review, card.source_timeless) == (False, False)


@pytest.mark.django_db
def test_the_old_machine_translated_key_is_still_read_in_json_and_csv():
    """Files written before the rename keep their marks; export writes the new name only."""
    document = deck_document(
        {"question": "Old mark", "machine_translated": True},
        {"question": "Old unmarked", "machine_translated": False},
    )
    deck_io.decks_import([as_file(document)])
    columns = [
        "machine_translated" if c == "needs_native_review" else c for c in deck_io.CSV_COLUMNS
    ]
    text = ",".join(columns) + "\n" + csv_row("Old CSV mark", review="true") + "\n"
    deck_io.decks_import([("old.csv", text.encode())])
    marks = dict(Card.objects.values_list("question", "needs_native_review"))
    assert marks == {"Old mark": True, "Old unmarked": False, "Old CSV mark": True}


@pytest.mark.django_db
def test_the_old_and_the_new_review_key_together_are_refused():
    document = deck_document(
        {"question": "Both", "machine_translated": True, "needs_native_review": False}
    )
    where, problems = problems_of(as_file(document))
    assert where == [("deck.json", 1, "machine_translated")]
    assert "Give only “needs_native_review”" in problems[0].message


@pytest.mark.django_db
@pytest.mark.parametrize("template", [deck_io.template_json, deck_io.template_csv])
def test_the_templates_import_cleanly(template):
    name = "template.json" if template is deck_io.template_json else "template.csv"
    result = deck_io.decks_import([(name, template().encode())])
    assert result.total("created") == 1
    assert Deck.objects.get().slug == "en-my-deck"


# Files that used to crash the importer or mislead the curator (issue 25) ---------------------


@pytest.mark.django_db
def test_a_nul_character_is_a_listed_problem_in_csv_and_json():
    text = "\n".join(
        [CSV_HEADER, csv_row("One\x00"), csv_row("Two", answers="a,b\x00,c,d,e"), ""]
    )
    where, problems = problems_of(("nul.csv", text.encode()))
    assert where == [("nul.csv", 2, "question"), ("nul.csv", 3, "answers")]
    assert "NUL character" in problems[0].message
    document = deck_document({"source": "Us\u0000, 2024"}, name="World\u0000")
    where, problems = problems_of(("nul.json", json.dumps(document).encode()))
    assert "\\u0000" in json.dumps(document)
    assert where == [("nul.json", None, "deck.name"), ("nul.json", 1, "source")]
    assert not Card.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"[" * 200_000, "nested too deeply"),
        (b'{"version": ' + b"9" * 5000 + b"}", "Not valid JSON"),
        (b'{"format": "\\ud83d"}', "lone surrogate"),
    ],
)
def test_json_the_parser_cannot_hold_is_a_listed_problem(content, expected):
    where, problems = problems_of(("deep.json", content))
    assert where == [("deep.json", None, "file")]
    assert expected in problems[0].message


@pytest.mark.django_db
def test_a_lone_surrogate_given_as_text_is_refused_as_not_utf8():
    where, problems = problems_of(("odd.csv", CSV_HEADER + "\n" + csv_row("\ud800")))
    assert where == [("odd.csv", None, "file")]
    assert "not UTF-8" in problems[0].message


@pytest.mark.django_db
@pytest.mark.parametrize(
    "magic", [b"PK\x03\x04\x14\x00\x06\x00", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1\x00"]
)
def test_a_workbook_renamed_csv_is_named_as_such(magic):
    where, problems = problems_of(("book.csv", magic + b"\x00\x99\xa0" * 50))
    assert where == [("book.csv", None, "file")]
    assert "spreadsheet workbook" in problems[0].message
    assert "Windows-1252" not in problems[0].message


@pytest.mark.django_db
def test_utf16_without_its_byte_order_mark_gets_the_utf16_hint():
    text = "\n".join([CSV_HEADER, csv_row("One")])
    where, problems = problems_of(("unicode.csv", text.encode("utf-16-le")))
    assert where == [("unicode.csv", None, "file")]
    assert "UTF-16" in problems[0].message


@pytest.mark.django_db
def test_a_tab_separated_file_is_read():
    rows = [next(csv.reader([row])) for row in [CSV_HEADER, csv_row("One"), csv_row("Two")]]
    text = "\n".join("\t".join(row) for row in rows)
    result = deck_io.decks_import([("excel.txt", text.encode())])
    assert result.total("created") == 2


@pytest.mark.django_db
def test_a_file_without_the_header_row_gets_one_hint_not_a_line_per_column():
    text = "\n".join(["quiz|Quiz|en|One", "quiz|Quiz|en|Two"])
    where, problems = problems_of(("pipes.csv", text.encode()))
    assert where == [("pipes.csv", 1, "header")]
    assert "names none of the deck columns" in problems[0].message


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "The file is empty."),
        (b"\xef\xbb\xbf \r\n", "The file is empty."),
        (CSV_HEADER.encode() + b"\r\n", "The file has a header but no cards."),
        (CSV_HEADER.encode() + b"\r\n,,,,\r\n", "The file has a header but no cards."),
    ],
)
def test_a_file_with_no_cards_is_refused(content, expected):
    where, problems = problems_of(("empty.csv", content))
    assert where == [("empty.csv", None, "file")]
    assert problems[0].message == expected


@pytest.mark.django_db
def test_reimporting_a_played_cards_answers_names_it_and_can_reset_its_statistics(make_card):
    from questions import services, stats

    deck_io.decks_import([as_file(deck_document({"question": "One"}, {"question": "Two"}))])
    one, two = Card.objects.order_by("question")
    services.card_play_record(one.pk, "caught", 3, "ROOM")
    services.card_play_record(two.pk, "1", 1, "ROOM")
    new_answers = ["A", "B", "C", "D", "E"]
    changed = deck_document(
        {"question": "One", "answers": new_answers}, {"question": "Two", "source": "Other, 2025"}
    )
    result = deck_io.decks_import([as_file(changed)], dry_run=True, reset_statistics=True)
    assert result.played_answers_changed == [deck_io.PlayedCard(one.pk, "One", "en-world", 1)]
    assert not result.statistics_reset
    assert stats.card_statistics_fetch(one.pk).plays == 1  # a dry run resets nothing
    result = deck_io.decks_import([as_file(changed)])
    assert [card.question for card in result.played_answers_changed] == ["One"]
    assert stats.card_statistics_fetch(one.pk).plays == 1  # left alone unless asked
    one.answers.filter(rank=1).update(text="Russia")
    result = deck_io.decks_import([as_file(changed)], reset_statistics=True)
    assert result.statistics_reset
    assert stats.card_statistics_fetch(one.pk).plays == 0
    assert stats.card_statistics_fetch(two.pk).plays == 1
    assert Card.objects.get(pk=one.pk).answer_texts() == new_answers
