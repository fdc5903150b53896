"""Limits per client address (games/ops/limits.py): code guessing, room creation, hand-overs, socket
floods and connection floods are refused with 429 (or an error frame, or close code 4429) in
the reader's language; a big audience never is, and neither is a party behind one home router
(tests/games/outfox/test_party_limits.py plays the hub's heaviest game that way).

The limits are lifted for every other test (tests/conftest.py); here they are on, at the
defaults of partyhub/settings.py unless a test names a smaller one to reach it quickly.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from channels.db import database_sync_to_async
from channels.testing import HttpCommunicator, WebsocketCommunicator
from django.utils import translation
from prometheus_client import REGISTRY

from games.ops.limits import Limiter, Throttled
from games.rooms import services
from games.rooms.codes import CODE_ALPHABET
from games.rooms.models import Connection, Room, Seat
from partyhub.asgi import application
from tests.games.factories import (
    frame_next,
    host,
    room_fresh,
    room_make,
    seats_join,
)
from tests.support.servers import ROOT
from tests.support.testgame import TEST_GAME

db = database_sync_to_async

# The defaults (partyhub/settings.py, docs/operations.md "Limits").
CODE_GUESSES_PER_HOUR = 20
ROOMS_PER_HOUR = 20
HANDOVERS_PER_HOUR = 10

GUESSER, NEIGHBOUR, ROUTER = "203.0.113.66", "198.51.100.20", "192.0.2.1"


@pytest.fixture
def limits_on(settings):
    settings.PARTYHUB_LIMITS = True


def codes_wrong(avoid: str, count: int, seed: int = 5) -> list[str]:
    rand = random.Random(seed)
    codes = []
    while len(codes) < count:
        code = "".join(rand.choice(CODE_ALPHABET) for _ in range(4))
        if code != avoid:
            codes.append(code)
    return codes


def refused(response, language: str = "en") -> str:
    """The refusal's text, after checking its status, ``Retry-After`` and language."""
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= 24 * 3600
    if response["Content-Type"].startswith("application/json"):
        error = response.json()["error"]
        assert error["code"] == "rate_limited"
        assert error["retry_after"] == int(response["Retry-After"])
        text = error["message"]
    else:
        text = response.content.decode()
    # The time to wait, in Django's own words in that language.
    words = {"en": ("minute", "hour"), "es": ("minuto", "hora"), "fr": ("heure",)}[language]
    assert any(f"\xa0{word}" in text for word in words), text[-2000:]
    return text


# --- HTTP -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_two_thousand_code_guesses_from_one_address_get_twenty_answers(limits_on, client):
    room = room_make(TEST_GAME)
    statuses = []
    for code in codes_wrong(room.code, 2000):  # by the API: the form's pages take longer
        response = client.post(f"/api/rooms/{code}/seats", {"name": "Ann"},
                               content_type="application/json", REMOTE_ADDR=GUESSER)
        statuses.append(response.status_code)
        if len(statuses) == CODE_GUESSES_PER_HOUR + 1:
            assert "wrong room codes" in refused(response)
    # Twenty "no such room" answers, then every guess refused: at once, and well after.
    assert statuses[:CODE_GUESSES_PER_HOUR] == [404] * CODE_GUESSES_PER_HOUR
    assert set(statuses[CODE_GUESSES_PER_HOUR:]) == {429}
    # The right code too, by the form, in the reader's language.
    right = client.post("/join", {"code": room.code, "name": "Ann"}, REMOTE_ADDR=GUESSER,
                        HTTP_ACCEPT_LANGUAGE="es")
    refused(right, "es")
    assert not room.seats.exists()
    # Another address is not held back by it.
    joined = client.post("/join", {"code": room.code, "name": "Ann"}, REMOTE_ADDR=NEIGHBOUR)
    assert joined.status_code == 302 and room.seats.count() == 1


@pytest.mark.django_db
def test_wrong_codes_by_the_form_are_guesses_too(limits_on, client):
    for code in codes_wrong("", CODE_GUESSES_PER_HOUR):
        response = client.post("/join", {"code": code, "name": "Ann"}, REMOTE_ADDR=GUESSER)
        assert response.status_code == 200 and "There is no room" in response.content.decode()
    response = client.post("/join", {"code": "ABCD", "name": "Ann"}, REMOTE_ADDR=GUESSER)
    assert "wrong room codes" in refused(response)


