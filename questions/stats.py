"""The curators' statistics: how each card plays (where the Fox landed, how many answers groups
got right) and how a deck spreads the Fox's place over the six reading positions.

A play counts towards a card's statistics unless it is older than ``Card.statistics_since``
(set when a curator resets them after changing the answers). Plays are never deleted: a room's
draw order still knows which cards it played.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Avg, Count, F, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from questions.models import Card, CardPlay, Deck
from questions.validation import FOX

Zone = CardPlay.FoxZone
PLACES = 6
# A card or deck is called easy or hard only once it has been played this often.
VERDICT_MIN_PLAYS = 5
EASY_FROM = 4.0  # average correct answers (of 5) from which groups find it easy
HARD_BELOW = 2.0
# Chi-square for five degrees of freedom at p = 0.05: above it, the Fox's places across a deck
# are unlikely to come from an even spread. Judged only from two cards per place on average.
CHI_SQUARE_LIMIT = 11.07
SPREAD_MIN_CARDS = 2 * PLACES
ZONE_FIELDS = {
    Zone.TOP: "fox_top_count",
    Zone.MIDDLE: "fox_middle_count",
    Zone.BOTTOM: "fox_bottom_count",
    Zone.CAUGHT: "fox_caught_count",
}
ZONE_HELP = {
    Zone.TOP: _("the group ranked the Fox's made-up answer #1: it fooled them completely"),
    Zone.MIDDLE: _("the group ranked the Fox #2 or #3"),
    Zone.BOTTOM: _("the group ranked the Fox #4 or #5"),
    Zone.CAUGHT: _("the group put the Fox in the FOX slot: they spotted it"),
}


def _counted(prefix: str = "") -> Q:
    """The plays that count: those since the card's statistics were last reset."""
    return Q(**{f"{prefix}statistics_since__isnull": True}) | Q(
        **{f"{prefix}plays__played_at__gte": F(f"{prefix}statistics_since")}
    )


def cards_with_statistics(cards: QuerySet[Card]) -> QuerySet[Card]:
    """The cards, each annotated with its counted plays, Fox zones and average correct answers,
    in one query whatever their number."""
    counted = _counted()
    zones = {
        name: Count("plays", filter=counted & Q(plays__fox_zone=zone))
        for zone, name in ZONE_FIELDS.items()
    }
    return cards.annotate(
        plays_count=Count("plays", filter=counted),
        correct_avg=Avg("plays__correct", filter=counted),
        **zones,
    )


@dataclass(frozen=True)
class PlayStatistics:
    """How a card (or a deck's cards together) played."""

    plays: int
    zones: dict[str, int]
    correct_avg: float | None

    def share(self, zone: str) -> int:
        """The percentage of plays in which the Fox landed in ``zone``."""
        return round(100 * self.zones.get(zone, 0) / self.plays) if self.plays else 0

    @property
    def verdict(self) -> str:
        """"easy", "hard" or "balanced" from the average correct answers; "" while it has been
        played too little to tell."""
        if self.plays < VERDICT_MIN_PLAYS or self.correct_avg is None:
            return ""
        if self.correct_avg >= EASY_FROM:
            return "easy"
        if self.correct_avg < HARD_BELOW:
            return "hard"
        return "balanced"


def card_statistics(card: Card) -> PlayStatistics:
    """A card's statistics, from the annotations of :func:`cards_with_statistics`."""
    return PlayStatistics(
        plays=card.plays_count,
        zones={zone: getattr(card, name) for zone, name in ZONE_FIELDS.items()},
        correct_avg=card.correct_avg,
    )


def card_statistics_fetch(card_id: int) -> PlayStatistics:
    """One card's statistics, read from the database."""
    return card_statistics(cards_with_statistics(Card.objects.filter(pk=card_id)).get())


def deck_play_statistics(deck: Deck) -> PlayStatistics:
    """The counted plays of all the deck's cards together."""
    plays = CardPlay.objects.filter(card__decks=deck).filter(
        Q(card__statistics_since__isnull=True) | Q(played_at__gte=F("card__statistics_since"))
    )
    zones = dict(plays.values_list("fox_zone").annotate(count=Count("id")).order_by())
    return PlayStatistics(
        plays=sum(zones.values()),
        zones=zones,
        correct_avg=plays.aggregate(average=Avg("correct"))["average"],
    )


def fox_places(orders: Iterable[Sequence[int]]) -> list[int]:
    """How many of the reading orders read the Fox at each of the six places."""
    counts = [0] * PLACES
    for order in orders:
        if FOX in order:
            counts[list(order).index(FOX)] += 1
    return counts


def chi_square(counts: Sequence[int]) -> float:
    """Pearson's chi-square of the counts against an even spread over them."""
    total = sum(counts)
    if not total:
        return 0.0
    expected = total / len(counts)
    return sum((count - expected) ** 2 / expected for count in counts)


def fox_spread_uneven(counts: Sequence[int]) -> bool:
    """True when a deck's Fox places are too uneven to be chance (see ``CHI_SQUARE_LIMIT``):
    players would learn where the Fox tends to hide."""
    return sum(counts) >= SPREAD_MIN_CARDS and chi_square(counts) > CHI_SQUARE_LIMIT
