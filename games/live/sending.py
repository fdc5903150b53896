"""What a screen's socket sends: the frames the fan-out hands it (``games.live.fanout``), its
whole current view, and the frames for it alone, never broadcast (a refusal, a notice, the room
closed, whether the changes of others reach it; docs/protocol.md)."""

from __future__ import annotations

from typing import Any

import orjson
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.kit.errors import error_text
from games.kit.rules import Refusal
from games.live.dbthread import database_call
from games.live.screens import frame_for
from games.ops.limits import Throttled
from games.rooms import selectors


class Sending:
    """The part of a screen's socket (``games.live.consumers.ScreenConsumer``) that sends its
    screen frames, in the screen's language (``language``)."""

    room_id: int
    language: str
    seat: Any
    revoked: bool  # its seat was handed to another phone (``Reseating``): it gets nothing more

    async def frame_send(self, text: str) -> None:
        """A frame built for this screen by the broadcaster (handed over by the fan-out); none
        once this phone's seat went to another phone."""
        if not self.revoked:
            await self.send(text_data=text)

    async def net_send(self, status: str) -> None:
        """Whether the changes of others reach this screen (``games.live.fanout``)."""
        await self.send(text_data=orjson.dumps({"type": "net", "status": status}).decode())

    async def room_closed(self) -> None:
        """The room ended (``games.rooms.lifecycle``): say so, in the screen's language, and hang
        up; the screen shows the closed page."""
        with translation.override(self.language):
            frame = {"type": "closed", "message": str(_("This room has closed."))}
        await self.send(text_data=orjson.dumps(frame).decode())
        await self.close(code=4410)

    async def throttled_close(self, throttled: Throttled) -> None:
        """Too many sockets from this client's network: explained, then closed (the phone waits
        as told, then tries again)."""
        await self.accept()
        await self.error_send(throttled)
        await self.close(code=4429, reason="too many connections from this address")

    async def kicked(self) -> None:
        """The host removed this seat: say so, then hang up."""
        await self.send(text_data='{"type":"kicked"}')
        await self.close(code=4403)

    async def snapshot_send(self) -> None:
        """This screen's full current view (the closed frame once the room has ended)."""
        try:
            text = await database_call(self.snapshot_text)
        except selectors.RoomClosed:
            await self.room_closed()
            return
        await self.send(text_data=text)

    def snapshot_text(self) -> str:
        snapshot = selectors.snapshot_by_id(self.room_id)
        seat = next((s for s in snapshot.seats if self.seat and s.pk == self.seat.pk), None)
        if seat is None and self.seat is not None and self.seat.is_audience:
            seat = self.seat  # during a game the snapshot holds the players only
        return frame_for(snapshot, seat)

    async def error_send(self, error: Refusal, request_id: Any = None) -> None:
        """A refusal, in the screen's language, to this socket only."""
        with translation.override(self.language):
            frame = {"type": "error", "code": error.code, "message": error_text(error)}
        if isinstance(error, Throttled):
            frame["retry_after"] = error.retry_after
        if request_id is not None:
            frame["id"] = request_id
        await self.send(text_data=orjson.dumps(frame).decode())

    async def notice_send(self, code: str, message: Any, request_id: Any = None) -> None:
        """A request done, with something its sender should know, to this socket only."""
        with translation.override(self.language):
            frame = {"type": "notice", "code": code, "message": str(message)}
        if request_id is not None:
            frame["id"] = request_id
        await self.send(text_data=orjson.dumps(frame).decode())
