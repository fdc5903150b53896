from datetime import timedelta

import pytest
from django.utils import timezone

from questions import stats
from questions.models import Card, CardPlay


def play(card, zone, correct, when=None):
    CardPlay.objects.create(
        card=card, fox_zone=zone, correct=correct, played_at=when or timezone.now()
    )


def test_fox_places_counts_where_each_order_reads_the_fox():
    orders = [[3, 0, 5, 1, 4, 2], [0, 5, 4, 3, 2, 1], [2, 1, 3, 4, 5, 0], [1, 0, 3, 2, 5, 4]]
    assert stats.fox_places(orders) == [1, 2, 0, 0, 0, 1]


@pytest.mark.parametrize(
    ("counts", "uneven"),
    [
        ([2, 2, 2, 2, 2, 2], False),  # 12 cards, perfectly even
        ([12, 0, 0, 0, 0, 0], True),  # every Fox at place 1
        ([5, 4, 4, 3, 4, 4], False),  # chance wobble
        ([10, 10, 1, 1, 1, 1], True),
        ([3, 0, 0, 0, 0, 0], False),  # too few cards to judge
    ],
)
def test_fox_spread_uneven(counts, uneven):
    assert stats.fox_spread_uneven(counts) is uneven


def test_chi_square():
    assert stats.chi_square([2, 2, 2, 2, 2, 2]) == 0
    assert stats.chi_square([12, 0, 0, 0, 0, 0]) == pytest.approx(60.0)
    assert stats.chi_square([0] * 6) == 0


def test_card_statistics_and_verdicts(make_card):
    card = make_card()
    for zone, correct in [("1", 5), ("caught", 4), ("caught", 4), ("2-3", 5), ("4-5", 4)]:
        play(card, zone, correct)
    statistics = stats.card_statistics_fetch(card.pk)
    assert statistics.plays == 5
    assert statistics.zones == {"1": 1, "2-3": 1, "4-5": 1, "caught": 2}
    assert statistics.share("caught") == 40
    assert statistics.correct_avg == pytest.approx(4.4)
    assert statistics.verdict == "easy"
    assert stats.PlayStatistics(4, {}, 0.5).verdict == ""  # too few plays
    assert stats.PlayStatistics(9, {}, 1.5).verdict == "hard"
    assert stats.PlayStatistics(9, {}, 3.0).verdict == "balanced"


def test_a_reset_leaves_older_plays_out_of_the_statistics_but_keeps_them(make_card, deck):
    card = make_card(decks=[deck])
    play(card, "caught", 0, timezone.now() - timedelta(days=3))
    play(card, "caught", 1, timezone.now() - timedelta(days=2))
    Card.objects.filter(pk=card.pk).update(statistics_since=timezone.now() - timedelta(days=1))
    play(card, "1", 5)
    statistics = stats.card_statistics_fetch(card.pk)
    assert (statistics.plays, statistics.zones["caught"], statistics.correct_avg) == (1, 0, 5)
    assert stats.deck_play_statistics(deck).plays == 1
    assert CardPlay.objects.filter(card=card).count() == 3


def test_deck_play_statistics_sum_the_cards(make_card, deck):
    first, second = make_card("A", decks=[deck]), make_card("B", decks=[deck])
    make_card("Elsewhere")
    play(first, "1", 2)
    play(second, "caught", 4)
    play(second, "caught", 3)
    statistics = stats.deck_play_statistics(deck)
    assert statistics.plays == 3
    assert statistics.zones == {"1": 1, "caught": 2}
    assert statistics.correct_avg == pytest.approx(3.0)
