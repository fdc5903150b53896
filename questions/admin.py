"""The curators' admin: cards (answers inline, the Fox editor, statistics), decks (their cards
and statistics, import, a delete that asks about the cards) and the list of categories."""

from __future__ import annotations

import json
from collections import defaultdict

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import CharField, Count, Exists, F, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from questions import admin_actions, deck_io, stats, validation
from questions.forms import AnswerForm, AnswerFormSet, CardAdminForm, DeckImportForm
from questions.models import Answer, Card, CardPlay, Category, CategoryTranslation, Deck
from questions.services import card_statistics_reset
from questions.textkey import search_fold
from questions.validation import ANSWER_COUNT, FOX

Zone = CardPlay.FoxZone
IMPORT_PERMISSIONS = ("add_deck", "change_deck", "add_card", "change_card")


def import_allowed(request: HttpRequest) -> bool:
    """Whether the user may import decks (it adds and changes both decks and cards)."""
    return all(request.user.has_perm(f"questions.{perm}") for perm in IMPORT_PERMISSIONS)


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


# The card list's filters ---------------------------------------------------------------------


def _in_a_deck() -> Exists:
    return Exists(Card.decks.through.objects.filter(card=OuterRef("pk")))


class StatusFilter(admin.SimpleListFilter):
    """Live (dealt), draft (in no deck) or inactive: what a curator asks first about a card."""

    title = _("status")
    parameter_name = "status"

    def lookups(self, request, model_admin):
        return [
            ("live", _("Live (dealt)")),
            ("draft", _("Draft (in no deck)")),
            ("inactive", _("Inactive")),
        ]

    def queryset(self, request, queryset):
        if self.value() == "live":
            return queryset.filter(_in_a_deck(), active=True)
        if self.value() == "draft":
            return queryset.filter(~_in_a_deck())
        if self.value() == "inactive":
            return queryset.filter(_in_a_deck(), active=False)
        return queryset


class DeckFilter(admin.SimpleListFilter):
    """By deck, with the cards in no deck (the drafts) under a name of their own."""

    title = _("deck")
    parameter_name = "deck"
    NONE = "none"

    def lookups(self, request, model_admin):
        decks = [(str(deck.pk), str(deck)) for deck in Deck.objects.all()]
        return [*decks, (self.NONE, _("In no deck (drafts)"))]

    def queryset(self, request, queryset):
        if self.value() == self.NONE:
            return queryset.filter(~_in_a_deck())
        if self.value():
            deck_cards = Card.decks.through.objects.filter(card=OuterRef("pk"), deck=self.value())
            return queryset.filter(Exists(deck_cards))
        return queryset


class CategoryFilter(admin.SimpleListFilter):
    title = _("category")
    parameter_name = "category"

    def lookups(self, request, model_admin):
        categories = Category.objects.prefetch_related("translations")
        return sorted(((c.slug, str(c)) for c in categories), key=lambda item: item[1])

    def queryset(self, request, queryset):
        return queryset.filter(category=self.value()) if self.value() else queryset


class NativeReviewFilter(admin.SimpleListFilter):
    """Cards no native speaker has reviewed yet, for a native curator to go through."""

    title = _("native speaker's review")
    parameter_name = "needs_native_review"

    def lookups(self, request, model_admin):
        return [
            ("yes", _("Needs a native speaker's review")),
            ("no", _("Reviewed, or written by a native speaker")),
        ]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(needs_native_review=self.value() == "yes")
        return queryset


# Cards -----------------------------------------------------------------------------------------


def card_status(card: Card) -> tuple[str, str]:
    """The card's status as (css class, short label); its decks should be prefetched."""
    if not card.decks.all():
        return "draft", gettext("Draft (in no deck)")
    if not card.active:
        return "inactive", gettext("Inactive")
    return "live", gettext("Live")


def zone_css(zone: str) -> str:
    """The CSS class suffix of a Fox zone's colour (``fox-top`` … ``fox-caught``)."""
    return stats.ZONE_FIELDS[zone].removesuffix("_count").replace("_", "-")


