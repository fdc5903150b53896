"""``manage.py load_starter_decks``: the decks shipped in ``fixtures/decks/``, for a fresh hub."""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from questions import deck_io
from questions.management.commands._report import problems_write


class Command(BaseCommand):
    help = (
        "Import every fixtures/decks/*.json. Cards and decks already there are left as the "
        "curators made them, so running it again is harmless; each file stands on its own. "
        "Categories the files name that do not exist yet are created."
    )

    def handle(self, *args, **options):
        files = sorted((settings.BASE_DIR / "fixtures" / "decks").glob("*.json"))
        created = new_decks = 0
        refused = []
        for path in files:
            try:
                result = deck_io.decks_import(
                    [(path.name, path.read_bytes())], update_existing=False, new_categories=True
                )
            except deck_io.DeckImportError as error:
                problems_write(self.stderr, error.problems)
                refused.append(path.name)
                continue
            created += result.total("created")
            new_decks += sum(outcome.deck_created for outcome in result.decks)
        if created or options["verbosity"] > 1:
            self.stdout.write(
                _("Loaded %(cards)s and %(decks)s from %(files)d files.")
                % {
                    "cards": ngettext("%d new card", "%d new cards", created) % created,
                    "decks": ngettext("%d new deck", "%d new decks", new_decks) % new_decks,
                    "files": len(files),
                }
            )
        if refused:
            raise CommandError(
                _("Refused, nothing imported from: %(files)s") % {"files": ", ".join(refused)}
            )
