"""The live path's database calls: on the thread Channels uses, without asgiref's bookkeeping.

Django's ORM is synchronous, so a socket's database work runs on a thread. From a consumer,
``channels.db.database_sync_to_async`` sends it to asgiref's single thread for synchronous code,
closing stale connections before and after. Per call asgiref also builds a wrapper object,
re-homes thread-local storage both ways, copies the context back and guards against deadlock
and cancellation: about 70 µs of CPU here on top of the ~180 µs the hop itself costs (a thread
woken and the loop woken back), and a move makes one such call. ``database_call`` makes the same
hop to the same thread (so the same connection) with the caller's context, and nothing else.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from typing import Any, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections

T = TypeVar("T")


async def database_call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on the database thread; its result, or its exception. If the caller is
    cancelled meanwhile, the call still runs to its end on the thread (as with asgiref)."""
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    return await loop.run_in_executor(
        SyncToAsync.single_thread_executor, context.run, connections_fresh, fn, *args
    )


def connections_fresh(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` between two closings of stale connections, as Channels does."""
    close_old_connections()
    try:
        return fn(*args)
    finally:
        close_old_connections()
