"""Forms of the curators' admin: a card with its five answers, the bulk actions' pages, deck
import and deck deletion."""

from __future__ import annotations

import json
import random

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from questions import deck_io, validation
from questions.models import Answer, Card, Category, Deck
from questions.services import CardsFate


class ReadingOrderField(forms.CharField):
    """Six numbers typed as ``3 0 5 1 4 2`` (commas and brackets are fine too)."""

    def prepare_value(self, value):
        if isinstance(value, list | tuple):
            return " ".join(str(place) for place in value)
        if isinstance(value, str) and value.startswith("["):
            try:
                return self.prepare_value(json.loads(value))
            except ValueError:
                return value
        return value

    def to_python(self, value):
        text = super().to_python(value)
        if not text:
            return None
        try:
            return [int(place) for place in text.replace(",", " ").strip("[] ").split()]
        except ValueError:
            raise ValidationError(
                _("Type six whole numbers separated by spaces, e.g. “3 0 5 1 4 2”."),
                code="invalid",
            ) from None


class CategoryChoiceField(forms.ModelChoiceField):
    """A category from the curators' list, saved on the card as its slug."""

    def label_from_instance(self, category: Category) -> str:
        return f"{category} ({category.slug})"

    def clean(self, value):
        category = super().clean(value)
        return category.slug if category else category


