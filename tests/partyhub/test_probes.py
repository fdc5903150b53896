"""What an operator sees: /healthz, /readyz and /metrics (scraped), answered ahead of Django."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import HttpCommunicator
from django.db import OperationalError
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from games.kit.registry import games
from games.live.fanout import fanout
from games.rooms import services
from partyhub import probes
from partyhub.asgi import application
from tests.games.factories import (
    board_open,
    by_position,
    direct,
    frame_next,
    hoax_started,
    seat_open,
    sockets_close,
)

db = database_sync_to_async


async def get(path: str, client: tuple[str, int] = ("127.0.0.1", 50000),
              headers: list[tuple[bytes, bytes]] | None = None) -> dict:
    communicator = HttpCommunicator(application, "GET", path, headers=headers or [])
    communicator.scope["client"] = client
    return await communicator.get_response(timeout=10)


def header(response: dict, name: bytes) -> bytes:
    return dict(response["headers"])[name]


async def test_healthz_answers_without_the_database_or_any_host_check():
    # No django_db mark: a query would fail the test. Any Host, no Host: still answered.
    response = await get("/healthz", headers=[(b"host", b"10.1.2.3:8001")])
    assert response["status"] == 200 and response["body"] == b"ok\n"
    assert header(response, b"cache-control") == b"no-store"


@pytest.mark.django_db(transaction=True)
async def test_readyz_says_the_database_and_the_layer_answer():
    response = await get("/readyz")
    assert response["status"] == 200
    assert json.loads(response["body"]) == {"database": "ok", "channel_layer": "ok"}


@pytest.mark.django_db(transaction=True)
async def test_readyz_fails_with_the_database_down(monkeypatch):
    def down():
        raise OperationalError("connection refused")

    monkeypatch.setattr(probes, "database_ping", down)
    response = await get("/readyz")
    assert response["status"] == 503
    checks = json.loads(response["body"])
    assert checks["database"] == "OperationalError: connection refused"
    assert checks["channel_layer"] == "ok"


@pytest.mark.django_db(transaction=True)
async def test_readyz_fails_with_the_layer_down(monkeypatch):
    async def down():
        raise ConnectionError("Redis is gone")

    monkeypatch.setattr(fanout, "probe", down)
    response = await get("/readyz")
    assert response["status"] == 503
    assert json.loads(response["body"]) == {
        "database": "ok", "channel_layer": "ConnectionError: Redis is gone"
    }


ACCESS = [
    # mode, client address, headers, status
    ("local", "127.0.0.1", [], 200),
    ("local", "::1", [], 200),
    ("local", "192.168.1.20", [], 403),
    # Through the proxy (Daphne's --proxy-headers would take the header's word for it).
    ("local", "127.0.0.1", [(b"x-forwarded-for", b"127.0.0.1")], 403),
    ("token", "192.168.1.20", [(b"authorization", b"Bearer s3cret-s3cret-s3cret")], 200),
    ("token", "127.0.0.1", [(b"authorization", b"Bearer wrong")], 403),
    ("token", "127.0.0.1", [], 403),
    ("public", "203.0.113.9", [], 200),
    ("off", "127.0.0.1", [], 404),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("mode", "address", "headers", "status"), ACCESS)
async def test_metrics_access_follows_the_setting(settings, mode, address, headers, status):
    settings.PARTYHUB_METRICS = mode
    settings.PARTYHUB_METRICS_TOKEN = "s3cret-s3cret-s3cret"
    response = await get("/metrics", (address, 50000), headers)
    assert response["status"] == status
    if status == 200:
        assert header(response, b"content-type").startswith(b"text/plain; version=")


def scrape_values(body: bytes) -> dict[tuple[str, tuple], float]:
    """Every sample of a scrape: (name, sorted labels) -> value."""
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(body.decode())
        for sample in family.samples
    }


async def scrape() -> dict[tuple[str, tuple], float]:
    response = await get("/metrics")
    assert response["status"] == 200
    return scrape_values(response["body"])


@pytest.mark.django_db(transaction=True)
async def test_a_scrape_counts_rooms_sockets_moves_refusals_and_their_latency():
    room, seats = await db(hoax_started)(3, {"first_player": 0})
    before = await scrape()
    board = await board_open(room)
    await frame_next(board)
    mover = await seat_open(room, by_position(seats)[0])
    await frame_next(mover)
    other = await seat_open(room, by_position(seats)[1])
    await frame_next(other)
    for screen in (board, mover, other):  # the presence frames of the phones coming in
        while not await screen.receive_nothing(0.3):
            await frame_next(screen)
    await other.send_json_to({"type": "act", "action": {"type": "pick", "resource": "cash"}})
    assert (await frame_next(other))["type"] == "error"  # not their turn
    await mover.send_json_to({"type": "act", "action": {"type": "pick", "resource": "cash"}})
    assert (await frame_next(mover))["type"] == "state"
    after = await scrape()
    await sockets_close(board, mover, other)

    def grew(name: str, **labels: str) -> float:
        key = (name, tuple(sorted(labels.items())))
        return after[key] - before.get(key, 0)

    assert grew("partyhub_moves_total", game="hoax") == 1
    assert grew("partyhub_moves_total", game="werewolf") == 0
    refusals = {dict(key[1])["code"]: grew(key[0], **dict(key[1])) for key in after
                if key[0] == "partyhub_refusals_total" and dict(key[1])["game"] == "hoax"}
    assert sum(refusals.values()) == 1
    assert grew("partyhub_move_to_screen_seconds_count", game="hoax") == 1
    assert 0 < grew("partyhub_move_to_screen_seconds_sum", game="hoax") < 5
    assert grew("partyhub_sockets_open", kind="board") == 1
    assert grew("partyhub_sockets_open", kind="player") == 2
    assert after[("partyhub_rooms", (("status", "playing"),))] >= 1
    assert ("partyhub_channel_layer_errors_total", ()) in after
    assert ("partyhub_channel_layer_reconnects_total", ()) in after
    assert ("partyhub_ticker_lag_seconds_count", ()) in after
    closed = await scrape()
    assert closed[("partyhub_sockets_open", (("kind", "player"),))] == before[
        ("partyhub_sockets_open", (("kind", "player"),))]


@pytest.mark.django_db
def test_a_deadline_expired_late_is_measured_as_the_ticker_lag():
    room, _seats = hoax_started(3, {"first_player": 0, "butler_seconds": 20})
    deadline = room.state["deadline"]
    count, total = (REGISTRY.get_sample_value(f"partyhub_ticker_lag_seconds_{part}")
                    for part in ("count", "sum"))
    assert direct(services.deadline_expire, room.pk, deadline + 0.75) is not None
    assert REGISTRY.get_sample_value("partyhub_ticker_lag_seconds_count") == count + 1
    assert REGISTRY.get_sample_value("partyhub_ticker_lag_seconds_sum") == pytest.approx(
        total + 0.75)


@pytest.mark.django_db(transaction=True)
async def test_every_counters_series_exists_from_the_start_at_zero():
    # A rate alert over a counter that has no series yet reads "no data", not 0: every counter
    # of the hub has its series before its first event (the rules' own refusal codes aside,
    # every game has the platform's).
    response = await get("/metrics")
    families = {family.name: family
                for family in text_string_to_metric_families(response["body"].decode())}
    counters = [name for name, family in families.items()
                if name.startswith("partyhub_") and family.type == "counter"]
    assert {"partyhub_refusals", "partyhub_rooms_ended", "partyhub_limited",
            "partyhub_admin_logins", "partyhub_moves"} <= set(counters)
    for name in counters:
        assert families[name].samples, f"{name} has no series until its first event"
    labels = {name: {tuple(sorted(sample.labels.items())) for sample in families[name].samples}
              for name in counters}
    for game in games():
        assert (("code", "stale"), ("game", game)) in labels["partyhub_refusals"]
    assert {dict(key)["reason"] for key in labels["partyhub_rooms_ended"]} >= {
        "over", "idle", "admin"}
    assert ("limit", "flood") in {key[0] for key in labels["partyhub_limited"]}
