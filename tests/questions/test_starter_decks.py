"""The deck files shipped in fixtures/decks/: whatever files exist must load and be valid."""

import json
import re
from pathlib import Path

import pytest

from questions import deck_io, validation
from questions.models import Card
from questions.textkey import ARTICLES, answer_key

STARTER_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
STARTER_FILES = sorted(STARTER_DIR.glob("*.json"))


def test_there_is_at_least_one_starter_deck():
    assert STARTER_FILES, f"no deck files in {STARTER_DIR}"


def test_starter_deck_slugs_are_unique():
    slugs = [json.loads(path.read_text(encoding="utf-8"))["deck"]["slug"] for path in STARTER_FILES]
    assert len(slugs) == len(set(slugs)), slugs


def test_no_two_answers_of_a_starter_card_are_the_same_once_normalised():
    """Articles dropped, no card of the starter decks holds two answers the game would take for
    one another: in the card's language (what the admin, the importer and the Fox check use),
    nor in any other of the hub's (so a card moved to another language's deck stays valid)."""
    stripped = 0
    for path in STARTER_FILES:
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            for language in [card["language"], *sorted(ARTICLES)]:
                keys = [answer_key(answer, language) for answer in card["answers"]]
                assert len(set(keys)) == 5, (path.name, card["question"], language, keys)
            stripped += sum(answer_key(answer, card["language"]) != answer_key(answer)
                            for answer in card["answers"])
    assert stripped > 100  # the starter decks have many answers with an article to drop


@pytest.mark.django_db
@pytest.mark.parametrize("path", STARTER_FILES, ids=[path.name for path in STARTER_FILES])
def test_starter_deck_loads_and_every_card_is_valid(path):
    content = path.read_bytes()
    decks, problems = deck_io.deck_file_parse(path.name, content)
    problems += deck_io.decks_validate(decks)
    assert not problems, "\n".join(str(problem) for problem in problems)

    # As load_starter_decks imports them: a category the list lacks yet is created.
    result = deck_io.decks_import([(path.name, content)], new_categories=True)
    (deck,) = decks
    assert result.total("created") == len(deck.cards) > 0
    for card in Card.objects.prefetch_related("answers", "decks"):
        card.full_clean()
        assert validation.answers_problems(card.answer_texts(), card.language) == []
        assert [d.slug for d in card.decks.all()] == [deck.slug]
    exported = json.loads(deck_io.deck_export_json(card.decks.get()))
    assert [c["question"] for c in exported["cards"]] == [c.question.strip() for c in deck.cards]


@pytest.mark.parametrize("path", STARTER_FILES, ids=[path.name for path in STARTER_FILES])
def test_no_starter_card_reads_its_answers_near_rank_order(path):
    """Neither refused (rank order or its reverse) nor warned of (one swap from either)."""
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    near = [
        (card["question"], card["reading_order"])
        for card in cards
        if validation.reading_order_pairs_out_of_order(card["reading_order"])
        in validation.GIVEN_AWAY | validation.NEAR_RANK
    ]
    assert not near


def test_the_readme_counts_the_starter_decks_and_cards():
    """The README says how many decks and cards ``make play`` loads: they are counted here."""
    readme = (STARTER_DIR.parents[1] / "README.md").read_text(encoding="utf-8")
    decks, cards = re.search(r"and ([\d,]+) question decks, ([\d,]+) cards\)", readme).groups()
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in STARTER_FILES]
    assert int(decks.replace(",", "")) == len(documents)
    assert int(cards.replace(",", "")) == sum(len(document["cards"]) for document in documents)