def fox_landed_bar(statistics: stats.PlayStatistics) -> str:
    """A small bar of where the Fox landed, one segment per zone, each with its figure."""
    if not statistics.plays:
        return format_html('<span class="stats-none">{}</span>', gettext("not played yet"))
    segments = format_html_join(
        "",
        '<span class="fox-zone fox-zone-{}" style="width:{}%" title="{}"></span>',
        (
            (
                zone_css(zone),
                statistics.share(zone),
                f"{zone.label}: {statistics.zones.get(zone, 0)} ({statistics.share(zone)}%)",
            )
            for zone in Zone
        ),
    )
    return format_html(
        '<span class="fox-landed"><span class="fox-bar">{}</span> {}</span>',
        segments,
        gettext("caught %(share)d%%") % {"share": statistics.share(Zone.CAUGHT)},
    )


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    inlines = [AnswerInline]
    change_form_template = "admin/questions/card/change_form.html"
    change_list_template = "admin/questions/card/change_list.html"
    # Narrow columns, so the statistics stay on a 1440 px screen beside both sidebars: the
    # status and the decks sit under the question.
    list_display = [
        "card_summary",
        "category_name",
        "language_code",
        "family",
        "times_played",
        "fox_landed",
        "correct_average",
    ]
    list_filter = [
        StatusFilter,
        DeckFilter,
        CategoryFilter,
        "language",
        "family_friendly",
        NativeReviewFilter,
    ]
    search_fields = ["question", "source", "category", "answers__text"]
    search_help_text = _("Finds the words in questions, sources, categories and answers; case and "
                         "accents are ignored (“cafe” finds “Café”).")
    ordering = ["question"]
    filter_horizontal = ["decks"]
    readonly_fields = ["status", "statistics"]
    actions = [
        admin_actions.reshuffle_reading_order,
        admin_actions.activate,
        admin_actions.deactivate,
        admin_actions.add_to_deck,
        admin_actions.move_to_deck,
        admin_actions.remove_from_deck,
        admin_actions.export_json,
        admin_actions.export_csv,
    ]

    def get_fieldsets(self, request: HttpRequest, obj: Card | None = None):
        where = [
            "decks",
            "category",
            "language",
            "family_friendly",
            "active",
            "needs_native_review",
        ]
        fieldsets = [
            (None, {"fields": ["question", "source", "source_timeless"]}),
            (
                _("Where it is dealt"),
                {
                    "fields": where if obj is None else ["status", *where],
                    "description": gettext(
                        "A card is dealt only when it is active and in at least one deck. A "
                        "card in no deck is a draft: it is never dealt, not even in rooms whose "
                        "host picked no deck. A new card stays a draft until you add it to a "
                        "deck."
                    ),
                },
            ),
            # Shown below the answers, with the Fox editor and the live preview (see the
            # change form template).
            (_("Reading order"), {"fields": ["reading_order"], "classes": ["fox-editor"]}),
        ]
        if obj is not None:
            fieldsets.append(
                (
                    _("Statistics"),
                    {"fields": ["statistics", "reset_statistics"], "classes": ["after-answers"]},
                )
            )
        return fieldsets

    def get_queryset(self, request: HttpRequest) -> QuerySet[Card]:
        """The list's statistics in the one query, so a page of cards costs the same as one."""
        queryset = super().get_queryset(request).prefetch_related("decks")
        return stats.cards_with_statistics(queryset).annotate(category_label=category_label())

    def get_search_results(self, request: HttpRequest, queryset: QuerySet, search_term: str):
        """Every word must appear in the card's question, source, category (slug or name) or
        answers, case and accents ignored: no database folds accents the same way, so the
        texts are folded here (a few thousand cards take milliseconds)."""
        words = search_fold(search_term).split()
        if not words:
            return queryset, False
        texts: dict[int, list[str]] = defaultdict(list)
        category_names: dict[str, list[str]] = defaultdict(list)
        for category in Category.objects.prefetch_related("translations"):
            names = [category.name, *(t.name for t in category.translations.all())]
            category_names[category.slug] = names
        for pk, question, source, category in Card.objects.values_list(
            "pk", "question", "source", "category"
        ):
            texts[pk] += [question, source, category, *category_names.get(category, [])]
        for card_id, text in Answer.objects.values_list("card_id", "text"):
            texts[card_id].append(text)
        haystacks = {pk: search_fold("\n".join(parts)) for pk, parts in texts.items()}
        matches = [pk for pk, text in haystacks.items() if all(word in text for word in words)]
        return queryset.filter(pk__in=matches), False

    def changelist_view(self, request: HttpRequest, extra_context=None):
        context = {"zones": [(zone.label, stats.ZONE_HELP[zone], zone_css(zone)) for zone in Zone]}
        context["verdicts"] = {"easy": stats.EASY_FROM, "hard": stats.HARD_BELOW}
        context["verdict_plays"] = stats.VERDICT_MIN_PLAYS
        return super().changelist_view(request, {**context, **(extra_context or {})})

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context=None
    ):
        """The heading and the server-drawn preview show the card as saved: after a refused
        save the form holds the refused values, which the live preview marks as not saved."""
        saved = self.get_object(request, object_id)
        context = {}
        if saved is not None:
            context = {
                "original": saved,
                "subtitle": str(saved),
                "saved_card": saved.content(),
                "saved_preview": card_preview_html(saved),
            }
        context |= extra_context or {}
        return super().change_view(request, object_id, form_url, context)

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        """After the answers are saved: reset the statistics when asked, else say when changed
        answers leave old plays counted; warn about decks in another language and a reading
        order one swap from rank order."""
        super().save_related(request, form, formsets, change)
        card = form.instance
        answers_changed = any(
            "text" in answer_form.changed_data for formset in formsets for answer_form in formset
        )
        if form.cleaned_data.get("reset_statistics"):
            card_statistics_reset([card.pk])
        elif change and answers_changed:
            plays = stats.card_statistics_fetch(card.pk).plays
            if plays:
                self.message_user(
                    request,
                    ngettext(
                        "You changed the answers; the statistics still count %(count)d play "
                        "of the old ones. Tick “Reset its statistics” to start them again.",
                        "You changed the answers; the statistics still count %(count)d plays "
                        "of the old ones. Tick “Reset its statistics” to start them again.",
                        plays,
                    )
                    % {"count": plays},
                    messages.WARNING,
                )
        for message in [
            *language_warnings(card, card.decks.all()),
            *validation.reading_order_warnings(card.reading_order),
        ]:
            self.message_user(request, message, messages.WARNING)

    @admin.display(description=_("question"), ordering="question")
    def card_summary(self, card: Card) -> str:
        """The question, with the card's status and decks below it."""
        css, label = card_status(card)
        return format_html(
            '{}<br><span class="card-meta"><span class="card-status card-status-{}">{}</span> {}'
            "</span>",
            card.question,
            css,
            label,
            ", ".join(str(deck) for deck in card.decks.all()),
        )

    @admin.display(description=_("category"), ordering="category_label")
    def category_name(self, card: Card) -> str:
        return card.category_label

    @admin.display(description=_("lang."), ordering="language")
    def language_code(self, card: Card) -> str:
        return card.language

    @admin.display(description=_("family"), boolean=True, ordering="family_friendly")
    def family(self, card: Card) -> bool:
        return card.family_friendly

    @admin.display(description=_("status"))
    def status(self, card: Card) -> str:
        """The saved card's status, in words, with any deck in another language."""
        saved = Card.objects.prefetch_related("decks").get(pk=card.pk)
        css, label = card_status(saved)
        decks = saved.decks.all()
        if css == "draft":
            detail = gettext("never dealt until you add it to a deck")
        elif css == "inactive":
            detail = gettext("never dealt until you activate it")
        else:
            detail = gettext("dealt in rooms that pick %(decks)s") % {
                "decks": ", ".join(f"“{deck}”" for deck in decks)
            }
        warnings = format_html_join(
            "", '<br><span class="language-warning">⚠ {}</span>', (
                (warning,) for warning in language_warnings(saved, decks)
            )
        )
        return format_html(
            '<span class="card-status card-status-{}">{}</span>: {}{}', css, label, detail, warnings
        )

    @admin.display(description=_("played"), ordering="plays_count")
    def times_played(self, card: Card) -> int:
        return card.plays_count

    @admin.display(description=_("Fox landed"), ordering="fox_caught_count")
    def fox_landed(self, card: Card) -> str:
        return fox_landed_bar(stats.card_statistics(card))

    @admin.display(description=_("avg. correct"), ordering="correct_avg")
    def correct_average(self, card: Card) -> str | None:
        return None if card.correct_avg is None else f"{card.correct_avg:.1f}"

    @admin.display(description=_("How it played"))
    def statistics(self, card: Card) -> str:
        return render_to_string(
            "admin/questions/card/statistics.html",
            {
                "statistics": play_statistics_rows(stats.card_statistics_fetch(card.pk)),
                "since": Card.objects.filter(pk=card.pk).values_list(
                    "statistics_since", flat=True
                ).first(),
            },
        )


