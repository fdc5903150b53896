"""How much starter content the hub ships, and that every card says where its ranking is from
and when (read from the deck files, as load_starter_decks reads them)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from questions.audit import source_year

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
MINIMUM = {"en": 500, "es": 150, "fr": 150, "id": 150}


def starter_cards() -> list[dict]:
    cards = []
    for path in sorted(DECKS.glob("*.json")):
        deck = json.loads(path.read_text(encoding="utf-8"))
        language = deck["deck"]["language"]
        cards += [{"file": path.name, "language": language, **card} for card in deck["cards"]]
    return cards


def test_the_starter_decks_hold_enough_cards_in_every_language():
    counts = Counter(card.get("language") for card in starter_cards())
    for language, minimum in MINIMUM.items():
        assert counts[language] >= minimum, (language, counts[language])


def test_every_starter_card_has_a_dated_source():
    """Dated as ``audit_decks`` reads a year, so the audit lists none of them as undated."""
    undated = [(card["file"], card["question"]) for card in starter_cards()
               if source_year(card["source"]) is None]
    assert not undated


@pytest.mark.parametrize("language", ["es", "fr", "id"])
def test_every_card_no_native_speaker_reviewed_is_marked(language):
    """No native curator has reviewed the starter cards in other languages yet (all were
    written by machine): every one of them says so, the "general" decks' too."""
    cards = [card for card in starter_cards() if card["language"] == language]
    unmarked = [card["question"] for card in cards if not card.get("needs_native_review")]
    assert len(cards) >= 100 and not unmarked, (language, unmarked)


def test_no_starter_file_uses_the_old_name_of_the_review_mark():
    assert not [card["question"] for card in starter_cards() if "machine_translated" in card]


def test_the_columbus_card_cites_the_diary_of_1492_as_a_timeless_source():
    (card,) = [card for card in starter_cards() if "Colón" in card["question"]]
    assert source_year(card["source"]) == 1492 and card["source_timeless"] is True
