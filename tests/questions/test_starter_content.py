"""How much starter content the hub ships, and that every card says where its ranking is from
and when (read from the deck files, as load_starter_decks reads them)."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
MINIMUM = {"en": 500, "es": 150, "fr": 150, "id": 150}
YEAR = re.compile(r"\b(1\d\d\d|20\d\d)\b")


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
    undated = [(card["file"], card["question"]) for card in starter_cards()
               if not YEAR.search(card["source"])]
    assert not undated


@pytest.mark.parametrize("language", ["es", "fr", "id"])
def test_machine_written_cards_are_marked_for_a_native_curator(language):
    """Every deck written by machine in another language says so on its cards."""
    marked = [card for card in starter_cards()
              if card["language"] == language and card.get("machine_translated")]
    assert len(marked) >= 100, (language, len(marked))