def category_label() -> Coalesce:
    """A card's category name in the active language (else English, else its slug)."""
    language = (get_language() or "").split("-")[0]
    translated = CategoryTranslation.objects.filter(
        category__slug=OuterRef("category"), language=language
    ).values("name")[:1]
    english = Category.objects.filter(slug=OuterRef("category")).values("name")[:1]
    return Coalesce(
        Subquery(translated), Subquery(english), F("category"), output_field=CharField()
    )


def card_preview_html(card: Card) -> str:
    """The saved card's front and back, as the page shows it before its script runs."""
    answers = {answer.rank: answer.text for answer in card.answers.all()}
    reading = [
        {"fox": place == FOX, "rank": place, "text": answers.get(place, "")}
        for place in card.reading_order
    ]
    ranked = [{"rank": rank, "text": text} for rank, text in sorted(answers.items())]
    return render_to_string(
        "questions/card_preview.html",
        {
            "card": card,
            "reading": reading,
            "ranked": ranked,
            "warnings": validation.reading_order_warnings(card.reading_order),
        },
    )


# A language's name as it reads inside a sentence ("this card is in English"), which is not
# always its name on its own: French and Spanish write it in lower case ("en anglais"), and
# Indonesian drops the "Bahasa" that the sentence's "berbahasa" already says. (The context is
# written out in each call: makemessages reads only a literal.)
LANGUAGES_IN_SENTENCE = {
    "en": pgettext_lazy("language name inside a sentence", "English"),
    "es": pgettext_lazy("language name inside a sentence", "Spanish"),
    "fr": pgettext_lazy("language name inside a sentence", "French"),
    "id": pgettext_lazy("language name inside a sentence", "Indonesian"),
}


