"""The fan-out: one layer message per change, each socket handed only its own screen's frame."""

from __future__ import annotations

import asyncio
import itertools
import uuid

import pytest
from channels.layers import InMemoryChannelLayer, get_channel_layer

from games.live import fanout as fanout_module
from games.live.fanout import FRAMES, Fanout, retry_delays, room_group
from tests.support.waits import until


class FakeSocket:
    def __init__(self, fail: bool = False, error: Exception | None = None) -> None:
        self.frames: list[str] = []
        self.was_kicked = False
        self.fail = fail
        self.error = error or ValueError("this socket broke")
        self.told: list[str] = []  # "net:<status>" and "snapshot", in order

    async def frame_send(self, text: str) -> None:
        if self.fail:
            raise self.error
        self.frames.append(text)

    async def kicked(self) -> None:
        self.was_kicked = True

    async def net_send(self, status: str) -> None:
        self.told.append(f"net:{status}")

    async def snapshot_send(self) -> None:
        self.told.append("snapshot")


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.fixture(autouse=True)
async def layer_empty() -> None:
    """Each test starts from an empty layer: a group another test of this worker left behind
    (its room had the same id) is not this test's."""
    await get_channel_layer().flush()


def members(room_id: int) -> dict:
    return get_channel_layer().groups.get(room_group(room_id), {})


async def test_each_socket_gets_only_its_own_screens_frame_and_other_rooms_nothing() -> None:
    fanout = Fanout()
    board, phone, tab, stranger = FakeSocket(), FakeSocket(), FakeSocket(), FakeSocket()
    await fanout.join(1, "board", board)
    await fanout.join(1, "seat7", phone)
    await fanout.join(1, "seat7", tab)  # the same seat in a second tab
    await fanout.join(2, "seat8", stranger)
    frames = {"board": "B", "seat7": "S7", "seat9": "S9"}
    await get_channel_layer().group_send(room_group(1), {"type": FRAMES, "frames": frames})
    await settle()
    assert board.frames == ["B"]
    assert phone.frames == ["S7"] and tab.frames == ["S7"]
    assert stranger.frames == []


async def test_the_process_joins_a_rooms_group_once_and_leaves_with_its_last_socket() -> None:
    fanout = Fanout()
    sockets = [FakeSocket() for _ in range(3)]
    await asyncio.gather(*(fanout.join(5, f"seat{n}", s) for n, s in enumerate(sockets)))
    assert len(members(5)) == 1
    reader = fanout.rooms[5].reader
    await fanout.leave(5, "seat0", sockets[0])
    await fanout.leave(5, "seat1", sockets[1])
    assert len(members(5)) == 1 and not reader.done()
    await fanout.leave(5, "seat2", sockets[2])
    await settle()
    assert members(5) == {} and reader.cancelled() and 5 not in fanout.rooms
    assert fanout.watcher is None  # nothing left to watch
    # Back again: a new membership, and changes arrive as before.
    again = FakeSocket()
    await fanout.join(5, "board", again)
    await get_channel_layer().group_send(room_group(5), {"type": FRAMES, "frames": {"board": "x"}})
    await settle()
    assert again.frames == ["x"] and len(members(5)) == 1


async def test_frames_arrive_in_order_and_kicked_screens_hang_up() -> None:
    fanout = Fanout()
    phone, other = FakeSocket(), FakeSocket()
    await fanout.join(3, "seat1", phone)
    await fanout.join(3, "seat2", other)
    layer = get_channel_layer()
    for n in range(5):
        await layer.group_send(room_group(3), {"type": FRAMES, "frames": {"seat1": str(n)}})
    await layer.group_send(room_group(3), {"type": FRAMES, "frames": {}, "kicked": ["seat2"]})
    await settle()
    assert phone.frames == ["0", "1", "2", "3", "4"]
    assert other.was_kicked and not phone.was_kicked


async def test_a_broken_socket_does_not_keep_the_others_from_their_frames(caplog) -> None:
    fanout = Fanout()
    broken, fine = FakeSocket(fail=True), FakeSocket()
    await fanout.join(4, "seat1", broken)
    await fanout.join(4, "seat1", fine)
    await fanout.join(4, "board", FakeSocket())
    layer = get_channel_layer()
    await layer.group_send(room_group(4), {"type": FRAMES, "frames": {"seat1": "a", "board": "b"}})
    await layer.group_send(room_group(4), {"type": FRAMES, "frames": {"seat1": "c"}})
    await settle()
    assert fine.frames == ["a", "c"]
    assert fanout.rooms[4].screens["board"].pop().frames == ["b"]
    assert "room 4" in caplog.text


