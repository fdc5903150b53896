import pytest
from django.forms import inlineformset_factory

from questions.forms import (
    AnswerForm,
    AnswerFormSet,
    CardAdminForm,
    DeckImportForm,
    ReadingOrderField,
)
from questions.models import Answer, Card


@pytest.mark.parametrize(
    ("typed", "value"),
    [("3 0 5 1 4 2", [3, 0, 5, 1, 4, 2]), ("[3, 0, 5, 1, 4, 2]", [3, 0, 5, 1, 4, 2]), ("", None)],
)
def test_reading_order_field_reads_numbers(typed, value):
    assert ReadingOrderField(required=False).clean(typed) == value


def test_reading_order_field_shows_numbers_with_spaces():
    field = ReadingOrderField()
    assert field.prepare_value([3, 0, 5, 1, 4, 2]) == "3 0 5 1 4 2"
    assert field.prepare_value("[3, 0, 5, 1, 4, 2]") == "3 0 5 1 4 2"


def test_reading_order_field_refuses_words():
    with pytest.raises(Exception, match="six whole numbers"):
        ReadingOrderField().clean("3 0 five")


def card_data(**fields):
    return {
        "question": "Q",
        "source": "S",
        "category": "geography",
        "language": "en",
        "reading_order": "3 0 5 1 4 2",
        "active": "on",
        **fields,
    }


def test_card_admin_form_new_card_gets_a_random_valid_order(db):
    order = CardAdminForm().initial["reading_order"]
    assert sorted(order) == [0, 1, 2, 3, 4, 5]


def test_card_admin_form_uses_the_card_rules(db):
    form = CardAdminForm(card_data(reading_order="1 2 3 0 4 5"))
    assert not form.is_valid()
    assert "gives the ranking away" in form.errors["reading_order"][0]


def test_card_admin_form_refuses_a_question_already_in_a_chosen_deck(make_card, deck):
    make_card("Same", decks=[deck])
    form = CardAdminForm(card_data(question="same", decks=[deck.pk]))
    assert not form.is_valid()
    assert form.errors == {"decks": ["Another card in “World” already asks this question."]}
    assert CardAdminForm(card_data(question="same")).is_valid()


Formset = inlineformset_factory(
    Card,
    Answer,
    form=AnswerForm,
    formset=AnswerFormSet,
    extra=0,
    min_num=5,
    max_num=5,
    validate_min=True,
    validate_max=True,
    can_delete=False,
)


def formset_data(card, ranks_texts):
    existing = list(card.answers.order_by("rank")) if card.pk else []
    data = {
        "answers-TOTAL_FORMS": "5",
        "answers-INITIAL_FORMS": str(len(existing)),
        "answers-MIN_NUM_FORMS": "5",
        "answers-MAX_NUM_FORMS": "5",
    }
    for i, (rank, text) in enumerate(ranks_texts):
        data[f"answers-{i}-rank"] = str(rank)
        data[f"answers-{i}-text"] = text
        if existing:
            data[f"answers-{i}-id"] = str(existing[i].pk)
    return data


def test_answer_formset_rotates_ranks_without_tripping_the_constraint(make_card):
    card = make_card(answers=["A", "B", "C", "D", "E"])
    formset = Formset(
        formset_data(card, [(2, "A"), (3, "B"), (4, "C"), (5, "D"), (1, "E")]), instance=card
    )
    assert formset.is_valid(), formset.errors
    formset.save()
    assert card.answer_texts() == ["E", "A", "B", "C", "D"]


def test_answer_formset_refuses_duplicates(make_card):
    card = make_card()
    formset = Formset(
        formset_data(card, [(1, "A"), (2, "a"), (3, "C"), (4, "D"), (5, "E")]), instance=card
    )
    assert not formset.is_valid()
    assert formset.non_form_errors() == ["Answers #1 and #2 are the same (“a”)."]


def test_answer_formset_new_card_starts_with_ranks(db):
    formset = Formset(instance=Card())
    assert [form.initial["rank"] for form in formset.forms] == [1, 2, 3, 4, 5]


def test_deck_import_form_slug_is_optional_but_checked():
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = {"file": SimpleUploadedFile("d.json", b"{}")}
    assert DeckImportForm({}, upload).is_valid()
    assert not DeckImportForm({"deck": "not a slug"}, upload).is_valid()
