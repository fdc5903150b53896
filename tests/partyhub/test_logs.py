"""Log lines a log shipper can parse: one JSON object per line, a room's events with its code."""

from __future__ import annotations

import io
import json
import logging

import pytest

from games.kit import errors
from games.ops import metrics
from games.rooms import services
from partyhub.logs import JsonFormatter
from tests.games.factories import hoax_started


@pytest.fixture
def lines():
    """What the loggers write from now on, as the JSON format writes it."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    root.removeHandler(handler)


def test_an_event_is_one_json_line_with_its_room_code_and_fields(lines):
    metrics.event("game_started", "QXJM", game="hoax", players=4)
    (line,) = lines()
    assert line["level"] == "INFO" and line["logger"] == "partyhub.events"
    assert line["message"] == "game_started room=QXJM game=hoax players=4"
    assert (line["event"], line["room"], line["game"], line["players"]) == (
        "game_started", "QXJM", "hoax", 4)
    assert line["time"].endswith("+00:00")


def test_an_exception_stays_on_its_line(lines):
    try:
        raise ValueError("bad\nthing")
    except ValueError:
        logging.getLogger("games.live.ticker").exception("deadline expiry failed for room %s", 7)
    (line,) = lines()
    assert line["message"] == "deadline expiry failed for room 7"
    assert "ValueError: bad\nthing" in line["exception"]


@pytest.mark.django_db(transaction=True)
def test_a_rooms_life_is_logged_once_committed(lines):
    room, _seats = hoax_started(3)
    services.seat_join(room.code, "Late")
    events = [(line["event"], line["room"]) for line in lines() if "event" in line]
    assert events == [("room_created", room.code)] + [("seat_joined", room.code)] * 3 + [
        ("game_started", room.code), ("seat_joined", room.code)]


@pytest.mark.django_db(transaction=True)
def test_a_refused_change_logs_nothing(lines):
    room, _seats = hoax_started(3)
    before = len(lines())
    with pytest.raises(errors.ServiceError):
        services.seat_join(room.code, "")
    assert len(lines()) == before


@pytest.mark.django_db
def test_a_strangers_host_is_one_warning_line_without_a_traceback(lines, client, settings):
    # Scanners send any Host: Django refuses it (400) and logs it at ERROR with the stack,
    # which would trip every error-rate alert; here it is a WARNING naming the host.
    settings.ALLOWED_HOSTS = ["party.example.org"]
    assert client.get("/", HTTP_HOST="scanner.example").status_code == 400
    (line,) = lines()
    assert (line["level"], line["logger"]) == ("WARNING", "django.security.DisallowedHost")
    assert "scanner.example" in line["message"]
    assert "exception" not in line and "Traceback" not in json.dumps(line)
    # Another logger's error keeps its level and its traceback.
    try:
        raise ValueError("ours")
    except ValueError:
        logging.getLogger("django.request").exception("a fault of the hub's")
    assert lines()[-1]["level"] == "ERROR" and "ValueError: ours" in lines()[-1]["exception"]
