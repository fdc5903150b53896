"""Room codes: a clear alphabet, no blocked fragments, forgiving input."""

from __future__ import annotations

import pytest

from games.rooms import codes
from games.rooms.codes import (
    BLOCKED_FRAGMENTS,
    CODE_ALPHABET,
    CODE_LENGTH,
    code_generate,
    code_is_clean,
    code_normalize,
)


def test_the_alphabet_leaves_out_letters_that_look_alike():
    for confusable in "ILOUV01":
        assert confusable not in CODE_ALPHABET
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET)
    assert CODE_ALPHABET.isalpha() and CODE_ALPHABET.isupper()


def test_generated_codes_use_only_the_clear_alphabet_and_are_clean():
    drawn = {code_generate() for _ in range(3000)}
    assert len(drawn) > 2500  # random, not a fixed sequence
    for code in drawn:
        assert len(code) == CODE_LENGTH
        assert set(code) <= set(CODE_ALPHABET), code
        assert not any(fragment in code for fragment in BLOCKED_FRAGMENTS), code


class ScriptedChoice:
    """Stands in for ``secrets``: ``choice`` returns the letters of the scripted codes in turn."""

    def __init__(self, *scripted: str) -> None:
        self.letters = list("".join(scripted))
        self.calls = 0

    def choice(self, alphabet: str) -> str:
        self.calls += 1
        return self.letters.pop(0)


@pytest.mark.parametrize("blocked", ["SEXY", "ASSA", "KKKA", "AWTF", "NAZE"])
def test_a_code_with_a_blocked_fragment_is_drawn_again(monkeypatch, blocked):
    scripted = ScriptedChoice(blocked, "BCDE")
    monkeypatch.setattr(codes, "secrets", scripted)
    assert code_generate() == "BCDE"
    assert scripted.calls == 2 * CODE_LENGTH


@pytest.mark.parametrize(
    ("code", "clean"),
    [
        ("ABCD", True),
        ("SEXA", False),
        ("ASEX", False),
        ("XKKK", False),
        ("DAMN", False),
        ("NAZA", False),
        ("ZANA", True),
    ],
)
def test_code_is_clean(code, clean):
    assert code_is_clean(code) is clean


@pytest.mark.parametrize(
    ("typed", "code"),
    [(" abcd ", "ABCD"), ("AbCd", "ABCD"), ("\tqrst\n", "QRST"), ("", ""), (None, "")],
)
def test_code_normalize_trims_and_upper_cases(typed, code):
    assert code_normalize(typed) == code