def language_in_sentence(code: str) -> str:
    """The language's name for the middle of a sentence (its plain name for a language added
    to ``LANGUAGES`` since, else its code)."""
    if code in LANGUAGES_IN_SENTENCE:
        return str(LANGUAGES_IN_SENTENCE[code])
    return str(dict(settings.LANGUAGES).get(code, code))


def language_warnings(card: Card, decks) -> list[str]:
    """A warning for each deck whose language differs from the card's."""
    return [
        gettext("This card is in %(card)s, but the deck “%(deck)s” is in %(deck_language)s.")
        % {
            "card": language_in_sentence(card.language),
            "deck": deck,
            "deck_language": language_in_sentence(deck.language),
        }
        for deck in decks
        if deck.language != card.language
    ]


def play_statistics_rows(statistics: stats.PlayStatistics) -> dict:
    """What the statistics templates show: plays, each zone with its share and meaning, the
    average correct answers and the verdict."""
    verdicts = {
        "easy": gettext("easy: groups get most answers right"),
        "hard": gettext("hard: groups get few answers right"),
        "balanced": gettext("balanced"),
        "": gettext("played too little to tell (fewer than %(count)d plays)")
        % {"count": stats.VERDICT_MIN_PLAYS},
    }
    return {
        "plays": statistics.plays,
        "zones": [
            {
                "label": zone.label,
                "count": statistics.zones.get(zone, 0),
                "share": statistics.share(zone),
                "help": stats.ZONE_HELP[zone],
                "css": zone_css(zone),
            }
            for zone in Zone
        ],
        "correct_avg": statistics.correct_avg,
        "verdict": statistics.verdict,
        "verdict_text": verdicts[statistics.verdict],
        "bar": fox_landed_bar(statistics),
    }


