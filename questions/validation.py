"""The rules every question card obeys, in one place.

The model's ``clean``, the admin's forms and the deck importer all ask these functions, so a card
that one door accepts is never refused by another. Functions return plain messages (translated
for the active language) instead of raising, so callers can collect every problem at once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.conf import settings
from django.core.validators import slug_re
from django.utils.translation import gettext as _

from questions.textkey import answer_key

QUESTION_MAX_LENGTH = 255
SOURCE_MAX_LENGTH = 200
ANSWER_MAX_LENGTH = 100
CATEGORY_MAX_LENGTH = 50
ANSWER_COUNT = 5
RANKS = (1, 2, 3, 4, 5)
FOX = 0
# Reading the five answers in rank order, or in exactly the reverse order, would give the ranking
# away, wherever the Fox sits; an order one swap of neighbours from either gives most of it away.
# How far an order is from rank order is its Kendall tau distance: the number of pairs of answers
# read in the opposite order to their ranks, 0 (rank order) to 10 (the exact reverse).
PAIRS_OUT_OF_ORDER_MAX = 10
GIVEN_AWAY = {0, PAIRS_OUT_OF_ORDER_MAX}
NEAR_RANK = {1, PAIRS_OUT_OF_ORDER_MAX - 1}
NUL = "\x00"


def text_normalize(text: str) -> str:
    """The form in which two questions or two answers are the same: case and spacing ignored."""
    return " ".join(str(text).split()).casefold()


def language_codes() -> list[str]:
    """The languages cards and decks may be written in: the project's ``LANGUAGES``."""
    return [code for code, _name in settings.LANGUAGES]


def reading_order_random(rng: random.Random) -> list[int]:
    """A reading order for a new card: every place equally likely for the Fox, never rank order
    nor its reverse, nor one swap from either."""
    order = [FOX, *RANKS]
    while True:
        rng.shuffle(order)
        if reading_order_pairs_out_of_order(order) not in GIVEN_AWAY | NEAR_RANK:
            return list(order)


def reading_order_pairs_out_of_order(order: Sequence[int]) -> int:
    """How many pairs of real answers are read in the opposite order to their ranks (the Fox
    left out): 0 for rank order, 10 for its exact reverse, 1 or 9 for one swap of neighbours
    from either (the Kendall tau distance to rank order)."""
    ranks = [place for place in order if place != FOX]
    return sum(
        1 for i, rank in enumerate(ranks) for later in ranks[i + 1 :] if rank > later
    )


def reading_order_problems(order: object) -> list[str]:
    """What is wrong with a reading order: it must be a permutation of 0 (the Fox) and ranks 1–5,
    and read the answers neither in rank order nor in its reverse."""
    if not isinstance(order, list | tuple) or not all(
        isinstance(place, int) and not isinstance(place, bool) for place in order
    ):
        return [_("The reading order must be a list of six whole numbers.")]
    if sorted(order) != [FOX, *RANKS]:
        return [
            _(
                "The reading order must use 0 (the Fox's place) and each rank 1–5 exactly once; "
                "got “%(order)s”."
            )
            % {"order": " ".join(str(place) for place in order)}
        ]
    out_of_order = reading_order_pairs_out_of_order(order)
    if out_of_order == 0:
        return [
            _("The reading order reads the answers in rank order, which gives the ranking away.")
        ]
    if out_of_order == PAIRS_OUT_OF_ORDER_MAX:
        return [
            _(
                "The reading order reads the answers in reverse rank order (#5 first), which "
                "gives the ranking away."
            )
        ]
    return []


def reading_order_warnings(order: Sequence[int]) -> list[str]:
    """A warning for a valid order one swap of neighbours from rank order or its reverse: it is
    accepted, but players who notice it learn most of the ranking."""
    out_of_order = reading_order_pairs_out_of_order(order)
    if out_of_order == 1:
        return [
            _(
                "The reading order is one swap away from rank order, which gives most of the "
                "ranking away: shuffle it."
            )
        ]
    if out_of_order == PAIRS_OUT_OF_ORDER_MAX - 1:
        return [
            _(
                "The reading order is one swap away from reverse rank order, which gives most "
                "of the ranking away: shuffle it."
            )
        ]
    return []


def ranks_problems(ranks: Sequence[int]) -> list[str]:
    """What is wrong with the ranks given to a card's answers: each of 1–5 exactly once."""
    if sorted(ranks) == list(RANKS):
        return []
    problems = []
    for rank in RANKS:
        uses = list(ranks).count(rank)
        if uses > 1:
            message = _("Rank %(rank)d is used %(uses)d times.")
            problems.append(message % {"rank": rank, "uses": uses})
        elif uses == 0:
            problems.append(_("No answer has rank %(rank)d.") % {"rank": rank})
    if not problems:
        problems.append(_("Each rank 1–5 must be used exactly once."))
    return problems


