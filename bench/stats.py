"""Latency and delivery bookkeeping for the live benchmark: pure Python, no sockets, no Django.

Every room has a few sockets; each records the first arrival time of every version it saw. Each
action records when it was *scheduled* (not when it was sent, so a server that falls behind
cannot hide its queue: the wait before sending counts) and the version it produced. After the
run, ``ledger_summary`` works out, per action, when the last socket of the room was updated and
whether every socket received that exact version (Channels drops silently: a frame a socket never
got is counted here).
"""

from __future__ import annotations

import dataclasses
import math
from bisect import bisect_left
from collections.abc import Hashable
from dataclasses import dataclass, field

PERCENTILES = (50, 90, 99)
LATENCY_OK = 0.100  # seconds: capacity needs p99 below this
DELIVERY_OK = 0.999  # and at least this share of frames delivered


class SocketLog:
    """The first arrival time of each version one socket received."""

    __slots__ = ("arrivals", "_index")

    def __init__(self) -> None:
        self.arrivals: dict[int, float] = {}
        self._index: tuple[list[int], list[float]] | None = None

    def record(self, version: int, at: float) -> None:
        if version not in self.arrivals:
            self.arrivals[version] = at
            self._index = None

    def latest(self) -> int | None:
        """The highest version seen so far."""
        return max(self.arrivals) if self.arrivals else None

    def has(self, version: int) -> bool:
        return version in self.arrivals

    def updated_at(self, version: int) -> float | None:
        """When this screen first showed ``version`` or anything newer (None: never)."""
        if self._index is None:
            versions = sorted(self.arrivals)
            # Earliest arrival among this version and every later one (a suffix minimum).
            earliest = [0.0] * len(versions)
            best = math.inf
            for i in range(len(versions) - 1, -1, -1):
                best = min(best, self.arrivals[versions[i]])
                earliest[i] = best
            self._index = (versions, earliest)
        versions, earliest = self._index
        i = bisect_left(versions, version)
        return earliest[i] if i < len(versions) else None


@dataclass
class ActionRecord:
    """One scripted move (or bare message): when it was due, and the version it produced."""

    room: Hashable  # the room's index; (window, index) in a joined ledger
    scheduled: float
    sent: float
    version: int | None = None  # None: refused (see ``error``) or never answered
    error: str | None = None


@dataclass
class Summary:
    """One measured window: latency percentiles (seconds; ``inf`` = never updated), delivery."""

    actions: int = 0
    errors: int = 0
    unanswered: int = 0
    expected: int = 0
    delivered: int = 0
    latency: dict[str, float] = field(default_factory=dict)
    error_codes: dict[str, int] = field(default_factory=dict)

    @property
    def delivery(self) -> float:
        return self.delivered / self.expected if self.expected else 1.0

    @property
    def dropped(self) -> int:
        return self.expected - self.delivered

    def passes(self) -> bool:
        """The capacity criterion: p99 under 100 ms and at least 99.9 % of frames delivered."""
        return (
            self.actions > 0
            and self.errors == 0
            and self.latency.get("p99", math.inf) < LATENCY_OK
            and self.delivery >= DELIVERY_OK
        )

    def as_json(self) -> dict:
        def ms(value: float) -> float | None:
            return None if math.isinf(value) else round(value * 1000, 3)

        return {
            "actions": self.actions,
            "errors": self.errors,
            "error_codes": dict(self.error_codes),
            "unanswered": self.unanswered,
            "frames_expected": self.expected,
            "frames_delivered": self.delivered,
            "frames_dropped": self.dropped,
            "delivery": round(self.delivery, 6),
            "latency_ms": {key: ms(value) for key, value in self.latency.items()},
        }


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; ``inf`` entries count as slowest."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


class Ledger:
    """The sockets of every room and the actions sent to them during one step."""

    def __init__(self) -> None:
        self.rooms: dict[Hashable, list[SocketLog]] = {}
        self.actions: list[ActionRecord] = []

    @classmethod
    def joined(cls, windows: list[Window]) -> Ledger:
        """Repeated windows as one ledger, each cut to its ``[start, end)``: a repeated
        measurement's percentiles come from all its moves. Rooms are keyed ``(window, room)``, so
        the same room index in two windows stays two rooms."""
        joined = cls()
        for n, (ledger, start, end) in enumerate(windows):
            for room, logs in ledger.rooms.items():
                joined.rooms[(n, room)] = logs
            joined.actions.extend(
                dataclasses.replace(action, room=(n, action.room))
                for action in ledger.actions if start <= action.scheduled < end
            )
        return joined

    def room_add(self, room: Hashable, sockets: int) -> list[SocketLog]:
        logs = [SocketLog() for _ in range(sockets)]
        self.rooms[room] = logs
        return logs

    def action_add(self, record: ActionRecord) -> ActionRecord:
        self.actions.append(record)
        return record

    def action_latency(self, action: ActionRecord) -> float:
        """Scheduled time → the last socket of the room updated (``inf`` if one never was)."""
        if action.version is None:
            return math.inf
        last = -math.inf
        for log in self.rooms[action.room]:
            at = log.updated_at(action.version)
            if at is None:
                return math.inf
            last = max(last, at)
        return last - action.scheduled

    def summary(self, start: float = -math.inf, end: float = math.inf) -> Summary:
        """Figures for the actions scheduled in ``[start, end)``."""
        result = Summary()
        latencies: list[float] = []
        for action in self.actions:
            if not start <= action.scheduled < end:
                continue
            result.actions += 1
            if action.error is not None:
                result.errors += 1
                result.error_codes[action.error] = result.error_codes.get(action.error, 0) + 1
                continue
            if action.version is None:
                result.unanswered += 1
                latencies.append(math.inf)
                continue
            logs = self.rooms[action.room]
            result.expected += len(logs)
            result.delivered += sum(log.has(action.version) for log in logs)
            latencies.append(self.action_latency(action))
        if latencies:
            result.latency = {f"p{q}": percentile(latencies, q) for q in PERCENTILES}
            result.latency["max"] = max(latencies)
        return result


Window = tuple[Ledger, float, float]  # a step's moves, and the measured part of its time

def capacity(steps: list[tuple[int, Summary]]) -> int | None:
    """The largest room count whose window passed (p99 < 100 ms, ≥ 99.9 % delivered)."""
    passing = [rooms for rooms, summary in steps if summary.passes()]
    return max(passing) if passing else None
