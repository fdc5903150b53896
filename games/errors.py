"""The platform's refusal, shaped like the rules' ``RuleError`` so screens get one kind of error."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy

from games.rules.base import RuleError

# Game vocabulary that rules messages carry as raw keys, shown to players in their language.
PARAM_LABELS = {
    "cash": gettext_lazy("cash"),
    "prestige": gettext_lazy("prestige"),
    "evidence": gettext_lazy("evidence"),
}


class ServiceError(Exception):
    """A request the platform refuses (bad name, locked room, not the host...)."""

    def __init__(self, message: str, code: str = "refused", **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.message = message
        self.code = code
        self.params = params


def error_text(error: ServiceError | RuleError) -> str:
    """The error's message in the active language, with its parameters filled in."""
    text = gettext(error.message)
    if not error.params:
        return text
    params = {
        key: PARAM_LABELS.get(value, value) if isinstance(value, str) else value
        for key, value in error.params.items()
    }
    return text % params
