"""The documented nginx configuration (deploy/nginx.conf, quoted whole in docs/operations.md),
run for real: nginx as this user with its own files in a temporary directory, in front of two
Daphne processes on PostgreSQL and Redis set up as the README deploys them. It serves the site
(HTTPS, IPv4 and IPv6, HTML compressed, the admin to its allow-list) and drops other hosts'
requests; and a game is played through it (pages, the API, WebSocket upgrades over TLS) while
both processes are restarted one after the other (SIGTERM, start, /readyz, then the other), a
move a second throughout: every screen back within 2 s of each step, nothing lost or doubled,
no token in the access log. The figures are printed (and kept in
artifacts/nginx-rolling-restart.txt)."""

from __future__ import annotations

import asyncio
import gzip
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.protocol import State

from games.live.drain import EXIT_SECONDS, RESTART_CODE
from tests.support.live import (
    NAMES,
    Player,
    all_at,
    all_connected,
    log_agrees,
    log_explains,
    moves_logged,
    room_row,
)
from tests.support.private_servers import wait_until
from tests.support.roaming import RoamingScreen, settled
from tests.support.servers import ROOT, port_free, production_env, service_missing
from tests.support.testgame import TEST_GAME, TEST_SLOW

pytestmark = pytest.mark.long(60)  # two pairs of Daphne processes, a game and two restarts

CONFIG = ROOT / "deploy" / "nginx.conf"
UPSTREAM_PORTS = ("8001", "8002")  # as documented; the test's own ports replace them
HOST = "localhost"  # the site's name here, in place of party.example.org (sent as SNI and Host)


def test_the_operations_guide_quotes_the_tested_configuration_whole():
    guide = (ROOT / "docs" / "operations.md").read_text()
    blocks = re.findall(r"```nginx\n(.*?)```", guide, re.S)
    assert CONFIG.read_text() in blocks


