"""Coin call: a fifth game, written in a scratch folder of the test tree as a new game would be,
with none of the optional parts (no recap, docs page, audience, host moves or free text). Only
``PARTYHUB_TEST_GAMES=tests.fifthgame`` registers it (``make test`` does, in a pass of its own):
then the whole platform and every other game's tests run as they do without it."""

from games.kit.game import Game
from tests.fifthgame import guide, rules

GAME = Game.of(rules, guide=guide)
