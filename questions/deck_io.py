"""Deck files in and out: the JSON deck format and a flat CSV twin (see docs/decks.md).

Import runs in two steps so a bad file never leaves half a deck behind: everything is parsed
and validated first, every problem collected with its file, row and field; only a clean set of
files is written, in short transactions (see :func:`decks_import`). Cards are matched by deck
and question (case and spacing ignored) and updated in place, so importing the same file twice
changes nothing, and importing it again completes an import that was cut short.
"""

from __future__ import annotations

import csv
import difflib
import io
import json
import re
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import slug_re
from django.db import connection, transaction
from django.utils.translation import gettext as _

from questions import stats, validation
from questions.models import Answer, Card, Category, Deck
from questions.services import card_statistics_reset

FORMAT = "partyhub-deck"
VERSION = 1
DECK_KEYS = ("slug", "name", "description", "language")
CARD_KEYS = (
    "question",
    "source",
    "category",
    "language",
    "family_friendly",
    "answers",
    "reading_order",
    "active",
    "needs_native_review",
    "source_timeless",
)
# What ``needs_native_review`` was called before: still read, never written (see docs/decks.md).
OLD_REVIEW_KEY = "machine_translated"
CSV_COLUMNS = [
    "deck_slug",
    "deck_name",
    "deck_description",
    "deck_language",
    "question",
    "source",
    "category",
    "language",
    "family_friendly",
    "active",
    "needs_native_review",
    "source_timeless",
    *(f"answer_{rank}" for rank in validation.RANKS),
    "reading_order",
]
CSV_OPTIONAL_COLUMNS = {
    "deck_description",
    "active",
    "language",
    "needs_native_review",
    "source_timeless",
}
TRUE_WORDS = {"true", "yes", "1"}
FALSE_WORDS = {"false", "no", "0"}
# Wraps the cards as they are written: ``progress(items, total)`` yields the same items.
Progress = Callable[[Sequence, int], Iterable]
# The largest deck file read (documented in docs/decks.md): thousands of cards fit in far less.
MAX_FILE_BYTES = 5 * 1024 * 1024
# A spreadsheet starts a cell with one of these as a formula; export writes an apostrophe first.
FORMULA_START = re.compile(r"'*[=+\-@]")
CSV_DELIMITERS = (",", ";", "\t")
# The cards written per transaction: a few hundredths of a second of SQLite's write lock.
WRITE_BATCH = 200
# The pause after each batch on SQLite. A writer kept waiting by the batch (a game's move)
# retries after sleeps of at most 100 ms (SQLite's busy handler); without a pause the next
# batch takes the lock first, again and again, and that writer waits for the whole import.
WRITE_PAUSE = 0.11
# A zip archive (.xlsx, .ods) or an OLE2 file (.xls): a workbook, not text.
WORKBOOK_MAGIC = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an import file. ``row`` is the card's number (JSON: 1 = the first
    card; CSV: the spreadsheet row, the header being row 1), or None for the file or deck."""

    source: str
    row: int | None
    field: str
    message: str

    def __str__(self) -> str:
        if self.row is None:
            return f"{self.source}, {self.field}: {self.message}"
        where = _("%(file)s, row %(row)d") % {"file": self.source, "row": self.row}
        return f"{where}, {self.field}: {self.message}"


@dataclass
class CardData:
    """One card as read from a file, before it touches the database."""

    row: int
    question: str
    source: str
    category: str
    language: str
    family_friendly: bool
    active: bool
    needs_native_review: bool
    source_timeless: bool
    answers: list[str] | None  # None: unreadable, and already reported by the parser
    reading_order: list[int] | None


@dataclass
class DeckData:
    """One deck header and its cards as read from a file."""

    source: str
    row: int | None
    slug: str
    name: str
    description: str
    language: str
    cards: list[CardData] = field(default_factory=list)


@dataclass
class DeckOutcome:
    """What an import did (or would do, in a dry run) to one deck."""

    slug: str
    name: str
    deck_created: bool = False
    deck_updated: bool = False
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: int = 0


@dataclass(frozen=True)
class PlayedCard:
    """A card whose answers an import changes while its statistics count plays of the old
    ones (the admin's card page warns the same way)."""

    card_id: int
    question: str
    deck_slug: str
    plays: int


@dataclass
class ImportResult:
    """The outcome of an import, deck by deck; in a dry run nothing was saved.
    ``statistics_reset``: the statistics of ``played_answers_changed`` were restarted."""

    decks: list[DeckOutcome]
    dry_run: bool
    categories_created: list[str] = field(default_factory=list)
    played_answers_changed: list[PlayedCard] = field(default_factory=list)
    statistics_reset: bool = False

    def total(self, name: str) -> int:
        """The sum of one counter (created, updated, unchanged, skipped) over all decks."""
        return sum(getattr(outcome, name) for outcome in self.decks)


class DeckImportError(Exception):
    """A set of files refused whole; ``problems`` lists everything wrong with them."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(problem) for problem in problems))
        self.problems = problems


# Reading files ---------------------------------------------------------------------------------


def deck_file_parse(name: str, content: bytes | str) -> tuple[list[DeckData], list[Problem]]:
    """Read a JSON or CSV deck file (chosen by its extension, else by its first character).

    Text given as ``str`` is read as its UTF-8 bytes would be, so a lone surrogate in it is
    refused like any byte that is not UTF-8."""
    if isinstance(content, str):
        content = content.encode("utf-8", "surrogatepass")
    if len(content) > MAX_FILE_BYTES:
        return [], [Problem(name, None, "file", file_too_large_message(len(content)))]
    if content.startswith(WORKBOOK_MAGIC):
        return [], [Problem(name, None, "file", _workbook_message())]
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return [], [Problem(name, None, "file", _not_utf8_message(content, error))]
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return [], [Problem(name, None, "file", _("The file is empty."))]
    if text.count("\x00") * 4 > len(text):  # UTF-16 without its byte order mark
        return [], [Problem(name, None, "file", _utf16_message())]
    suffix = PurePath(name).suffix.lower()
    if suffix == ".json" or (suffix != ".csv" and text.lstrip().startswith("{")):
        return deck_json_parse(name, text)
    return deck_csv_parse(name, text)


def file_too_large_message(size: int) -> str:
    """The refusal of a file over :data:`MAX_FILE_BYTES`, in megabytes."""
    return _("The file is %(size).1f MB; a deck file may be at most %(max)d MB.") % {
        "size": size / 1024 / 1024,
        "max": MAX_FILE_BYTES // 1024 // 1024,
    }


def _not_utf8_message(content: bytes, error: UnicodeDecodeError) -> str:
    """Why a file is not UTF-8, with what to do in the spreadsheet that most likely wrote it."""
    line = content[: error.start].count(b"\n") + 1
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _utf16_message()
    try:
        content.decode("cp1252")
    except UnicodeDecodeError:
        return _("The file is not UTF-8 text (first unreadable byte on line %(line)d).") % {
            "line": line
        }
    return _(
        "The file is not UTF-8 text (first unreadable byte on line %(line)d): it looks like "
        "Windows-1252, which Excel writes for “CSV (Comma delimited)”. In Excel, choose File → "
        "Save As → “CSV UTF-8 (Comma delimited)” and import that file."
    ) % {"line": line}


def _utf16_message() -> str:
    return _(
        "The file is UTF-16 text (Excel's “Unicode Text”); save it as “CSV UTF-8 (Comma "
        "delimited)” instead."
    )


def _workbook_message() -> str:
    """A spreadsheet's own file (an .xlsx or .ods is a zip archive; an old .xls starts with the
    OLE2 signature), whatever its name says: which is why the extension is not trusted."""
    return _(
        "This is a spreadsheet workbook (.xlsx, .xls or .ods), not a CSV or JSON file. In "
        "Excel, choose File → Save As → “CSV UTF-8 (Comma delimited)” and import that file."
    )


def deck_json_parse(name: str, text: str) -> tuple[list[DeckData], list[Problem]]:
    """Read one deck in the JSON deck format, noting every problem of shape or type."""
    problems: list[Problem] = []

    def problem(row: int | None, field_name: str, message: str) -> None:
        problems.append(Problem(name, row, field_name, message))

    document = _json_document(text, problem)
    if document is None:
        return [], problems
    if document.get("format") != FORMAT:
        problem(None, "format", _("Expected “%(format)s”.") % {"format": FORMAT})
    if document.get("version") != VERSION:
        problem(None, "version", _("Only version %(version)d is known.") % {"version": VERSION})
    for key in sorted(set(document) - {"format", "version", "deck", "cards"}):
        problem(None, key, _("Unknown field."))

    header = document.get("deck")
    if not isinstance(header, dict):
        problem(None, "deck", _("The file needs a “deck” object."))
        header = {}
    for key in sorted(set(header) - set(DECK_KEYS)):
        problem(None, f"deck.{key}", _("Unknown field."))
    deck = DeckData(
        source=name,
        row=None,
        slug=_json_text(header, "slug", None, "deck.slug", problem),
        name=_json_text(header, "name", None, "deck.name", problem),
        description=_json_text(header, "description", None, "deck.description", problem, ""),
        language=_json_text(header, "language", None, "deck.language", problem),
    )

    cards = document.get("cards")
    if not isinstance(cards, list):
        problem(None, "cards", _("The file needs a “cards” list."))
        cards = []
    for row, raw in enumerate(cards, start=1):
        if not isinstance(raw, dict):
            problem(row, "card", _("Each card must be a JSON object."))
            continue
        for key in sorted(set(raw) - {*CARD_KEYS, OLD_REVIEW_KEY}):
            problem(row, key, _("Unknown field."))
        deck.cards.append(_json_card(raw, row, deck.language, problem))
    return [deck], problems


def _json_document(text: str, problem) -> dict | None:
    """The file's one JSON object, or None with the problem noted (not JSON, nested too
    deeply, a lone surrogate, not an object)."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        problem(
            None,
            "file",
            _("Not valid JSON: %(error)s (line %(line)d, column %(column)d).")
            % {"error": error.msg, "line": error.lineno, "column": error.colno},
        )
        return None
    except RecursionError:
        problem(None, "file", _("Not a deck file: its lists or objects are nested too deeply."))
        return None
    except ValueError as error:  # e.g. a number of thousands of digits
        problem(None, "file", _("Not valid JSON: %(error)s.") % {"error": error})
        return None
    surrogate = _lone_surrogate(document)
    if surrogate:
        problem(
            None,
            "file",
            _(
                "The file escapes half a character (“\\u%(code)04x”, a lone surrogate); "
                "write the character itself."
            )
            % {"code": ord(surrogate)},
        )
        return None
    if not isinstance(document, dict):
        problem(None, "file", _("The file must hold one JSON object."))
        return None
    return document