# Decks -----------------------------------------------------------------------------------------


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "language", "card_count", "active_card_count", "updated"]
    list_filter = ["language"]
    search_fields = ["name", "slug", "description"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["deck_statistics", "deck_cards"]

    class Media:
        css = {"all": ["questions/admin.css"]}
    change_list_template = "admin/questions/deck/change_list.html"
    actions = [
        admin_actions.export_decks_json,
        admin_actions.export_decks_csv,
        admin_actions.delete_decks,
    ]

    def get_fieldsets(self, request: HttpRequest, obj: Deck | None = None):
        fieldsets = [(None, {"fields": ["name", "slug", "description", "language"]})]
        if obj is not None:
            fieldsets += [
                (_("Statistics"), {"fields": ["deck_statistics"]}),
                (_("Cards"), {"fields": ["deck_cards"]}),
            ]
        return fieldsets

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
        deck = self.get_object(request, object_id)
        if deck is None:
            return super().delete_view(request, object_id, extra_context)
        if not self.has_delete_permission(request, deck):
            raise PermissionDenied
        return admin_actions.decks_delete_page(self, request, [deck])

    def changelist_view(self, request: HttpRequest, extra_context=None):
        context = {"can_import": import_allowed(request), **(extra_context or {})}
        return super().changelist_view(request, context)

    @admin.display(description=_("cards"), ordering="cards_count")
    def card_count(self, deck: Deck) -> int:
        return deck.cards_count

    @admin.display(description=_("live cards"), ordering="active_cards_count")
    def active_card_count(self, deck: Deck) -> int:
        return deck.active_cards_count

    @admin.display(description=_("How its cards play"))
    def deck_statistics(self, deck: Deck) -> str:
        orders = deck.cards.values_list("reading_order", flat=True)
        places = stats.fox_places(orders)
        most = max(places) or 1
        cards = stats.cards_with_statistics(deck.cards.all())
        verdicts = defaultdict(int)
        for card in cards:
            verdicts[stats.card_statistics(card).verdict] += 1
        return render_to_string(
            "admin/questions/deck/statistics.html",
            {
                "places": [
                    {"place": place, "count": count, "height": round(100 * count / most)}
                    for place, count in enumerate(places, start=1)
                ],
                "uneven": stats.fox_spread_uneven(places),
                "chi_square": stats.chi_square(places),
                "chi_limit": stats.CHI_SQUARE_LIMIT,
                "spread_min_cards": stats.SPREAD_MIN_CARDS,
                "card_total": sum(places),
                "statistics": play_statistics_rows(stats.deck_play_statistics(deck)),
                "verdicts": [
                    (gettext("easy"), verdicts["easy"]),
                    (gettext("balanced"), verdicts["balanced"]),
                    (gettext("hard"), verdicts["hard"]),
                    (gettext("played too little to tell"), verdicts[""]),
                ],
            },
        )

    @admin.display(description=_("Its cards"))
    def deck_cards(self, deck: Deck) -> str:
        cards = (
            stats.cards_with_statistics(deck.cards.prefetch_related("decks"))
            .annotate(category_label=category_label())
            .order_by("question")
        )
        languages = dict(Card._meta.get_field("language").choices)
        rows = []
        for card in cards:
            css, label = card_status(card)
            rows.append(
                {
                    "card": card,
                    "url": reverse("admin:questions_card_change", args=[card.pk]),
                    "status_css": css,
                    "status": label,
                    "language": languages.get(card.language, card.language),
                    "language_differs": card.language != deck.language,
                    "other_decks": [str(d) for d in card.decks.all() if d.pk != deck.pk],
                    "bar": fox_landed_bar(stats.card_statistics(card)),
                }
            )
        changelist = reverse("admin:questions_card_changelist")
        return render_to_string(
            "admin/questions/deck/cards.html",
            {
                "rows": rows,
                "deck": deck,
                "deck_language": language_in_sentence(deck.language),
                "differs": sum(row["language_differs"] for row in rows),
                "list_url": f"{changelist}?{DeckFilter.parameter_name}={deck.pk}",
                "add_url": f"{reverse('admin:questions_card_add')}?decks={deck.pk}",
            },
        )

    def get_urls(self):
        def view(function):
            return self.admin_site.admin_view(function)

        return [
            path("import/", view(self.import_view), name="questions_deck_import"),
            path(
                "import/template.<str:kind>",
                view(self.import_template_view),
                name="questions_deck_import_template",
            ),
            *super().get_urls(),
        ]

    def import_view(self, request: HttpRequest) -> TemplateResponse:
        """Upload a deck file; show every problem by row and field, or what was imported (with
        links to the decks, and an entry in each deck's history)."""
        if not import_allowed(request):
            raise PermissionDenied
        if request.method == "POST" and "reset_statistics_of" in request.POST:
            return self._import_statistics_reset(request)
        categories_addable = request.user.has_perm("questions.add_category")
        form = DeckImportForm(
            request.POST or None, request.FILES or None, categories_addable=categories_addable
        )
        problems = result = None
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                result = deck_io.decks_import(
                    [(upload.name, upload.read())],
                    deck_slug=form.cleaned_data["deck"] or None,
                    dry_run=form.cleaned_data["dry_run"],
                    new_categories=form.cleaned_data["new_categories"],
                    categories_addable=categories_addable,
                    reset_statistics=form.cleaned_data["reset_statistics"],
                )
            except deck_io.DeckImportError as error:
                problems = error.problems
            else:
                if not result.dry_run:
                    self._import_log(request, upload.name, result)
        decks = {}
        if result and not result.dry_run:
            decks = Deck.objects.in_bulk([o.slug for o in result.decks], field_name="slug")
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import a deck"),
            "opts": self.model._meta,
            "form": form,
            "problems": problems,
            "result": result,
            "outcomes": [
                {
                    "outcome": outcome,
                    "url": reverse("admin:questions_deck_change", args=[decks[outcome.slug].pk])
                    if outcome.slug in decks
                    else None,
                }
                for outcome in (result.decks if result else [])
            ],
            "played": [
                {
                    "card": card,
                    "url": reverse("admin:questions_card_change", args=[card.card_id]),
                }
                for card in (result.played_answers_changed if result else [])
            ],
            "max_megabytes": deck_io.MAX_FILE_BYTES // 1024 // 1024,
            "csv_columns": deck_io.CSV_COLUMNS,
            "categories": Category.objects.prefetch_related("translations"),
            "languages": validation.language_codes(),
            "example": json.dumps(deck_io.template_document(), indent=2, ensure_ascii=False),
        }
        return TemplateResponse(request, "admin/questions/deck/import.html", context)

    def _import_statistics_reset(self, request: HttpRequest) -> HttpResponse:
        """The import page's offer, after an import changed the answers of played cards:
        restart those cards' statistics, as the card page's "Reset its statistics" does."""
        ids = [int(pk) for pk in request.POST.getlist("reset_statistics_of") if pk.isdigit()]
        card_statistics_reset(ids)
        count = Card.objects.filter(pk__in=ids).count()
        self.message_user(
            request,
            ngettext(
                "The statistics of %(count)d card count only plays from now on.",
                "The statistics of %(count)d cards count only plays from now on.",
                count,
            )
            % {"count": count},
            messages.SUCCESS,
        )
        return HttpResponseRedirect(reverse("admin:questions_deck_import"))

    def _import_log(self, request: HttpRequest, file_name: str, result) -> None:
        """One history entry per deck the import touched, saying what it did."""
        decks = Deck.objects.in_bulk([o.slug for o in result.decks], field_name="slug")
        for outcome in result.decks:
            message = ngettext(
                "Imported from %(file)s: %(created)d card created, %(updated)d updated, "
                "%(unchanged)d unchanged.",
                "Imported from %(file)s: %(created)d cards created, %(updated)d updated, "
                "%(unchanged)d unchanged.",
                outcome.created,
            ) % {
                "file": file_name,
                "created": outcome.created,
                "updated": outcome.updated,
                "unchanged": outcome.unchanged,
            }
            if outcome.deck_created:
                self.log_addition(request, decks[outcome.slug], message)
            else:
                self.log_change(request, decks[outcome.slug], message)

    def import_template_view(self, request: HttpRequest, kind: str) -> HttpResponse:
        """A deck file to start from, in the format the importer reads (one example card)."""
        if kind == "json":
            return admin_actions.download(deck_io.template_json(), "deck-template.json")
        if kind == "csv":
            return admin_actions.download(deck_io.template_csv(), "deck-template.csv", "text/csv")
        raise PermissionDenied


