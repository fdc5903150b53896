"""The family filter: free text a player types (names, fake answers) checked against a
maintained profanity list in each of the hub's languages.

English, Spanish and French come from the glin-profanity package's dictionaries; no maintained
package covers Indonesian, so its list is a file kept here (``wordlists/id.txt``, its source
stated at its top). A text is checked against English and the writer's own language: a word
that is rude in one language is often an ordinary word in another (French "con" is Spanish
"with"), so checking every list at once would refuse innocent answers.

Lists hold words a title or a name may hold innocently ("Moby Dick", a French phone's "Chili con
carne"): the allow list (``wordlists/allow.txt``, documented at its top) names such words and
phrases, and a listed word inside an allowed phrase is let through, only there.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from glin_profanity.data.dictionary import DictionaryLoader

PACKAGE_LISTS = {"en": "english", "es": "spanish", "fr": "french"}
FILE_LISTS = {"id": Path(__file__).parent / "wordlists" / "id.txt"}
ALLOW_FILE = Path(__file__).parent / "wordlists" / "allow.txt"


def words_of(text: str) -> tuple[str, ...]:
    """The words of ``text`` as compared: accents and case dropped, punctuation a space."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", text.casefold())
        if not unicodedata.combining(ch)
    )
    return tuple("".join(ch if ch.isalnum() else " " for ch in plain).split())


@cache
def entries(language: str) -> frozenset[tuple[str, ...]]:
    """One language's list, each entry as the words it is made of."""
    if language in PACKAGE_LISTS:
        raw = DictionaryLoader().get_words(PACKAGE_LISTS[language])
    else:
        lines = FILE_LISTS[language].read_text(encoding="utf-8").splitlines()
        raw = [line for line in lines if line.strip() and not line.startswith("#")]
    # Spellings with symbols ("a$$") would read as other words once the symbols are spaces
    # ("a"): the filter matches words, so those are left out.
    listed = (words_of(entry) for entry in raw if all(
        ch.isalnum() or ch.isspace() or ch in "-'’" for ch in entry))
    return frozenset(words for words in listed if words)


Index = dict[str, tuple[tuple[str, ...], ...]]


def indexed(phrases) -> Index:
    """Phrases (each as its words) indexed by their first word, so a text is looked up word by
    word rather than scanned once for every phrase."""
    index: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        index.setdefault(phrase[0], []).append(phrase)
    return {first: tuple(listed) for first, listed in index.items()}


@cache
def listed_index(language: str) -> Index:
    """One language's list, indexed."""
    return indexed(entries(language))


@cache
def allowed(language: str) -> Index:
    """The allow list's words and phrases for a writer in ``language`` (its own lines and the
    lines for every language), indexed."""
    found = set()
    for line in ALLOW_FILE.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        only, colon, rest = line.partition(":")
        if colon and only.strip() != language:
            continue
        found.add(words_of(rest if colon else line))
    return indexed(words for words in found if words)


def base_language(language: str | None) -> str:
    """The writer's language without its region ("fr-CA" is "fr"), English when unknown."""
    return (language or "en").split("-")[0].lower()


def languages_for(language: str | None) -> tuple[str, ...]:
    """The lists a writer's text is checked against: English and their own language."""
    base = base_language(language)
    return ("en", base) if base in FILE_LISTS or base in PACKAGE_LISTS else ("en",)


def spans(words: tuple[str, ...], phrases: Index) -> list[range]:
    """Where any of ``phrases`` (indexed by first word) occurs in ``words``, as ranges of word
    positions (whole words only)."""
    return [
        range(i, i + len(phrase))
        for i, word in enumerate(words) for phrase in phrases.get(word, ())
        if words[i:i + len(phrase)] == phrase
    ]


def is_rude(text: str, language: str | None = None) -> bool:
    """Whether ``text`` holds a listed word or phrase (whole words only: "Scunthorpe" passes)
    outside every allowed phrase ("Moby Dick" passes, "Moby Dick is a dick" does not)."""
    words = words_of(text)
    let_through = {
        position for found in spans(words, allowed(base_language(language)))
        for position in found
    }
    return any(
        not set(found) <= let_through
        for listed in languages_for(language) for found in spans(words, listed_index(listed))
    )