def _json_card(raw: dict, row: int, deck_language: str, problem) -> CardData:
    """One card of a JSON deck, each field checked for its type (problems noted)."""
    return CardData(
        row=row,
        question=_json_text(raw, "question", row, "question", problem),
        source=_json_text(raw, "source", row, "source", problem),
        category=_json_text(raw, "category", row, "category", problem),
        language=_json_text(raw, "language", row, "language", problem, deck_language),
        family_friendly=_json_bool(raw, "family_friendly", row, problem, None),
        active=_json_bool(raw, "active", row, problem, True),
        needs_native_review=_json_bool(
            _review_key_renamed(raw, row, problem), "needs_native_review", row, problem, False
        ),
        source_timeless=_json_bool(raw, "source_timeless", row, problem, False),
        answers=_json_list(raw, "answers", row, problem, str),
        reading_order=_json_list(raw, "reading_order", row, problem, int),
    )


def _review_key_renamed(values: dict, row: int, problem) -> dict:
    """``values`` with the old ``machine_translated`` read as ``needs_native_review``; giving
    both is a problem (which one would be meant?)."""
    if OLD_REVIEW_KEY not in values:
        return values
    if str(values.get("needs_native_review", "")).strip():
        problem(
            row,
            OLD_REVIEW_KEY,
            _("Give only “needs_native_review”: “machine_translated” is its old name."),
        )
        return values
    return {**values, "needs_native_review": values[OLD_REVIEW_KEY]}


