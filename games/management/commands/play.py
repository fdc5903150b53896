"""Runs the hub with Daphne and prints the address phones should open, as text and as a QR code.

Stopping it (Ctrl-C, SIGTERM) tells every open screen to reconnect and forgets their presence
before Daphne exits (``games.live.drain``, installed by ``partyhub/asgi.py``)."""

from __future__ import annotations

import os
import socket
import sys

import segno
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _


def lan_address() -> str:
    """This machine's address on the local network (what phones can reach), else loopback."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = info[4][0]
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


class Command(BaseCommand):
    help = "Serve PartyHub with Daphne on HOST:PORT and print the join address and QR code."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "0.0.0.0"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))

    def handle(self, *args, host: str, port: int, **options) -> None:
        shown = lan_address() if host in ("0.0.0.0", "::") else host
        public = os.environ.get("PARTYHUB_PUBLIC_URL") or f"http://{shown}:{port}"
        os.environ["PARTYHUB_PUBLIC_URL"] = public
        self.stdout.write("")
        self.stdout.write(_("PartyHub is running."))
        self.stdout.write(_("TV: open %(url)s and create a room.") % {"url": public})
        self.stdout.write(_("Phones: open %(url)s/join (or scan the room's QR code on the TV).")
                          % {"url": public})
        segno.make(public + "/join", error="m").terminal(out=self.stdout, compact=True)
        self.stdout.write(_("Admin: %(url)s/admin/ (create an account: python manage.py "
                            "createsuperuser)") % {"url": public})
        self.stdout.flush()
        os.execv(
            sys.executable,
            [sys.executable, "-m", "daphne", "-b", host, "-p", str(port),
             "partyhub.asgi:application"],
        )
