"""Highest card: a fourth game that lives only under tests/, registered by the test settings
only (``tests.settings``), to prove that a new game is its package alone: the platform creates
its rooms, plays it over WebSockets and sweeps its screens without one line of its own changed,
and the platform's own tests play it (see the README's "Add a game")."""

from games.kit.game import Game
from tests.fourthgame import audience, guide, recap, rules

GAME = Game.of(rules, guide=guide, recap=recap.recap, audience=audience)