def _lone_surrogate(document: object) -> str | None:
    """The first lone surrogate in any text of the document (its keys too), else None. JSON's
    ``\\ud83d`` escapes one; no database or page can store it. Walked with a stack, since the
    document may be nested as deep as the parser allows."""
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            found = SURROGATE.search(item)
            if found:
                return found.group()
    return None


def _json_text(raw: dict, key: str, row, field_name: str, problem, default: str | None = None):
    value = raw.get(key, default)
    if value is None:
        problem(row, field_name, _("This is required."))
        return ""
    if not isinstance(value, str):
        problem(row, field_name, _("This must be text."))
        return ""
    return value


def _json_bool(raw: dict, key: str, row: int, problem, default: bool | None) -> bool:
    value = raw.get(key, default)
    if value is None:
        problem(row, key, _("This is required (true or false)."))
        return False
    if not isinstance(value, bool):
        problem(row, key, _("Use true or false."))
        return False
    return value


def _json_list(raw: dict, key: str, row: int, problem, kind: type) -> list | None:
    value = raw.get(key)
    if value is None:
        problem(row, key, _("This is required."))
        return None
    kind_ok = (
        (lambda item: isinstance(item, str))
        if kind is str
        else (lambda item: isinstance(item, int) and not isinstance(item, bool))
    )
    if not isinstance(value, list) or not all(kind_ok(item) for item in value):
        message = _("Use a list of texts.") if kind is str else _("Use a list of whole numbers.")
        problem(row, key, message)
        return None
    return value


def deck_csv_parse(name: str, text: str) -> tuple[list[DeckData], list[Problem]]:
    """Read the flat CSV format: one row per card, the deck's columns repeated on every row.

    Commas, semicolons or tabs separate the cells (a spreadsheet set to a European locale
    writes semicolons, "Text (Tab delimited)" tabs); the header line tells which. Row numbers
    are the spreadsheet's: the header is row 1, and every record counts, blank ones too.
    """
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_csv_delimiter(text))
    records = _csv_records(reader, name, problems)
    columns = [column.strip() for column in next(records, [])]
    if not _csv_header_usable(columns, name, problems):
        return [], problems

    decks: dict[str, DeckData] = {}
    for row, cells in enumerate(records, start=2):
        if len(cells) > len(columns):
            message = _("This row has more cells than the header.")
            problems.append(Problem(name, row, "row", message))
        raw = dict(zip(columns, (formula_unescape(cell) for cell in cells), strict=False))
        values = {column: raw.get(column, "") for column in CSV_COLUMNS}
        if raw.get(OLD_REVIEW_KEY, "").strip():
            values[OLD_REVIEW_KEY] = raw[OLD_REVIEW_KEY]
        if not any(value.strip() for value in values.values()):
            continue  # Spreadsheets leave blank rows at the end.
        deck = _csv_row_deck(decks, values, name, row, problems)
        deck_language = values["deck_language"].strip()  # this row's, as it is read
        deck.cards.append(_csv_card(values, deck_language, name, row, problems))
    if not decks and not problems:
        problems.append(Problem(name, None, "file", _("The file has a header but no cards.")))
    return list(decks.values()), problems


