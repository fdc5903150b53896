"""The family filter's word lists: every language refuses its own rude words, whole words only,
and a word rude in one language passes in another where it is an ordinary word."""

from __future__ import annotations

import pytest

from games.wordfilter import entries, is_rude


@pytest.mark.parametrize(("text", "language"), [
    ("Shit happens", "en"), ("hijo de PUTA", "es"), ("Gilipollas!", "es"), ("Connard", "fr"),
    ("fils de pute", "fr"), ("dasar bangsat", "id"), ("Kontol", "id"),
    ("Fuck", "fr"),  # English is checked in every language
])
def test_each_language_refuses_its_rude_words(text, language):
    assert is_rude(text, language)


@pytest.mark.parametrize(("text", "language"), [
    ("A", "en"), ("Ana", "es"), ("Scunthorpe", "en"), ("Class act", "en"),
    ("café con leche", "es"),  # French "con" is Spanish "with"
    ("anjing", "id"),  # a dog, left out of the list on purpose
    ("Hammer", "en"), ("martillo", "es"),  # a plain word in the package's Spanish list
])
def test_ordinary_words_pass(text, language):
    assert not is_rude(text, language)


def test_every_language_has_a_list_and_spellings_with_symbols_are_left_out():
    for language in ("en", "es", "fr", "id"):
        assert len(entries(language)) > 30
    assert ("a",) not in entries("en")  # "a$$" would have read as the word "a"
