"""Werewolf (Les Loups-garous de Thiercelieux), with the hub as its narrator.

The package exports the game as one object, ``GAME`` (``games.kit.game.Game``), which the
registry holds: ``Game.of`` takes every part its rules module gives (``games.kit.rules`` names
them) and the ones named here.
"""

from games.kit.game import Game
from games.werewolf import audience, bench, guide, recap, rules, sweep

GAME = Game.of(rules, guide=guide, recap=recap.recap, audience=audience, bench=bench.PLAN,
               sweep=sweep.PLAN, adapter_path="games.werewolf.adapter.Adapter",
               role_key="card")
