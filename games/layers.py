"""The project's channel layers: Channels' own, less the waste the live path cannot afford.

A change to a room is one ``group_send`` to the room's group (``games.fanout``), whatever the
layer; these classes make each send and receive cheap.

In memory (one process, the default): the stock ``InMemoryChannelLayer`` walks every channel
queue and every group membership on each ``group_send`` and on each ``receive``, to expire old
messages: the cost of one message grows with the number of sockets in the process, and the layer
collapses near a thousand sockets. Here the same sweep runs at most once a second (messages
expire after a minute, group memberships after a day, so nothing expires noticeably later).
``group_send`` puts the message on each member's queue directly instead of through one task per
member, a message of plain values (one level deep) is copied shallowly, and ``receive`` stops
building a spare queue on every call. Behaviour is otherwise the stock layer's: same capacity,
same silent drop when a queue is full.

Redis (``channels_redis.core``): the stock ``group_send`` makes four round trips to Redis and
every waiting ``receive`` races for a lock with two new tasks per message. Here ``group_send``
makes two (the same keys, expiry, capacity check and silent drop), and one reader task per
process takes its waiting messages from Redis in one script per batch.

Redis pub/sub (``channels_redis.pubsub``): a group send is one PUBLISH, as it ships. Receiving,
redis-py 8.1's parser formats every pub/sub message it reads into a debug line, whether or not
anyone logs it (``str()`` of the whole message: redis/redis-py#4230, fixed after 8.1.0, the
newest release here); here the subscriber's connection passes messages on untouched.
"""

from __future__ import annotations

import asyncio
import logging
import time
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as StockInMemoryChannelLayer
from channels_redis.core import RedisChannelLayer as StockRedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer as StockRedisPubSubChannelLayer
from channels_redis.pubsub import RedisPubSubLoopLayer as StockRedisPubSubLoopLayer
from channels_redis.pubsub import RedisSingleShardConnection
from channels_redis.utils import _wrap_close, create_pool
from redis import asyncio as aioredis

logger = logging.getLogger(__name__)

PLAIN = (str, bytes, int, float, bool, type(None))


def message_copy(message: dict) -> dict:
    """A copy the receiver may change: shallow when the values are immutable, or dicts and
    lists of immutable values (a change's frames by screen), deep otherwise."""
    copy = {}
    for key, value in message.items():
        kind = type(value)
        if kind in PLAIN:
            copy[key] = value
        elif kind is dict and all(type(item) in PLAIN for item in value.values()):
            copy[key] = dict(value)
        elif kind is list and all(type(item) in PLAIN for item in value):
            copy[key] = list(value)
        else:
            return deepcopy(message)
    return copy


