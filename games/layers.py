"""The project's channel layers: Channels' own, less the waste the live path cannot afford.

Every change sends one frame to each screen's own group (the board's, each seat's), so the
broadcaster hands the layer all of a change's messages at once: ``group_send_many``.

In memory (one process, the default):

The stock ``InMemoryChannelLayer`` walks every channel queue and every group membership on each
``group_send`` and on each ``receive``, to expire old messages: the cost of one frame grows with
the number of sockets in the process, and the layer collapses near a thousand sockets. Here the
same sweep runs at most once a second (messages expire after a minute, group memberships after a
day, so nothing expires noticeably later). ``group_send`` puts the message on each member's
queue directly instead of through one task per member, a message of plain values is copied
shallowly, and ``receive`` stops building a spare queue on every call. Behaviour is otherwise
the stock layer's: same capacity, same silent drop when a queue is full.

Redis (``channels_redis.core``): the stock ``group_send`` makes four round trips to Redis per
group, and each message costs its receiving process four more, so a change to a room of six
phones made 56. ``group_send_many`` reads every group's members in one pipeline and queues one
message per receiving process with one script (two round trips, the same keys, expiry, capacity
check and silent drop as the stock script); that process then receives it once.

Redis pub/sub (``channels_redis.pubsub``): one PUBLISH per group, pipelined into one round trip.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import defaultdict
from copy import deepcopy
from typing import Any

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer as StockInMemoryChannelLayer
from channels_redis.core import RedisChannelLayer as StockRedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer as StockRedisPubSubChannelLayer

logger = logging.getLogger(__name__)

PLAIN = (str, bytes, int, float, bool, type(None))


def message_copy(message: dict) -> dict:
    """A copy the receiver may change: shallow when every value is immutable."""
    if all(type(value) in PLAIN for value in message.values()):
        return dict(message)
    return deepcopy(message)


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

    async def group_send_many(self, sends: list[tuple[str, dict]]) -> None:
        """``group_send`` for each (group, message), in order."""
        for group, message in sends:
            await self.group_send(group, message)


# Queue one message per key, each with its own score (so the receiver pops them in the order
# given), unless the key is at capacity: channels-redis's group_send script, for many groups.
GROUP_SEND_MANY_LUA = """
local n = #KEYS
local expiry = ARGV[3 * n + 1]
local over = 0
for i = 1, n do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[2 * n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over = over + 1
    end
end
return over
"""


BATCH = "layers.batch"  # several channels' own messages in one Redis message
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
    """channels-redis's layer with ``group_send_many``: a change's frames in two round trips,
    and one Redis message per process instead of one per screen.

    channels-redis keeps every message for a process's sockets under one key, and receiving each
    message costs that process four more round trips; a change to a room sent seven. Here the
    messages of one change for one process travel together, each channel's own message inside
    (``BATCH``); ``receive`` hands each channel its own, so consumers see plain messages."""

    async def group_send_many(self, sends: list[tuple[str, dict]]) -> None:
        if not sends:
            return
        now = time.time()
        # 1. Every group's members, with memberships past group_expiry dropped, as group_send.
        by_host: dict[int, list[int]] = defaultdict(list)
        for i, (group, message) in enumerate(sends):
            assert self.require_valid_group_name(group), "Group name not valid"
            assert "__asgi_channel__" not in message
            by_host[self.consistent_hash(group)].append(i)
        members: list[list[str]] = [[] for _ in sends]
        for index, positions in by_host.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for i in positions:
                key = self._group_key(sends[i][0])
                pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
                pipe.zrange(key, 0, -1)
            results = await pipe.execute()
            for n, i in enumerate(positions):
                members[i] = [name.decode("utf8") for name in results[2 * n + 1]]
        # 2. Per Redis key (one per process), its channels' messages in order: the n-th message
        # of each channel goes in the n-th Redis message for that key.
        rounds: dict[str, list[dict[str, dict]]] = defaultdict(list)
        for (_group, message), channels in zip(sends, members, strict=True):
            for channel in channels:
                key = self.prefix + self.non_local_name(channel)
                for batch in rounds[key]:
                    if channel not in batch:
                        batch[channel] = message
                        break
                else:
                    rounds[key].append({channel: message})
        queued: dict[int, list[tuple[str, bytes, int]]] = defaultdict(list)
        for key, batches in rounds.items():
            first = next(iter(batches[0]))
            index = self.consistent_hash(self.non_local_name(first))
            for batch in batches:
                channels = list(batch)
                if len(channels) == 1:
                    message = {**batch[channels[0]], "__asgi_channel__": channels}
                else:
                    message = {"type": BATCH, "messages": batch, "__asgi_channel__": channels}
                queued[index].append((key, self.serialize(message), self.get_capacity(first)))
        # 3. Per host one pipeline: expired messages dropped, every message queued by one script.
        for index, items in queued.items():
            pipe = self.connection(index).pipeline(transaction=False)
            for key in dict.fromkeys(key for key, _message, _capacity in items):
                pipe.zremrangebyscore(key, min=0, max=int(now) - int(self.expiry))
            keys = [key for key, _message, _capacity in items]
            args = [message for _key, message, _capacity in items]
            args += [capacity for _key, _message, capacity in items]
            args += [repr(now + i * 1e-6) for i in range(len(items))]
            pipe.eval(GROUP_SEND_MANY_LUA, len(keys), *keys, *args, self.expiry)
            over = (await pipe.execute())[-1]
            if over:
                logger.info("%s of %s messages over capacity", over, len(keys))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.receivers = 0
        self.waiting: dict[str, int] = {}  # channel -> receive() calls waiting on it
        self.reader: asyncio.Task | None = None
        self.reader_loop: asyncio.AbstractEventLoop | None = None

    async def receive(self, channel: str) -> dict:
        """The next message for a channel. A process-local channel waits on its own buffer, which
        one reader task per process fills from Redis (channels-redis's own ``receive_single``:
        same keys, same backup queue, same order); the stock ``receive`` has every waiting
        consumer race for a lock with two new tasks and an ``asyncio.wait`` per message."""
        if "!" not in channel:
            return unbatched(await super().receive(channel), channel)
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
        return unbatched(message, channel)

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


def unbatched(message: dict, channel: str) -> dict:
    """A channel's own message out of a ``BATCH`` (other messages are returned as they are)."""
    if message.get("type") == BATCH:
        return dict(message["messages"][channel])
    return message


class RedisPubSubChannelLayer(StockRedisPubSubChannelLayer):
    """channels-redis's pub/sub layer with ``group_send_many``: one round trip per shard."""

    async def group_send_many(self, sends: list[tuple[str, dict]]) -> None:
        layer = self._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = defaultdict(list)
        for group, message in sends:
            channel = layer._get_group_channel_name(group)
            by_shard[layer._get_shard(channel)].append((channel, self.serialize(message)))
        for shard, items in by_shard.items():
            async with shard._lock:
                shard._ensure_redis()
                pipe = shard._redis.pipeline(transaction=False)
                for channel, data in items:
                    pipe.publish(channel, data)
                await pipe.execute()
