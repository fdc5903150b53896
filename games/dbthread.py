"""The live path's database calls: Channels' ``database_sync_to_async``, nothing of our own.

Django's ORM is synchronous, so a socket's database work runs on asgiref's single thread for
synchronous code, with stale connections closed before and after, as Channels does for its own
consumers. asgiref's guards come with it: called from synchronous code (through
``async_to_sync``, on that thread or another), a call runs there or raises instead of waiting
for a thread that waits for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from channels.db import database_sync_to_async

T = TypeVar("T")


async def database_call(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` on the database thread; its result, or its exception. If the caller is
    cancelled meanwhile, the call still runs to its end on the thread (as asgiref does)."""
    return await database_sync_to_async(fn)(*args)
