"""The platform's refusal, shaped like the rules' ``RuleError`` so screens get one kind of error."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy

from games.rules.base import Refusal

# Game vocabulary that rules messages carry as raw keys, shown to players in their language.
PARAM_LABELS = {
    "cash": gettext_lazy("cash"),
    "prestige": gettext_lazy("prestige"),
    "evidence": gettext_lazy("evidence"),
}


class ServiceError(Refusal):
    """A request the platform refuses (bad name, locked room, not the host...)."""


def error_text(error: Refusal) -> str:
    """The error's message in the active language, with its parameters filled in."""
    text = gettext(error.message)
    if not error.params:
        return text
    params = {
        key: PARAM_LABELS.get(value, value) if isinstance(value, str) else value
        for key, value in error.params.items()
    }
    return text % params
