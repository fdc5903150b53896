"""Bulk actions of the card and deck admin pages."""

from __future__ import annotations

import io
import zipfile

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from questions import deck_io
from questions.forms import DeckChoiceForm, DeckDeleteForm
from questions.models import Card, Deck
from questions.services import (
    CardsFate,
    card_reading_order_reshuffle,
    deck_cards_split,
    decks_delete,
)


def _cards(queryset: QuerySet) -> QuerySet[Card]:
    """The selected cards without the list's statistics, which would get in the way of updates."""
    return Card.objects.filter(pk__in=list(queryset.values_list("pk", flat=True)))


@admin.action(description=gettext_lazy("Reshuffle the reading order"), permissions=["change"])
def reshuffle_reading_order(modeladmin, request: HttpRequest, queryset: QuerySet) -> None:
    cards = list(_cards(queryset))
    for card in cards:
        card_reading_order_reshuffle(card)
    modeladmin.message_user(
        request,
        ngettext(
            "Reshuffled the reading order of %(count)d card.",
            "Reshuffled the reading order of %(count)d cards.",
            len(cards),
        )
        % {"count": len(cards)},
        messages.SUCCESS,
    )


def _active_set(modeladmin, request: HttpRequest, queryset: QuerySet, active: bool) -> None:
    """Switch the selected cards on or off and say how many changed."""
    count = _cards(queryset).update(active=active)
    if active:
        message = ngettext("Activated %(count)d card.", "Activated %(count)d cards.", count)
    else:
        message = ngettext("Deactivated %(count)d card.", "Deactivated %(count)d cards.", count)
    modeladmin.message_user(request, message % {"count": count}, messages.SUCCESS)


@admin.action(description=gettext_lazy("Activate"), permissions=["change"])
def activate(modeladmin, request: HttpRequest, queryset: QuerySet) -> None:
    _active_set(modeladmin, request, queryset, True)


@admin.action(description=gettext_lazy("Deactivate"), permissions=["change"])
def deactivate(modeladmin, request: HttpRequest, queryset: QuerySet) -> None:
    _active_set(modeladmin, request, queryset, False)


