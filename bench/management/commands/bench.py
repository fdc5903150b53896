"""How many rooms one machine carries: real sockets against Daphne, beside two yardsticks.

    python manage.py bench [--layer memory|redis|redis-pubsub] [--rooms 10,50,100,150]
                           [--phones 6] [--rate 1.0] [--seconds 30] [--repeat 1] [--json FILE]
    python manage.py bench --processes 2 --layer redis|redis-pubsub [--rooms ...]
    python manage.py bench --audience 1000 [--audience-processes 2] [--audience-votes 20] ...

Starts one Daphne process (its own temporary SQLite database, or ``--database-url``) with the
chosen channel layer and, for each room count, measures the game, the stock Channels consumer
and the floor (a bare ASGI app relaying each message) on that same process, with py-spy's
breakdown of where the CPU went. With ``--processes N``: the game and the stock consumer on 1
to N processes, rooms routed whole and scattered. With ``--audience N``: one room of players
and N audience phones instead, the players' latency and the audience's delivery. See
docs/performance.md for what the figures mean.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from bench.clients import benched
from bench.report import report_text
from bench.runner import Options, run
from bench.server import LAYERS
from bench.wire import BenchError
from games.kit import registry


def phones_range() -> tuple[int, int]:
    """The phones a room may have in a run: as many as every benchmarked game without a room
    size of its own seats."""
    games = [registry.game(game_id) for game_id in benched()]
    sized = [game for game in games if game.bench.phones is None] or games
    return max(game.min_players for game in sized), min(game.max_players for game in sized)


def room_counts(raw: str) -> list[int]:
    try:
        counts = [int(part) for part in raw.split(",") if part.strip()]
    except ValueError:
        raise CommandError("--rooms takes whole numbers separated by commas") from None
    if not counts or any(count < 1 for count in counts):
        raise CommandError("--rooms takes positive room counts, e.g. 10,50,100")
    return counts


class Command(BaseCommand):
    help = ("Benchmark the live path (the game vs the stock Channels consumer and bare Daphne) "
            "on Daphne.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--layer", choices=sorted(LAYERS), default="memory")
        parser.add_argument("--rooms", default="10,50,100,150",
                            help="room counts to measure, comma-separated")
        parser.add_argument("--phones", type=int, default=6, help="phones per room (3-6)")
        parser.add_argument("--rate", type=float, default=1.0, help="moves per second per room")
        parser.add_argument("--seconds", type=float, default=30.0, help="measured window")
        parser.add_argument("--repeat", type=int, default=1,
                            help="measured rounds (stock consumer, floor, game) per room count, "
                                 "the order reversed every other round; each CPU ratio is the "
                                 "rounds' median")
        parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured lead-in")
        parser.add_argument("--json", dest="json_path", default="", help="write the report here")
        parser.add_argument("--database-url", default="",
                            help="benchmark on this (empty, PostgreSQL) database instead of a "
                                 "temporary SQLite file")
        parser.add_argument("--redis-url", default="redis://127.0.0.1:6379/15",
                            help="Redis for the redis layers (its database is flushed)")
        parser.add_argument("--no-pin", action="store_true",
                            help="do not pin the server and the load generator to cores")
        parser.add_argument("--audience", type=int, default=0,
                            help="one room of players plus this many audience phones "
                                 "(instead of the room counts)")
        parser.add_argument("--audience-votes", type=float, default=20.0,
                            help="the audience's votes a second, all phones together")
        parser.add_argument("--engine-seconds", type=float, default=1.0,
                            help="how long to time the rules engine alone (0: skip)")
        parser.add_argument("--processes", type=int, default=1,
                            help="the game and the stock consumer on 1 to this many Daphne "
                                 "processes, rooms routed whole and scattered (Redis layers)")
        parser.add_argument("--audience-processes", type=int, default=1,
                            help="the audience run's Daphne processes (Redis layers above 1)")
        parser.add_argument("--load-processes", type=int, default=0,
                            help="the audience run's load processes for its phones (0: one per "
                                 "2,500 phones)")
        parser.add_argument("--no-profile", action="store_true",
                            help="no py-spy samples (no breakdown of the server's CPU)")
        parser.add_argument("--profile-dir", default="",
                            help="keep py-spy's samples here (default: beside --json, "
                                 "FILE.profiles)")

    def handle(self, *args, **options) -> None:
        low, high = phones_range()
        if not low <= options["phones"] <= high:
            raise CommandError(f"--phones must be {low} to {high} (what every benchmarked "
                               "game seats)")
        if options["rate"] <= 0 or options["seconds"] <= 0:
            raise CommandError("--rate and --seconds must be positive")
        if options["repeat"] < 1:
            raise CommandError("--repeat must be at least 1")
        if options["audience"] < 0 or options["audience_votes"] < 0:
            raise CommandError("--audience and --audience-votes cannot be negative")
        if options["processes"] < 1 or options["audience_processes"] < 1:
            raise CommandError("--processes and --audience-processes must be at least 1")
        if options["load_processes"] < 0:
            raise CommandError("--load-processes cannot be negative")
        several = options["processes"] > 1 or options["audience_processes"] > 1
        if several and options["layer"] == "memory":
            raise CommandError("several processes need a Redis layer (--layer redis or "
                               "redis-pubsub): the in-memory layer does not cross processes")
        profile_dir = options["profile_dir"] or (
            f"{options['json_path']}.profiles" if options["json_path"] else "")
        settings = Options(
            layer=options["layer"],
            rooms=room_counts(options["rooms"]),
            phones=options["phones"],
            rate=options["rate"],
            seconds=options["seconds"],
            warmup=max(0.0, options["warmup"]),
            repeat=options["repeat"],
            database_url=options["database_url"],
            redis_url=options["redis_url"],
            pin=not options["no_pin"],
            engine_seconds=max(0.0, options["engine_seconds"]),
            audience=options["audience"],
            audience_votes=options["audience_votes"],
            processes=options["processes"],
            audience_processes=options["audience_processes"],
            load_processes=options["load_processes"],
            profile=not options["no_profile"],
            profile_dir=str(Path(profile_dir).resolve()) if profile_dir else "",
        )
        with tqdm(total=1, file=sys.stderr, leave=False, dynamic_ncols=True,
                  disable=None) as progress:
            try:
                report = run(settings, progress, lambda text: self.stderr.write(text))
            except BenchError as error:
                raise CommandError(str(error)) from error
        self.stdout.write(report_text(report))
        if options["json_path"]:
            Path(options["json_path"]).write_text(json.dumps(report, indent=2) + "\n")
            self.stdout.write(f"JSON written to {options['json_path']}")
