"""The live path's database calls: Channels' database thread, fresh connections, the context,
and asgiref's guard against waiting for itself when called from synchronous code."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest
from asgiref.sync import async_to_sync
from channels import db as channels_db
from channels.db import database_sync_to_async

from games.live.dbthread import database_call, task_detached

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
    monkeypatch.setattr(channels_db, "close_old_connections", lambda: steps.append("close"))

    def failing() -> None:
        steps.append("call")
        raise LookupError("no such room")

    with pytest.raises(LookupError, match="no such room"):
        await database_call(failing)
    assert steps == ["close", "call", "close"]


# A call that waited for the database thread while running on it would never return: the
# timeout turns such a hang into a failure.
@pytest.mark.timeout(20)
async def test_a_call_made_from_synchronous_code_on_the_database_thread_runs_there() -> None:
    def inner() -> int:
        return threading.get_ident()

    def outer() -> tuple[int, int]:
        return threading.get_ident(), async_to_sync(database_call)(inner)

    outer_thread, inner_thread = await database_call(outer)
    assert inner_thread == outer_thread != threading.get_ident()
    # The thread is free again for the next call.
    assert await database_call(inner) == outer_thread


@pytest.mark.timeout(20)
def test_a_call_made_from_plain_synchronous_code_completes() -> None:
    def where() -> int:
        return threading.get_ident()

    assert async_to_sync(database_call)(where) == threading.get_ident()


@pytest.mark.parametrize("detached", [True, False])
async def test_a_detached_task_outlives_the_synchronous_caller_that_started_it(detached) -> None:
    """A change broadcast from the database thread (``async_to_sync``) may start a task of the
    process's own (a room's reader, a tally); once the caller has returned, the task's own
    database calls still run: ``task_detached`` does not inherit the caller's executor."""
    tasks: list[asyncio.Task] = []
    returned = asyncio.Event()

    async def later() -> int:
        await returned.wait()  # the caller has returned (its executor with it)
        return await database_call(lambda: 42)

    async def start() -> None:
        starter = task_detached if detached else asyncio.get_running_loop().create_task
        tasks.append(starter(later()))

    await database_call(async_to_sync(start))
    returned.set()
    if detached:
        assert await tasks[0] == 42
    else:  # what create_task alone does: the executor it inherited has quit
        with pytest.raises(RuntimeError, match="CurrentThreadExecutor already quit"):
            await tasks[0]
