"""The sockets' transport is thin: the fan-out hands a socket its frames through what it sends
(``games.live.sending``) and what its seat's changes do to it (``games.live.reseating``), and
calls no method of the consumers' own (``games.live.consumers``), which move bytes and call the
door."""

from __future__ import annotations

from games.live.consumers import BoardConsumer, ScreenConsumer, SeatConsumer
from games.live.fanout import Screen
from games.live.reseating import Reseating
from games.live.sending import Sending


def test_the_fan_out_calls_no_method_of_the_consumers_own():
    called = {name for name in vars(Screen) if not name.startswith("_")}
    assert {"frame_send", "reseat", "handed_check"} <= called
    for consumer in (ScreenConsumer, BoardConsumer, SeatConsumer):
        assert not called & set(vars(consumer)), consumer
    assert called <= set(vars(Sending)) | set(vars(Reseating))
