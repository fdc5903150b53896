"""Werewolf (Les Loups-garous de Thiercelieux), with the hub as its narrator.

The package exports the game as one object, ``GAME`` (``games.kit.game.Game``), which the
registry holds: every part the platform uses is named here.
"""

from games.kit.game import Game
from games.werewolf import audience, bench, guide, recap, rules, sweep

GAME = Game(
    id=rules.GAME_ID,
    title=rules.TITLE,
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    phases=rules.PHASES,
    options=rules.OPTIONS,
    presets=rules.PRESETS,
    facts=rules.FACTS,
    fixed=rules.FIXED,
    options_clean=rules.options_clean,
    setup=rules.setup,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    moves=rules.MOVES,
    view=rules.view,
    views=rules.views,
    options_public=rules.options_public,
    host_actions=rules.HOST_ACTIONS,
    rules=rules,
    guide=guide,
    recap=recap.recap,
    ballot=audience.ballot,
    result=audience.result,
    bench=bench.PLAN,
    sweep=sweep.PLAN,
    adapter_path="games.werewolf.adapter.Adapter",
)
