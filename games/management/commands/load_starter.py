"""Loads the starter data into an empty database: the Hoax characters and the question decks."""

from __future__ import annotations

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from games.models import HoaxCharacter


class Command(BaseCommand):
    help = "Load the Hoax characters and the starter question decks where they are missing."

    def handle(self, *args, **options) -> None:
        if not HoaxCharacter.objects.exists():
            call_command("loaddata", "fixtures/hoax_characters.json", verbosity=0)
            self.stdout.write(_("Loaded the Hoax characters."))
        call_command("load_starter_decks", verbosity=options["verbosity"])
