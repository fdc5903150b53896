"""The platform's refusal, shaped like the rules' ``RuleError`` so screens get one kind of error."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.rules.base import RuleError


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
    return text % error.params if error.params else text
