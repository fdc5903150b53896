"""Highest card: a fourth game that lives only under tests/, registered by the test settings
only (``tests.fourthgame.settings``), to prove that a new game is its package alone: the
platform creates its rooms, plays it over WebSockets and sweeps its screens without one line
of its own changed (see the README's "Add a game")."""

from games.kit.game import Game
from tests.fourthgame import guide, rules


def no_ballot(view: dict) -> None:
    """Its audience has nothing to vote on."""
    return None


def no_result(view: dict, key: str) -> None:
    return None


GAME = Game(
    id=rules.GAME_ID,
    title=rules.TITLE,
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    phases=rules.PHASES,
    options=rules.OPTIONS,
    facts=rules.FACTS,
    fixed=rules.FIXED,
    options_clean=rules.options_clean,
    setup=rules.setup,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    moves=rules.MOVES,
    view=rules.view,
    views=rules.views,
    rules=rules,
    guide=guide,
    ballot=no_ballot,
    result=no_result,
)
