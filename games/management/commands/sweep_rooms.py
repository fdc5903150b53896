"""Ends the rooms due to end and prunes expired records (``games.rooms.lifecycle``), for a cron.

Every server process's ticker already does this (``PARTYHUB_ROOM_SWEEP_SECONDS``); this command
is for a deployment that turns that off, or wants a sweep now. It works in the same bounded
batches, one short transaction per room, so it can run beside live servers.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.live.door import service_call_sync
from games.rooms import lifecycle


class Command(BaseCommand):
    help = ("End the rooms due to end (game over and nobody there, or idle), tell their open "
            "screens, and delete the records older than PARTYHUB_RECORD_RETENTION_DAYS.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--batch", type=int, default=lifecycle.SWEEP_BATCH,
                            help="rooms ended, and records pruned, per transaction batch")

    def handle(self, *args, **options) -> None:
        batch = options["batch"]
        if batch < 1:
            raise CommandError("--batch must be at least 1.")
        ended = pruned = 0
        while True:
            swept = service_call_sync(lambda: lifecycle.rooms_sweep(batch=batch))
            ended += len(swept.ended)
            pruned += swept.pruned
            if len(swept.ended) < batch and swept.pruned < batch:
                break
        self.stdout.write(f"Ended {ended} rooms; pruned {pruned} ended rooms' records.")
