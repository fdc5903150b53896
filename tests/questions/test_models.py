import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError

from questions.models import Answer, Card, Deck


def test_content_is_what_the_rules_engine_takes(make_card):
    card = make_card(answers=["E", "D", "C", "B", "A"])
    assert card.content() == {
        "id": card.pk,
        "question": "Largest countries by area",
        "source": "According to the CIA World Factbook, 2024",
        "answers": ["E", "D", "C", "B", "A"],
        "reading_order": [3, 0, 5, 1, 4, 2],
        "language": card.language,
    }
    assert card.language == "en"


def test_answers_come_rank_first_whatever_the_insert_order(db):
    card = Card.objects.create(
        question="Q", source="S", category="geography", reading_order=[3, 0, 5, 1, 4, 2]
    )
    for rank in (5, 3, 1, 4, 2):
        Answer.objects.create(card=card, rank=rank, text=f"answer {rank}")
    assert card.answer_texts() == [f"answer {rank}" for rank in (1, 2, 3, 4, 5)]


def test_question_key_follows_the_question(make_card):
    card = make_card(question="  Largest  Countries ")
    assert card.question_key == "largest countries"
    card.question = "Smallest countries"
    card.save()
    assert Card.objects.asking("SMALLEST countries").get() == card


def test_clean_reports_every_card_field(db):
    card = Card(question="", source="", category="Bad Slug", language="xx", reading_order=[1])
    with pytest.raises(ValidationError) as caught:
        card.full_clean()
    assert set(caught.value.message_dict) >= {
        "question",
        "source",
        "category",
        "language",
        "reading_order",
    }


def test_clean_refuses_a_question_already_in_one_of_its_decks(make_card, deck):
    make_card(question="Largest countries", decks=[deck])
    twin = make_card(question="LARGEST  countries", decks=[deck])
    with pytest.raises(ValidationError) as caught:
        twin.full_clean()
    assert caught.value.message_dict["question"] == [
        "Another card in “World” already asks this question."
    ]


def test_same_question_in_another_deck_is_fine(make_card, deck):
    other = Deck.objects.create(name="Other", slug="other")
    make_card(question="Largest countries", decks=[deck])
    make_card(question="Largest countries", decks=[other]).full_clean()


def test_one_answer_per_rank(make_card):
    card = make_card()
    with pytest.raises(IntegrityError):
        Answer.objects.create(card=card, rank=1, text="Another")


def test_str(make_card, deck):
    card = make_card()
    assert str(card) == card.question
    assert str(deck) == "World (world)"  # two decks may share a name
    assert str(card.answers.get(rank=2)) == "#2 Canada"