@pytest.mark.parametrize("error", [
    ConnectionResetError("the ASGI spec's closed connection"),
    RuntimeError("Attempt to send on a closed protocol"),  # Daphne's (autobahn's Disconnected)
])
async def test_a_socket_closed_before_its_frame_is_noted_not_logged_as_an_error(
    caplog, error
) -> None:
    fanout = Fanout()
    await fanout.join(5, "seat1", FakeSocket(fail=True, error=error))
    with caplog.at_level("INFO", logger="games.live.fanout"):
        await get_channel_layer().group_send(room_group(5), {"type": FRAMES,
                                                             "frames": {"seat1": "a"}})
        await settle()
    assert [(r.levelname, r.exc_info) for r in caplog.records] == [("INFO", None)]
    assert "room 5 closed before its frame" in caplog.text


async def test_a_socket_failing_otherwise_is_logged_as_an_error_with_its_traceback(caplog) -> None:
    fanout = Fanout()
    await fanout.join(6, "seat1", FakeSocket(fail=True, error=TypeError("a bug")))
    await get_channel_layer().group_send(room_group(6), {"type": FRAMES, "frames": {"seat1": "a"}})
    await settle()
    assert [r.levelname for r in caplog.records] == ["ERROR"]
    assert caplog.records[0].exc_info[0] is TypeError


async def test_a_join_given_up_while_the_room_opens_leaves_no_membership_behind() -> None:
    fanout = Fanout()
    joining = asyncio.ensure_future(fanout.join(7, "seat1", FakeSocket()))
    await asyncio.sleep(0)  # the join waits for the room to open...
    joining.cancel()  # ...and the phone is gone before it has
    with pytest.raises(asyncio.CancelledError):
        await joining
    await settle()
    assert 7 not in fanout.rooms and members(7) == {}
    socket = FakeSocket()
    await fanout.join(7, "board", socket)  # a later socket opens the room afresh
    await get_channel_layer().group_send(room_group(7), {"type": FRAMES, "frames": {"board": "x"}})
    await settle()
    assert socket.frames == ["x"] and len(members(7)) == 1


async def test_a_room_whose_sockets_all_gave_up_while_its_group_add_waited_leaves_again(
    monkeypatch,
) -> None:
    fanout = Fanout()
    layer = get_channel_layer()
    real = layer.group_add

    asked, answer, added = asyncio.Event(), asyncio.Event(), asyncio.Event()

    async def slow(group: str, channel: str) -> None:
        asked.set()
        await answer.wait()  # a round trip to Redis, as long as the test holds it
        await real(group, channel)
        added.set()

    monkeypatch.setattr(layer, "group_add", slow)
    joining = asyncio.ensure_future(fanout.join(8, "seat1", FakeSocket()))
    await asyncio.wait_for(asked.wait(), 5)  # the room's group add is on its way...
    joining.cancel()  # ...when its only socket gives up
    with pytest.raises(asyncio.CancelledError):
        await joining
    answer.set()
    await asyncio.wait_for(added.wait(), 5)
    await until(lambda: 8 not in fanout.rooms and members(8) == {},
                what="the room left again once its group add answered")


async def test_a_room_left_by_its_last_socket_is_freed_without_the_garbage_collector() -> None:
    """Its reader task referred to it, and it to the task: it would have waited for a full
    collection, which takes hundreds of milliseconds with a thousand sockets open."""
    import gc
    import weakref

    fanout = Fanout()
    socket = FakeSocket()
    await fanout.join(7, "board", socket)
    await settle()
    room = weakref.ref(fanout.rooms[7])
    gc.disable()
    try:
        await fanout.leave(7, "board", socket)
        await settle()
        assert room() is None
    finally:
        gc.enable()


# --- on each of Channels' stock layers ---------------------------------------------------------

STOCK_LAYERS = [
    pytest.param("channels.layers.InMemoryChannelLayer", id="memory"),
    pytest.param("channels_redis.core.RedisChannelLayer", id="redis", marks=pytest.mark.redis),
    pytest.param(
        "channels_redis.pubsub.RedisPubSubChannelLayer", id="pubsub", marks=pytest.mark.redis
    ),
]