def _csv_header_usable(columns: list[str], name: str, problems: list[Problem]) -> bool:
    """Whether the header names every needed column (each missing or unknown one noted)."""
    if not set(columns) & set(CSV_COLUMNS):
        # Not a deck's header at all: one hint, not a line for every column it lacks.
        problems.append(Problem(name, 1, "header", _not_a_header_message()))
        return False
    missing = [c for c in CSV_COLUMNS if c not in columns and c not in CSV_OPTIONAL_COLUMNS]
    unknown = [c for c in columns if c not in CSV_COLUMNS and c != OLD_REVIEW_KEY]
    for column in missing:
        problems.append(Problem(name, 1, column, _("This column is missing.")))
    for column in unknown:
        problems.append(Problem(name, 1, column, _("Unknown column.")))
    return not missing


def _csv_row_deck(decks: dict[str, DeckData], values: dict, name: str, row: int,
                  problems: list[Problem]) -> DeckData:
    """The deck a row's card belongs to: started by the first row naming its slug; a later
    row's deck columns that differ from that row's are noted."""
    slug = values["deck_slug"].strip()
    header = {
        "name": values["deck_name"].strip(),
        "description": values["deck_description"].strip(),
        "language": values["deck_language"].strip(),
    }
    deck = decks.get(slug)
    if deck is None:
        deck = decks[slug] = DeckData(name, row, slug, **header)
        return deck
    for key, value in header.items():
        if getattr(deck, key) != value:
            problems.append(
                Problem(
                    name,
                    row,
                    f"deck_{key}",
                    _("Differs from row %(row)d, which starts deck “%(slug)s”.")
                    % {"row": deck.row, "slug": slug},
                )
            )
    return deck


def _csv_card(values: dict, deck_language: str, name: str, row: int,
              problems: list[Problem]) -> CardData:
    """One row's card, each cell checked (problems noted)."""
    reading_order: list[int] | None
    try:
        reading_order = [int(place) for place in values["reading_order"].split()]
    except ValueError:
        problems.append(
            Problem(
                name,
                row,
                "reading_order",
                _("Use six whole numbers separated by spaces, e.g. “3 0 5 1 4 2”."),
            )
        )
        reading_order = None  # Reported here; validation need not repeat it.
    return CardData(
        row=row,
        question=values["question"],
        source=values["source"],
        category=values["category"].strip(),
        language=values["language"].strip() or deck_language,
        family_friendly=_csv_bool(values, "family_friendly", None, name, row, problems),
        active=_csv_bool(values, "active", True, name, row, problems),
        needs_native_review=_csv_bool(
            _review_key_renamed(
                values, row, lambda r, f, m: problems.append(Problem(name, r, f, m))
            ),
            "needs_native_review", False, name, row, problems,
        ),
        source_timeless=_csv_bool(values, "source_timeless", False, name, row, problems),
        answers=[values[f"answer_{rank}"] for rank in validation.RANKS],
        reading_order=reading_order,
    )


def _not_a_header_message() -> str:
    return _(
        "The first line names none of the deck columns (%(columns)s …). A deck CSV starts with "
        "its header row, its cells separated by commas, semicolons or tabs; start from the CSV "
        "template."
    ) % {"columns": ", ".join(CSV_COLUMNS[:5])}


def _csv_delimiter(text: str) -> str:
    """The separator whose split of the first line names the most known columns (a comma on a
    tie)."""
    first_line = (text.splitlines() or [""])[0]  # a lone "\r" ends a line too

    def known(delimiter: str) -> int:
        try:
            cells = next(csv.reader([first_line], delimiter=delimiter), [])
        except csv.Error:  # a line the reader refuses names no column; the parse says why
            return 0
        return sum(cell.strip() in CSV_COLUMNS for cell in cells)

    return max(CSV_DELIMITERS, key=known)


def _csv_records(reader, name: str, problems: list[Problem]) -> Iterator[list[str]]:
    """The reader's records; one it cannot read (a cell beyond the CSV reader's size limit, a
    stray quote) becomes a problem on its row and ends the file, as nothing after it is sure."""
    row = 0
    while True:
        row += 1
        try:
            yield next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            problems.append(Problem(name, row, "row", _csv_error_message(error)))
            return


