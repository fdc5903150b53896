"""The HTTP API never answers a body with a 500: whatever a client sends to ``POST /api/rooms``
and ``POST /api/rooms/<CODE>/seats``, it gets its room or seat, or a 4xx with the error's code
and message (docs/protocol.md, "Errors"). Hypothesis sends raw bytes, JSON documents close to
the API's (with any value, of any type, where each field goes), arrays and objects nested past
the parser's depth, numbers past a double, NUL bytes and lone surrogates, escaped and raw.
The strategies are the deck importer's fuzz's (tests/support/fuzz.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from games.kit.registry import games
from tests.games.factories import room_make
from tests.support.fuzz import any_text, json_values
from tests.support.testgame import TEST_GAME

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Values a field may get: any JSON value, the API's own words made likely.
api_values = json_values(*games(), "Ann", "first_player", "vote_seconds")
HUGE_NUMBERS = ["1" * 400, "1e400", "-1e400", "123456789012345678901234567890", "1E-400"]


def nested(depth: int, opener: str, inner: str = "1") -> str:
    """``inner`` inside ``depth`` arrays (``[``) or objects (``{``)."""
    if opener == "[":
        return "[" * depth + inner + "]" * depth
    return '{"a":' * depth + inner + "}" * depth


def answered(client, path: str, body: bytes) -> None:
    """The API's contract: 201 with its JSON, or a 4xx with ``{"error": {"code", "message"}}``;
    never a 500 (the test client raises a view's exception, so a traceback fails here too)."""
    response = client.post(path, body, content_type="application/json")
    assert response.status_code in (201, 400, 404, 429), (response.status_code, body[:200])
    data = json.loads(response.content)
    if response.status_code != 201:
        error = data["error"]
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and error["message"].strip()


def encoded(document, ascii_only: bool) -> bytes:
    """A document as a client's bytes: lone surrogates escaped (``\\ud800``), or written raw
    (invalid UTF-8, as a careless client would send them)."""
    return json.dumps(document, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def paths(client) -> list[str]:
    room = room_make()
    return ["/api/rooms", f"/api/rooms/{room.code}/seats"]


@FUZZ
@given(body=st.binary(max_size=300))
@example(body=b"\x00")
@example(body=b'{"name": "Ann"}\x00')
@example(body=b'{"name": "\xed\xa0\x80"}')  # a lone surrogate, raw
def test_any_bytes(client, body):
    for path in paths(client):
        answered(client, path, body)


@FUZZ
@given(
    fields=st.dictionaries(
        st.sampled_from(["game", "options", "remote_party", "name", "remote", "extra"]),
        api_values, max_size=4),
    ascii_only=st.booleans(),
)
@example(fields={"game": TEST_GAME, "options": {"pick_seconds": "\x00"}}, ascii_only=True)
@example(fields={"name": "Ann\x00"}, ascii_only=True)
@example(fields={"name": "\ud800"}, ascii_only=True)
@example(fields={"name": "\ud800"}, ascii_only=False)
@example(fields={"game": [TEST_GAME], "name": {"first": "Ann"}}, ascii_only=True)
def test_documents_close_to_the_apis(client, fields, ascii_only):
    for path in paths(client):
        answered(client, path, encoded(fields, ascii_only))


@FUZZ
@given(
    depth=st.integers(1, 3000),
    opener=st.sampled_from(["[", "{"]),
    where=st.sampled_from(["top", "options", "name"]),
)
@example(depth=1100, opener="[", where="top")  # the 500 of issue 33
@example(depth=1100, opener="[", where="options")
@example(depth=1023, opener="{", where="options")
def test_deep_nesting(client, depth, opener, where):
    value = nested(depth, opener)
    body = {"top": value, "options": f'{{"game": "{TEST_GAME}", "options": {value}}}',
            "name": f'{{"name": {value}}}'}[where]
    for path in paths(client):
        answered(client, path, body.encode())


@FUZZ
@given(
    number=st.sampled_from(HUGE_NUMBERS) | st.integers().map(str) | st.floats().map(repr),
    field=st.sampled_from(["game", "name", "pick_seconds", "rounds", "remote"]),
)
@example(number="1" * 400, field="pick_seconds")
def test_huge_numbers(client, number, field):
    if field in ("pick_seconds", "rounds"):
        body = f'{{"game": "{TEST_GAME}", "options": {{"{field}": {number}}}}}'
    else:
        body = f'{{"{field}": {number}}}'
    for path in paths(client):
        answered(client, path, body.encode())


@pytest.mark.parametrize("path", ["/api/rooms", "/api/rooms/{code}/seats"])
def test_a_body_nested_too_deep_is_bad_json_like_a_sockets(client, path):
    # orjson's limit, as the sockets read them: 1,024 levels; here 1,100, which the standard
    # library's parser answered with a RecursionError (a 500 with a traceback).
    response = client.post(path.format(code=room_make().code), nested(1100, "["),
                           content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"error": {"code": "bad_json",
                                         "message": "That message is not valid JSON."}}


def test_any_text_name_joins_or_is_refused(client):
    # A name of control characters only (NUL) is no name; with letters beside them, they go.
    room = room_make()
    response = client.post(f"/api/rooms/{room.code}/seats", {"name": "\x00\x00"},
                           content_type="application/json")
    assert response.json()["error"]["code"] == "bad_name"
    response = client.post(f"/api/rooms/{room.code}/seats", {"name": "A\x00nn"},
                           content_type="application/json")
    assert response.status_code == 201
    assert room.seats.get().name == "Ann"


@FUZZ
@given(name=any_text, ascii_only=st.booleans())
def test_any_name(client, name, ascii_only):
    for path in paths(client)[1:]:
        answered(client, path, encoded({"name": name}, ascii_only))
