"""The frames a socket sends to its own screen alone, never broadcast: a refusal, a notice (a
request done, with something its sender should know), the room closed (each in the screen's
language) and whether the changes of others reach it (docs/protocol.md)."""

from __future__ import annotations

from typing import Any

import orjson
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.kit.errors import error_text
from games.kit.rules import Refusal
from games.ops.limits import Throttled


def error_frame(error: Refusal, language: str, request_id: Any = None) -> str:
    """A refusal, in the screen's language."""
    with translation.override(language):
        frame = {"type": "error", "code": error.code, "message": error_text(error)}
    if isinstance(error, Throttled):
        frame["retry_after"] = error.retry_after
    if request_id is not None:
        frame["id"] = request_id
    return orjson.dumps(frame).decode()


def notice_frame(code: str, message: Any, language: str, request_id: Any = None) -> str:
    """A request done, with something its sender should know, in the screen's language."""
    with translation.override(language):
        frame = {"type": "notice", "code": code, "message": str(message)}
    if request_id is not None:
        frame["id"] = request_id
    return orjson.dumps(frame).decode()


def closed_frame(language: str) -> str:
    """The room ended (``games.rooms.lifecycle``), in the screen's language."""
    with translation.override(language):
        frame = {"type": "closed", "message": str(_("This room has closed."))}
    return orjson.dumps(frame).decode()


def net_frame(status: str) -> str:
    """Whether the changes of others reach this screen (``games.live.fanout``)."""
    return orjson.dumps({"type": "net", "status": status}).decode()
