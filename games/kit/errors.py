"""The platform's refusal, shaped like the rules' ``RuleError`` so screens get one kind of error."""

from __future__ import annotations

from django.utils.translation import gettext

from games.kit.rules import Refusal, Term


class ServiceError(Refusal):
    """A request the platform refuses (bad name, locked room, not the host...)."""


def error_text(error: Refusal) -> str:
    """The error's message in the active language, with its parameters filled in."""
    text = gettext(error.message)
    if not error.params:
        return text
    params = {
        key: gettext(value) if isinstance(value, Term) else value
        for key, value in error.params.items()
    }
    return text % params
