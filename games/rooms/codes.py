"""Room codes: four letters that read clearly across a room and spell nothing rude."""

from __future__ import annotations

import secrets

# No I/L (look like 1), O (looks like 0), U/V (look alike on low-resolution TVs).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ"
CODE_LENGTH = 4

# Codes (and code fragments) we never show, checked on every code drawn.
BLOCKED_FRAGMENTS = (
    "ASS", "CUM", "FAG", "FAT", "GAY", "JEW", "KKK", "NAZ", "NGR", "PNS", "SEX", "TWT", "WTF",
    "XXX", "DCK", "FCK", "FKN", "SHT", "CNT", "KYS", "STFU", "DAMN", "DYKE", "FUCK", "FUK",
    "HATE", "HEIL", "JIZZ", "KILL", "MERD", "PUTA", "PUTE", "PAJA", "PEDO", "PENE", "PORN",
    "RAPE", "SHAT", "SPIC", "TARD", "TITS", "TWAT", "WANK", "WHOR", "BABI", "ANJG", "KNTL",
    "MEMEK", "COÑO", "CACA", "PEDE", "CULO", "NEGR", "SUCK", "DRUG", "METH", "DEAD", "DEATH",
)


def code_is_clean(code: str) -> bool:
    """True when no blocked fragment appears in the code."""
    return not any(fragment in code for fragment in BLOCKED_FRAGMENTS)


def code_generate() -> str:
    """A random clean room code (the caller checks it is not already taken)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code_is_clean(code):
            return code


def code_normalize(raw: str) -> str:
    """What a player typed, as a code: trimmed and upper-cased."""
    return (raw or "").strip().upper()
