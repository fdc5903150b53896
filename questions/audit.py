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
from itertools import combinations

from django.utils import timezone

from questions import stats, validation
from questions.models import Card, Deck
from questions.textkey import search_fold

# A year in a source: four digits, not part of a longer number ("12345") nor of a decimal or a
# thousands-grouped one ("1,500 people", "2.5"); or one to four digits with an era ("AD 79",
# "79 CE", "79 d. C.", "79 apr. J.-C.", "79 Masehi"). Only years up to the current one count.
YEAR = re.compile(
    r"(?<![\d.,])(\d{4})(?!\d|[.,]\d)"
    r"|\b(?:AD|A\.D\.|CE)\s?(\d{1,4})\b"
    r"|\b(\d{1,4})\s?(?:AD|A\.D\.|CE|d\.\s?C\.|apr\.\s?J\.-C\.|Masehi)(?!\w)"
)
# Two questions are near-duplicates when one holds every meaningful word of the other and they
# share at least this much of their meaningful words (see ``question_tokens``): "Best Actor" and
# "Best Actress" each have a word the other lacks, so they are never listed, however alike.
SIMILARITY = 0.85
SHORT_WORD = 3  # words this short or shorter do not make two questions candidates
# Words that do not change what a question asks, in the hub's languages (accents folded).
FUNCTION_WORDS = frozenset(
    # English
    "a an the of in on at by for to from with and or its their as per"
    # Spanish
    " el la los las lo un una unos unas de del en por para con y o al segun su sus"
    # French
    " le les l un une des du d au aux en par pour avec et ou selon dans sur son sa ses leur"
    # Indonesian
    " di ke dari yang dan atau dengan untuk pada menurut oleh dalam"
    .split()
)


def source_year(source: str) -> int | None:
    """The latest year a source names ("UN, 2019–2023" → 2023; "Columbus's diary, 1492" →
    1492), or None when it names none (a number past the current year is no year)."""
    this_year = timezone.now().year
    years = [
        int(year)
        for match in YEAR.findall(source or "")
        for year in match
        if year and 1 <= int(year) <= this_year
    ]
    return max(years) if years else None


@dataclass(frozen=True)
class CardLine:
    """A card as the audit lists it."""

    pk: int
    question: str
    source: str
    decks: tuple[str, ...]
    reading_order: tuple[int, ...] = ()
    source_timeless: bool = False
    needs_native_review: bool = False


@dataclass(frozen=True)
class Twins:
    """Two cards whose questions are nearly the same."""

    first: CardLine
    second: CardLine
    shared: float  # the share of their meaningful words the two questions have in common


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
            card.source_timeless,
            card.needs_native_review,
        )
        for card in Card.objects.order_by("pk").prefetch_related("decks")
    ]


def sources_older_than(lines: Iterable[CardLine], years: int, today_year: int) -> list[tuple]:
    """(card, year) for each card whose source's latest year is more than ``years`` ago, unless
    a curator marked the source timeless."""
    found = []
    for line in lines:
        year = source_year(line.source)
        if year is not None and today_year - year > years and not line.source_timeless:
            found.append((line, year))
    return found


def sources_undated(lines: Iterable[CardLine]) -> list[CardLine]:
    """Cards with no source, or a source that names no year."""
    return [line for line in lines if source_year(line.source) is None]


def question_words(question: str) -> list[str]:
    """A question's words: case, accents and punctuation ignored."""
    return "".join(ch if ch.isalnum() else " " for ch in search_fold(question)).split()


def question_tokens(question: str) -> frozenset[str]:
    """The words that say what a question asks: function words ("the", "de", "yang") and single
    letters (the "s" of "men's") left out, plurals folded ("countries" = "country")."""
    tokens = set()
    for word in question_words(question):
        if word in FUNCTION_WORDS or (len(word) == 1 and word.isalpha()):
            continue
        if len(word) > 4 and word.endswith("ies"):
            word = word[:-3] + "y"
        elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        tokens.add(word)
    return frozenset(tokens)


def near_duplicates(lines: list[CardLine], similarity: float = SIMILARITY) -> list[Twins]:
    """Pairs of cards asking nearly the same question: one question's meaningful words all in
    the other's, sharing at least ``similarity`` of them (1 = the same words, in any order).
    Only pairs that share a word longer than ``SHORT_WORD`` letters are compared, so the cost
    stays far below every pair's."""
    tokens = {line.pk: question_tokens(line.question) for line in lines}
    by_word: dict[str, set[int]] = defaultdict(set)
    for pk, card_tokens in tokens.items():
        for word in card_tokens:
            if len(word) > SHORT_WORD:
                by_word[word].add(pk)
    candidates = {pair for pks in by_word.values() for pair in combinations(sorted(pks), 2)}
    line_of = {line.pk: line for line in lines}
    found = []
    for first, second in sorted(candidates):
        a, b = tokens[first], tokens[second]
        shared = len(a & b) / len(a | b)
        if (a <= b or b <= a) and shared >= similarity:
            found.append(Twins(line_of[first], line_of[second], shared))
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


def needing_native_review(lines: Iterable[CardLine]) -> list[CardLine]:
    """Cards no native speaker has reviewed yet."""
    return [line for line in lines if line.needs_native_review]
