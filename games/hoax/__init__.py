"""Hoax: claim to be who you are not, call out the liars (see docs.md).

The package exports the game as one object, ``GAME`` (``games.kit.game.Game``), which the
registry holds: ``Game.of`` takes every part its rules module gives (``games.kit.rules`` names
them) and the ones named here.
"""

from games.hoax import audience, bench, guide, recap, rules, sweep
from games.kit.game import Game

GAME = Game.of(rules, guide=guide, recap=recap.recap, audience=audience, bench=bench.PLAN,
               sweep=sweep.PLAN, adapter_path="games.hoax.adapter.Adapter",
               role_key="character")
