"""How two answers compare, shared by the admin, the importer and the game (pure, no Django).

The Outfox rules refuse a Fox answer that is "the same" as a real answer; the curators' checks
must refuse two real answers that are the same in exactly that sense, or a card saved in the
admin could hold two answers the game treats as one.
"""

from __future__ import annotations

import unicodedata


def answer_key(text: str) -> str:
    """How two answers compare: case, accents, punctuation, spacing and a leading "the" ignored,
    so "The Wile E. Coyote" and "wile e coyote" are the same answer."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    words = "".join(ch if ch.isalnum() else " " for ch in text).split()
    if words and words[0] == "the":
        words = words[1:]
    return "".join(words)


def search_fold(text: str) -> str:
    """Text as the admin's search compares it: case and accents ignored ("CAFÉ" finds "café")."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
