"""Log lines a log shipper can parse: one JSON object per line.

Each line has ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``, plus the fields
given with the record: a room's event (``games.ops.metrics.event``) adds ``event``, ``room`` (its
code) and a few plain values; an exception adds ``exception`` (its traceback, in the same line).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import orjson

# What every LogRecord has: anything else on a record came with it as ``extra``.
STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(line, default=str).decode()
