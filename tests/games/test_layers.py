"""The in-memory channel layer: the stock layer's behaviour without its per-message sweep."""

from __future__ import annotations

import time

import pytest

from games.layers import InMemoryChannelLayer, message_copy


async def test_group_send_reaches_every_member_and_a_full_queue_drops_silently() -> None:
    layer = InMemoryChannelLayer(capacity=1)
    a, b = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("room1.board", a)
    await layer.group_add("room1.board", b)
    await layer.send(b, {"type": "screen.frame", "text": "earlier"})  # b is now full
    await layer.group_send("room1.board", {"type": "screen.frame", "text": "x"})
    assert await layer.receive(a) == {"type": "screen.frame", "text": "x"}
    assert await layer.receive(b) == {"type": "screen.frame", "text": "earlier"}
    await layer.group_discard("room1.board", a)
    await layer.group_send("room1.board", {"type": "screen.frame", "text": "y"})
    assert await layer.receive(b) == {"type": "screen.frame", "text": "y"}
    assert a not in layer.channels


async def test_each_receiver_gets_its_own_copy() -> None:
    layer = InMemoryChannelLayer()
    a, b = await layer.new_channel(), await layer.new_channel()
    for channel in (a, b):
        await layer.group_add("g", channel)
    message = {"type": "t", "nested": {"n": 1}}
    await layer.group_send("g", message)
    first = await layer.receive(a)
    first["nested"]["n"] = 2
    assert (await layer.receive(b))["nested"] == {"n": 1}
    assert message_copy({"type": "t", "text": "s"}) == {"type": "t", "text": "s"}


async def test_expired_messages_are_swept_at_most_once_per_interval(monkeypatch) -> None:
    layer = InMemoryChannelLayer(expiry=0, sweep_seconds=60)
    channel = await layer.new_channel()
    await layer.group_add("g", channel)
    layer.swept_at = time.monotonic()  # a sweep just ran
    await layer.send(channel, {"type": "t"})
    layer._clean_expired()
    assert channel in layer.channels  # not yet: the next sweep is up to a minute away
    layer.swept_at = 0.0
    time.sleep(0.01)
    layer._clean_expired()
    assert channel not in layer.channels
    assert channel not in layer.groups.get("g", {})


def test_the_settings_use_it_without_redis(settings) -> None:
    if settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_redis"):
        pytest.skip("REDIS_URL is set")
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"] == "games.layers.InMemoryChannelLayer"