class CardAdminForm(forms.ModelForm):
    """A card's own fields; refuses a deck where another card already asks the question."""

    reading_order = ReadingOrderField(
        label=_("Reading order"),
        help_text=_(
            "Drag the Fox to where its answer is read, or type the six places read aloud: the "
            "rank (1–5) of the answer read there, or 0 where the Fox's answer is read. "
            "Example: 3 0 5 1 4 2."
        ),
        widget=forms.TextInput(attrs={"class": "reading-order-input", "autocomplete": "off"}),
    )
    category = CategoryChoiceField(
        label=_("Category"),
        queryset=Category.objects.prefetch_related("translations"),
        to_field_name="slug",
        help_text=_("The list is under Categories, where you can add one."),
    )
    reset_statistics = forms.BooleanField(
        label=_("Reset its statistics"),
        required=False,
        help_text=_(
            "Tick this when you changed the answers: plays of the old answers no longer "
            "describe the card. The plays stay in the log (rooms still know they played the "
            "card); the statistics count only plays from now on."
        ),
    )

    class Meta:
        model = Card
        fields = [
            "question",
            "source",
            "category",
            "language",
            "family_friendly",
            "active",
            "needs_native_review",
            "source_timeless",
            "decks",
            "reading_order",
        ]
        widgets = {
            "question": forms.TextInput(attrs={"class": "vTextField", "style": "width: 36em"}),
            "source": forms.TextInput(attrs={"class": "vTextField", "style": "width: 36em"}),
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is None and not self.is_bound:
            self.initial.setdefault(
                "reading_order", validation.reading_order_random(random.Random())
            )

    def clean_decks(self):
        """Refuse a deck where another card asks the same question. Checked here, on the decks,
        because the model cannot see the decks chosen on an unsaved form."""
        decks, question = self.cleaned_data["decks"], self.cleaned_data.get("question")
        if question and decks:
            duplicates = self.instance.duplicate_decks(question, decks)
            if duplicates:
                raise ValidationError(
                    validation.duplicate_question_message(duplicates), code="duplicate"
                )
        return decks


class AnswerForm(forms.ModelForm):
    class Meta:
        model = Answer
        fields = ["rank", "text"]

    def validate_unique(self) -> None:
        """Skipped: the formset checks ranks across all five answers at once, and a per-answer
        check against the database would refuse swapping two answers' ranks."""


class AnswerFormSet(forms.BaseInlineFormSet):
    """Exactly five answers, ranks 1–5 once each, five distinct texts."""

    default_error_messages = {
        "too_few_forms": _("A card needs exactly %(num)d answers; fill in every row."),
        "too_many_forms": _("A card needs exactly %(num)d answers."),
    }

    def __init__(self, *args, **kwargs) -> None:
        if not kwargs.get("instance") or kwargs["instance"].pk is None:
            kwargs.setdefault("initial", [{"rank": rank} for rank in validation.RANKS])
        super().__init__(*args, **kwargs)

    def validate_unique(self) -> None:
        """Ranks are checked in ``clean`` with a clearer message than Django's generic one."""

    def clean(self) -> None:
        """Every problem at once: the count, then ranks and texts (Django's own minimum check
        would stop at a row left empty and hide two answers that are the same)."""
        super().clean()
        if self.total_form_count() - len(self.deleted_forms) < validation.ANSWER_COUNT:
            raise ValidationError(
                self.error_messages["too_few_forms"] % {"num": validation.ANSWER_COUNT},
                code="too_few_forms",
            )
        answers = [
            (position, form.cleaned_data)
            for position, form in enumerate(self.forms, start=1)
            if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        # The card as its form left it: the answers compare in the language it is saved with.
        language = self.instance.language
        if any(self.errors):
            # An answer with its own error (an empty one, say) must not hide two others that
            # are the same: those are still reported, by rank (or row, when the rank is bad).
            problems = validation.answers_duplicate_problems(
                [
                    (answer.get("rank", position), answer["text"])
                    for position, answer in answers
                    if "text" in answer
                ],
                language,
            )
        else:
            problems = validation.ranks_problems([answer["rank"] for _pos, answer in answers])
            if not problems:
                by_rank = sorted((answer for _pos, answer in answers), key=lambda a: a["rank"])
                problems = validation.answers_problems(
                    [answer["text"] for answer in by_rank], language
                )
        if problems:
            raise ValidationError(problems)

    def save(self, commit: bool = True):
        if commit and self.instance.pk:
            moved = [form.instance.pk for form in self.initial_forms if "rank" in form.changed_data]
            # Park moved answers out of ranks 1–5 so swapping two ranks never trips the
            # one-answer-per-rank constraint halfway through.
            for offset, pk in enumerate(moved, start=1):
                Answer.objects.filter(pk=pk).update(rank=100 + offset)
        return super().save(commit)


class DeckChoiceForm(forms.Form):
    """The intermediate page of the add to / move to / remove from a deck actions."""

    deck = forms.ModelChoiceField(queryset=Deck.objects.all(), label=_("Deck"))

    def __init__(self, *args, decks: QuerySet[Deck], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].queryset = decks


class DeckImportForm(forms.Form):
    """The admin's "Import a deck" page."""

    file = forms.FileField(
        label=_("Deck file"),
        help_text=_("A deck in the JSON or CSV format explained below."),
        widget=forms.ClearableFileInput(
            attrs={"accept": ".json,.csv,.tsv,.txt,application/json,text/csv"}
        ),
    )
    deck = forms.SlugField(
        label=_("Deck slug override"),
        required=False,
        help_text=_("Put every card into this deck instead of the one the file names."),
    )
    dry_run = forms.BooleanField(
        label=_("Dry run"),
        required=False,
        help_text=_("Check the file and show what would change, without saving anything."),
    )

    new_categories = forms.BooleanField(
        label=_("Create new categories"),
        required=False,
        help_text=_(
            "Create the categories the file names that are not in the list yet. Leave it off "
            "to have them reported instead (usually a typo)."
        ),
    )
    reset_statistics = forms.BooleanField(
        label=_("Reset changed cards' statistics"),
        required=False,
        help_text=_(
            "For played cards whose answers the file changes: plays of the old answers no "
            "longer describe them, so their statistics count only plays from now on (the plays "
            "stay in the log)."
        ),
    )

    def __init__(self, *args, categories_addable: bool = True, **kwargs) -> None:
        """Without the permission to add categories the box is shown off and disabled: a
        disabled field ignores what is posted, so the import cannot create any."""
        super().__init__(*args, **kwargs)
        if not categories_addable:
            field = self.fields["new_categories"]
            field.disabled = True
            field.help_text = _(
                "You may not add categories, so a file naming one that is not in the list is "
                "refused; ask a curator who may to add it under Categories."
            )

    def clean_file(self):
        """Refuse a file over the documented size before reading it into memory."""
        upload = self.cleaned_data["file"]
        if upload.size > deck_io.MAX_FILE_BYTES:
            raise ValidationError(deck_io.file_too_large_message(upload.size), code="too_large")
        return upload


class DeckDeleteForm(forms.Form):
    """The deck delete page's question: what becomes of the cards that are in no other deck."""

    cards = forms.TypedChoiceField(
        label=_("Their cards that are in no other deck"),
        choices=CardsFate.choices,
        coerce=CardsFate,
        initial=CardsFate.DRAFTS,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, fates: list[CardsFate], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cards"].choices = [(fate.value, fate.label) for fate in fates]
