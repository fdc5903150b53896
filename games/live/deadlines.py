"""The deadlines this process knows of, for its ticker (``games.live.ticker``) to wake at: those of
the changes it broadcast (``games.live.broadcast`` notes each) and the database's soonest. Apart
from the ticker, so that the broadcaster, which the ticker calls, need not call it back."""

from __future__ import annotations

import asyncio
import heapq
import math


class Deadlines:
    """The deadlines this process knows of (epoch seconds), soonest first, and a wake-up for
    the ticker when one sooner than its plan arrives.

    Only each room's latest deadline stands: one the room has since moved or cleared (a claim's
    window closes as soon as everyone has passed) is dropped, not woken for. A heap
    entry is checked against ``by_room`` when it reaches the top."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int]] = []
        self.by_room: dict[int, float] = {}
        self.changed = asyncio.Event()

    def note(self, room_id: int, at: float | None) -> None:
        """The room's deadline as of its latest change (``None``: it has none now)."""
        if at is None:
            self.by_room.pop(room_id, None)
            return
        if self.by_room.get(room_id) == at:
            return
        if at < self.soonest():
            self.changed.set()
        self.by_room[room_id] = at
        heapq.heappush(self.heap, (at, room_id))

    def soonest(self) -> float:
        """The soonest deadline still standing."""
        heap = self.heap
        while heap and self.by_room.get(heap[0][1]) != heap[0][0]:
            heapq.heappop(heap)
        return heap[0][0] if heap else math.inf

    def passed(self, now: float) -> None:
        """Forget the deadlines up to ``now`` (the tick that follows looks for them all)."""
        while self.heap and self.heap[0][0] <= now:
            at, room_id = heapq.heappop(self.heap)
            if self.by_room.get(room_id) == at:
                del self.by_room[room_id]



_watched: Deadlines | None = None


def deadlines_watch() -> Deadlines:
    """A fresh set of deadlines for a ticker starting now; changes broadcast from now on are
    noted in it."""
    global _watched
    _watched = Deadlines()
    return _watched


def deadline_noted(room_id: int, state: dict | None) -> None:
    """A change this process broadcast: its ticker wakes for the change's deadline, if it has
    one (nothing when no ticker runs here)."""
    if state and _watched is not None:
        _watched.note(room_id, state.get("deadline"))
