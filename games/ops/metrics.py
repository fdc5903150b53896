"""What an operator sees of the live path: Prometheus metrics and one log line per room event.

The few places that count call the helpers here and nothing else of prometheus-client
(docs/operations.md lists every metric). Each server process keeps its own counts and serves
them at its own ``/metrics`` (``partyhub.probes``): Prometheus scrapes every process and sums.
Daphne processes are started one by one, not forked from one parent, so prometheus-client's
multiprocess mode (a shared directory of memory-mapped files that must be emptied whenever the
processes all restart) would buy nothing a sum over processes does not already give.

Games are labelled by their id from the registry; refusals by their code (a short fixed word).
"""

from __future__ import annotations

import logging
from typing import Any

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

from games.kit.registry import games

events = logging.getLogger("partyhub.events")

# No ``*_created`` series beside each counter and histogram: the process's start time
# (``process_start_time_seconds``) already tells when they began.
disable_created_metrics()

SOCKETS = Gauge("partyhub_sockets_open", "Open WebSockets of this process, by kind of screen.",
                ["kind"])
MOVES = Counter("partyhub_moves", "Phones' moves applied, by game.", ["game"])
REFUSALS = Counter("partyhub_refusals", "Phones' moves refused (by the rules or the platform), "
                   "by game and refusal code.", ["game", "code"])
MOVE_TO_SCREEN = Histogram(
    "partyhub_move_to_screen_seconds",
    "From a phone's move arriving to its frames handed to this process's sockets (or to the "
    "channel layer for the others'), by game.",
    ["game"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5),
)
LAYER_ERRORS = Counter("partyhub_channel_layer_errors",
                       "Channel-layer calls that failed (Redis restarted or out of reach).")
LAYER_RECONNECTS = Counter("partyhub_channel_layer_reconnects",
                           "Recoveries after the channel layer failed: every room back in.")
LIMITED = Counter("partyhub_limited",
                  "Requests, sockets and messages refused by a limit per client address.",
                  ["limit"])
TICKER_LAG = Histogram(
    "partyhub_ticker_lag_seconds",
    "How long after a phase deadline the ticker expired it.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
ROOMS_ENDED = Counter("partyhub_rooms_ended", "Rooms ended by this process, by reason (over: "
                      "the game ended and nobody stayed; idle; admin).", ["reason"])
RECORDS_PRUNED = Counter("partyhub_records_pruned",
                         "Ended rooms deleted with their games' records once their retention "
                         "ran out.")
ADMIN_LOGINS = Counter("partyhub_admin_logins", "Logins to the admin, by outcome (ok; failed: "
                       "a wrong name or password; refused: over a failed-login limit, no "
                       "password checked).", ["outcome"])
KINDS = ("board", "player", "audience")
for _kind in KINDS:
    SOCKETS.labels(_kind)
for _outcome in ("ok", "failed", "refused"):
    ADMIN_LOGINS.labels(_outcome)
for _reason in ("over", "idle", "admin"):
    ROOMS_ENDED.labels(_reason)
# A socket's own flood limit (its burst and rate, games.live.consumers) beside the limits per
# client network (``games.ops.limits`` makes their series).
FLOODED = LIMITED.labels("flood")
# The refusals the platform and the rule kit give a move, for every game, from zero: a rate
# over the refusals has data before the first one (the rules' own codes appear at first use).
PLATFORM_REFUSALS = ("stale", "wrong_phase", "bad_action", "not_your_turn", "paused",
                     "audience")
# Every game's series exists from the start, at zero; a move finds them by a dict lookup
# (``labels()`` costs as much as the count itself).
MOVES_BY_GAME = {game: MOVES.labels(game) for game in games()}
LATENCY_BY_GAME = {game: MOVE_TO_SCREEN.labels(game) for game in games()}
for _game in games():
    for _code in PLATFORM_REFUSALS:
        REFUSALS.labels(_game, _code)




def socket_opened(kind: str) -> None:
    SOCKETS.labels(kind).inc()


def socket_closed(kind: str) -> None:
    SOCKETS.labels(kind).dec()


def move_done(game: str) -> None:
    MOVES_BY_GAME[game].inc()


def move_seen(game: str, seconds: float) -> None:
    """A move's frames handed out, ``seconds`` after it arrived."""
    LATENCY_BY_GAME[game].observe(seconds)


def move_refused(game: str, code: str) -> None:
    REFUSALS.labels(game, code).inc()


def admin_login(outcome: str) -> None:
    ADMIN_LOGINS.labels(outcome).inc()


def flood_refused() -> None:
    """A socket's message refused by its own flood limit (code ``flood``)."""
    FLOODED.inc()


def room_ended(reason: str) -> None:
    ROOMS_ENDED.labels(reason).inc()


def records_pruned(n: int) -> None:
    RECORDS_PRUNED.inc(n)


def event(name: str, room: str, **fields: Any) -> None:
    """One log line for a room's event: its name, the room's code and a few plain fields, as
    the message (``room_created room=ABCD game=<id>``) and, in the JSON lines
    (``partyhub.logs``), as fields of their own."""
    told = " ".join(f"{key}={value}" for key, value in fields.items())
    events.info(f"{name} room={room} {told}".rstrip(),
                extra={"event": name, "room": room, **fields})