class InMemoryChannelLayer(StockInMemoryChannelLayer):
    """The stock in-memory layer with its expiry sweep run at most every ``sweep_seconds``."""

    def __init__(self, *args, sweep_seconds: float = 1.0, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sweep_seconds = sweep_seconds
        self.swept_at = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self.swept_at < self.sweep_seconds:
            return
        self.swept_at = now
        super()._clean_expired()

    async def send(self, channel: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            queue.put_nowait((time.time() + self.expiry, message_copy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None

    async def receive(self, channel: str) -> dict:
        self.require_valid_channel_name(channel)
        self._clean_expired()
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            _expires, message = await queue.get()
        finally:
            if queue.empty():
                self.channels.pop(channel, None)
        return message

    async def group_send(self, group: str, message: dict) -> None:
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, ())):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass


# channels-redis's group_send script: queue the message on each process's key unless that key is at
# capacity; returns how many were over.
GROUP_SEND_LUA = """
local over = 0
local now = ARGV[#ARGV - 1]
local expiry = ARGV[#ARGV]
for i = 1, #KEYS do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over = over + 1
    end
end
return over
"""


READER_IDLE_SECONDS = 5.0
READ_BATCH = 100
# KEYS[1]: a process's message key; KEYS[2]: its backup ("$inflight") key. ARGV[1]: 1 when the
# previous batch was delivered (drop it from the backup), 0 to first put the backup back (an
# earlier reader stopped mid-way, as channels-redis's own clean-up does); ARGV[2]: how many to
# take. Returns [message, score, ...], oldest first, each also kept in the backup.
READ_LUA = """
if ARGV[1] == '1' then
    redis.call('DEL', KEYS[2])
else
    local backed_up = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
    for i = #backed_up, 1, -2 do
        redis.call('ZADD', KEYS[1], backed_up[i], backed_up[i - 1])
    end
    redis.call('DEL', KEYS[2])
end
local popped = redis.call('ZPOPMIN', KEYS[1], ARGV[2])
for i = 1, #popped, 2 do
    redis.call('ZADD', KEYS[2], popped[i + 1], popped[i])
end
return popped
"""


class RedisChannelLayer(StockRedisChannelLayer):
    """channels-redis's layer with a ``group_send`` of two round trips instead of four, and one
    reader task per process instead of every waiting consumer racing for a lock."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.receivers = 0
        self.waiting: dict[str, int] = {}  # channel -> receive() calls waiting on it
        self.reader: asyncio.Task | None = None
        self.reader_loop: asyncio.AbstractEventLoop | None = None

    async def group_send(self, group: str, message: dict) -> None:
        """The stock ``group_send`` (same keys, expiry, capacity check and silent drop), with
        its reads and its writes each in one pipeline."""
        assert self.require_valid_group_name(group), "Group name not valid"
        now = time.time()
        key = self._group_key(group)
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        channels = [name.decode("utf8") for name in (await pipe.execute())[1]]
        by_connection, messages, capacities = self._map_channel_keys_to_connection(
            channels, message
        )
        for index, keys in by_connection.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for channel_key in keys:
                pipe.zremrangebyscore(channel_key, min=0, max=int(now) - int(self.expiry))
            args = [messages[channel_key] for channel_key in keys]
            args += [capacities[channel_key] for channel_key in keys]
            pipe.eval(GROUP_SEND_LUA, len(keys), *keys, *args, now, self.expiry)
            over = (await pipe.execute())[-1]
            if over:
                logger.info("%s of %s channels over capacity in group %s", over, len(keys), group)

    async def receive(self, channel: str) -> dict:
        """The next message for a channel. A process-local channel waits on its own buffer, which
        one reader task per process fills from Redis (channels-redis's own ``receive_single``:
        same keys, same backup queue, same order); the stock ``receive`` has every waiting
        consumer race for a lock with two new tasks and an ``asyncio.wait`` per message."""
        if "!" not in channel:
            return await super().receive(channel)
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        process = self.non_local_name(channel)
        assert process.endswith(self.client_prefix + "!"), "Wrong client prefix"
        loop = asyncio.get_running_loop()
        if self.reader is None or self.reader.done():
            self.reader = loop.create_task(self.read(process))
            self.reader_loop = loop
        elif self.reader_loop is not loop:
            raise RuntimeError("Two event loops are trying to receive() on one channel layer")
        buffer = self.receive_buffer[channel]
        self.receivers += 1
        self.waiting[channel] = self.waiting.get(channel, 0) + 1
        try:
            message = await buffer.get()
        except asyncio.CancelledError:
            self.receive_buffer.pop(channel, None)  # as the stock layer: the consumer has gone
            raise
        finally:
            self.receivers -= 1
            self.waiting[channel] -= 1
            if not self.waiting[channel]:
                del self.waiting[channel]
            if not self.receivers:
                loop.call_later(READER_IDLE_SECONDS, self.reader_idle)
        if buffer.empty():
            self.receive_buffer.pop(channel, None)
        if isinstance(message, ReaderFailed):
            raise message.error
        return message

    async def read(self, process: str) -> None:
        """Move this process's messages from Redis into its channels' buffers while anyone waits.

        Under load, one script per batch: acknowledge the last batch, take up to ``READ_BATCH``
        more into the backup key (channels-redis's ``$inflight`` key, so a read cancelled
        mid-way loses nothing: the next reader puts them back). When nothing waits, block on
        BZPOPMIN as channels-redis does. The stock receive makes four round trips per message.
        If Redis fails, every waiting ``receive`` raises the error, as with the stock layer."""
        key = self.prefix + process
        backup = self._backup_channel_name(key)
        index = self.consistent_hash(process)
        acknowledged = 0  # the first call puts back what an earlier reader left in flight
        try:
            while True:
                connection = self.connection(index)
                popped = await connection.eval(READ_LUA, 2, key, backup, acknowledged, READ_BATCH)
                acknowledged = 1
                if not popped:
                    result = await connection.bzpopmin(key, timeout=self.brpop_timeout)
                    if result is None:
                        continue
                    popped = [result[1]]
                for content in popped[::2] if len(popped) > 1 else popped:
                    self.deliver(self.deserialize(content))
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 (handed to every waiting receive)
            for channel in list(self.waiting):
                self.receive_buffer[channel].put_nowait(ReaderFailed(error))

    def deliver(self, message: dict) -> None:
        """A message from Redis into its channel's buffer (or each of its channels')."""
        channels = message.pop("__asgi_channel__")
        for channel in channels if isinstance(channels, list) else [channels]:
            self.receive_buffer[channel].put_nowait(message)

    def reader_idle(self) -> None:
        """Stop reading once nobody has waited for a while (a closing server, a test's loop)."""
        if not self.receivers and self.reader is not None:
            self.reader.cancel()
            self.reader = None


class ReaderFailed:
    """Put in a waiting channel's buffer when reading from Redis failed."""

    def __init__(self, error: Exception) -> None:
        self.error = error


# --- Redis pub/sub ---------------------------------------------------------------------------


async def push_passed(response: Any) -> Any:
    """A pub/sub message as read, handed on: redis-py's default handler builds (and drops) a
    debug line of the whole message first (redis/redis-py#4230)."""
    return response


class RedisPubSubShard(RedisSingleShardConnection):
    """One Redis host's connections, its subscriber reading messages without the debug line."""

    def _ensure_redis(self) -> None:
        if self._redis is None:
            self._redis = aioredis.Redis(connection_pool=create_pool(self.host))
            self._pubsub = self._redis.pubsub(push_handler_func=push_passed)


class RedisPubSubLoopLayer(StockRedisPubSubLoopLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shards = [RedisPubSubShard(shard.host, self) for shard in self._shards]


class RedisPubSubChannelLayer(StockRedisPubSubChannelLayer):
    """channels-redis's pub/sub layer, its subscribers reading through ``RedisPubSubShard``."""

    def _get_layer(self) -> RedisPubSubLoopLayer:
        loop = asyncio.get_running_loop()
        layer = self._layers.get(loop)
        if layer is None:
            layer = self._layers[loop] = RedisPubSubLoopLayer(
                *self._args, **self._kwargs, channel_layer=self
            )
            _wrap_close(self, loop)
        return layer
