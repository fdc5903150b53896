"""The curators' admin: cards with their answers inline and play statistics, decks, imports."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Avg, Count, Q, QuerySet
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext_lazy as _

from questions import admin_actions, deck_io
from questions.forms import AnswerForm, AnswerFormSet, CardAdminForm, DeckImportForm
from questions.models import Answer, Card, CardPlay, Deck
from questions.validation import ANSWER_COUNT, FOX

Zone = CardPlay.FoxZone


class AnswerInline(admin.TabularInline):
    model = Answer
    form = AnswerForm
    formset = AnswerFormSet
    extra = 0
    min_num = max_num = ANSWER_COUNT
    can_delete = False

    def get_formset(self, request: HttpRequest, obj: Card | None = None, **kwargs):
        """At most five answers, checked on the server too (the admin leaves that to JavaScript);
        the formset's ``clean`` checks there are five."""
        return super().get_formset(request, obj, validate_max=True, **kwargs)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    inlines = [AnswerInline]
    list_display = [
        "question",
        "deck_names",
        "category",
        "language",
        "family_friendly",
        "active",
        "times_played",
        "fox_top",
        "fox_middle",
        "fox_bottom",
        "fox_caught",
        "correct_average",
    ]
    list_filter = ["decks", "category", "language", "family_friendly", "active"]
    search_fields = ["question", "answers__text"]
    ordering = ["question"]
    filter_horizontal = ["decks"]
    readonly_fields = ["preview"]
    actions = [
        admin_actions.reshuffle_reading_order,
        admin_actions.activate,
        admin_actions.deactivate,
        admin_actions.add_to_deck,
        admin_actions.export_json,
        admin_actions.export_csv,
    ]
    fieldsets = [
        (None, {"fields": ["question", "source", "reading_order"]}),
        (
            _("Where it is dealt"),
            {"fields": ["decks", "category", "language", "family_friendly", "active"]},
        ),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        """The list's statistics in the one query, so a page of cards costs the same as one."""
        return (
            super()
            .get_queryset(request)
            .prefetch_related("decks")
            .annotate(
                plays_count=Count("plays"),
                fox_top_count=Count("plays", filter=Q(plays__fox_zone=Zone.TOP)),
                fox_middle_count=Count("plays", filter=Q(plays__fox_zone=Zone.MIDDLE)),
                fox_bottom_count=Count("plays", filter=Q(plays__fox_zone=Zone.BOTTOM)),
                fox_caught_count=Count("plays", filter=Q(plays__fox_zone=Zone.CAUGHT)),
                correct_avg=Avg("plays__correct"),
            )
        )

    def get_search_results(self, request: HttpRequest, queryset: QuerySet, search_term: str):
        """Search answers in a subquery: joining them beside the plays would multiply the counts."""
        matches, _duplicates = super().get_search_results(request, Card.objects.all(), search_term)
        if not search_term:
            return queryset, False
        return queryset.filter(pk__in=matches.values("pk")), False

    def get_fieldsets(self, request: HttpRequest, obj: Card | None = None):
        if obj is None:
            return self.fieldsets
        return [*self.fieldsets, (_("Preview"), {"fields": ["preview"]})]

    @admin.display(description=_("decks"))
    def deck_names(self, card: Card) -> str:
        return ", ".join(deck.name for deck in card.decks.all())

    @admin.display(description=_("played"), ordering="plays_count")
    def times_played(self, card: Card) -> int:
        return card.plays_count

    def _share(self, card: Card, count: int) -> str:
        if not card.plays_count:
            return "0"
        return f"{count} ({round(100 * count / card.plays_count)}%)"

    @admin.display(description=_("Fox at #1"), ordering="fox_top_count")
    def fox_top(self, card: Card) -> str:
        return self._share(card, card.fox_top_count)

    @admin.display(description=_("Fox at #2–3"), ordering="fox_middle_count")
    def fox_middle(self, card: Card) -> str:
        return self._share(card, card.fox_middle_count)

    @admin.display(description=_("Fox at #4–5"), ordering="fox_bottom_count")
    def fox_bottom(self, card: Card) -> str:
        return self._share(card, card.fox_bottom_count)

    @admin.display(description=_("Fox caught"), ordering="fox_caught_count")
    def fox_caught(self, card: Card) -> str:
        return self._share(card, card.fox_caught_count)

    @admin.display(description=_("avg. correct"), ordering="correct_avg")
    def correct_average(self, card: Card) -> str | None:
        return None if card.correct_avg is None else f"{card.correct_avg:.1f}"

    @admin.display(description=_("As players see it"))
    def preview(self, card: Card) -> str:
        """The card's front and back as the saved card will be dealt."""
        answers = {answer.rank: answer.text for answer in card.answers.all()}
        reading = [
            {"fox": place == FOX, "rank": place, "text": answers.get(place, "")}
            for place in card.reading_order
        ]
        ranked = [{"rank": rank, "text": text} for rank, text in sorted(answers.items())]
        return render_to_string(
            "questions/card_preview.html", {"card": card, "reading": reading, "ranked": ranked}
        )


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "language", "card_count", "active_card_count", "updated"]
    list_filter = ["language"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    change_list_template = "admin/questions/deck/change_list.html"
    actions = [
        admin_actions.export_decks_json,
        admin_actions.export_decks_csv,
        admin_actions.delete_decks,
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deck]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                cards_count=Count("cards"),
                active_cards_count=Count("cards", filter=Q(cards__active=True)),
            )
        )

    def get_actions(self, request: HttpRequest) -> dict:
        """Django's "delete selected" would leave the cards live without a word; ours asks."""
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def delete_view(self, request: HttpRequest, object_id: str, extra_context=None):
        """Ask what becomes of the deck's cards before deleting it (see ``delete_decks``)."""
        deck = self.get_object(request, unquote(object_id))
        if deck is None:
            return super().delete_view(request, object_id, extra_context)
        if not self.has_delete_permission(request, deck):
            raise PermissionDenied
        return admin_actions.decks_delete_page(self, request, [deck])

    @admin.display(description=_("cards"), ordering="cards_count")
    def card_count(self, deck: Deck) -> int:
        return deck.cards_count

    @admin.display(description=_("active cards"), ordering="active_cards_count")
    def active_card_count(self, deck: Deck) -> int:
        return deck.active_cards_count

    def get_urls(self):
        view = self.admin_site.admin_view(self.import_view)
        return [path("import/", view, name="questions_deck_import"), *super().get_urls()]

    def import_view(self, request: HttpRequest) -> TemplateResponse:
        """Upload a deck file; show every problem by row and field, or what was imported."""
        if not all(
            request.user.has_perm(f"questions.{perm}")
            for perm in ("add_deck", "change_deck", "add_card", "change_card")
        ):
            raise PermissionDenied
        form = DeckImportForm(request.POST or None, request.FILES or None)
        problems = result = None
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                result = deck_io.decks_import(
                    [(upload.name, upload.read())],
                    deck_slug=form.cleaned_data["deck"] or None,
                    dry_run=form.cleaned_data["dry_run"],
                )
            except deck_io.DeckImportError as error:
                problems = error.problems
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import a deck"),
            "opts": self.model._meta,
            "form": form,
            "problems": problems,
            "result": result,
        }
        return TemplateResponse(request, "admin/questions/deck/import.html", context)


@admin.register(CardPlay)
class CardPlayAdmin(admin.ModelAdmin):
    """Read-only: plays are written by games, never by hand."""

    list_display = ["card", "played_at", "fox_zone", "correct", "room_code"]
    list_filter = ["fox_zone", "played_at"]
    search_fields = ["card__question", "room_code"]
    list_select_related = ["card"]
    date_hierarchy = "played_at"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
