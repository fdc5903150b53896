"""The game the platform's own tests play: the test-only fourth game (tests/fourthgame/, Highest
card), registered by the test settings alone. Platform tests (tests/games/{kit,live,rooms,ops})
name no game of the hub: they play this one through the registry, or every registered game.

Its rules, in short: every player picks a card (``{"type": "pick", "card": c}``, with an
optional ``shout``, the family-filtered free text) before a timer (``pick_seconds``); the
highest card wins; the host may remove a player; the board sees nobody's card until the end.
"""

from __future__ import annotations

from games.kit.game import Game
from games.kit.registry import game

TEST_GAME = "fourthgame"


def game_under_test() -> Game:
    """The test game's ``Game``, as the platform holds it."""
    return game(TEST_GAME)


def pick(card: int, shout: str | None = None) -> dict:
    """A player's move of the test game: a card, and a shout when given."""
    return {"type": "pick", "card": card} if shout is None else {
        "type": "pick", "card": card, "shout": shout}


# A long game with no timer running out while a test plays: thirty rounds of five minutes.
TEST_SLOW = {"rounds": 30, "pick_seconds": 300}


def move(view: dict, k: int) -> dict | None:
    """The ``k``-th scripted move of a phone from its own view (as a player would: one of the
    cards it is offered), or None when it has none."""
    me = view.get("me") if view else None
    if not me or not me["actions"]:
        return None
    return me["actions"][k % len(me["actions"])]
