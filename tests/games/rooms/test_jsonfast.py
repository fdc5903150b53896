"""The orjson codec behind the rooms' JSON columns stores and returns what the stdlib would."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from django.core.management import call_command

from games.rooms.jsonfast import FastJSONDecoder, FastJSONEncoder, FastJSONField
from games.rooms.models import Room
from tests.support.testgame import TEST_GAME


@pytest.mark.parametrize(
    "value",
    [
        {"phase": "turn", "names": ["Zoë", "李"], "deadline": 1796001767.1795933, "none": None},
        [1, 2.5, True, False, None, "x", {"a": [{}]}],
        {"seed": 2**63 - 1, "huge": 2**70},  # past 64 bits: the stdlib takes over
        {1: "int key", 2.5: "float key"},  # keys become strings, as with the stdlib
    ],
)
def test_round_trip_equals_the_stdlib(value) -> None:
    text = json.dumps(value, cls=FastJSONEncoder)
    assert json.loads(text, cls=FastJSONDecoder) == json.loads(json.dumps(value))


def test_a_datetime_is_still_refused_and_nan_text_still_reads() -> None:
    with pytest.raises(TypeError):
        json.dumps({"at": datetime(2024, 1, 1)}, cls=FastJSONEncoder)
    assert json.loads('{"x": NaN}', cls=FastJSONDecoder)["x"] != 0


@pytest.mark.django_db
def test_the_field_is_the_stock_field_to_migrations() -> None:
    name, path, _args, kwargs = Room._meta.get_field("state").deconstruct()
    assert path == "django.db.models.JSONField" and "encoder" not in kwargs
    assert isinstance(Room._meta.get_field("state"), FastJSONField)
    call_command("makemigrations", "games", "--check", "--dry-run")


@pytest.mark.django_db
def test_rooms_store_and_query_json_as_before() -> None:
    room = Room.objects.create(code="QQQQ", game=TEST_GAME, host_token_digest="t",
                               state={"phase": "vote", "names": ["Zoë"]})
    assert Room.objects.get(pk=room.pk).state == {"phase": "vote", "names": ["Zoë"]}
    assert Room.objects.filter(state__phase="vote", state__names__0="Zoë").count() == 1

