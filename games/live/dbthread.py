"""The live path's database calls: Channels' ``database_sync_to_async``, nothing of our own.

Django's ORM is synchronous, so a socket's database work runs on asgiref's single thread for
synchronous code, with stale connections closed before and after, as Channels does for its own
consumers. asgiref's guards come with it: called from synchronous code (through
``async_to_sync``, on that thread or another), a call runs there or raises instead of waiting
for a thread that waits for it.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from django.db import InterfaceError, OperationalError

T = TypeVar("T")

# What Django raises when the database refuses connections or drops one mid-way (a restart).
DATABASE_DOWN = (OperationalError, InterfaceError)


async def database_call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on the database thread; its result, or its exception. If the caller is
    cancelled meanwhile, the call still runs to its end on the thread (as asgiref does)."""
    return await database_sync_to_async(fn)(*args)


def task_detached(coro: Coroutine[Any, Any, T]) -> asyncio.Task[T]:
    """A task of the process's own that outlives the socket or call that started it (a room's
    reader, a tally, the heartbeat, the ticker), run in a context of its own. Copied from its
    starter (as ``create_task`` does), the context could hold the executor asgiref made for a
    synchronous caller (``async_to_sync`` on the database thread, broadcasting a change); that
    executor quits when the caller returns, and the task's next ``database_call`` would fail
    with "CurrentThreadExecutor already quit or is broken"."""
    return asyncio.get_running_loop().create_task(coro, context=contextvars.Context())
