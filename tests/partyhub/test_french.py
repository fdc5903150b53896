"""French speaks to a player as "tu", everywhere: a phone's words, the host's menu, a refusal,
the TV's words read from a phone held in a hand (a remote player's board). A playtest found
"Classez le Top 5" beside "Ton tour". "Vous" is left only where several people are spoken to at
once: the TV's narrated intro (each game's ``guide.py``, said aloud to the whole table) and a
line to a couple or to the pack."""

from __future__ import annotations

import re
from pathlib import Path

CATALOGUES = [Path(__file__).resolve().parents[2] / "locale/fr/LC_MESSAGES" / name
              for name in ("django.po", "djangojs.po")]
# "vous", "votre", "vos", or a verb said to "vous" ("Classez", "attendez"); not "chez", "assez".
VOUS = re.compile(r"\b(vous|votre|vos)\b|\b(?!chez\b|assez\b)\w+ez\b", re.IGNORECASE)
# Said to several people at once (the English says so too).
SEVERAL = {
    "You are in love with %(name)s. If one of you dies, so does the other.",  # the couple
    "Night %(n)s: you caught the Little Girl, %(name)s.",  # the pack
}


def entries(path: Path) -> list[tuple[str, str, str]]:
    """Each entry of a .po file: (where it is used, its msgid, its msgstr), the strings joined."""
    found = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        where = " ".join(line[3:] for line in block.splitlines() if line.startswith("#: "))
        parts: dict[str, list[str]] = {"msgid": [], "msgstr": []}
        current = None
        for line in block.splitlines():
            keyword, _, rest = line.partition(" ")
            if keyword in parts:
                current, line = parts[keyword], rest
            elif not line.startswith('"'):
                current = None if keyword.startswith("msg") else current
                continue
            if current is not None:
                current.append(line.strip()[1:-1])
        found.append((where, "".join(parts["msgid"]), "".join(parts["msgstr"])))
    return found


def test_french_says_tu_to_a_player():
    said_vous = [
        (where, msgid, msgstr)
        for path in CATALOGUES for where, msgid, msgstr in entries(path)
        if msgstr and VOUS.search(msgstr) and msgid not in SEVERAL
        and not all(ref.split(":")[0].endswith("/guide.py") for ref in where.split())
    ]
    assert not said_vous, "\n".join(f"{where}: {msgstr}" for where, _msgid, msgstr in said_vous)