@pytest.mark.parametrize("backend", STOCK_LAYERS)
async def test_on_each_stock_layer_every_process_hands_its_sockets_their_own_frames_in_order(
    backend, request, settings
) -> None:
    """Two processes (two layer instances, as two servers have) serve one room; a change sent
    from either reaches every socket of the room, each its own screen's frame, in order."""
    config: dict = {}
    if backend.startswith("channels_redis"):
        url = request.getfixturevalue("redis_url")
        config = {"CONFIG": {"hosts": [url], "prefix": f"t{uuid.uuid4().hex[:8]}"}}
    settings.CHANNEL_LAYERS = {
        **settings.CHANNEL_LAYERS,
        "here": {"BACKEND": backend, **config},
        "there": {"BACKEND": backend, **config},
    }
    # In memory a layer does not cross processes: there both share one instance.
    here, there = Fanout("here"), Fanout("there" if config else "here")
    board, phone, other = FakeSocket(), FakeSocket(), FakeSocket()
    stranger = FakeSocket()
    await here.join(1, "board", board)
    await here.join(1, "seat1", phone)
    await there.join(1, "seat2", other)
    await there.join(2, "board", stranger)
    for n in range(3):
        sender = (here if n % 2 else there).layer()
        frames = {"board": f"b{n}", "seat1": f"s{n}", "seat2": f"o{n}"}
        await sender.group_send(room_group(1), {"type": FRAMES, "frames": frames})
    for socket, prefix in ((board, "b"), (phone, "s"), (other, "o")):
        await until(lambda socket=socket: len(socket.frames) == 3)
        assert socket.frames == [f"{prefix}{n}" for n in range(3)]
    assert stranger.frames == []
    for fanout, room_id, screen, socket in (
        (here, 1, "board", board), (here, 1, "seat1", phone), (there, 1, "seat2", other),
        (there, 2, "board", stranger),
    ):
        await fanout.leave(room_id, screen, socket)
    for fanout in (here, there):
        await fanout.layer().flush()


# --- the layer failing ---------------------------------------------------------------------------


