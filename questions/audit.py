"""What ``manage.py audit_decks`` looks for: cards a curator should look at again.

Old or undated sources, near-duplicate questions, reading orders that (nearly) give the ranking
away, decks that hide the Fox in the same places too often, and cards no native speaker has
reviewed yet. Read-only: it changes nothing.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher
from itertools import combinations

from questions import stats, validation
from questions.models import Card, Deck
from questions.textkey import search_fold

# Years a source may name: 1500 to 2099, not part of a longer number.
YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
# Two normalised questions are near-duplicates when they read alike (difflib's ratio) and share
# most of their words: either alone flags "ABBA's first albums" beside "Queen's first albums".
SIMILARITY = 0.85
JACCARD = 0.8
SHORT_WORD = 3  # words this short or shorter do not make two questions candidates


def source_year(source: str) -> int | None:
    """The latest year a source names ("UN, 2019–2023" → 2023), or None when it names none."""
    years = [int(year) for year in YEAR.findall(source or "")]
    return max(years) if years else None


@dataclass(frozen=True)
class CardLine:
    """A card as the audit lists it."""

    pk: int
    question: str
    source: str
    decks: tuple[str, ...]
    reading_order: tuple[int, ...] = ()


@dataclass(frozen=True)
class Twins:
    """Two cards whose questions are nearly the same."""

    first: CardLine
    second: CardLine
    ratio: float
    jaccard: float


@dataclass(frozen=True)
class Spread:
    """How a deck spreads the Fox over the six reading places."""

    slug: str
    places: list[int]
    chi_square: float


def card_lines() -> list[CardLine]:
    """Every card, with the slugs of its decks, oldest first."""
    return [
        CardLine(
            card.pk,
            card.question,
            card.source,
            tuple(d.slug for d in card.decks.all()),
            tuple(card.reading_order),
        )
        for card in Card.objects.order_by("pk").prefetch_related("decks")
    ]


def sources_older_than(lines: Iterable[CardLine], years: int, today_year: int) -> list[tuple]:
    """(card, year) for each card whose source's latest year is more than ``years`` ago."""
    found = []
    for line in lines:
        year = source_year(line.source)
        if year is not None and today_year - year > years:
            found.append((line, year))
    return found


def sources_undated(lines: Iterable[CardLine]) -> list[CardLine]:
    """Cards with no source, or a source that names no year."""
    return [line for line in lines if source_year(line.source) is None]


def question_words(question: str) -> list[str]:
    """A question as compared for near-duplicates: case, accents and punctuation ignored."""
    return "".join(ch if ch.isalnum() else " " for ch in search_fold(question)).split()


def near_duplicates(
    lines: list[CardLine], similarity: float = SIMILARITY, jaccard: float = JACCARD
) -> list[Twins]:
    """Pairs of cards whose questions read nearly the same (see ``SIMILARITY``). Only pairs that
    share a word longer than ``SHORT_WORD`` letters are compared, so the cost stays far below
    every pair's."""
    words = {line.pk: question_words(line.question) for line in lines}
    by_word: dict[str, set[int]] = defaultdict(set)
    for pk, card_words in words.items():
        for word in card_words:
            if len(word) > SHORT_WORD:
                by_word[word].add(pk)
    candidates = {pair for pks in by_word.values() for pair in combinations(sorted(pks), 2)}
    line_of = {line.pk: line for line in lines}
    found = []
    for first, second in sorted(candidates):
        a, b = words[first], words[second]
        matcher = SequenceMatcher(None, " ".join(a), " ".join(b))
        shared = len(set(a) & set(b)) / len(set(a) | set(b))
        if shared >= jaccard and matcher.quick_ratio() >= similarity and (
            matcher.ratio() >= similarity
        ):
            found.append(Twins(line_of[first], line_of[second], matcher.ratio(), shared))
    return found


def reading_orders_near_rank(lines: Iterable[CardLine]) -> list[tuple[CardLine, int]]:
    """(card, pairs read out of order) for each card whose reading order gives the ranking away
    (0 or 10: saved before that was refused) or nearly (1 or 9, one swap from either)."""
    found = []
    for line in lines:
        out_of_order = validation.reading_order_pairs_out_of_order(line.reading_order)
        if out_of_order in validation.GIVEN_AWAY | validation.NEAR_RANK:
            found.append((line, out_of_order))
    return found


def uneven_decks() -> list[Spread]:
    """Decks whose Fox places are too uneven to be chance (see ``stats.fox_spread_uneven``)."""
    found = []
    for deck in Deck.objects.order_by("slug"):
        places = stats.fox_places(deck.cards.values_list("reading_order", flat=True))
        if stats.fox_spread_uneven(places):
            found.append(Spread(deck.slug, places, stats.chi_square(places)))
    return found


def machine_translated(lines: Iterable[CardLine]) -> list[CardLine]:
    """Cards marked as machine translations, waiting for a native speaker's review."""
    marked = set(Card.objects.filter(machine_translated=True).values_list("pk", flat=True))
    return [line for line in lines if line.pk in marked]
