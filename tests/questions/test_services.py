import random

import pytest

from questions.models import CardPlay
from questions.services import card_play_record, card_reading_order_reshuffle
from questions.validation import reading_order_problems


def test_card_play_record_logs_the_turn(make_card):
    card = make_card()
    card_play_record(card.pk, "2-3", 4, "ABCD")
    play = CardPlay.objects.get()
    assert (play.card, play.fox_zone, play.correct, play.room_code) == (card, "2-3", 4, "ABCD")
    assert play.played_at is not None


@pytest.mark.parametrize(
    ("fox_zone", "correct"), [("2", 3), ("caught", 6), ("1", -1), ("1", True), ("1", "3")]
)
def test_card_play_record_refuses_nonsense(make_card, fox_zone, correct):
    card = make_card()
    with pytest.raises(ValueError):
        card_play_record(card.pk, fox_zone, correct, "ABCD")
    assert not CardPlay.objects.exists()


def test_card_play_record_skips_a_deleted_card(db):
    card_play_record(999, "1", 5, "ABCD")
    assert not CardPlay.objects.exists()


def test_reshuffle_saves_a_different_valid_order(make_card):
    card = make_card()
    before = card.reading_order
    order = card_reading_order_reshuffle(card, random.Random(1))
    card.refresh_from_db()
    assert card.reading_order == order != before
    assert reading_order_problems(order) == []