@admin.action(description=gettext_lazy("Add to a deck…"), permissions=["change"])
def add_to_deck(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
    """First shows a page to choose the deck; the page posts back here with ``apply``."""
    return _deck_choice(modeladmin, request, queryset, "add_to_deck")


@admin.action(description=gettext_lazy("Move to a deck…"), permissions=["change"])
def move_to_deck(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
    """Into the chosen deck and out of every other one."""
    return _deck_choice(modeladmin, request, queryset, "move_to_deck")


@admin.action(description=gettext_lazy("Remove from a deck…"), permissions=["change"])
def remove_from_deck(
    modeladmin, request: HttpRequest, queryset: QuerySet
) -> HttpResponse | None:
    """Out of the chosen deck; a card left in no deck becomes a draft (and the page says so)."""
    return _deck_choice(modeladmin, request, queryset, "remove_from_deck")


DECK_CHOICE_PAGES = {
    "add_to_deck": (
        gettext_lazy("Add cards to a deck"),
        gettext_lazy("They stay in the decks they are in."),
        gettext_lazy("Add to deck"),
    ),
    "move_to_deck": (
        gettext_lazy("Move cards to a deck"),
        gettext_lazy("They leave every other deck they are in."),
        gettext_lazy("Move to deck"),
    ),
    "remove_from_deck": (
        gettext_lazy("Remove cards from a deck"),
        gettext_lazy(
            "A card left in no deck becomes a draft: it is never dealt until you add it to a "
            "deck again."
        ),
        gettext_lazy("Remove from deck"),
    ),
}


def _deck_choice(modeladmin, request: HttpRequest, queryset: QuerySet, action: str):
    """The page of the three deck actions: choose the deck, then apply."""
    cards = list(_cards(queryset).prefetch_related("decks"))
    decks = Deck.objects.all()
    if action == "remove_from_deck":
        decks = decks.filter(cards__in=cards).distinct()
    form = DeckChoiceForm(request.POST if "apply" in request.POST else None, decks=decks)
    if form.is_valid():
        deck = form.cleaned_data["deck"]
        if action == "remove_from_deck":
            _remove(modeladmin, request, cards, deck)
        else:
            _add(modeladmin, request, cards, deck, move=action == "move_to_deck")
        return None
    title, explanation, button = DECK_CHOICE_PAGES[action]
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "explanation": explanation,
        "button": button,
        "opts": modeladmin.model._meta,
        "form": form,
        "cards": cards,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "action": action,
    }
    return TemplateResponse(request, "admin/questions/card/deck_choice.html", context)


def _add(modeladmin, request: HttpRequest, cards: list[Card], deck: Deck, move: bool) -> None:
    """Add (or move) the cards to the deck, except those whose question it already asks."""
    asked = dict(deck.cards.values_list("question_key", "pk"))
    chosen, clashes = [], []
    for card in cards:
        if asked.get(card.question_key, card.pk) != card.pk:
            clashes.append(card.question)
            continue
        asked[card.question_key] = card.pk
        chosen.append(card)
    # The decks were prefetched before any change: they say where each card was.
    new = [card for card in chosen if all(other.pk != deck.pk for other in card.decks.all())]
    with transaction.atomic():
        deck.cards.add(*new)
        if move:
            for card in chosen:
                card.decks.remove(*[other for other in card.decks.all() if other.pk != deck.pk])
    if move:
        count = len(chosen)
        message = ngettext(
            "Moved %(count)d card to “%(deck)s”.", "Moved %(count)d cards to “%(deck)s”.", count
        )
    else:
        count = len(new)
        message = ngettext(
            "Added %(count)d card to “%(deck)s”.", "Added %(count)d cards to “%(deck)s”.", count
        )
    summary = message % {"count": count, "deck": deck.name}
    modeladmin.message_user(request, summary, messages.SUCCESS)
    if clashes:
        modeladmin.message_user(
            request,
            _("Not added, the deck already asks the same question: %(questions)s")
            % {"questions": "; ".join(clashes)},
            messages.WARNING,
        )


def _remove(modeladmin, request: HttpRequest, cards: list[Card], deck: Deck) -> None:
    # The decks were prefetched before the removal: a card whose only deck this was is a draft.
    removed = [card for card in cards if any(d.pk == deck.pk for d in card.decks.all())]
    deck.cards.remove(*removed)
    drafts = sum(1 for card in removed if len(card.decks.all()) == 1)
    message = ngettext(
        "Removed %(count)d card from “%(deck)s”.",
        "Removed %(count)d cards from “%(deck)s”.",
        len(removed),
    ) % {"count": len(removed), "deck": deck.name}
    if drafts:
        message += " " + ngettext(
            "%(count)d of them is in no deck now: a draft, never dealt.",
            "%(count)d of them are in no deck now: drafts, never dealt.",
            drafts,
        ) % {"count": drafts}
    modeladmin.message_user(request, message, messages.SUCCESS)


def _deck_groups(cards: list[Card]) -> dict[str, tuple[Deck, list[Card]]]:
    """Cards grouped by deck (a card in two decks is in both groups); cards in no deck are
    grouped under an unsaved "unfiled" deck, which an import would create."""
    groups: dict[str, tuple[Deck, list[Card]]] = {}
    for card in cards:
        decks = sorted(card.decks.all(), key=lambda deck: deck.slug) or [
            Deck(slug="unfiled", name=_("Cards in no deck"), language=card.language)
        ]
        for deck in decks:
            groups.setdefault(deck.slug, (deck, []))[1].append(card)
    return groups


@admin.action(description=gettext_lazy("Export as JSON"))
def export_json(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
    """One deck file when the cards share one deck, else a zip with a file per deck."""
    cards = list(_cards(queryset).order_by("id").prefetch_related("decks", "answers"))
    groups = _deck_groups(cards)
    if len(groups) == 1:
        ((slug, (deck, deck_cards)),) = groups.items()
        return download(deck_io.deck_export_json(deck, deck_cards), f"{slug}.json")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for slug, (deck, deck_cards) in groups.items():
            archive.writestr(f"{slug}.json", deck_io.deck_export_json(deck, deck_cards))
    return download(buffer.getvalue(), "cards.zip", "application/zip")


@admin.action(description=gettext_lazy("Export as CSV"))
def export_csv(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
    """One CSV row per card and deck; cards in no deck get empty deck columns."""
    cards = list(_cards(queryset).order_by("id").prefetch_related("decks", "answers"))
    rows = [
        (deck, card)
        for card in cards
        for deck in (sorted(card.decks.all(), key=lambda deck: deck.slug) or [None])
    ]
    return download(deck_io.cards_export_csv(rows), _csv_name(rows, "cards"), "text/csv")


@admin.action(description=gettext_lazy("Export as JSON"))
def export_decks_json(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
    """One deck file, or a zip with a file per deck when several are selected."""
    decks = list(Deck.objects.filter(pk__in=queryset.values("pk")).order_by("slug"))
    if len(decks) == 1:
        return download(deck_io.deck_export_json(decks[0]), f"{decks[0].slug}.json")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for deck in decks:
            archive.writestr(f"{deck.slug}.json", deck_io.deck_export_json(deck))
    return download(buffer.getvalue(), "decks.zip", "application/zip")


@admin.action(description=gettext_lazy("Export as CSV"))
def export_decks_csv(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
    decks = list(Deck.objects.filter(pk__in=queryset.values("pk")).order_by("slug"))
    rows = [(deck, card) for deck in decks for card in deck_io.deck_cards(deck)]
    name = f"{decks[0].slug}.csv" if len(decks) == 1 else "decks.csv"
    return download(deck_io.cards_export_csv(rows), name, "text/csv")


def _csv_name(rows: list[tuple[Deck | None, Card]], several: str) -> str:
    """The deck's slug when every row is in one deck, else ``several``."""
    decks = {deck.slug if deck else None for deck, _card in rows}
    if len(decks) == 1 and None not in decks:
        return f"{decks.pop()}.csv"
    return f"{several}.csv"


def download(
    content: str | bytes, filename: str, content_type: str = "application/json"
) -> HttpResponse:
    """The content as a file to save (UTF-8 for text)."""
    if isinstance(content, str):
        content, content_type = content.encode(), f"{content_type}; charset=utf-8"
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@admin.action(description=gettext_lazy("Delete the selected decks…"), permissions=["delete"])
def delete_decks(modeladmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
    """Django's own "delete selected", asking first what becomes of the decks' cards."""
    decks = list(Deck.objects.filter(pk__in=queryset.values("pk")).order_by("name"))
    return decks_delete_page(modeladmin, request, decks, action="delete_decks")


def decks_delete_page(
    modeladmin, request: HttpRequest, decks: list[Deck], action: str | None = None
) -> HttpResponse:
    """Ask what becomes of the cards that are in no other deck, then delete the decks. The deck
    page's "Delete" link (``action`` None) and the bulk action share it."""
    fates = [CardsFate.DRAFTS]
    if request.user.has_perm("questions.change_card"):
        fates.append(CardsFate.DEACTIVATE)
    if request.user.has_perm("questions.delete_card"):
        fates.append(CardsFate.DELETE)
    form = DeckDeleteForm(request.POST if "apply" in request.POST else None, fates=fates)
    deck_ids = [deck.pk for deck in decks]
    if form.is_valid():
        fate = form.cleaned_data["cards"]
        modeladmin.log_deletions(request, Deck.objects.filter(pk__in=deck_ids))
        count = decks_delete(deck_ids, fate)
        names = ", ".join(f"“{deck.name}”" for deck in decks)
        modeladmin.message_user(
            request, _deleted_message(fate, count) % {"decks": names, "count": count}
        )
        return HttpResponseRedirect(reverse("admin:questions_deck_changelist"))
    split = deck_cards_split(deck_ids)
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": ngettext("Delete a deck", "Delete %(count)d decks", len(decks))
        % {"count": len(decks)},
        "opts": modeladmin.model._meta,
        "decks": decks,
        "only_here": split.only_here.count(),
        "elsewhere": split.elsewhere,
        "form": form,
        "action": action,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/questions/deck/delete.html", context)


def _deleted_message(fate: CardsFate, count: int) -> str:
    if fate == CardsFate.DELETE:
        return ngettext(
            "Deleted %(decks)s and the %(count)d card that was in no other deck.",
            "Deleted %(decks)s and the %(count)d cards that were in no other deck.",
            count,
        )
    if fate == CardsFate.DEACTIVATE:
        return ngettext(
            "Deleted %(decks)s; its %(count)d card in no other deck is now a deactivated draft.",
            "Deleted %(decks)s; the %(count)d cards in no other deck are now deactivated drafts.",
            count,
        )
    return ngettext(
        "Deleted %(decks)s; its %(count)d card in no other deck is now a draft (never dealt).",
        "Deleted %(decks)s; the %(count)d cards in no other deck are now drafts (never dealt).",
        count,
    )