@pytest.mark.django_db
def test_room_creation_is_refused_past_the_limit(limits_on, client):
    def limited() -> float:
        return REGISTRY.get_sample_value("partyhub_limited_total", {"limit": "rooms"})

    before = limited()
    for _ in range(ROOMS_PER_HOUR):
        assert client.post("/", {"game": TEST_GAME}, REMOTE_ADDR=GUESSER).status_code == 302
    page = client.post("/", {"game": TEST_GAME}, REMOTE_ADDR=GUESSER, HTTP_ACCEPT_LANGUAGE="es")
    refused(page, "es")
    api = client.post("/api/rooms", {"game": TEST_GAME}, content_type="application/json",
                      REMOTE_ADDR=GUESSER, HTTP_ACCEPT_LANGUAGE="fr")
    refused(api, "fr")
    assert "Too many rooms" in refused(client.post("/", {"game": TEST_GAME}, REMOTE_ADDR=GUESSER))
    assert Room.objects.count() == ROOMS_PER_HOUR
    assert limited() == before + 3  # the operator sees them (/metrics)
    other = client.post("/api/rooms", {"game": TEST_GAME}, content_type="application/json",
                        REMOTE_ADDR=NEIGHBOUR)
    assert other.status_code == 201


@pytest.mark.django_db
def test_hand_over_attempts_are_refused_past_the_limit(limits_on, client):
    room = room_make(TEST_GAME)
    (seat,) = seats_join(room, 1)
    for attempt in range(HANDOVERS_PER_HOUR):
        response = client.post("/join", {"code": room.code, "handover": f"{attempt:06d}"},
                               REMOTE_ADDR=GUESSER)
        assert response.status_code == 200 and "not right" in response.content.decode()
    handover, _seat = services.seat_handover_code(room.code, host(room), seat.pk)
    response = client.post("/join", {"code": room.code, "handover": handover},
                           REMOTE_ADDR=GUESSER, HTTP_ACCEPT_LANGUAGE="es")
    refused(response, "es")
    assert Seat.objects.get(pk=seat.pk).token_digest == seat.token_digest  # not handed
    taken = client.post("/join", {"code": room.code, "handover": handover}, REMOTE_ADDR=NEIGHBOUR)
    assert taken.status_code == 302
    assert Seat.objects.get(pk=seat.pk).token_digest != seat.token_digest


@pytest.mark.django_db
def test_a_thousand_audience_phones_from_their_own_addresses_all_join(
    limits_on, client, monkeypatch
):
    """A thousand phones join one room, each from its own address (by the form and the API):
    the limits are per address, not per room, and refuse none of them. (The service itself is
    replaced by a quick one that seats each phone in the audience without storing it: storing
    a thousand seats one by one would take minutes here, and the audience's own cap of 1,000 is
    tested in test_audience.py.)"""
    room = room_make(TEST_GAME)
    joined = []

    def seat_join(code, name, remote=False):
        assert code.upper() == room.code
        joined.append(name)
        seat = Seat(pk=len(joined), room=room, name=name, token_digest=f"d{len(joined)}",
                    is_audience=True)
        seat.token = f"t{len(joined)}"
        return seat, None

    monkeypatch.setattr(services, "seat_join", seat_join)
    for number in range(1000):
        address = f"10.{number // 250}.{number % 250}.1"
        if number % 2:
            response = client.post(f"/api/rooms/{room.code}/seats", {"name": f"Fan {number}"},
                                   content_type="application/json", REMOTE_ADDR=address)
            assert response.status_code == 201, (number, response.content)
        else:
            response = client.post("/join", {"code": room.code, "name": f"Fan {number}"},
                                   REMOTE_ADDR=address)
            assert response.status_code == 302, (number, response.content)
    assert len(joined) == 1000


# --- the client's address through the ASGI application ------------------------------------


async def room_post(peer: str, forwarded: str | None = None) -> int:
    headers = [(b"host", b"testserver"), (b"content-type", b"application/json")]
    if forwarded:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    communicator = HttpCommunicator(application, "POST", "/api/rooms",
                                    body=json.dumps({"game": TEST_GAME}).encode(), headers=headers)
    communicator.scope["client"] = (peer, 40000)
    response = await communicator.get_response(timeout=10)
    return response["status"]


@pytest.mark.django_db(transaction=True)
async def test_x_forwarded_for_counts_only_from_a_trusted_proxy(limits_on, settings):
    settings.PARTYHUB_LIMIT_ROOMS = "3/hour"
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32"]
    # An untrusted peer naming a new address each time is still one address.
    statuses = [await room_post(GUESSER, f"198.51.100.{n}") for n in range(4)]
    assert statuses == [201, 201, 201, 429]
    # The trusted proxy's clients are counted each on their own...
    statuses = [await room_post("127.0.0.1", f"198.51.100.{n}") for n in range(6)]
    assert statuses == [201] * 6
    # ...and one of them alone is held back.
    statuses = [await room_post("127.0.0.1", f"1.2.3.4, {NEIGHBOUR}") for _ in range(4)]
    assert statuses == [201, 201, 201, 429]


