"""The live path's database calls: the thread Channels uses, fresh connections, the context."""

from __future__ import annotations

import contextvars
import threading

import pytest
from channels.db import database_sync_to_async

from games import dbthread
from games.dbthread import database_call

pytestmark = pytest.mark.django_db(transaction=True)  # the calls close stale connections

language = contextvars.ContextVar("language", default="en")


async def test_a_call_runs_on_channels_database_thread_with_the_callers_context() -> None:
    def where(extra: int) -> tuple[int, str, int]:
        return threading.get_ident(), language.get(), extra

    language.set("fr")
    thread, seen, extra = await database_call(where, 7)
    channels_thread = await database_sync_to_async(threading.get_ident)()
    assert thread == channels_thread != threading.get_ident()
    assert (seen, extra) == ("fr", 7)


async def test_stale_connections_are_closed_before_and_after_and_errors_reach_the_caller(
    monkeypatch,
) -> None:
    steps = []
    monkeypatch.setattr(dbthread, "close_old_connections", lambda: steps.append("close"))

    def failing() -> None:
        steps.append("call")
        raise LookupError("no such room")

    with pytest.raises(LookupError, match="no such room"):
        await database_call(failing)
    assert steps == ["close", "call", "close"]
