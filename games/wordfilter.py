"""The family filter: free text a player types (names, Outfox's Fox answers) checked against a
maintained profanity list in each of the hub's languages.

English, Spanish and French come from the glin-profanity package's dictionaries; no maintained
package covers Indonesian, so its list is a file kept here (``wordlists/id.txt``, its source
stated at its top). A text is checked against English and the writer's own language: a word
that is rude in one language is often an ordinary word in another (French "con" is Spanish
"with"), so checking every list at once would refuse innocent answers.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

from glin_profanity.data.dictionary import DictionaryLoader

PACKAGE_LISTS = {"en": "english", "es": "spanish", "fr": "french"}
FILE_LISTS = {"id": Path(__file__).parent / "wordlists" / "id.txt"}
# Entries of the package's lists that are plain words, not rude in any sense a family filter
# means (a Fox answer may well be "hammer" or "hell").
ALLOWED = frozenset({"asesinato", "drogas", "infierno", "martillo", "bosser", "veuve"})


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
    return frozenset(words for words in listed if words and " ".join(words) not in ALLOWED)


def languages_for(language: str | None) -> tuple[str, ...]:
    """The lists a writer's text is checked against: English and their own language."""
    base = (language or "en").split("-")[0].lower()
    return ("en", base) if base in FILE_LISTS or base in PACKAGE_LISTS else ("en",)


def is_rude(text: str, language: str | None = None) -> bool:
    """Whether ``text`` holds a listed word or phrase (whole words only: "Scunthorpe" passes)."""
    words = words_of(text)
    for listed in languages_for(language):
        for entry in entries(listed):
            size = len(entry)
            if any(words[i:i + size] == entry for i in range(len(words) - size + 1)):
                return True
    return False
