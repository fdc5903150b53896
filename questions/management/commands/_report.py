"""What the deck commands share: printing an import's outcome and its problems."""

from __future__ import annotations

from django.core.management.base import OutputWrapper
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
    played_write(stdout, result, style)
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


def played_write(stdout: OutputWrapper, result: ImportResult, style) -> None:
    """The played cards whose answers the import changes, and what became of their
    statistics."""
    played = result.played_answers_changed
    if not played:
        return
    count = len(played)
    if result.statistics_reset:
        heading = ngettext(
            "Answers changed on %(count)d played card; its statistics restart now:",
            "Answers changed on %(count)d played cards; their statistics restart now:",
            count,
        )
    elif result.dry_run:
        heading = ngettext(
            "Answers would change on %(count)d played card, whose statistics would still count "
            "plays of the old ones (import with --reset-statistics to restart them):",
            "Answers would change on %(count)d played cards, whose statistics would still count "
            "plays of the old ones (import with --reset-statistics to restart them):",
            count,
        )
    else:
        heading = ngettext(
            "Answers changed on %(count)d played card; its statistics still count plays of the "
            "old ones (“Reset its statistics” on the card's admin page restarts them):",
            "Answers changed on %(count)d played cards; their statistics still count plays of "
            "the old ones (“Reset its statistics” on each card's admin page restarts them):",
            count,
        )
    stdout.write(style.WARNING(heading % {"count": count}))
    for card in played:
        line = ngettext(
            "  %(slug)s: %(question)s (%(plays)d play)",
            "  %(slug)s: %(question)s (%(plays)d plays)",
            card.plays,
        )
        values = {"slug": card.deck_slug, "question": card.question, "plays": card.plays}
        stdout.write(line % values)


def problems_write(stderr: OutputWrapper, problems: list[Problem]) -> None:
    for problem in problems:
        stderr.write(str(problem))
