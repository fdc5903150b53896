"""Loads the starter data into an empty database: each game's own, then the question decks."""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand

from games.kit.registry import adapter_get, games


class Command(BaseCommand):
    help = "Load each game's starter data and the starter question decks where they are missing."

    def handle(self, *args, **options) -> None:
        for game in games().values():
            loaded = adapter_get(game.id).starter_load()
            if loaded:
                self.stdout.write(loaded)
        call_command("load_starter_decks", verbosity=options["verbosity"])
