"""The hub's own commands: the play banner (each game's starter data: its own tests, e.g.
tests/games/hoax/test_starter.py)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from games.management.commands import play

pytestmark = pytest.mark.django_db


def test_play_prints_the_join_address_and_a_qr_code_then_runs_daphne(monkeypatch):
    started = []
    monkeypatch.setattr(play.os, "execv", lambda path, argv: started.append(argv))
    monkeypatch.setattr(play, "lan_address", lambda: "192.0.2.7")
    monkeypatch.delenv("PARTYHUB_PUBLIC_URL", raising=False)
    out = io.StringIO()
    call_command("play", host="0.0.0.0", port=8123, stdout=out)
    text = out.getvalue()
    assert "http://192.0.2.7:8123/join" in text
    assert "█" in text or "▀" in text  # the QR code drawn in the terminal
    (argv,) = started
    # No --proxy-headers: Daphne would believe anyone's X-Forwarded-For (partyhub/proxies.py).
    assert argv[-5:] == ["-b", "0.0.0.0", "-p", "8123", "partyhub.asgi:application"]
    assert play.os.environ["PARTYHUB_PUBLIC_URL"] == "http://192.0.2.7:8123"


def test_lan_address_is_an_ipv4_address():
    parts = play.lan_address().split(".")
    assert len(parts) == 4 and all(part.isdigit() for part in parts)