# Categories ------------------------------------------------------------------------------------


class CategoryTranslationInline(admin.TabularInline):
    model = CategoryTranslation
    extra = 0


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    inlines = [CategoryTranslationInline]
    list_display = ["slug", "name", "translated_names", "card_count"]
    search_fields = ["slug", "name", "translations__name"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Category]:
        in_use = Card.objects.filter(category=OuterRef("slug")).values("category")
        return (
            super()
            .get_queryset(request)
            .prefetch_related("translations")
            .annotate(cards_count=Subquery(in_use.annotate(n=Count("pk")).values("n")[:1]))
        )

    def get_readonly_fields(self, request: HttpRequest, obj: Category | None = None):
        """Cards and deck files name a category by its slug: it stays as it was created."""
        return ["slug"] if obj is not None else []

    def get_deleted_objects(self, objs, request: HttpRequest):
        """A category cards still use is protected: move the cards to another one first."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        for category in objs:
            using = Card.objects.filter(category=category.slug)
            if using.exists():
                protected.append(
                    ngettext(
                        "“%(category)s” is the category of %(count)d card; give it another "
                        "category first.",
                        "“%(category)s” is the category of %(count)d cards; give them another "
                        "category first.",
                        using.count(),
                    )
                    % {"category": category.slug, "count": using.count()}
                )
        return deleted, counts, perms_needed, protected

    @admin.display(description=_("translations"))
    def translated_names(self, category: Category) -> str:
        return ", ".join(str(translation) for translation in category.translations.all())

    @admin.display(description=_("cards"), ordering="cards_count")
    def card_count(self, category: Category) -> int:
        return category.cards_count or 0


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
