"""orjson behind Django's JSONField: the live state is encoded and decoded on every move.

``FastJSONField`` is the stock ``JSONField`` (lookups, forms, both databases, migrations) with
another codec: Django calls
``json.dumps(value, cls=encoder)`` and ``json.loads(text, cls=decoder)``. orjson writes compact
UTF-8 JSON where the stdlib escapes non-ASCII and adds spaces: the same data in other text.
Anything orjson refuses goes to the stdlib codec, so non-string keys still become strings, a
datetime is still refused, a huge integer still works, and text orjson cannot read (``NaN``)
still reads. One difference is left: orjson writes a NaN or infinite float as ``null`` (the
stdlib writes ``NaN``, which is not JSON and which PostgreSQL refuses); no state holds one.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.db import models

ENCODE_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


class FastJSONEncoder(json.JSONEncoder):
    """``json.JSONEncoder`` that encodes with orjson when it can."""

    def encode(self, o: Any) -> str:
        if self.indent is None and not self.sort_keys:
            try:
                return orjson.dumps(o, option=ENCODE_OPTIONS).decode()
            except TypeError:
                pass
        return super().encode(o)


class FastJSONDecoder(json.JSONDecoder):
    """``json.JSONDecoder`` that decodes with orjson when it can."""

    def decode(self, s: str, _w: Any = None) -> Any:
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError:
            return super().decode(s)


class FastJSONField(models.JSONField):
    """``models.JSONField`` with the orjson codec.

    The codec is no database attribute, so the field presents itself to migrations as the stock
    ``JSONField`` (no migration; SQLite would otherwise rebuild each table to change nothing).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("encoder", FastJSONEncoder)
        kwargs.setdefault("decoder", FastJSONDecoder)
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> tuple[Any, str, Any, Any]:
        name, _path, args, kwargs = super().deconstruct()
        if kwargs.get("encoder") is FastJSONEncoder:
            del kwargs["encoder"]
        if kwargs.get("decoder") is FastJSONDecoder:
            del kwargs["decoder"]
        return name, "django.db.models.JSONField", args, kwargs
