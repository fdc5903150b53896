"""The one public endpoint: how many cards a host's filters leave, for the room-creation form."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from questions.selection import card_count

TRUE_WORDS = {"1", "true", "yes", "on"}


@require_GET
def card_count_view(request: HttpRequest) -> JsonResponse:
    """``GET ?decks=a,b&language=en&family_only=1`` (or ``family=1``) → ``{"count": n}``;
    missing filters mean "all"."""
    decks = [slug.strip() for slug in request.GET.get("decks", "").split(",") if slug.strip()]
    language = request.GET.get("language", "").strip() or None
    family = request.GET.get("family_only") or request.GET.get("family", "")
    family_only = family.strip().lower() in TRUE_WORDS
    return JsonResponse({"count": card_count(decks, language, family_only)})
