"""``manage.py audit_decks [--older-than YEARS] [--similarity RATIO]``: cards to look at again."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from questions import audit
from questions.audit import CardLine


class Command(BaseCommand):
    help = (
        "List the cards a curator should look at again: sources older than --older-than years "
        "or with no year, near-duplicate questions, reading orders in or one swap from rank "
        "order or its reverse, decks whose Fox places are unevenly spread, and cards awaiting a "
        "native speaker's review. Changes nothing; always exits 0."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--older-than",
            type=int,
            default=5,
            metavar="YEARS",
            help="list sources whose latest year is more than this many years ago (default 5)",
        )
        parser.add_argument(
            "--similarity",
            type=float,
            default=audit.SIMILARITY,
            metavar="RATIO",
            help=(
                "how much (0-1) of their meaningful words two questions must share to be listed, "
                "one holding all the other's (default %(default)s)"
            ),
        )

    def handle(self, *args, older_than: int, similarity: float, **options) -> None:
        if older_than < 0 or not 0 < similarity <= 1:
            raise CommandError(_("Use --older-than 0 or more and --similarity between 0 and 1."))
        lines = audit.card_lines()
        this_year = timezone.now().year

        old = audit.sources_older_than(lines, older_than, this_year)
        self.section(
            _("Sources older than %(years)d years (before %(year)d, timeless ones left out): "
              "%(count)d")
            % {"years": older_than, "year": this_year - older_than, "count": len(old)},
            [f"{self.card(line)} [{year}] {line.source}" for line, year in old],
        )
        undated = audit.sources_undated(lines)
        self.section(
            _("No source, or no year in it: %(count)d") % {"count": len(undated)},
            [f"{self.card(line)} [{line.source or _('no source')}]" for line in undated],
        )
        twins = audit.near_duplicates(lines, similarity)
        self.section(
            _("Near-duplicate questions: %(count)d pairs") % {"count": len(twins)},
            [
                _("%(first)s\n      ~ %(second)s (shared words %(words).2f)")
                % {
                    "first": self.card(pair.first),
                    "second": self.card(pair.second),
                    "words": pair.shared,
                }
                for pair in twins
            ],
        )
        near_rank = audit.reading_orders_near_rank(lines)
        self.section(
            _("Reading orders in or one swap from rank order or its reverse: %(count)d")
            % {"count": len(near_rank)},
            [
                _("%(card)s [%(order)s, %(pairs)d of 10 pairs read out of rank order]")
                % {
                    "card": self.card(line),
                    "order": " ".join(str(place) for place in line.reading_order),
                    "pairs": pairs,
                }
                for line, pairs in near_rank
            ],
        )
        uneven = audit.uneven_decks()
        self.section(
            _("Decks whose Fox places are unevenly spread: %(count)d") % {"count": len(uneven)},
            [
                _("%(deck)s: cards per Fox place %(places)s (chi-square %(chi).1f)")
                % {
                    "deck": spread.slug,
                    "places": " ".join(str(count) for count in spread.places),
                    "chi": spread.chi_square,
                }
                for spread in uneven
            ],
        )
        unreviewed = audit.needing_native_review(lines)
        self.section(
            _("Cards awaiting a native speaker's review: %(count)d") % {"count": len(unreviewed)},
            [self.card(line) for line in unreviewed],
        )

    def section(self, title: str, lines: list[str]) -> None:
        self.stdout.write(self.style.MIGRATE_HEADING(title))
        for line in lines:
            self.stdout.write(f"  {line}")
        self.stdout.write("")

    @staticmethod
    def card(line: CardLine) -> str:
        decks = ", ".join(line.decks) or _("no deck")
        return f"#{line.pk} ({decks}) {line.question}"
