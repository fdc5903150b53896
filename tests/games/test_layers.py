"""The in-memory channel layer: the stock layer's behaviour without its per-message sweep."""

from __future__ import annotations

import asyncio
import time

import pytest

from games.layers import (
    InMemoryChannelLayer,
    RedisChannelLayer,
    RedisPubSubChannelLayer,
    message_copy,
)


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


def test_a_changes_frames_are_copied_one_level_deep_and_anything_deeper_in_full() -> None:
    frames = {"board": "b", "seat1": "s"}
    message = {"type": "room.frames", "frames": frames, "kicked": ["seat2"]}
    copy = message_copy(message)
    assert copy == message
    assert copy["frames"] is not frames and copy["kicked"] is not message["kicked"]
    nested = {"type": "t", "deep": {"a": [1]}}
    deep = message_copy(nested)
    assert deep == nested and deep["deep"]["a"] is not nested["deep"]["a"]


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


# --- Redis -----------------------------------------------------------------------------------


def redis_layer(cls, redis_url: str, **config):
    return cls(hosts=[{"address": redis_url}], prefix=f"t{time.monotonic_ns()}", **config)


@pytest.mark.redis
async def test_redis_group_send_reaches_each_member_in_order_as_the_stock_layer_would(
    redis_url,
) -> None:
    from channels_redis.core import RedisChannelLayer as StockRedisChannelLayer

    layer = redis_layer(RedisChannelLayer, redis_url)
    stock = StockRedisChannelLayer(hosts=[{"address": redis_url}], prefix=layer.prefix)
    here, other = await layer.new_channel(), await layer.new_channel()
    there = await stock.new_channel()
    await layer.group_add("room1", here)
    await layer.group_add("room1", there)  # another process, on the stock layer
    await layer.group_add("room2", other)
    for n in range(3):
        await layer.group_send("room1", {"type": "room.frames", "n": n})
    await layer.group_send("nobody", {"type": "room.frames", "n": -1})
    assert [(await layer.receive(here))["n"] for _ in range(3)] == [0, 1, 2]
    assert [(await stock.receive(there))["n"] for _ in range(3)] == [0, 1, 2]
    await layer.group_send("room2", {"type": "room.frames", "n": 9})
    assert (await layer.receive(other))["n"] == 9
    await layer.flush()
    await layer.close_pools()
    await stock.close_pools()


@pytest.mark.redis
async def test_redis_group_send_drops_silently_at_capacity(redis_url) -> None:
    import asyncio

    layer = redis_layer(RedisChannelLayer, redis_url, capacity=2)
    channel = await layer.new_channel()
    await layer.group_add("g", channel)
    for n in range(4):
        await layer.group_send("g", {"type": "t", "n": n})
    assert [(await layer.receive(channel))["n"] for _ in range(2)] == [0, 1]
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(layer.receive(channel), 0.5)
    await layer.flush()
    await layer.close_pools()


@pytest.mark.redis
async def test_redis_receive_serves_many_waiting_channels_and_passes_on_failure(
    redis_url, monkeypatch
) -> None:
    import asyncio

    layer = redis_layer(RedisChannelLayer, redis_url)
    channels = [await layer.new_channel() for _ in range(5)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"seat{n}", channel)
    waiting = [asyncio.ensure_future(layer.receive(channel)) for channel in channels]
    await asyncio.sleep(0.05)
    for n in range(5):
        await layer.group_send(f"seat{n}", {"type": "t", "n": n})
    assert [(await task)["n"] for task in waiting] == [0, 1, 2, 3, 4]

    class Gone:
        async def eval(self, *args, **kwargs):
            raise ConnectionError("redis went away")

    reader = layer.reader
    reader.cancel()
    # The stopped reader must be gone before the failing connection is put in its place.
    await asyncio.gather(reader, return_exceptions=True)
    real = layer.connection
    monkeypatch.setattr(layer, "connection", lambda index: Gone())
    with pytest.raises(ConnectionError):
        await asyncio.wait_for(layer.receive(channels[0]), 10)
    monkeypatch.setattr(layer, "connection", real)
    await layer.flush()
    await layer.close_pools()


@pytest.mark.redis
async def test_redis_messages_left_in_flight_are_read_again(redis_url) -> None:
    """A reader stopped between taking a batch and handing it out: the next one gets it."""
    from games.layers import READ_LUA

    layer = redis_layer(RedisChannelLayer, redis_url)
    channel = await layer.new_channel()
    await layer.group_add("g", channel)
    for n in range(3):
        await layer.group_send("g", {"type": "t", "n": n})
    key = layer.prefix + layer.non_local_name(channel)
    connection = layer.connection(layer.consistent_hash(layer.non_local_name(channel)))
    taken = await connection.eval(READ_LUA, 2, key, layer._backup_channel_name(key), 0, 2)
    assert len(taken) == 4  # two messages now in flight, then the reader "died"
    assert [(await layer.receive(channel))["n"] for _ in range(3)] == [0, 1, 2]
    await layer.flush()
    await layer.close_pools()


# --- Redis pub/sub ---------------------------------------------------------------------------


@pytest.mark.redis
async def test_pubsub_messages_reach_the_group_without_redis_py_formatting_each_one(
    redis_url, monkeypatch
) -> None:
    from redis._parsers import hiredis, resp3

    def formatted(self, response):  # redis-py's own handler (it formats the whole message)
        raise AssertionError("the stock push handler ran")

    for parser in (hiredis._AsyncHiredisParser, resp3._AsyncRESP3Parser):
        monkeypatch.setattr(parser, "handle_pubsub_push_response", formatted)
    layer = redis_layer(RedisPubSubChannelLayer, redis_url)
    here, also, other = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("room1", here)
    await layer.group_add("room1", also)
    await layer.group_add("room2", other)
    frames = {"board": "x" * 20_000, "seat1": "y"}
    await layer.group_send("room1", {"type": "room.frames", "frames": frames})
    await layer.group_send("room2", {"type": "room.frames", "frames": {}})
    for channel in (here, also):
        assert (await asyncio.wait_for(layer.receive(channel), 5))["frames"] == frames
    assert (await asyncio.wait_for(layer.receive(other), 5))["frames"] == {}
    await layer.flush()