def _csv_error_message(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return _(
            "A cell is longer than %(max)s characters, which no card field needs; the rest of "
            "the file was not read."
        ) % {"max": f"{csv.field_size_limit():,}"}
    return _("This row cannot be read as CSV (%(error)s); the rest of the file was not read.") % {
        "error": error
    }


def formula_unescape(cell: str) -> str:
    """A cell as written before :func:`formula_escape`: one leading apostrophe less."""
    return cell[1:] if FORMULA_START.match(cell) and cell.startswith("'") else cell


def formula_escape(cell: str) -> str:
    """A cell a spreadsheet will not run as a formula: an apostrophe before ``=``, ``+``, ``-`` or
    ``@`` (and before apostrophes already there, so import gives the text back exactly)."""
    return "'" + cell if FORMULA_START.match(cell) else cell


def _csv_bool(values: dict, column: str, default, name: str, row: int, problems) -> bool:
    word = values[column].strip().lower()
    if not word and default is not None:
        return default
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    problems.append(Problem(name, row, column, _("Use true or false.")))
    return False


# Checking --------------------------------------------------------------------------------------


def decks_validate(
    decks: Sequence[DeckData],
    deck_slug: str | None = None,
    categories: Collection[str] | None = None,
    categories_addable: bool = True,
) -> list[Problem]:
    """Every problem with parsed decks, as they would land (all in ``deck_slug`` when given).
    A card's category must be one of ``categories`` (any slug when None: the import creates
    the missing ones); ``categories_addable`` tells whether the importer could create one."""
    problems: list[Problem] = []
    seen: dict[str, dict[str, tuple[str, int]]] = {}  # target slug -> question key -> first place
    for deck in decks:
        problems += _deck_header_problems(deck, overridden=bool(deck_slug))
        target = seen.setdefault(deck_slug or deck.slug, {})
        for card in deck.cards:
            found = validation.card_problems(
                question=card.question,
                source=card.source,
                category=card.category,
                language=card.language,
                reading_order=card.reading_order,
                answers=card.answers,
            )
            if card.reading_order is None:  # Unreadable, and already reported by the parser.
                found.pop("reading_order", None)
            if categories is not None and not found.get("category"):
                if card.category not in categories:
                    found["category"] = [
                        _unknown_category_message(card.category, categories, categories_addable)
                    ]
            as_saved = Card(
                question=card.question.strip(), source=card.source.strip(), language=card.language
            )
            found.update(model_problems(as_saved, ["question", "source", "language"], found))
            # (``answers=None`` makes card_problems skip them, for the same reason.)
            for field_name, messages in found.items():
                for message in messages:
                    problems.append(Problem(deck.source, card.row, field_name, message))
            key = validation.text_normalize(card.question)
            if not key:
                continue
            if key in target:
                first_source, first_row = target[key]
                where = (
                    _("row %(row)d") % {"row": first_row}
                    if first_source == deck.source
                    else _("%(file)s, row %(row)d") % {"file": first_source, "row": first_row}
                )
                message = _("The same question is already on %(where)s of this deck.")
                problems.append(
                    Problem(deck.source, card.row, "question", message % {"where": where})
                )
            else:
                target[key] = (deck.source, card.row)
    return problems


def _unknown_category_message(slug: str, categories: Collection[str], addable: bool) -> str:
    message = validation.unknown_category_message(slug)
    close = difflib.get_close_matches(slug, list(categories), n=1)
    if close:
        message += " " + _("Did you mean “%(slug)s”?") % {"slug": close[0]}
    if not addable:
        return message + " " + _(
            "You may not add categories: ask a curator who may to add it under Categories."
        )
    return message + " " + _("To add it, import with “new categories” on.")


def _deck_header_problems(deck: DeckData, overridden: bool) -> list[Problem]:
    """Problems with a deck's slug, name and language. With a slug override the header only
    names a deck that does not exist yet, so it may be left empty."""
    csv_file = deck.row is not None
    prefix = "deck_" if csv_file else "deck."
    problems = []

    def problem(key: str, message: str) -> None:
        problems.append(Problem(deck.source, deck.row, prefix + key, message))

    if not overridden:
        if not deck.slug.strip():
            problem(
                "slug",
                _("This card names no deck; fill in the deck, or import with a deck slug override.")
                if csv_file
                else _("This is required."),
            )
        elif not slug_re.fullmatch(deck.slug):
            problem("slug", _("Use letters, digits, - and _ only, e.g. “en-world”."))
        if not deck.name.strip():
            problem("name", _("This is required."))
        if not deck.language:
            problem("language", _("This is required."))
    if deck.language:
        for message in validation.language_problems(deck.language):
            problem("language", message)
    for key in ("name", "description"):
        if validation.NUL in getattr(deck, key):
            problem(key, validation.nul_message())
    # The model's own limits (lengths, slug rules), so nothing the admin would refuse gets in.
    checked = ["description"] + [key for key in ("name", "language") if getattr(deck, key)]
    if not overridden:
        checked.append("slug")
    as_saved = Deck(
        slug=deck.slug,
        name=deck.name.strip(),
        description=deck.description.strip(),
        language=deck.language,
    )
    reported = {problem.field.removeprefix(prefix): [problem.message] for problem in problems}
    for key, messages in model_problems(as_saved, checked, reported).items():
        for message in messages:
            problem(key, message)
    return problems


def model_problems(
    instance: Deck | Card, fields: Sequence[str], reported: dict[str, list[str]]
) -> dict[str, list[str]]:
    """The model's own field errors (lengths, choices, slug rules) for ``fields``, left out for
    fields that already have a problem, which says the same more plainly."""
    excluded = [f.name for f in instance._meta.get_fields() if f.name not in fields]
    try:
        instance.clean_fields(exclude=excluded)
    except ValidationError as error:
        return {
            key: messages for key, messages in error.message_dict.items() if not reported.get(key)
        }
    return {}


# Writing ---------------------------------------------------------------------------------------


def decks_import(
    files: Sequence[tuple[str, bytes | str]],
    *,
    deck_slug: str | None = None,
    dry_run: bool = False,
    update_existing: bool = True,
    new_categories: bool = False,
    categories_addable: bool = True,
    reset_statistics: bool = False,
    progress: Progress | None = None,
) -> ImportResult:
    """Import deck files; raise :class:`DeckImportError` listing every problem.

    ``deck_slug`` puts every card into that deck (created from the first file's header if new;
    an existing deck keeps its name). With ``update_existing`` off, cards and decks already
    there are left alone and counted as skipped. A category that does not exist is a problem,
    unless ``new_categories`` is on: then it is created (named after its slug);
    ``categories_addable`` off says, in that problem, that the importer may not create it.
    ``reset_statistics`` restarts the statistics of played cards whose answers change.
    ``progress(items, total)`` may wrap the cards as they are written (e.g. a tqdm bar), so the
    service itself never prints.

    Nothing is written until every file is checked, so a bad file never leaves anything
    behind. What to do is then worked out by reading alone (all a dry run does), and written in
    transactions of at most :data:`WRITE_BATCH` cards: SQLite lets one transaction write at a
    time, and a live game's move must not wait for a whole import.
    """
    decks, problems = deck_files_read(files)
    known = set(Category.objects.values_list("slug", flat=True))
    categories = None if new_categories else known
    problems += decks_validate(decks, deck_slug, categories, categories_addable)
    problems = problems_in_order(problems, [name for name, _content in files])
    if deck_slug:
        override = model_problems(Deck(slug=deck_slug), ["slug"], {})
        problems[:0] = [Problem("--deck", None, "slug", m) for m in override.get("slug", [])]
    if problems:
        raise DeckImportError(problems)
    missing = sorted({card.category for deck in decks for card in deck.cards} - known)
    plan = _import_plan(decks, deck_slug, update_existing)
    played = _played_answers_changed(plan.changes)
    if not dry_run:
        _plan_write(plan, missing, progress)
        if reset_statistics and played:
            card_statistics_reset([card.card_id for card in played])
    return ImportResult(
        decks=list(plan.outcomes.values()),
        dry_run=dry_run,
        categories_created=missing,
        played_answers_changed=played,
        statistics_reset=reset_statistics and bool(played) and not dry_run,
    )


def problems_in_order(problems: Iterable[Problem], file_names: Sequence[str]) -> list[Problem]:
    """Problems file by file, then row by row (the file's and deck's own first), each row's in
    the order they were found."""
    file_index = {name: index for index, name in reversed(list(enumerate(file_names)))}
    return sorted(
        problems,
        key=lambda problem: (file_index.get(problem.source, -1), problem.row or 0),
    )


def deck_files_read(
    files: Iterable[tuple[str, bytes | str]],
) -> tuple[list[DeckData], list[Problem]]:
    """Parse several files, keeping every problem from each."""
    decks: list[DeckData] = []
    problems: list[Problem] = []
    for name, content in files:
        found, found_problems = deck_file_parse(name, content)
        decks += found
        problems += found_problems
    return decks, problems


@dataclass
class DeckChange:
    """A deck the import creates (``deck`` None) or whose header it changes (``fields``)."""

    slug: str
    deck: Deck | None
    header: dict
    fields: list[str]


@dataclass
class CardChange:
    """A card the import creates (``card`` None) or changes: its ``fields`` and the answers by
    rank in ``answers`` (rank: new text)."""

    data: CardData
    deck_slug: str
    card: Card | None = None
    fields: list[str] = field(default_factory=list)
    answers: dict[int, str] = field(default_factory=dict)


@dataclass
class ImportPlan:
    """What an import will write, worked out by reading only."""

    decks: list[DeckChange] = field(default_factory=list)
    changes: list[CardChange] = field(default_factory=list)
    outcomes: dict[str, DeckOutcome] = field(default_factory=dict)


def _import_plan(
    decks: Sequence[DeckData], deck_slug: str | None, update_existing: bool
) -> ImportPlan:
    """Compare the files with the database: which decks and cards to create or change."""
    plan = ImportPlan()
    known: dict[str, dict[str, Card]] = {}  # deck slug -> its cards by question key
    for data in decks:  # A deck file with no cards still creates or updates its deck.
        slug = deck_slug or data.slug
        if slug not in known:
            known[slug] = _deck_plan(plan, data, slug, update_existing and not deck_slug)
        outcome, existing = plan.outcomes[slug], known[slug]
        for card_data in data.cards:
            card = existing.get(validation.text_normalize(card_data.question))
            if card is None:
                plan.changes.append(CardChange(card_data, slug))
                outcome.created += 1
                continue
            if not update_existing:
                outcome.skipped += 1
                continue
            change = _card_change(card, card_data, slug)
            if change.fields or change.answers:
                plan.changes.append(change)
                outcome.updated += 1
            else:
                outcome.unchanged += 1
    return plan


def _deck_plan(plan: ImportPlan, data: DeckData, slug: str, update: bool) -> dict[str, Card]:
    """Plan the deck's creation or header update; return its cards by question key."""
    header = {
        "name": data.name.strip() or slug,
        "description": data.description.strip(),
        "language": data.language or _first_card_language(data) or settings.LANGUAGE_CODE,
    }
    deck = Deck.objects.filter(slug=slug).first()
    if deck is None:
        plan.decks.append(DeckChange(slug, None, header, list(header)))
        plan.outcomes[slug] = DeckOutcome(slug, header["name"], deck_created=True)
        return {}
    outcome = plan.outcomes[slug] = DeckOutcome(slug, deck.name)
    changed = [key for key, value in header.items() if getattr(deck, key) != value]
    if update and changed:
        plan.decks.append(DeckChange(slug, deck, header, changed))
        outcome.name, outcome.deck_updated = header["name"], True
    cards = deck.cards.prefetch_related("answers")
    return {card.question_key: card for card in cards}


def _first_card_language(data: DeckData) -> str:
    return data.cards[0].language if data.cards else ""


def _card_fields(data: CardData) -> dict:
    return {
        "question": data.question.strip(),
        "source": data.source.strip(),
        "category": data.category,
        "language": data.language,
        "family_friendly": data.family_friendly,
        "active": data.active,
        "needs_native_review": data.needs_native_review,
        "source_timeless": data.source_timeless,
        "reading_order": list(data.reading_order),
    }


def _card_new(data: CardData) -> Card:
    """An unsaved card, its question key set as ``Card.save`` would (``bulk_create`` skips
    ``save``)."""
    fields = _card_fields(data)
    return Card(**fields, question_key=validation.text_normalize(fields["question"]))


def _card_change(card: Card, data: CardData, slug: str) -> CardChange:
    """What bringing a card in line with the file changes."""
    fields = _card_fields(data)
    answers = {answer.rank: answer.text for answer in card.answers.all()}
    return CardChange(
        data,
        slug,
        card,
        fields=[key for key, value in fields.items() if getattr(card, key) != value],
        answers={
            rank: text.strip()
            for rank, text in enumerate(data.answers, start=1)
            if answers.get(rank) != text.strip()
        },
    )


def _played_answers_changed(changes: Sequence[CardChange]) -> list[PlayedCard]:
    """The cards whose answers change although their statistics count plays of the old ones."""
    changed = {change.card.pk: change for change in changes if change.card and change.answers}
    cards = stats.cards_with_statistics(Card.objects.filter(pk__in=changed)).filter(
        plays_count__gt=0
    )
    return [
        PlayedCard(card.pk, card.question, changed[card.pk].deck_slug, card.plays_count)
        for card in cards.order_by("question")
    ]


def _plan_write(plan: ImportPlan, categories: Sequence[str], progress: Progress | None) -> None:
    """Write the plan: categories and decks first, then the cards, a batch per transaction."""
    with transaction.atomic():
        Category.objects.bulk_create(Category.named_after(slug) for slug in categories)
        for change in plan.decks:
            if change.deck is None:
                Deck.objects.create(slug=change.slug, **change.header)
            else:
                for key in change.fields:
                    setattr(change.deck, key, change.header[key])
                change.deck.save(update_fields=[*change.fields, "updated"])
    slugs = {change.deck_slug for change in plan.changes}
    decks = Deck.objects.in_bulk(slugs, field_name="slug")
    changes = plan.changes
    batch: list[CardChange] = []
    for change in progress(changes, len(changes)) if progress else changes:
        batch.append(change)
        if len(batch) == WRITE_BATCH:
            _batch_write(batch, decks)
            batch = []
            if connection.vendor == "sqlite":
                time.sleep(WRITE_PAUSE)
    if batch:
        _batch_write(batch, decks)


def _batch_write(batch: Sequence[CardChange], decks: dict[str, Deck]) -> None:
    """One transaction: the batch's new cards with their answers and decks, its changed cards."""
    with transaction.atomic():
        new = [change for change in batch if change.card is None]
        cards = Card.objects.bulk_create(_card_new(change.data) for change in new)
        Answer.objects.bulk_create(
            Answer(card=card, rank=rank, text=text.strip())
            for card, change in zip(cards, new, strict=True)
            for rank, text in enumerate(change.data.answers, start=1)
        )
        Card.decks.through.objects.bulk_create(
            Card.decks.through(card=card, deck=decks[change.deck_slug])
            for card, change in zip(cards, new, strict=True)
        )
        for change in batch:
            if change.card is not None:
                _card_update(change)


def _card_update(change: CardChange) -> None:
    card = change.card
    fields = _card_fields(change.data)
    for key in change.fields:
        setattr(card, key, fields[key])
    card.save(update_fields=[*change.fields, "question_key", "updated"])
    answers = {answer.rank: answer for answer in card.answers.all()}
    for rank, text in change.answers.items():
        answer = answers.get(rank)
        if answer is None:
            Answer.objects.create(card=card, rank=rank, text=text)
        else:
            answer.text = text
            answer.save(update_fields=["text"])


# Writing files ---------------------------------------------------------------------------------


def deck_cards(deck: Deck) -> list[Card]:
    """A deck's cards in a stable order (oldest first), answers loaded, as export writes them."""
    return list(deck.cards.order_by("id").prefetch_related("answers"))


def card_document(card: Card) -> dict:
    """One card in the JSON deck format."""
    return {
        "question": card.question,
        "source": card.source,
        "category": card.category,
        "language": card.language,
        "family_friendly": card.family_friendly,
        "answers": card.answer_texts(),
        "reading_order": list(card.reading_order),
        "active": card.active,
        "needs_native_review": card.needs_native_review,
        "source_timeless": card.source_timeless,
    }


def deck_document(deck: Deck, cards: Iterable[Card] | None = None) -> dict:
    """A deck (all its cards unless ``cards`` is given) in the JSON deck format."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "deck": {key: getattr(deck, key) for key in DECK_KEYS},
        "cards": [card_document(card) for card in (deck_cards(deck) if cards is None else cards)],
    }


def deck_export_json(deck: Deck, cards: Iterable[Card] | None = None) -> str:
    """The deck file as text: UTF-8 friendly, two-space indent, ending with a newline."""
    return json.dumps(deck_document(deck, cards), indent=2, ensure_ascii=False) + "\n"


def cards_export_csv(rows: Iterable[tuple[Deck | None, Card]]) -> str:
    """CSV text with one row per (deck, card) pair; a card in no deck gets empty deck columns."""
    return _csv_write(
        ({key: getattr(deck, key) for key in DECK_KEYS} if deck else None, card_document(card))
        for deck, card in rows
    )


def _csv_write(rows: Iterable[tuple[dict | None, dict]]) -> str:
    """CSV text from (deck header, card document) pairs. Cells a spreadsheet would run as
    formulas are escaped (see :func:`formula_escape`)."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for deck, card in rows:
        cells = [
            *([deck[key] for key in DECK_KEYS] if deck else ["", "", "", ""]),
            card["question"],
            card["source"],
            card["category"],
            card["language"],
            _csv_word(card["family_friendly"]),
            _csv_word(card["active"]),
            _csv_word(card["needs_native_review"]),
            _csv_word(card["source_timeless"]),
            *card["answers"],
            " ".join(str(place) for place in card["reading_order"]),
        ]
        writer.writerow([formula_escape(cell) for cell in cells])
    return buffer.getvalue()


def deck_export_csv(deck: Deck) -> str:
    """A whole deck in the flat CSV format."""
    return cards_export_csv((deck, card) for card in deck_cards(deck))


def _csv_word(value: bool) -> str:
    return "true" if value else "false"


# Templates -------------------------------------------------------------------------------------

TEMPLATE_CARD = {
    "question": "Largest countries by land area",
    "source": "According to the CIA World Factbook, 2024",
    "category": "geography",
    "language": "en",
    "family_friendly": True,
    "answers": ["Russia", "Canada", "United States", "China", "Brazil"],
    "reading_order": [3, 0, 5, 1, 4, 2],
    "active": True,
    "needs_native_review": False,
    "source_timeless": False,
}


def template_document() -> dict:
    """A deck file with one example card: what the import page offers to start from."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "deck": {
            "slug": "en-my-deck",
            "name": "My deck",
            "description": "One sentence for hosts.",
            "language": "en",
        },
        "cards": [TEMPLATE_CARD],
    }


def template_json() -> str:
    """The template as a JSON deck file."""
    return json.dumps(template_document(), indent=2, ensure_ascii=False) + "\n"


def template_csv() -> str:
    """The template as a CSV deck file."""
    document = template_document()
    return _csv_write((document["deck"], card) for card in document["cards"])