@pytest.mark.django_db(transaction=True)
async def test_an_ipv6_home_counts_as_its_64_through_a_trusted_proxy(limits_on, settings):
    # Issue 33: a home's /64 took 25 rooms from 2001:db8:1:2::1…25 where one address stops
    # at 20. Through the proxy (as nginx names each client), the /64 is one client...
    settings.PARTYHUB_LIMIT_ROOMS = "20/hour"
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32", "::1/128"]
    statuses = [await room_post("::1", f"2001:db8:1:2::{n:x}") for n in range(1, 26)]
    assert statuses == [201] * 20 + [429] * 5
    # ...its neighbour's /64 another, and an IPv4 client, however close, is its own address.
    assert await room_post("127.0.0.1", "2001:db8:1:3::1") == 201
    assert [await room_post("127.0.0.1", f"192.0.2.{n}") for n in range(1, 26)] == [201] * 25
    # An IPv4 client written as IPv6 (a dual-stack proxy's) is that IPv4 address.
    settings.PARTYHUB_LIMIT_ROOMS = "1/hour"
    assert await room_post("127.0.0.1", "203.0.113.9") == 201
    assert await room_post("::1", "::ffff:203.0.113.9") == 429


@pytest.mark.django_db(transaction=True)
async def test_the_ipv6_prefix_is_a_setting(limits_on, settings):
    settings.PARTYHUB_LIMIT_ROOMS = "1/hour"
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32"]
    settings.PARTYHUB_LIMIT_IPV6_PREFIX = 48  # a site whose homes get a /48
    assert await room_post("127.0.0.1", "2001:db8:7:1::1") == 201
    assert await room_post("127.0.0.1", "2001:db8:7:ffff::1") == 429
    assert await room_post("127.0.0.1", "2001:db8:8::1") == 201


# --- sockets ------------------------------------------------------------------------------


async def addressed_open(path: str, address: str, language: str | None = None,
                         forwarded: str | None = None) -> WebsocketCommunicator:
    """A socket from ``address`` (as Daphne puts the peer in the scope), accepted."""
    headers = [(b"cookie", f"django_language={language}".encode())] if language else []
    if forwarded:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    communicator.scope["client"] = (address, random.randint(1024, 65535))
    connected, _subprotocol = await communicator.connect(timeout=5)
    assert connected
    return communicator


async def drained(*sockets: WebsocketCommunicator) -> None:
    """Read every frame waiting on these sockets."""
    for socket in sockets:
        while not await socket.receive_nothing(timeout=0.1):
            await frame_next(socket)


@pytest.fixture
async def opened():
    sockets = []
    yield sockets
    for socket in sockets:
        try:
            await socket.disconnect()
        except Exception:  # closed by the server
            pass


@pytest.mark.django_db(transaction=True)
async def test_a_message_flood_from_one_address_is_refused_and_others_are_served(
    limits_on, settings, opened
):
    settings.PARTYHUB_LIMIT_MESSAGES = "20/minute"
    room = await db(room_make)(TEST_GAME)
    seats = await db(seats_join)(room, 3)
    board = await addressed_open(f"/ws/rooms/{room.code}/board?host={room.host_token}", NEIGHBOUR)
    opened.append(board)
    phones = []
    for seat, address in zip(seats, (GUESSER, GUESSER, NEIGHBOUR), strict=True):
        phones.append(await addressed_open(f"/ws/rooms/{room.code}/seat?token={seat.token}",
                                           address, language="es"))
    opened.extend(phones)
    await drained(board, *phones)
    # Two phones of one address share its twenty messages.
    for _ in range(10):
        for phone in phones[:2]:
            await phone.send_json_to({"type": "ping"})
            assert await phone.receive_json_from() == {"type": "pong"}
    version = (await db(room_fresh)(room)).version
    await phones[0].send_json_to({"type": "host", "command": "lock", "id": 7})  # the VIP
    error = await frame_next(phones[0])
    assert error["type"] == "error" and error["code"] == "rate_limited" and error["id"] == 7
    assert 1 <= error["retry_after"] <= 60 and "minuto" in error["message"]
    await phones[1].send_json_to({"type": "ping"})
    assert (await frame_next(phones[1]))["code"] == "rate_limited"
    stored = await db(room_fresh)(room)
    assert stored.version == version and not stored.locked  # not applied
    # The other address's screens are served, and the flooding phones still get the news.
    await phones[2].send_json_to({"type": "ping"})
    assert await phones[2].receive_json_from() == {"type": "pong"}
    await board.send_json_to({"type": "host", "command": "lock"})
    for screen in (board, *phones):
        frame = await frame_next(screen)
        assert frame["type"] == "state" and frame["room"]["locked"] is True


