"""``manage.py export_deck SLUG --format json|csv [--output FILE]``."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from questions import deck_io
from questions.models import Deck


class Command(BaseCommand):
    help = "Write a deck as a JSON or CSV deck file, to stdout or to --output."

    def add_arguments(self, parser) -> None:
        parser.add_argument("slug", metavar="SLUG")
        parser.add_argument("--format", choices=["json", "csv"], default="json")
        parser.add_argument("--output", metavar="FILE", help="write here instead of stdout")

    def handle(self, *args, slug: str, format: str, output: str | None, **options):
        deck = Deck.objects.filter(slug=slug).first()
        if deck is None:
            raise CommandError(_("No deck has the slug “%(slug)s”.") % {"slug": slug})
        exporter = deck_io.deck_export_json if format == "json" else deck_io.deck_export_csv
        text = exporter(deck)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8", newline="")
        except OSError as error:
            raise CommandError(
                _("Cannot write %(file)s: %(error)s") % {"file": output, "error": error.strerror}
            ) from error
        count = deck.cards.count()
        self.stdout.write(
            ngettext(
                "Wrote %(count)d card of “%(deck)s” to %(file)s.",
                "Wrote %(count)d cards of “%(deck)s” to %(file)s.",
                count,
            )
            % {"count": count, "deck": deck.slug, "file": output}
        )
