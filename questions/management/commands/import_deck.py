"""``manage.py import_deck FILE [FILE ...] [--deck SLUG] [--dry-run] [--new-categories]
[--reset-statistics]``."""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from tqdm import tqdm

from questions import deck_io
from questions.management.commands._report import problems_write, result_write


class Command(BaseCommand):
    help = (
        "Import deck files (JSON or CSV, see docs/decks.md). All files are checked first; any "
        "problem refuses them all and nothing is saved. Re-importing updates cards in place."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("files", nargs="+", metavar="FILE", help="JSON or CSV deck files")
        parser.add_argument("--deck", metavar="SLUG", help="put every card into this deck")
        parser.add_argument(
            "--dry-run", action="store_true", help="check and report, but save nothing"
        )
        parser.add_argument(
            "--new-categories",
            action="store_true",
            help="create the categories the files name that do not exist yet (else refused)",
        )
        parser.add_argument(
            "--reset-statistics",
            action="store_true",
            help="restart the statistics of played cards whose answers change (else listed)",
        )

    def handle(
        self,
        *args,
        files: list[str],
        deck: str | None,
        dry_run: bool,
        new_categories: bool,
        reset_statistics: bool,
        **options,
    ):
        contents = []
        for name in files:
            try:
                contents.append((name, Path(name).read_bytes()))
            except OSError as error:
                raise CommandError(
                    _("Cannot read %(file)s: %(error)s") % {"file": name, "error": error.strerror}
                ) from error

        def progress(items, total):
            # tqdm hides itself when stderr is not a terminal (disable=None).
            return tqdm(
                items,
                total=total,
                unit=_("card"),
                file=sys.stderr,
                leave=False,
                disable=None if options["verbosity"] else True,
            )

        try:
            result = deck_io.decks_import(
                contents,
                deck_slug=deck,
                dry_run=dry_run,
                new_categories=new_categories,
                reset_statistics=reset_statistics,
                progress=progress,
            )
        except deck_io.DeckImportError as error:
            problems_write(self.stderr, error.problems)
            count = len(error.problems)
            raise CommandError(
                ngettext(
                    "Refused because of %(count)d problem; nothing was imported.",
                    "Refused because of %(count)d problems; nothing was imported.",
                    count,
                )
                % {"count": count}
            ) from None
        result_write(self.stdout, result, self.style)
