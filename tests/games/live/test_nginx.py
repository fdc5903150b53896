"""The documented nginx configuration (deploy/nginx.conf, quoted whole in docs/operations.md),
run for real: nginx as this user with its own files in a temporary directory, in front of two
Daphne processes on PostgreSQL and Redis set up as the README deploys them. A game is played
through it (pages, the API, WebSocket upgrades over TLS), and the Daphne process serving the
room is restarted behind it mid-game (SIGTERM): its screens reconnect through nginx to the
other process and the game goes on."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.live.drain import EXIT_SECONDS, RESTART_CODE
from tests.support.live import (
    NAMES,
    Player,
    all_at,
    all_connected,
    log_agrees,
    log_explains,
    move_sent,
    moves_logged,
    room_row,
)
from tests.support.private_servers import wait_until
from tests.support.roaming import RoamingScreen, settled
from tests.support.servers import ROOT, port_free, production_env, service_missing
from tests.support.testgame import TEST_GAME, TEST_SLOW

CONFIG = ROOT / "deploy" / "nginx.conf"
UPSTREAM_PORTS = ("8001", "8002")  # as documented; the test's own ports replace them


def test_the_operations_guide_quotes_the_tested_configuration_whole():
    guide = (ROOT / "docs" / "operations.md").read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", guide, re.S)
    assert CONFIG.read_text() in blocks


class Nginx:
    """nginx in the foreground as the current user, everything it writes (pid, logs, buffers)
    in its own directory, serving deploy/nginx.conf with only the ports and certificate
    changed."""

    def __init__(self, binary: str, workdir: Path, upstreams: list[int]) -> None:
        self.binary = binary
        self.workdir = workdir
        self.http_port, self.https_port = port_free(), port_free()
        site = CONFIG.read_text()
        for documented, port in zip(UPSTREAM_PORTS, upstreams, strict=True):
            site = site.replace(f"127.0.0.1:{documented};", f"127.0.0.1:{port};")
        replaced = {
            "listen 80;": f"listen 127.0.0.1:{self.http_port};",
            "listen 443 ssl;": f"listen 127.0.0.1:{self.https_port} ssl;",
            "/etc/letsencrypt/live/party.example.org/fullchain.pem": str(workdir / "cert.pem"),
            "/etc/letsencrypt/live/party.example.org/privkey.pem": str(workdir / "key.pem"),
        }
        for documented, own in replaced.items():
            assert documented in site, documented
            site = site.replace(documented, own)
        (workdir / "partyhub.conf").write_text(site)
        temp = "\n".join(
            f"    {kind}_temp_path {workdir / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        user = "user root;\n" if os.geteuid() == 0 else ""  # else its workers would be nobody
        (workdir / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {workdir / 'nginx.pid'};\n"
            f"error_log {workdir / 'error.log'} info;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n    access_log {workdir / 'access.log'};\n{temp}\n"
            f"    include {workdir / 'partyhub.conf'};\n}}\n"
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [self.binary, "-p", str(self.workdir), "-c", str(self.workdir / "nginx.conf"),
                   "-e", str(self.workdir / "error.log")]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.STDOUT)

        def answers() -> bool:
            assert self.process.poll() is None, self.log()
            try:
                urllib.request.urlopen(f"{self.base}/healthz", timeout=2, context=INSECURE)
            except urllib.error.HTTPError:
                return True  # nginx answered (403: the probes are not for the outside)
            except OSError:
                return False
            return True

        wait_until(answers, 10, "nginx to answer")

    @property
    def base(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    def log(self) -> str:
        return (self.workdir / "error.log").read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


INSECURE = ssl.create_default_context()
INSECURE.check_hostname = False
INSECURE.verify_mode = ssl.CERT_NONE  # the test's own self-signed certificate


@pytest.fixture
def nginx_workdir() -> Iterator[Path]:
    binary = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx",) if os.access(path, os.X_OK)), None)
    if binary is None:
        service_missing("nginx is not installed (apt-get install nginx)")
    if not shutil.which("openssl"):
        service_missing("openssl is not installed (for the test's TLS certificate)")
    workdir = Path(tempfile.mkdtemp(prefix="partyhub-nginx-"))
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-keyout", str(workdir / "key.pem"),
         "-out", str(workdir / "cert.pem")],
        check=True, capture_output=True,
    )
    try:
        yield workdir, binary
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def fetch(url: str, data: dict | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body, without following redirects."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(Stay, urllib.request.HTTPSHandler(context=INSECURE))
    request = urllib.request.Request(
        url, data=json.dumps(data).encode() if data is not None else None,
        headers={"Content-Type": "application/json"} if data is not None else {},
    )
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def sockets_open(port: int) -> float:
    """How many sockets a Daphne process holds, from its own /metrics (asked directly)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith("partyhub_sockets_open{"))


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.timeout(240)
async def test_a_game_through_the_documented_nginx_survives_a_restart_behind_it(
    postgres_url, redis_url, nginx_workdir, daphnes
):
    workdir, binary = nginx_workdir
    env = {**production_env(), "DATABASE_URL": postgres_url, "REDIS_URL": redis_url,
           "DJANGO_HTTPS": "1", "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "PARTYHUB_TRUSTED_PROXIES": "127.0.0.1"}
    bases = [daphnes.start(env) for _ in UPSTREAM_PORTS]
    ports = [int(base.rsplit(":", 1)[1]) for base in bases]
    nginx = Nginx(binary, workdir, ports)
    nginx.start()
    try:
        site = nginx.base
        # Plain HTTP is sent to HTTPS; pages come through with their security headers; the
        # probes and the metrics are not for the outside.
        status, headers, _body = fetch(f"http://127.0.0.1:{nginx.http_port}/join")
        assert status == 301 and headers["Location"] == "https://127.0.0.1/join"
        status, headers, page = fetch(f"{site}/")
        assert status == 200 and "Content-Security-Policy" in headers
        assert headers["Strict-Transport-Security"].startswith("max-age=")
        script = re.search(rb'src="(/static/[^"]+\.js)"', page).group(1).decode()
        status, headers, _body = fetch(site + script)
        assert status == 200 and "immutable" in headers["Cache-Control"]
        for probe in ("/healthz", "/readyz", "/metrics"):
            assert fetch(site + probe)[0] == 403, probe

        status, _headers, body = fetch(f"{site}/api/rooms", {
            "game": TEST_GAME, "options": TEST_SLOW})
        assert status == 201, body
        room = json.loads(body)
        seats = []
        for name in NAMES:
            status, _headers, body = fetch(f"{site}/api/rooms/{room['code']}/seats",
                                           {"name": name})
            assert status == 201, body
            seats.append(json.loads(body))
        wss = site.replace("https://", "wss://")
        options = {"ssl": INSECURE, "origin": site}
        tv = await RoamingScreen.open("tv", [wss + room["board_socket"]], **options)
        phones = [await RoamingScreen.open(name, [wss + seat["seat_socket"]], **options)
                  for name, seat in zip(NAMES, seats, strict=True)]
        screens = [tv, *phones]
        player = Player(phones)
        try:
            await tv.until(all_connected)
            await phones[0].send({"type": "host", "command": "start"})
            started = await tv.until(lambda f: f["room"]["status"] == "playing")
            await all_at(phones, started["version"])
            await player.applied(2)
            # The room's four sockets all went to one process, by its code.
            held = [sockets_open(port) for port in ports]
            assert sorted(held) == [0, len(screens)], held
            serving = held.index(len(screens))
            process = daphnes.serving[bases[serving]]

            moving = await move_sent(player)
            sent = time.monotonic()
            process.send_signal(signal.SIGTERM)
            await asyncio.to_thread(process.wait, EXIT_SECONDS + 5)
            assert time.monotonic() - sent <= EXIT_SECONDS
            await moving
            # Every screen was told to reconnect, and did, through nginx, to the other process.
            for screen in screens:
                assert [code for code, _at in screen.closes] == [RESTART_CODE], screen.name
            await settled(tv, screens, postgres_url, room["code"], timeout=5)
            assert sockets_open(ports[1 - serving]) == len(screens)
            # The game goes on; the restarted process is back in nginx's pool.
            daphnes.start(env, port=ports[serving])
            await player.applied(3)
            await all_at(screens, room_row(postgres_url, room["code"])["version"])
            for screen in screens:
                screen.assert_open()
        finally:
            for screen in screens:
                await screen.close()
    finally:
        nginx.stop()

    row = room_row(postgres_url, room["code"])
    log_agrees(row)
    outcomes = player.outcomes
    assert {outcome for _s, _a, outcome in outcomes} <= {"applied", "stale", "unanswered"}
    assert log_explains(moves_logged(row), outcomes), "\n".join(
        map(str, [*(a[:3] for a in row["actions"]), "--", *outcomes]))
