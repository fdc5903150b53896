"""docs/protocol.md against the code: the keys each game's view documents are those its views
have (every key is always present, the docs say), each game's public log kinds are documented,
and every error code the hub sends is in one of the protocol's lists of codes.

A key a view gained without a line in its table (Outfox's ``removed``), or a code the server
sends that no list names, fails here instead of surprising a client's author."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.hoax import rules as hoax
from games.outfox import rules as outfox
from games.werewolf import rules as werewolf
from tests.games.hoax.test_rules import random_game as hoax_game
from tests.games.outfox.test_rules import random_game as outfox_game
from tests.games.werewolf.test_rules import random_game as werewolf_game

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
SECTIONS = {"outfox": "## 5. Outfox", "hoax": "## 6. Hoax", "werewolf": "## 7. Werewolf"}
NAME = re.compile(r"`([a-z_]+)`")


def section(game: str) -> str:
    """A game's section of the protocol, up to the next numbered one."""
    start = PROTOCOL.index(SECTIONS[game])
    following = PROTOCOL.find("\n## ", start + 1)
    return PROTOCOL[start:following if following != -1 else None]


def paragraphs(text: str) -> list[str]:
    return [block.strip() for block in re.split(r"\n\s*\n", text) if block.strip()]


def table_names(table: str) -> set[str]:
    """The names in a Markdown table's first column (its header and rule left out)."""
    rows = table.splitlines()[2:]
    return {name for row in rows for name in NAME.findall(row.split("|")[1])}


def prose_names(text: str) -> set[str]:
    """The names a sentence lists, what its parentheses say about each left out."""
    return set(NAME.findall(re.sub(r"\([^()]*\)", "", text)))


def documented_view(game: str) -> tuple[set[str], set[str]]:
    """The keys of the game's view table and of its ``me`` (a table or a sentence)."""
    blocks = paragraphs(section(game).split("### Views", 1)[1])
    view = table_names(next(block for block in blocks if block.startswith("| key |")))
    me_at = next(i for i, block in enumerate(blocks) if block.startswith("`me`:"))
    after = blocks[me_at][len("`me`:"):].strip()
    me = prose_names(after) if after else table_names(blocks[me_at + 1])
    return view, me


def documented_log_kinds(game: str) -> set[str]:
    text = section(game)
    if game == "hoax":
        return table_names(next(b for b in paragraphs(text) if b.startswith("| kind |")))
    events = next(b for b in paragraphs(text) if b.startswith("Public events"))
    return prose_names(events.split(":", 1)[1])


def outfox_states() -> Iterator[dict]:
    states: list[dict] = []
    for n in (3, 5):
        outfox_game(n, 2, check=states.append)
    yield from states


def hoax_states() -> Iterator[dict]:
    states: list[dict] = []
    for n in (3, 6):
        hoax_game(n, 2, check=lambda state, *_move: states.append(state))
    yield from states


def werewolf_states() -> Iterator[dict]:
    for n, seed in ((8, 1), (13, 2)):
        final, history = werewolf_game(n, seed, check_every=False)
        state = werewolf.setup(n, final["options"], seed, 0.0, {})
        yield state
        for number, (seat, action, now) in enumerate(history):
            state = werewolf.apply(state, seat, action, now)
            if number % 3 == 0 or state["over"]:
                yield state


GAMES = {"outfox": (outfox, outfox_states), "hoax": (hoax, hoax_states),
         "werewolf": (werewolf, werewolf_states)}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_view_has_exactly_the_keys_its_table_documents(game):
    rules, states = GAMES[game]
    view_keys, me_keys = documented_view(game)
    seen = 0
    for state in states():
        for viewer in [None, *range(len(rules.view(state, None)["players"]))]:
            view = rules.view(state, viewer)
            assert set(view) == view_keys, (game, state["phase"], viewer,
                                            "undocumented:", set(view) - view_keys,
                                            "documented, absent:", view_keys - set(view))
            if view["me"] is not None:
                assert set(view["me"]) == me_keys, (game, state["phase"], viewer,
                                                    set(view["me"]) ^ me_keys)
                seen += 1
    assert seen > 100


@pytest.mark.parametrize("game", ["hoax", "werewolf"])
def test_every_public_log_kind_is_documented(game):
    rules, states = GAMES[game]
    kinds = {entry["kind"] for state in states() for entry in rules.view(state, None)["log"]}
    documented = documented_log_kinds(game)
    assert kinds - documented == set(), game
    assert len(kinds) > 5


# Codes sent nowhere a client reads a list of codes, with where they are said instead.
CODES_ELSEWHERE = {
    "bad_handover": "the join form's (an HTML page), in section 1's Other pages",
}


def documented_codes() -> set[str]:
    """The names in every list of error codes: the tables headed ``| code |``, the HTTP API's
    ``Codes:`` and Werewolf's ``Refusals carry a code:``."""
    codes: set[str] = set()
    for block in paragraphs(PROTOCOL):
        if block.startswith("| code |"):
            codes |= table_names(block)
        elif block.startswith(("Codes:", "Refusals carry a code")):
            codes |= set(NAME.findall(block))
    return codes


def raised_codes() -> set[str]:
    """Every code the platform and the rules raise by name (``code="…"``)."""
    sources = [*(ROOT / "games").rglob("*.py"), *(ROOT / "partyhub").rglob("*.py")]
    return {code for path in sources
            for code in re.findall(r'\bcode="([a-z_]+)"', path.read_text(encoding="utf-8"))}


def test_every_error_code_the_hub_sends_is_in_a_list_of_codes():
    raised = raised_codes()
    assert {"unavailable", "flood", "stale", "too_few_cards"} <= raised
    missing = raised - documented_codes() - set(CODES_ELSEWHERE)
    assert missing == set()
    for code in CODES_ELSEWHERE:
        assert f"`{code}`" in PROTOCOL


def test_the_protocol_lists_no_game_ids_by_hand():
    """Which games exist is the registry's to say (``GET /api/games``): a list of ids in the
    protocol's text would go stale the day a game is registered."""
    from games.kit.registry import GAMES

    ids = "|".join(map(re.escape, GAMES))
    listing = re.compile(rf"`({ids})`(, | or | and )`({ids})`")
    assert not listing.search(PROTOCOL), listing.search(PROTOCOL).group(0)
