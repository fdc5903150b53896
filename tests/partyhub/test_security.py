"""Deploying safely: the WebSocket Origin check, the security headers, `check --deploy`."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest
from channels.db import database_sync_to_async
from channels.security.websocket import OriginValidator
from channels.testing import WebsocketCommunicator

from partyhub.asgi import application, router
from tests.games.factories import room_make
from tests.support.servers import ROOT


@pytest.fixture
def party_host(monkeypatch):
    """The WebSocket router's Origin check as a server with DJANGO_ALLOWED_HOSTS set has it
    (it reads ALLOWED_HOSTS once, at start)."""
    validator = router.application_mapping["websocket"]
    assert isinstance(validator, OriginValidator)
    monkeypatch.setattr(validator, "allowed_origins", ["party.example.org"])
    return "party.example.org"


async def handshake(path: str, origin: bytes | None) -> bool:
    headers = [(b"origin", origin)] if origin else []
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=10)
    await communicator.disconnect()
    return connected


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("origin", "accepted"), [
    (b"https://party.example.org", True),
    (b"http://party.example.org:8001", True),
    (b"https://evil.example.com", False),
    (b"https://party.example.org.evil.example.com", False),
    (None, False),
])
async def test_a_socket_from_another_sites_page_is_refused(party_host, origin, accepted):
    room = await database_sync_to_async(room_make)("hoax")
    assert await handshake(f"/ws/rooms/{room.code}/board", origin) is accepted


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/join", "/admin/login/"])
def test_pages_carry_the_content_security_policy_and_refuse_frames(client, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    assert "script-src 'self';" in policy and "'unsafe-inline'" not in policy.split(
        "style-src-attr")[0]
    assert "frame-ancestors 'none'" in policy
    assert "connect-src 'self' ws://testserver wss://testserver" in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


def deploy_check(**env: str) -> subprocess.CompletedProcess:
    cleared = {k: v for k, v in os.environ.items()
               if not k.startswith(("DJANGO_", "PARTYHUB_")) and k != "DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**cleared, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50), **env},
    )


def test_check_deploy_is_clean_with_the_readmes_https_settings():
    result = deploy_check(DJANGO_HTTPS="1", DJANGO_ALLOWED_HOSTS="party.example.org")
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_check_deploy_over_plain_http_names_only_the_https_items():
    result = deploy_check()
    assert result.returncode != 0
    warned = {line.split(")")[0] for line in result.stderr.split("(security.")[1:]}
    assert warned == {"W004", "W008", "W012", "W016"}  # HSTS, SSL redirect, secure cookies
