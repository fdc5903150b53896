"""An audience phone's votes, from its socket: each checked and handed to the room's next tally
(``games.live.audience``), and only its own told back to it; its votes on the open ballot again
when it reconnects. A screen that shows the tally (the board, the audience) gets one soon after
it opens."""

from __future__ import annotations

import orjson

from games.live.audience import desk, vote_check, votes_mine
from games.live.dbthread import database_call
from games.live.handshake import in_language
from games.live.screens import AUDIENCE, BOARD


def screen_opened(room_id: int, screens: list[str]) -> None:
    """Once the snapshot is sent: the audience's tally soon (``games.live.audience``)."""
    if BOARD in screens or AUDIENCE in screens:
        desk.touch(room_id)


async def votes_again(room_id: int, seat_id: int) -> list[str]:
    """The audience phone's own votes on the open ballot, as sent to it when it connects."""
    return [orjson.dumps(vote).decode()
            for vote in await database_call(votes_mine, room_id, seat_id)]


async def vote_cast(room_id: int, seat_id: int, message: dict, language: str) -> dict:
    """An audience vote, checked in the phone's language (a ``Refusal`` when it may not count),
    stored with the room's next tally; what its phone alone is told back."""
    vote = await database_call(
        in_language(language, lambda m: vote_check(room_id, seat_id, m)), message
    )
    desk.voted(room_id, vote)
    return {key: vote[key] for key in ("type", "ballot", "question", "choice")}