class FlakyLayer:
    """Channels' in-memory layer that goes down as a Redis server does: while down every call
    fails (``receive`` too, also one already waiting, unless ``receive_fails`` is off, as on
    the pub/sub layer, which reconnects by itself); back up, it has forgotten every group."""

    def __init__(self, receive_fails: bool = True) -> None:
        self.inner = InMemoryChannelLayer()
        self.receive_fails = receive_fails
        self.down = False
        self.went_down = asyncio.Event()
        self.failed_calls = 0

    def go_down(self) -> None:
        self.down = True
        self.went_down.set()

    def come_back(self) -> None:
        self.inner = InMemoryChannelLayer()
        self.down = False
        self.went_down = asyncio.Event()

    def check(self) -> None:
        if self.down:
            self.failed_calls += 1
            raise ConnectionError("the layer is down")

    async def new_channel(self) -> str:
        self.check()
        return await self.inner.new_channel()

    async def group_add(self, group: str, channel: str) -> None:
        self.check()
        await self.inner.group_add(group, channel)

    async def group_discard(self, group: str, channel: str) -> None:
        self.check()
        await self.inner.group_discard(group, channel)

    async def group_send(self, group: str, message: dict) -> None:
        self.check()
        await self.inner.group_send(group, message)

    async def receive(self, channel: str) -> dict:
        while True:
            if self.receive_fails:
                self.check()
            inner, went_down = self.inner, self.went_down
            message = asyncio.ensure_future(inner.receive(channel))
            down = asyncio.ensure_future(went_down.wait())
            try:
                await asyncio.wait({message, down}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                down.cancel()
                if not message.done():
                    message.cancel()
            if message.done() and not message.cancelled():
                return message.result()
            # Went down while waiting: fail, or (pub/sub) wait on the layer that comes back.
            while self.down and not self.receive_fails:
                await asyncio.sleep(0.01)


class FlakyFanout(Fanout):
    def __init__(self, layer: FlakyLayer) -> None:
        super().__init__()
        self.flaky = layer

    def layer(self) -> FlakyLayer:
        return self.flaky


@pytest.fixture
def quick_retries(monkeypatch):
    """Retries after 10, 20, then 40 ms; a probe every 50 ms."""
    monkeypatch.setattr(fanout_module, "RETRY_FIRST_SECONDS", 0.01)
    monkeypatch.setattr(fanout_module, "RETRY_MAX_SECONDS", 0.04)
    monkeypatch.setattr(fanout_module, "PROBE_SECONDS", 0.05)


def test_retries_wait_half_a_second_doubling_up_to_two() -> None:
    assert list(itertools.islice(retry_delays(), 7)) == [0.5, 1, 2, 2, 2, 2, 2]


async def test_a_failed_reader_tells_the_screens_and_they_catch_up_once_the_layer_is_back(
    quick_retries,
) -> None:
    layer = FlakyLayer()
    fanout = FlakyFanout(layer)
    board, phone = FakeSocket(), FakeSocket()
    await fanout.join(1, "board", board)
    await fanout.join(1, "seat1", phone)
    layer.go_down()  # the room's reader fails at once
    await until(lambda: board.told == phone.told == ["net:degraded"])
    assert fanout.degraded
    failed = layer.failed_calls
    await until(lambda: layer.failed_calls >= failed + 3)  # it keeps trying, and failing
    assert board.told == ["net:degraded"] and fanout.degraded

    layer.come_back()  # a restarted Redis: the room's membership is gone
    await until(lambda: board.told == phone.told == ["net:degraded", "net:ok", "snapshot"])
    assert not fanout.degraded
    # Back in its group, with a reader: changes reach the sockets again.
    await layer.group_send(room_group(1), {"type": FRAMES, "frames": {"board": "B", "seat1": "S"}})
    await until(lambda: board.frames == ["B"] and phone.frames == ["S"])
    # A socket joining the room now is handed frames by the room's running reader.
    late = FakeSocket()
    await fanout.join(1, "seat2", late)
    await layer.group_send(room_group(1), {"type": FRAMES, "frames": {"seat2": "L"}})
    await until(lambda: late.frames == ["L"])
    for screen, socket in (("board", board), ("seat1", phone), ("seat2", late)):
        await fanout.leave(1, screen, socket)


async def test_retries_back_off_between_failed_tries(quick_retries, monkeypatch) -> None:
    waited = []

    def recorded():
        for delay in retry_delays():
            waited.append(delay)
            yield delay

    monkeypatch.setattr(fanout_module, "retry_delays", recorded)
    layer = FlakyLayer()
    fanout = FlakyFanout(layer)
    socket = FakeSocket()
    await fanout.join(1, "board", socket)
    layer.go_down()
    await until(lambda: len(waited) >= 5)
    assert waited[:5] == [0.01, 0.02, 0.04, 0.04, 0.04]
    # One try after each wait (its first call failing ends it), none in between.
    assert layer.failed_calls - 1 in (len(waited) - 1, len(waited))
    layer.come_back()
    await until(lambda: socket.told[-1:] == ["snapshot"])
    await fanout.leave(1, "board", socket)


async def test_a_join_while_the_layer_is_down_keeps_the_socket_and_joins_once_it_is_back(
    quick_retries,
) -> None:
    layer = FlakyLayer()
    fanout = FlakyFanout(layer)
    layer.go_down()
    socket = FakeSocket()
    await fanout.join(6, "board", socket)  # returns: the socket waits in the room
    assert fanout.rooms[6].screens == {"board": {socket}}
    await until(lambda: socket.told == ["net:degraded"])
    layer.come_back()
    await until(lambda: socket.told == ["net:degraded", "net:ok", "snapshot"])
    await layer.group_send(room_group(6), {"type": FRAMES, "frames": {"board": "ok"}})
    await until(lambda: socket.frames == ["ok"])
    await fanout.leave(6, "board", socket)


async def test_a_layer_whose_receive_never_fails_is_found_down_by_the_probe(quick_retries) -> None:
    """The pub/sub layer reconnects by itself: its receive waits on, frames sent meanwhile are
    lost. The probe finds the outage, and the screens catch up once it is over."""
    layer = FlakyLayer(receive_fails=False)
    fanout = FlakyFanout(layer)
    socket = FakeSocket()
    await fanout.join(2, "board", socket)
    layer.go_down()
    await until(lambda: socket.told == ["net:degraded"])
    layer.come_back()
    await until(lambda: socket.told == ["net:degraded", "net:ok", "snapshot"])
    await layer.group_send(room_group(2), {"type": FRAMES, "frames": {"board": "x"}})
    await until(lambda: socket.frames == ["x"])
    await fanout.leave(2, "board", socket)


async def test_leaving_while_the_layer_is_down_is_logged_not_raised(quick_retries, caplog) -> None:
    layer = FlakyLayer()
    fanout = FlakyFanout(layer)
    socket = FakeSocket()
    await fanout.join(3, "board", socket)
    layer.go_down()
    await fanout.leave(3, "board", socket)
    assert 3 not in fanout.rooms and fanout.watcher is None and not fanout.degraded
    assert "room 3: leaving its group failed" in caplog.text


async def test_a_change_the_layer_could_not_carry_reaches_this_processs_own_sockets() -> None:
    fanout = Fanout()
    board, phone = FakeSocket(), FakeSocket()
    await fanout.join(4, "board", board)
    await fanout.join(4, "seat1", phone)
    await fanout.deliver_here(4, {"frames": {"board": "b", "seat1": "s"}, "kicked": ["seat1"]})
    assert board.frames == ["b"] and phone.frames == ["s"] and phone.was_kicked
    await fanout.deliver_here(5, {"frames": {"board": "nobody here"}})  # no such room here
    for screen, socket in (("board", board), ("seat1", phone)):
        await fanout.leave(4, screen, socket)
