"""The audience that plays along: its votes, their tally, and the tally's way to the screens.

Each game says what its audience votes on, from the public view only (its ``Game``'s
``ballot(view)`` and ``result(view, key)``, pure). Votes are stored (a restart
keeps them), each process's of the last ``TALLY_SECONDS`` in one transaction just before its
next tally, and never touch the game. Screens only ever get the tally, summed here: no phone
receives another phone's vote, and while a ballot is open only how many have voted is shown,
so that not even a count of one gives a vote away.

A vote does not take the room's row lock: it changes nothing the players' moves read, and a
thousand phones voting must not queue in front of a player's move. The tally reaches the board
and the audience at most every ``TALLY_SECONDS`` per room (``AudienceDesk``), never with the
players' frames: the fan-out hands the audience its frames coalesced, after the players'.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import orjson
from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.kit.errors import ServiceError
from games.kit.registry import game
from games.live.broadcast import tally_broadcast
from games.live.dbthread import database_call, task_detached
from games.live.fanout import fanout
from games.rooms.fixedparts import state_full
from games.rooms.liveness import CONNECTION_STALE
from games.rooms.models import AudienceVote, Room, Seat

logger = logging.getLogger(__name__)

TALLY_SECONDS = 1.0  # at most one tally per room and process this often


def public_view(room: Room) -> dict | None:
    """The board's view of the room's running game (what the game's ballot may read)."""
    if room.status == Room.Status.LOBBY or room.state is None:
        return None
    return game(room.game).view(state_full(room), None)


def choice_clean(ballot: dict, question: Any, choice: Any) -> str:
    """The choice as stored (its text), if ``question`` is one of the ballot's and ``choice``
    one of its values (the same JSON type: ``1`` is not ``"1"``); else a refusal."""
    for asked in ballot["questions"]:
        if asked["name"] == question:
            for offered in asked["choices"]:
                value = offered["value"]
                if type(value) is type(choice) and value == choice:
                    return str(value)
            raise ServiceError(_("That is not one of the choices."), code="bad_choice")
    raise ServiceError(_("There is no such question."), code="bad_choice")


def vote_check(room_id: int, seat_id: int, message: dict) -> dict:
    """An audience phone's vote on the open ballot, checked (reads only; ``votes_store`` writes
    it): what the phone is told back, only its own vote, with the game it belongs to."""
    room = Room.objects.filter(pk=room_id).first()
    if room is None:
        raise ServiceError(_("This room no longer exists."), code="no_room")
    if not Seat.objects.filter(pk=seat_id, room_id=room_id, is_audience=True).exists():
        raise ServiceError(_("Only the audience votes here."), code="not_audience")
    view = public_view(room)
    if view is None or room.status != Room.Status.PLAYING or room.current_game_id is None:
        raise ServiceError(_("There is nothing to vote on now."), code="closed")
    ballot = game(room.game).ballot_open(view)
    if ballot is None or ballot["key"] != message.get("ballot"):
        raise ServiceError(_("This vote has closed."), code="closed")
    question = message.get("question")
    choice_clean(ballot, question, message.get("choice"))
    return {"type": "voted", "ballot": ballot["key"], "question": question,
            "choice": message.get("choice"), "game": room.current_game_id, "seat": seat_id}


def votes_store(votes: list[dict]) -> None:
    """Checked votes (``vote_check``) saved in one transaction: a phone's later answer to the
    same question replaces its earlier one. Votes come in by the hundred a second; one commit
    for all of them keeps the database free for the players' moves."""
    if not votes:
        return
    latest = {(v["game"], v["ballot"], v["question"], v["seat"]): v for v in votes}
    AudienceVote.objects.bulk_create(
        [AudienceVote(game_id=game, ballot=ballot, question=question, seat_id=seat,
                      choice=str(vote["choice"]))
         for (game, ballot, question, seat), vote in latest.items()],
        update_conflicts=True, unique_fields=["game", "ballot", "question", "seat"],
        update_fields=["choice", "cast_at"],
    )


def votes_mine(room_id: int, seat_id: int) -> list[dict]:
    """This phone's own votes on the ballot open now (sent back to it when it reconnects)."""
    room = Room.objects.filter(pk=room_id).first()
    view = public_view(room) if room is not None else None
    ballot = game(room.game).ballot_open(view) if view is not None else None
    if ballot is None:
        return []
    mine = AudienceVote.objects.filter(
        game_id=room.current_game_id, seat_id=seat_id, ballot=ballot["key"]
    ).values_list("question", "choice")
    by_text = {
        (asked["name"], str(offered["value"])): offered["value"]
        for asked in ballot["questions"] for offered in asked["choices"]
    }
    return [
        {"type": "voted", "ballot": ballot["key"], "question": question,
         "choice": by_text[(question, choice)]}
        for question, choice in mine if (question, choice) in by_text
    ]


def counts(game_id: int, key: str) -> tuple[dict[str, dict[str, int]], int]:
    """One ballot's tally: votes per choice of each question, and how many phones voted."""
    tally: dict[str, dict[str, int]] = {}
    rows = (AudienceVote.objects.filter(game_id=game_id, ballot=key)
            .values_list("question", "choice").annotate(n=Count("id")))
    for question, choice, n in rows:
        tally.setdefault(question, {})[choice] = n
    voters = (AudienceVote.objects.filter(game_id=game_id, ballot=key)
              .values("seat_id").distinct().count())
    return tally, voters


def watching(room_id: int) -> int:
    """The audience phones connected now: a socket seen within ``CONNECTION_STALE`` (a phone
    that left, or whose server process died, counts no more; ``games.rooms.liveness``)."""
    seen = timezone.now() - CONNECTION_STALE
    return (Seat.objects.filter(room_id=room_id, is_audience=True,
                                connections__last_seen__gte=seen)
            .distinct().count())


def tally_build(room_id: int) -> dict | None:
    """The tally frame of the room now: how many watch; the open ballot with how many voted
    (no counts while it is open); the latest closed ballot's counts beside the players'
    result, once that result is public. ``None`` when the room has no game, or has never had
    an audience and has no votes (once it had one, a frame says that none is left)."""
    room = Room.objects.filter(pk=room_id).first()
    view = public_view(room) if room is not None else None
    if view is None or room.current_game_id is None:
        return None
    played = game(room.game)
    game_id = room.current_game_id
    ballot = played.ballot_open(view)
    frame: dict[str, Any] = {
        "type": "tally",
        "version": room.version,
        "watching": watching(room_id),
        "open": None,
        "last": None,
    }
    if ballot is not None:
        frame["open"] = {**ballot, "voters": counts(game_id, ballot["key"])[1]}
    latest = (AudienceVote.objects.filter(game_id=game_id)
              .exclude(ballot=ballot["key"] if ballot else "")
              .order_by("-cast_at").values_list("ballot", flat=True).first())
    truth = played.ballot_result(view, latest) if latest else None
    if truth is not None:
        tally, voters = counts(game_id, latest)
        frame["last"] = {"key": latest, "counts": tally, "voters": voters, "result": truth}
    if (not frame["watching"] and frame["last"] is None and not (frame["open"] or {}).get("voters")
            and not Seat.objects.filter(room_id=room_id, is_audience=True).exists()):
        return None  # no audience ever, nothing voted: no frame for screens to draw nothing from
    return frame


def tally_text(room_id: int, votes: list[dict] | None = None) -> str | None:
    """The votes waiting stored, then the room's tally as sent."""
    with transaction.atomic():
        votes_store(votes or [])
    frame = tally_build(room_id)
    return None if frame is None else orjson.dumps(frame).decode()


class AudienceDesk:
    """This process's tallies: each room's at most every ``TALLY_SECONDS``, built on the
    database thread and handed to the fan-out, which gives it to the board at once and to the
    audience coalesced. After a state change the tally goes to this process's own screens (every
    process sees the change); after a vote, to every process's (only this one saw the vote)."""

    def __init__(self) -> None:
        self.pending: dict[int, asyncio.Task] = {}
        self.shared: set[int] = set()  # rooms whose next tally goes to every process
        self.votes: dict[int, list[dict]] = {}  # checked votes to store with the next tally
        self.loop: asyncio.AbstractEventLoop | None = None

    def touch(self, room_id: int, everywhere: bool = False) -> None:
        """A tally for this room soon (one for any number of touches meanwhile)."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a new event loop (tests): nothing of the old one is alive
            self.loop, self.pending, self.shared, self.votes = loop, {}, set(), {}
        if everywhere:
            self.shared.add(room_id)
        if room_id not in self.pending:
            self.pending[room_id] = task_detached(self.refresh(room_id))

    def voted(self, room_id: int, vote: dict) -> None:
        """A checked vote: stored with the room's next tally, which every process then gets."""
        self.touch(room_id, everywhere=True)
        self.votes.setdefault(room_id, []).append(vote)

    async def refresh(self, room_id: int) -> None:
        await asyncio.sleep(TALLY_SECONDS)
        self.pending.pop(room_id, None)
        everywhere = room_id in self.shared
        self.shared.discard(room_id)
        votes = self.votes.pop(room_id, [])
        try:
            text = await database_call(tally_text, room_id, votes)
            if text is not None:
                await tally_broadcast(room_id, text, everywhere)
        except Exception:
            logger.exception("the audience tally of room %s failed", room_id)

    def changed(self, room_id: int) -> None:
        """The fan-out delivered a change of a room with an audience here."""
        self.touch(room_id)


desk = AudienceDesk()
fanout.on_change = desk.changed