def answers_problems(answers: Sequence[str], language: str | None = None) -> list[str]:
    """What is wrong with a card's answers (rank #1 first): five distinct, non-empty texts."""
    if len(answers) != ANSWER_COUNT:
        return [
            _("A card needs exactly five answers; this one has %(count)d.")
            % {"count": len(answers)}
        ]
    problems = []
    for rank, text in enumerate(answers, start=1):
        if not isinstance(text, str):
            problems.append(_("Answer #%(rank)d must be text.") % {"rank": rank})
        elif NUL in text:
            problems.append(_("Answer #%(rank)d holds a NUL character.") % {"rank": rank})
        elif not text.strip():
            problems.append(_("Answer #%(rank)d is empty.") % {"rank": rank})
        elif len(text.strip()) > ANSWER_MAX_LENGTH:
            problems.append(
                _("Answer #%(rank)d is longer than %(max)d characters.")
                % {"rank": rank, "max": ANSWER_MAX_LENGTH}
            )
        elif is_multiline(text.strip()):
            problems.append(_("Answer #%(rank)d must be one line.") % {"rank": rank})
    ranked = [
        (rank, text) for rank, text in enumerate(answers, start=1) if isinstance(text, str)
    ]
    return problems + answers_duplicate_problems(ranked, language)


def answers_duplicate_problems(
    ranked: Sequence[tuple[int, str]], language: str | None = None
) -> list[str]:
    """Answers the game would take for one another on a card in ``language`` (see
    :func:`textkey.answer_key`), given as (rank, text) pairs; empty texts are left to the
    caller, so one never hides the other."""
    problems = []
    first_rank_of: dict[str, int] = {}
    for rank, text in sorted(ranked):
        if not text.strip():
            continue
        key = answer_key(text, language)
        if key in first_rank_of:
            problems.append(
                _("Answers #%(first)d and #%(rank)d are the same (“%(text)s”).")
                % {"first": first_rank_of[key], "rank": rank, "text": text.strip()}
            )
        else:
            first_rank_of[key] = rank
    return problems


def text_problems(value: object, *, max_length: int, required: bool = True) -> list[str]:
    """What is wrong with one line of card text: missing, not text, too long or several lines."""
    if not isinstance(value, str):
        return [_("This must be text.")]
    if NUL in value:
        return [nul_message()]
    if required and not value.strip():
        return [_("This is required.")]
    if len(value.strip()) > max_length:
        return [_("This is longer than %(max)d characters.") % {"max": max_length}]
    if is_multiline(value.strip()):
        return [_("This must be one line.")]
    return []


def nul_message() -> str:
    """The refusal of a text holding a NUL character (code 0), which a spreadsheet or a JSON
    ``\\u0000`` can smuggle in and PostgreSQL cannot store."""
    return _("This holds a NUL character (code 0), which no text may contain.")


def is_multiline(text: str) -> bool:
    """True when the text holds a line break of any kind (``splitlines`` knows them all)."""
    return len(text.splitlines()) > 1


def category_problems(category: object) -> list[str]:
    """What is wrong with a category: it must be a lowercase slug such as ``geography``."""
    problems = text_problems(category, max_length=CATEGORY_MAX_LENGTH)
    if problems:
        return problems
    if not slug_re.fullmatch(category) or category != category.lower():
        return [_("Use a lowercase slug such as “geography” (letters, digits, - and _).")]
    return []


def language_problems(language: object) -> list[str]:
    """What is wrong with a language code: it must be one the project offers."""
    if language not in language_codes():
        return [
            _("Unknown language “%(language)s”; use one of: %(choices)s.")
            % {"language": language, "choices": ", ".join(language_codes())}
        ]
    return []


def card_problems(
    *,
    question: object,
    source: object,
    category: object,
    language: object,
    reading_order: object,
    answers: Sequence[str] | None = None,
) -> dict[str, list[str]]:
    """Every problem with one card, by field; ``answers`` (rank #1 first) is skipped when None.

    The model's ``clean`` cannot see unsaved answers, so it passes None and the admin's answer
    formset checks them with :func:`answers_problems`; the importer passes everything.
    """
    problems = {
        "question": text_problems(question, max_length=QUESTION_MAX_LENGTH),
        "source": text_problems(source, max_length=SOURCE_MAX_LENGTH),
        "category": category_problems(category),
        "language": language_problems(language),
        "reading_order": reading_order_problems(reading_order),
    }
    if answers is not None:
        problems["answers"] = answers_problems(
            answers, language if isinstance(language, str) else None)
    return {field: messages for field, messages in problems.items() if messages}


def duplicate_question_message(deck_names: Sequence[str]) -> str:
    """The message for a question that another card of the same deck already asks."""
    return _("Another card in %(decks)s already asks this question.") % {
        "decks": ", ".join(f"“{name}”" for name in deck_names)
    }


def unknown_category_message(slug: str) -> str:
    """The message for a category slug that is not in the curators' list."""
    return _("There is no category “%(slug)s”; the curators' list is under Categories.") % {
        "slug": slug
    }
