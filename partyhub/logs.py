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


class WarningWithoutTraceback(logging.Filter):
    """A record of a stranger's doing, not the hub's, as a WARNING line without its traceback.

    Django logs a request whose ``Host`` is none of ``ALLOWED_HOSTS`` (``DisallowedHost``) as an
    ERROR with the exception's stack: every scanner on the internet would fill the logs with
    tracebacks and trip an alert on the error rate. The line keeps its message (which names the
    host) and its logger; the answer is still Django's 400."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.WARNING:
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(
                logging.WARNING)
        record.exc_info = record.exc_text = record.stack_info = None
        return True
