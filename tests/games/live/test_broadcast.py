"""``games.live.broadcast``: every message to a room's screens, the audience's tally too, leaves
through ``room_send``, the one place that falls back on this process's own sockets when the
channel layer fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from channels.layers import get_channel_layer

from games.live import audience as audience_module
from games.live import broadcast
from games.live.audience import AudienceDesk
from games.live.fanout import BOARD, FRAMES, fanout
from tests.games.live.test_fanout import FakeSocket

PLATFORM = Path(__file__).resolve().parents[3] / "games"


def calls_in_platform(name: str) -> dict[str, int]:
    """How often each platform module (``games/``, outside the games' own folders) calls
    ``name``, its definition aside."""
    found = {}
    for path in PLATFORM.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        count = len(re.findall(rf"(?<!def )\b{name}\(", text))
        if count:
            found[str(path.relative_to(PLATFORM.parent))] = count
    return found


def test_one_place_sends_to_a_rooms_group_and_falls_back_when_the_layer_fails():
    """``room_send``'s ``group_send``, and the fan-out's probe of the layer (to a group nobody
    joins); the fallback (``layer_failed``, then ``deliver_here``) is written once outside the
    fan-out itself."""
    assert calls_in_platform("group_send") == {
        "games/live/broadcast.py": 1, "games/live/fanout.py": 1,
    }
    outside = {path: n for path, n in calls_in_platform("layer_failed").items()
               if path != "games/live/fanout.py"}
    assert outside == {"games/live/broadcast.py": 1}


@pytest.mark.django_db(transaction=True)
async def test_a_tally_after_a_vote_goes_through_room_send_to_every_process(monkeypatch):
    sent = []

    async def recorded(room_id: int, message: dict, everywhere: bool = True) -> bool:
        sent.append((room_id, message, everywhere))
        return True

    monkeypatch.setattr(broadcast, "room_send", recorded)
    monkeypatch.setattr(audience_module, "TALLY_SECONDS", 0)
    monkeypatch.setattr(audience_module, "tally_text", lambda room_id, votes: "T")
    desk = AudienceDesk()
    desk.voted(41, {"n": 1})
    await desk.pending[41]
    desk.touch(41)  # a change every process saw: this process's own screens only
    await desk.pending[41]
    tally = {"type": FRAMES, "frames": {}, "tally": "T"}
    assert sent == [(41, tally, True), (41, tally, False)]


@pytest.mark.django_db(transaction=True)
async def test_a_tally_reaches_this_process_board_when_the_layer_fails(monkeypatch):
    board = FakeSocket()
    await fanout.join(42, BOARD, board)

    async def down(*args) -> None:
        raise ConnectionError("the layer is down")

    monkeypatch.setattr(get_channel_layer(), "group_send", down)
    monkeypatch.setattr(audience_module, "TALLY_SECONDS", 0)
    monkeypatch.setattr(audience_module, "tally_text", lambda room_id, votes: "T")
    desk = AudienceDesk()
    desk.voted(42, {"n": 1})
    await desk.pending[42]
    assert board.frames == ["T"] and fanout.trouble.is_set()
    await fanout.leave(42, BOARD, board)
