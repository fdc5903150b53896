"""The screens a socket takes from the fan-out (``games.live.fanout``), as its seat is: joined
when it opens, left when it closes, and changed under it as the fan-out tells it (a change's
``handed`` and ``reseated`` screens) when its seat is handed to another phone by the host's
code, or moved between the audience and the places by play again."""

from __future__ import annotations

from typing import Any

from games.live.dbthread import database_call
from games.live.fanout import fanout
from games.rooms import models


class Reseating:
    """The part of a screen's socket (``games.live.consumers.ScreenConsumer``) that follows its
    seat: the old phone of a handed seat takes no more frames and hangs up; a seat moved between
    the audience and the places takes the screens of what it now is (``screens_for``)."""

    room_id: int
    screens: list[str]
    seat: Any = None
    revoked = False  # its seat was handed to another phone: it gets nothing more (``Sending``)

    def screens_for(self) -> list[str]:
        """The screens whose frames this socket shows (``games.live.screens``)."""
        raise NotImplementedError

    async def screens_join(self) -> None:
        """Take the frames of this socket's screens (``screens_for``) from now on."""
        screens = self.screens_for()
        for screen in screens:
            await fanout.join(self.room_id, screen, self)
        self.screens = screens

    async def screens_leave(self) -> None:
        """Take no more frames: the socket closed."""
        for screen in self.screens:
            await fanout.leave(self.room_id, screen, self)

    async def handed_check(self) -> None:
        """This seat was handed to another phone: if this socket's token no longer holds it
        (the old phone, not the new one), say so, take no more frames, and hang up."""
        if self.seat is None or self.revoked:
            return
        if await database_call(self.seat_still_held):
            return
        self.revoked = True
        await self.send(text_data='{"type":"handed"}')
        await self.close(code=4409)

    async def reseat(self, watches: bool) -> None:
        """Play again moved this phone's seat between the audience and the places: it now
        takes the screens of what it is (``screens_for``), before this change's frames."""
        if self.seat is None or self.seat.is_audience == watches:
            return
        self.seat.is_audience = watches
        screens = self.screens_for()
        for screen in self.screens:
            if screen not in screens:
                await fanout.leave(self.room_id, screen, self)
        for screen in screens:
            if screen not in self.screens:
                await fanout.join(self.room_id, screen, self)
        self.screens = screens

    def seat_still_held(self) -> bool:
        return models.Seat.objects.filter(pk=self.seat.pk,
                                          token_digest=self.seat.token_digest).exists()
