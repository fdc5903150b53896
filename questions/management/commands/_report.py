"""What the deck commands share: printing an import's outcome and its problems."""

from __future__ import annotations

from django.core.management.base import OutputWrapper
from django.utils.translation import gettext as _

from questions.deck_io import ImportResult, Problem


def result_write(stdout: OutputWrapper, result: ImportResult, style) -> None:
    """One line per deck, then the totals; a dry run says so first."""
    if result.dry_run:
        stdout.write(style.WARNING(_("Dry run: nothing was saved.")))
    for outcome in result.decks:
        line = _("%(slug)s: %(created)d created, %(updated)d updated, %(unchanged)d unchanged") % {
            "slug": outcome.slug,
            "created": outcome.created,
            "updated": outcome.updated,
            "unchanged": outcome.unchanged,
        }
        if outcome.skipped:
            line += _(", %(skipped)d already there") % {"skipped": outcome.skipped}
        if outcome.deck_created:
            line += _(" (new deck)")
        stdout.write(line)
    if result.categories_created:
        stdout.write(
            _("New categories: %(slugs)s") % {"slugs": ", ".join(result.categories_created)}
        )
    stdout.write(
        style.SUCCESS(
            _("Total: %(created)d created, %(updated)d updated, %(unchanged)d unchanged.")
            % {
                "created": result.total("created"),
                "updated": result.total("updated"),
                "unchanged": result.total("unchanged"),
            }
        )
    )


def problems_write(stderr: OutputWrapper, problems: list[Problem]) -> None:
    for problem in problems:
        stderr.write(str(problem))
