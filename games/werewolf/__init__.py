"""Werewolf (Les Loups-garous de Thiercelieux), with the hub as its narrator."""
