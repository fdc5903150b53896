"""Waiting on what a test awaits, instead of sleeping for a while: ``until(check)`` looks every
10 ms until ``check()`` holds (what is awaited has no event of its own to await: a task's
effect, a call a monkeypatched function counted), failing after ``timeout`` with what was
awaited. A sleep left in a test is one where the time passing is itself the thing tested (a
timer, a retry's pace, nothing happening for a while), and says so."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


async def until(check: Callable[[], object], timeout: float = 5.0,
                what: str = "the condition") -> None:
    """Wait until ``check()`` holds, ``timeout`` seconds at most."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)