@pytest.mark.django_db(transaction=True)
async def test_a_connection_flood_is_refused_with_an_explained_close(limits_on, settings, opened):
    settings.PARTYHUB_LIMIT_CONNECTIONS = "5/minute"
    room = await db(room_make)(TEST_GAME)
    path = f"/ws/rooms/{room.code}/board"
    for _ in range(5):
        opened.append(await addressed_open(path, GUESSER))
        assert (await frame_next(opened[-1]))["type"] == "state"
    connections = await db(Connection.objects.count)()
    refused_socket = await addressed_open(path, GUESSER, language="es")
    error = await refused_socket.receive_json_from()
    assert error["type"] == "error" and error["code"] == "rate_limited"
    assert 1 <= error["retry_after"] <= 60 and "minuto" in error["message"]
    closed = await refused_socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close" and closed["code"] == 4429
    assert await db(Connection.objects.count)() == connections  # never recorded
    other = await addressed_open(path, NEIGHBOUR)
    opened.append(other)
    assert (await frame_next(other))["type"] == "state"


@pytest.mark.django_db(transaction=True)
async def test_a_sockets_forwarded_address_counts_only_from_a_trusted_proxy(
    limits_on, settings, opened
):
    settings.PARTYHUB_LIMIT_CONNECTIONS = "2/minute"
    settings.PARTYHUB_TRUSTED_PROXIES = ["127.0.0.1/32"]
    room = await db(room_make)(TEST_GAME)
    path = f"/ws/rooms/{room.code}/board"

    async def first_frame(peer: str, forwarded: str) -> dict:
        socket = await addressed_open(path, peer, forwarded=forwarded)
        opened.append(socket)
        return await socket.receive_json_from()

    for number in range(3):  # three clients of the proxy: each its own first connection
        assert (await first_frame("127.0.0.1", f"198.51.100.{number}"))["type"] == "state"
    frames = [await first_frame(GUESSER, f"198.51.100.{number}") for number in range(3)]
    assert [frame.get("code") for frame in frames] == [None, None, "rate_limited"]
    # An IPv6 client of the proxy is its /64: a new address in it is no new client.
    frames = [await first_frame("127.0.0.1", f"2001:db8:5:6::{number + 1}")
              for number in range(3)]
    assert [frame.get("code") for frame in frames] == [None, None, "rate_limited"]
    assert (await first_frame("127.0.0.1", "2001:db8:5:7::1"))["type"] == "state"


# --- a real party behind one home router ------------------------------------------------------


# --- counters shared through Redis -------------------------------------------------------------


def test_counters_are_shared_through_redis(limits_on, settings, redis_url):
    settings.REDIS_URL = redis_url
    settings.PARTYHUB_LIMIT_ROOMS = "3/hour"
    first, second = Limiter(), Limiter()  # two processes' limiters: their own connections
    first.check("rooms", GUESSER)
    second.check("rooms", GUESSER)
    # A third process counts one more: the limit is reached for all of them.
    script = ("import django; django.setup(); from games.ops.limits import limiter; "
              f"limiter.check('rooms', '{GUESSER}')")
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "partyhub.settings",
             "REDIS_URL": redis_url, "PARTYHUB_LIMIT_ROOMS": "3/hour"},
    )
    assert result.returncode == 0, result.stderr
    for limiter in (first, second):
        with pytest.raises(Throttled) as refusal:
            limiter.check("rooms", GUESSER)
        assert 3500 <= refusal.value.retry_after <= 3600
    second.check("rooms", NEIGHBOUR)


async def test_socket_counters_are_shared_through_redis(limits_on, settings, redis_url):
    settings.REDIS_URL = redis_url
    settings.PARTYHUB_LIMIT_CONNECTIONS = "2/minute"
    first, second = Limiter(), Limiter()
    assert await first.acheck("connections", GUESSER) is None
    assert await second.acheck("connections", GUESSER) is None
    refusal = await first.acheck("connections", GUESSER)
    assert isinstance(refusal, Throttled) and refusal.kind == "connections"


def test_a_redis_that_fails_lets_requests_through(limits_on, settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:9"  # nothing listens there
    settings.PARTYHUB_LIMIT_ROOMS = "1/hour"
    limiter = Limiter()
    for _ in range(3):
        limiter.check("rooms", GUESSER)
    assert "let through" in caplog.text


def test_off_lifts_one_limit(limits_on, settings):
    settings.PARTYHUB_LIMIT_ROOMS = "off"
    limiter = Limiter()
    for _ in range(ROOMS_PER_HOUR + 5):
        limiter.check("rooms", GUESSER)


def test_the_refusal_reads_in_the_readers_language():
    refusal = Throttled("joins", 30)
    with translation.override("es"):
        assert "1\xa0minuto" in str(refusal.params["wait"])
    with translation.override("en"):
        assert "1\xa0minute" in str(refusal.params["wait"])