class Nginx:
    """nginx in the foreground as the current user, everything it writes (pid, logs, buffers)
    in its own directory, serving deploy/nginx.conf with only the ports (on the loopback, IPv4
    and IPv6), the host name, the certificate and the log's path changed."""

    def __init__(self, binary: str, workdir: Path, upstreams: list[int]) -> None:
        self.binary = binary
        self.workdir = workdir
        self.http_port, self.https_port = port_free(), port_free()
        site = CONFIG.read_text()
        for documented, port in zip(UPSTREAM_PORTS, upstreams, strict=True):
            site = re.sub(rf"\bserver 127\.0\.0\.1:{documented}\b", f"server 127.0.0.1:{port}",
                          site)
        http, https = self.http_port, self.https_port

        def v6(listen: str) -> str:
            return listen if IPV6 else f"# no IPv6 loopback here: {listen}"

        replaced = {
            "listen 80 default_server;": f"listen 127.0.0.1:{http} default_server;",
            "listen [::]:80 default_server;": v6(f"listen [::1]:{http} default_server;"),
            "listen 443 ssl default_server;": f"listen 127.0.0.1:{https} ssl default_server;",
            "listen [::]:443 ssl default_server;": v6(
                f"listen [::1]:{https} ssl default_server;"),
            "listen 80;": f"listen 127.0.0.1:{http};",
            "listen [::]:80;": v6(f"listen [::1]:{http};"),
            "listen 443 ssl;": f"listen 127.0.0.1:{https} ssl;",
            "listen [::]:443 ssl;": v6(f"listen [::1]:{https} ssl;"),
            "/etc/letsencrypt/live/party.example.org/fullchain.pem": str(workdir / "cert.pem"),
            "/etc/letsencrypt/live/party.example.org/privkey.pem": str(workdir / "key.pem"),
            "/var/log/nginx/partyhub-access.log": str(workdir / "partyhub-access.log"),
            "server_name party.example.org;": f"server_name {HOST};",
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
        return f"https://{HOST}:{self.https_port}"

    def log(self) -> str:
        return (self.workdir / "error.log").read_text(errors="replace")[-3000:]

    def access_log(self) -> str:
        return (self.workdir / "partyhub-access.log").read_text(errors="replace")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def ipv6_loopback() -> bool:
    """Whether this machine has the IPv6 loopback (a container may have none)."""
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        print("SKIP (part): no IPv6 loopback here; nginx listens on IPv4 only in this test")
        return False
    return True


IPV6 = ipv6_loopback()
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
         "-subj", f"/CN={HOST}", "-keyout", str(workdir / "key.pem"),
         "-out", str(workdir / "cert.pem")],
        check=True, capture_output=True,
    )
    try:
        yield workdir, binary
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def fetch(url: str, data: dict | None = None,
          headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body, without following redirects."""

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(Stay, urllib.request.HTTPSHandler(context=INSECURE))
    request = urllib.request.Request(
        url, data=json.dumps(data).encode() if data is not None else None,
        headers={**({"Content-Type": "application/json"} if data is not None else {}),
                 **(headers or {})},
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



def ready(port: int) -> bool:
    """Whether a Daphne process answers its /readyz with 200 (asked directly, as a load
    balancer would)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def daphne_env(postgres_url: str, redis_url: str) -> dict[str, str]:
    """The processes as the README deploys them behind this proxy."""
    return {**production_env(), "DATABASE_URL": postgres_url, "REDIS_URL": redis_url,
            "DJANGO_HTTPS": "1", "DJANGO_ALLOWED_HOSTS": HOST,
            "PARTYHUB_TRUSTED_PROXIES": "127.0.0.1"}


def raw_answer(port: int, host: str, address: str = "127.0.0.1", path: str = "/join",
               source: str = "127.0.0.1", tls: bool = False) -> int | str:
    """A GET to nginx at ``address`` from ``source`` naming ``host`` (as Host, and over TLS
    as the name the handshake asks for; none for an address): its status, or what became of
    the connection instead."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family) as raw:
        raw.settimeout(5)
        raw.bind((source if family == socket.AF_INET else "::1", 0))
        raw.connect((address, port))
        try:
            named = None if re.fullmatch(r"[\d.]+", host) else host
            stream = INSECURE.wrap_socket(raw, server_hostname=named) if tls else raw
        except ssl.SSLError:
            return "handshake refused"
        stream.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
                       .encode())
        head = stream.recv(64)
    return int(head.split()[1]) if head.startswith(b"HTTP/") else "dropped"


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.timeout(120)
def test_the_documented_nginx_serves_the_site_and_drops_strangers(
    postgres_url, redis_url, nginx_workdir, daphnes
):
    workdir, binary = nginx_workdir
    env = daphne_env(postgres_url, redis_url)
    ports = [int(daphnes.start(env).rsplit(":", 1)[1]) for _ in UPSTREAM_PORTS]
    nginx = Nginx(binary, workdir, ports)
    try:
        nginx.start()
        site = nginx.base
        # Plain HTTP is sent to HTTPS, over IPv4 and IPv6; pages come with their security
        # headers; the probes and the metrics are not for the outside.
        status, headers, _body = fetch(f"http://{HOST}:{nginx.http_port}/join")
        assert status == 301 and headers["Location"] == f"https://{HOST}/join"
        if IPV6:
            assert raw_answer(nginx.http_port, HOST, address="::1") == 301
        status, headers, page = fetch(f"{site}/")
        assert status == 200 and "Content-Security-Policy" in headers
        assert headers["Strict-Transport-Security"].startswith("max-age=")
        script = re.search(rb'src="(/static/[^"]+\.js)"', page).group(1).decode()
        status, headers, _body = fetch(site + script)
        assert status == 200 and "immutable" in headers["Cache-Control"]
        for probe in ("/healthz", "/readyz", "/metrics"):
            assert fetch(site + probe)[0] == 403, probe
        # HTML is compressed (the home page is 25 KB); the API's JSON, which carries tokens,
        # is not (BREACH).
        status, headers, zipped = fetch(f"{site}/", headers={"Accept-Encoding": "gzip"})
        assert status == 200 and headers.get("Content-Encoding") == "gzip"
        unzipped = gzip.decompress(zipped)  # the same page (its CSRF token masked afresh)
        assert unzipped.startswith(b"<!doctype html>") and len(zipped) < len(unzipped) / 3
        status, headers, _body = fetch(f"{site}/api/games", headers={"Accept-Encoding": "gzip"})
        assert status == 200 and "Content-Encoding" not in headers
        # Another host's name: dropped without an answer (444), and over TLS refused at the
        # handshake, as is a handshake naming no host (an address); so over IPv6.
        assert raw_answer(nginx.http_port, "scanner.example") == "dropped"
        if IPV6:
            assert raw_answer(nginx.http_port, "scanner.example", address="::1") == "dropped"
        assert raw_answer(nginx.https_port, "scanner.example", tls=True) == "handshake refused"
        assert raw_answer(nginx.https_port, "127.0.0.1", tls=True) == "handshake refused"
        assert "scanner.example" not in nginx.access_log()
        # The admin for the allowed networks only (127.0.0.2 is this machine, but not listed).
        admin = {"path": "/admin/login/", "tls": True}
        assert raw_answer(nginx.https_port, HOST, source="127.0.0.1", **admin) == 200
        assert raw_answer(nginx.https_port, HOST, source="127.0.0.2", **admin) == 403
    finally:
        nginx.stop()


SOCKETS_BACK_SECONDS = 2.0  # every screen back at a process this soon after each restart
MOVE_EVERY_SECONDS = 1.0


class Mover:
    """The phones play on through the restarts: a move every second (``Player``, from the
    phones' own views), each from a phone that has a server. A phone whose socket is closed
    waits for its server again, ``SOCKETS_BACK_SECONDS`` at most; longer, the move is one
    refused for lack of a server (as a phone showing "Reconnecting…" cannot send)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.no_server: list[float] = []  # how long each move waited for a server in vain
        self.waited: list[float] = []  # how long each move waited for its phones' server
        self.stop = asyncio.Event()

    @staticmethod
    def served(screen: RoamingScreen) -> bool:
        """The screen's socket is open and its snapshot came after its last close."""
        return screen.socket.state is State.OPEN and (
            not screen.closes or screen.back_after(len(screen.closes) - 1) is not None)

    async def run(self) -> None:
        while not self.stop.is_set():
            began = time.monotonic()
            while not all(self.served(phone) for phone in self.player.phones):
                if time.monotonic() - began > SOCKETS_BACK_SECONDS:
                    self.no_server.append(time.monotonic() - began)
                    break
                await asyncio.sleep(0.01)
            self.waited.append(time.monotonic() - began)
            await self.player.move()
            left = MOVE_EVERY_SECONDS - (time.monotonic() - began)
            try:
                await asyncio.wait_for(self.stop.wait(), max(0.0, left))
            except TimeoutError:
                pass


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.timeout(240)
async def test_a_rolling_restart_of_both_processes_behind_nginx_is_not_noticed(
    postgres_url, redis_url, nginx_workdir, daphnes
):
    """The README's rolling restart, behind the documented nginx: SIGTERM the process serving
    the room, start it again, wait for its /readyz, then the same for the other one; the
    phones send a move every second throughout. Every screen is back within 2 s of each step
    (issue 33 measured 14-30 s on the second step with nginx's default max_fails), no move
    finds no server, and the log holds every applied move once."""
    workdir, binary = nginx_workdir
    env = daphne_env(postgres_url, redis_url)
    bases = [daphnes.start(env) for _ in UPSTREAM_PORTS]
    ports = [int(base.rsplit(":", 1)[1]) for base in bases]
    nginx = Nginx(binary, workdir, ports)
    screens: list[RoamingScreen] = []
    mover: Mover | None = None
    try:
        nginx.start()
        site = nginx.base
        status, _headers, body = fetch(f"{site}/api/rooms", {
            "game": TEST_GAME, "options": TEST_SLOW})
        assert status == 201, body
        room = json.loads(body)
        seats = []
        for name in NAMES:
            status, _headers, body = fetch(f"{site}/api/rooms/{room['code']}/seats", {"name": name})
            assert status == 201, body
            seats.append(json.loads(body))
        wss = site.replace("https://", "wss://")
        options = {"ssl": INSECURE, "origin": site}
        tv = await RoamingScreen.open("tv", [wss + room["board_socket"]], **options)
        screens.append(tv)
        for name, seat in zip(NAMES, seats, strict=True):
            screens.append(await RoamingScreen.open(name, [wss + seat["seat_socket"]], **options))
        phones = screens[1:]
        player = Player(phones)
        mover = Mover(player)
        figures = []
        await tv.until(all_connected)
        await phones[0].send({"type": "host", "command": "start"})
        started = await tv.until(lambda f: f["room"]["status"] == "playing")
        await all_at(phones, started["version"])
        # The room's four sockets all went to one process, by its code: it goes first.
        held = [sockets_open(port) for port in ports]
        assert sorted(held) == [0, len(screens)], held
        first = held.index(len(screens))
        moving = asyncio.create_task(mover.run())
        await asyncio.sleep(2 * MOVE_EVERY_SECONDS)
        for step, index in enumerate((first, 1 - first), start=1):
            process = daphnes.serving[bases[index]]
            marks = {screen.name: len(screen.closes) for screen in screens}
            moves_before = len(player.outcomes)
            signalled = time.monotonic()
            process.send_signal(signal.SIGTERM)
            await asyncio.to_thread(process.wait, EXIT_SECONDS + 5)
            exited = time.monotonic() - signalled
            assert exited <= EXIT_SECONDS
            # Every screen was told to reconnect, and is back, through nginx, on the other.
            deadline = time.monotonic() + SOCKETS_BACK_SECONDS + 5
            while not all(len(s.closes) > marks[s.name] and s.back_after(marks[s.name])
                          is not None for s in screens) and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            back = {s.name: s.back_after(marks[s.name]) if len(s.closes) > marks[s.name]
                    else None for s in screens}
            for screen in screens:
                codes = [code for code, _at in screen.closes[marks[screen.name]:]]
                assert codes[:1] == [RESTART_CODE], (screen.name, codes)
            daphnes.start(env, port=ports[index])
            restarted = time.monotonic()
            wait_until(lambda port=ports[index]: ready(port), 30, "the restarted /readyz")
            ready_after = time.monotonic() - restarted
            await asyncio.sleep(2 * MOVE_EVERY_SECONDS)  # moves while both serve again
            outcomes = [outcome for _s, _a, outcome in player.outcomes[moves_before:]]
            figures.append(
                f"step {step}: process :{ports[index]} exited {exited:.2f} s after SIGTERM; "
                "screens back in " + ", ".join(
                    f"{name} {seconds:.2f} s" if seconds is not None else f"{name} never"
                    for name, seconds in back.items())
                + f"; /readyz 200 {ready_after:.2f} s after the start; moves meanwhile: "
                + ", ".join(f"{outcomes.count(o)} {o}" for o in sorted(set(outcomes))))
            assert all(seconds is not None and seconds <= SOCKETS_BACK_SECONDS
                       for seconds in back.values()), figures[-1]
        mover.stop.set()
        await moving
        await settled(tv, screens, postgres_url, room["code"], timeout=5)
        for screen in screens:
            screen.assert_open()
        # The room's screens are all on the process restarted first (the other was restarted
        # last, and its sockets came here).
        assert sockets_open(ports[first]) == len(screens)
    finally:  # nginx, the screens and the moves stop whatever failed
        if mover is not None:
            mover.stop.set()
        for screen in screens:
            await screen.close()
        nginx.stop()
    no_upstream = nginx.log().count("no live upstreams")
    refused = [line for line in nginx.access_log().splitlines() if '" 502 ' in line]
    outcomes = player.outcomes
    figures.append(
        f"moves: {len(outcomes)} sent, one a second; "
        + ", ".join(f"{sum(o == kind for _s, _a, o in outcomes)} {kind}"
                    for kind in ("applied", "stale", "unanswered"))
        + f"; longest wait for a phone's server {max(mover.waited):.2f} s; "
        f"nginx: {no_upstream} 'no live upstreams', {len(refused)} answers 502")
    report = "rolling restart behind nginx:\n  " + "\n  ".join(figures)
    print(report)
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "nginx-rolling-restart.txt").write_text(report + "\n")

    assert not mover.no_server, report
    assert no_upstream == 0 and not refused, report
    row = room_row(postgres_url, room["code"])
    log_agrees(row)
    assert {outcome for _s, _a, outcome in outcomes} <= {"applied", "stale", "unanswered"}
    assert sum(outcome == "applied" for _s, _a, outcome in outcomes) >= 6, report
    assert log_explains(moves_logged(row), outcomes), "\n".join(
        map(str, [*(a[:3] for a in row["actions"]), "--", *outcomes]))
    # The API clients' tokens (?token=, ?host=) are kept out of nginx's access log.
    log = nginx.access_log()
    assert "/ws/rooms/" in log and "?" not in log
    for secret in (room["host_token"], *(seat["token"] for seat in seats)):
        assert secret not in log
