"""Outfox the Fox: a TV, phones, and a Fox hiding in a Top 5 (see docs.md).

The package exports the game as one object, ``GAME`` (``games.kit.game.Game``), which the
registry holds: ``Game.of`` takes every part its rules module gives (``games.kit.rules`` names
them) and the ones named here.
"""

from games.kit.game import Game
from games.outfox import audience, bench, guide, recap, rules, sweep

GAME = Game.of(rules, guide=guide, recap=recap.recap, audience=audience, bench=bench.PLAN,
               sweep=sweep.PLAN, adapter_path="games.outfox.adapter.Adapter")
