"""How two answers compare, shared by the admin, the importer and the game (pure, no Django).

The question game's rules refuse a Fox answer that is "the same" as a real answer; the
curators' checks must refuse two real answers that are the same in exactly that sense, or a card
saved in the admin could hold two answers the game treats as one.

A leading article is ignored in the card's language, as a player would drop it: "Los Beatles"
is "Beatles" on a Spanish card, "Les Rita Mitsouko" is "Rita Mitsouko" (and "L'Oréal" is
"Oréal") on a French one. Only the card's own language's articles: "A Coruña" keeps its "A" on a
Spanish card, "À bout de souffle" its "À" on a French one, "La La Land" its "La" on an English
one. English's "the" is ignored on every card (it is no word of the other languages, and names
like "The Beatles" travel untranslated); "thé" (French, tea) is not "the". Indonesian has no
articles: "si" and "sang" before a name are kept, as they make a title or a character of it
("Si Kancil" is the folk tale's mousedeer, "Kancil" any mousedeer; "Sang Saka" is the flag). An
article alone ("La", the note; "Un", one) is an answer, not an article.
"""

from __future__ import annotations

import re
import unicodedata

# Articles by card language (the hub's languages); "the" on every card.
ARTICLES: dict[str, frozenset[str]] = {
    "en": frozenset({"the", "a", "an"}),
    "es": frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas"}),
    "fr": frozenset({"le", "la", "les", "un", "une", "des"}),
    "id": frozenset(),
}
EVERYWHERE = frozenset({"the"})
# French elides "le" and "la" before a vowel: "l'" then a letter (any apostrophe).
ELIDED = {"fr": re.compile(r"[^\w]*l['\u2019\u02bc](?=\w)")}


def answer_key(text: str, language: str | None = None) -> str:
    """How two answers on a card in ``language`` compare: case, accents, punctuation, spacing
    and a leading article of that language ignored (only "the" when the language is unknown),
    so "The Wile E. Coyote" and "wile e coyote" are the same answer, and on a Spanish card so
    are "Los Beatles" and "Beatles"."""
    # Articles are matched before accents are dropped ("thé" is not "the", "él" not "el").
    text = unicodedata.normalize("NFKC", text).casefold()
    language = (language or "").split("-")[0]
    elided = ELIDED.get(language)
    if elided and (match := elided.match(text)):
        text = text[match.end():]
    words = "".join(ch if ch.isalnum() else " " for ch in text).split()
    if len(words) > 1 and words[0] in ARTICLES.get(language, EVERYWHERE) | EVERYWHERE:
        words = words[1:]
    text = unicodedata.normalize("NFKD", "".join(words))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def search_fold(text: str) -> str:
    """Text as the admin's search compares it: case and accents ignored ("CAFÉ" finds "café")."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
