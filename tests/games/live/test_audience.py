"""The audience that plays along: votes stored beside the game, tallies summed on the server,
on the wire only to the board and the audience, and the audience's frames after the players'."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.registry import game
from games.live import audience as audience_module
from games.live import fanout as fanout_module
from games.live.audience import AudienceDesk, tally_build, vote_check, votes_store
from games.live.fanout import AUDIENCE, Fanout
from games.rooms import presence, services
from games.rooms.liveness import CONNECTION_STALE
from games.rooms.models import AudienceVote, Connection, Room
from games.rooms.outbox import AudienceCounted, outbox_open
from tests.games.factories import (
    BOARD,
    SocketTable,
    by_position,
    room_fresh,
    seats_join,
    started,
)
from tests.games.live.test_fanout import FakeSocket, settle
from tests.support.testgame import TEST_GAME, pick

db = database_sync_to_async
pytestmark = pytest.mark.usefixtures("services_called_directly")
ROUNDS = {"rounds": 2}  # the test game's audience guesses each round's winner


@pytest.fixture
def tally_now(monkeypatch):
    """Tallies without the wait that spreads them out (what is sent, not when, is tested)."""
    monkeypatch.setattr(audience_module, "TALLY_SECONDS", 0)


# --- an open ballot, through the services ------------------------------------------------------


def ballot_opened() -> tuple[Room, list, str]:
    """A game of the test game in its first round (its ballot open: who will win the round),
    two phones in the audience, and the ballot's key."""
    room, seats = started(3, ROUNDS)
    watchers = seats_join(room, 2, ("Vic", "Wes"))
    room = room_fresh(room)
    assert all(w.is_audience for w in watchers)
    key = game(TEST_GAME).ballot_open(game(TEST_GAME).view(room.state, None))["key"]
    return room, [*seats, *watchers], key


def round_played(room: Room, seats: list, cards: tuple[int, ...] = (3, 8, 5)) -> Room:
    """Every player picks: the round ends (seat 1 wins it with these cards)."""
    positions = by_position(seats)
    for position, card in enumerate(cards):
        services.action_submit(room.code, positions[position].token, pick(card))
    return room_fresh(room)


def vote(room: Room, seat, key: str, choice: Any, question: str = "winner") -> dict:
    """A vote checked and stored (as the desk stores it with the next tally)."""
    checked = vote_check(room.pk, seat.pk, {"ballot": key, "question": question, "choice": choice})
    votes_store([checked])
    return {key: checked[key] for key in ("type", "ballot", "question", "choice")}


def refused(code: str, room: Room, seat, key: str, choice: Any, question: str = "winner") -> None:
    before = (room_fresh(room).version, AudienceVote.objects.count())
    with pytest.raises(ServiceError) as caught:
        vote(room, seat, key, choice, question)
    assert caught.value.code == code
    assert (room_fresh(room).version, AudienceVote.objects.count()) == before


@pytest.mark.django_db
def test_a_vote_is_stored_beside_the_game_and_never_changes_it():
    room, seats, key = ballot_opened()
    state, version = room.state, room.version
    assert vote(room, seats[3], key, 2) == {
        "type": "voted", "ballot": key, "question": "winner", "choice": 2}
    vote(room, seats[3], key, 1)  # a second answer replaces the first
    after = room_fresh(room)
    assert after.state == state and after.version == version
    stored = AudienceVote.objects.get()
    assert (stored.seat_id, stored.ballot, stored.choice) == (seats[3].pk, key, "1")


@pytest.mark.django_db
def test_bad_votes_get_a_clear_refusal_and_change_nothing():
    room, seats, key = ballot_opened()
    refused("not_audience", room, seats[0], key, 1)  # a player
    refused("closed", room, seats[3], "r999", 1)  # not the open ballot
    refused("bad_choice", room, seats[3], key, "1")  # a seat is a number
    refused("bad_choice", room, seats[3], key, 7)  # no such player
    refused("bad_choice", room, seats[3], key, True)
    refused("bad_choice", room, seats[3], key, 1, question="loser")
    refused("bad_choice", room, seats[3], key, "<b>1</b>")


def watchers_connected(room: Room, seats: list) -> None:
    """A socket open for each of these audience phones."""
    for seat in seats:
        presence.connection_open(f"socket.{seat.pk}", room, seat)


@pytest.mark.django_db
def test_while_open_the_tally_says_how_many_voted_and_no_counts():
    room, seats, key = ballot_opened()
    watchers_connected(room, seats[3:])
    vote(room, seats[3], key, 2)
    tally = tally_build(room.pk)
    assert tally["watching"] == 2 and tally["last"] is None
    assert tally["open"]["key"] == key and tally["open"]["voters"] == 1
    assert "counts" not in tally["open"] and "counts" not in json.dumps(tally)


@pytest.mark.django_db
def test_the_tally_counts_the_audience_phones_connected_now():
    """``watching`` is the audience phones with a socket seen lately: not every phone that ever
    joined, nor one whose server process died (its row unseen for ``CONNECTION_STALE``), and a
    phone open in two tabs once."""
    room, seats, _key = ballot_opened()
    vic, wes = seats[3], seats[4]
    assert tally_build(room.pk)["watching"] == 0  # joined, no socket open
    now = timezone.now()
    Connection.objects.create(channel_name="vic.1", room=room, seat=vic, last_seen=now)
    Connection.objects.create(channel_name="vic.2", room=room, seat=vic, last_seen=now)
    Connection.objects.create(channel_name="wes.1", room=room, seat=wes,
                              last_seen=now - CONNECTION_STALE - timedelta(seconds=1))
    assert tally_build(room.pk)["watching"] == 1
    Connection.objects.filter(channel_name__startswith="vic").delete()
    # Nobody left: a frame still says so (the screens showed someone).
    assert tally_build(room.pk)["watching"] == 0


@pytest.mark.django_db
def test_an_audience_phone_coming_or_going_recounts_the_audience_on_every_screen(
    django_capture_on_commit_callbacks,
):
    """No frame changes when an audience phone comes or goes during a game (it is counted, not
    listed): the change that reaches every process is the recount; a player's coming and going
    is its own snapshot, with no recount."""
    room, seats, _key = ballot_opened()
    with outbox_open() as box, django_capture_on_commit_callbacks(execute=True):
        presence.connection_open("vic.1", room, seats[3])
        presence.connection_close("vic.1")
    assert box == [AudienceCounted(room.pk), AudienceCounted(room.pk)]
    with outbox_open() as box, django_capture_on_commit_callbacks(execute=True):
        presence.connection_open("ada.1", room, seats[0])
    assert not any(isinstance(change, AudienceCounted) for change in box)


@pytest.mark.django_db
def test_after_the_players_vote_the_tally_shows_the_sums_beside_their_verdict():
    room, seats, key = ballot_opened()
    vote(room, seats[3], key, 2)
    vote(room, seats[4], key, 2)
    room = round_played(room, seats[:3])
    tally = tally_build(room.pk)
    assert tally["open"]["key"] != key  # the next round's
    assert tally["last"]["key"] == key and tally["last"]["voters"] == 2
    assert tally["last"]["counts"] == {"winner": {"2": 2}}
    assert tally["last"]["result"] == {"winners": [1]}
    refused("closed", room, seats[3], key, 1)  # the ballot closed with the round


@pytest.mark.django_db
def test_a_restart_keeps_the_tally():
    """Votes live in the database: a fresh process (a new desk, nothing in memory) finds them."""
    room, seats, key = ballot_opened()
    vote(room, seats[3], key, 1)
    assert tally_build(room.pk)["open"]["voters"] == 1


# --- on the wire ------------------------------------------------------------------------------


async def ballot_table() -> tuple[SocketTable, str]:
    """The TV, three players and two audience phones on real sockets, a ballot open."""
    table = await SocketTable.open(TEST_GAME, 3, ROUNDS, audience=2)
    played = game(TEST_GAME)
    return table, played.ballot_open(played.view(table.room.state, None))["key"]


async def tally_until(table: SocketTable, key: Any, test) -> dict:
    """The first tally a socket received (kept aside by ``frame_next``) or receives that passes
    ``test``; those before it are dropped."""
    socket = table.sockets[key]
    kept = socket.__dict__.setdefault("tallies", [])
    while True:
        while kept:
            tally = kept.pop(0)
            if test(tally):
                return tally
        frame = json.loads(await socket.receive_from(timeout=5))
        assert frame["type"] == "tally", frame
        kept.append(frame)


def everything(table: SocketTable, key: Any) -> list[dict]:
    """Every message a socket received: its frames, then its tallies."""
    return [*table.frames[key], *table.sockets[key].__dict__.get("tallies", [])]


@pytest.mark.django_db(transaction=True)
async def test_on_the_wire_a_vote_answers_only_its_phone_and_screens_get_only_sums(tally_now):
    table, key = await ballot_table()
    await table.sockets["audience0"].send_json_to(
        {"type": "audience", "ballot": key, "question": "winner", "choice": 2, "id": 7})
    voted = json.loads(await table.sockets["audience0"].receive_from(timeout=5))
    while voted["type"] == "tally":
        voted = json.loads(await table.sockets["audience0"].receive_from(timeout=5))
    assert voted == {"type": "voted", "ballot": key, "question": "winner", "choice": 2, "id": 7}
    # The tally comes to the TV and to both audience phones: a count, no choice.
    for screen in (BOARD, "audience0", "audience1"):
        tally = await tally_until(table, screen, lambda t: t["open"] and t["open"]["voters"])
        assert tally["open"]["voters"] == 1 and tally["last"] is None
        assert "counts" not in tally["open"]
    # The players pick: their round's result, then the audience's sums beside it.
    for position, card in enumerate((3, 8, 5)):
        await table.act(position, pick(card))
    for screen in (BOARD, "audience1"):
        tally = await tally_until(table, screen, lambda t: t["last"] is not None)
        assert tally["last"]["counts"] == {"winner": {"2": 1}}
        assert tally["last"]["result"] == {"winners": [1]}
    await asyncio.sleep(0)
    # Nothing of one phone's vote ever reached the other, nor any player a tally.
    received = everything(table, "audience1")
    assert [message["type"] for message in received if message["type"] != "state"] == []
    assert all("counts" not in (message.get("open") or {}) for message in received)
    for position in range(3):
        assert table.sockets[position].__dict__.get("tallies", []) == []
    await table.close()


@pytest.mark.django_db(transaction=True)
async def test_the_audience_shares_one_coalesced_frame_and_a_join_is_no_players_news():
    table = await SocketTable.open(TEST_GAME, 3, ROUNDS, audience=2)  # watcher_add: the quiet
    frames = await table.act(0, pick(4))
    first, second = frames["audience0"], frames["audience1"]
    assert first == second and first["coalesced"] is True and first["you"] is None
    assert first["view"] == frames[BOARD]["view"]
    assert frames[BOARD]["room"]["audience"] == []  # counted in the tally, not listed
    await table.close()


# --- the fan-out: the players first, the audience coalesced -----------------------------------


async def test_a_players_frame_is_handed_out_before_the_audiences_and_those_coalesce(
        monkeypatch):
    monkeypatch.setattr(fanout_module, "PUMP_PAUSE", 0)  # the order is tested, not the pace
    fanout = Fanout()
    order: list[str] = []

    class Recording(FakeSocket):
        def __init__(self, name: str) -> None:
            super().__init__()
            self.name = name

        async def frame_send(self, text: str) -> None:
            order.append(f"{self.name}:{text}")

    board, player = Recording("board"), Recording("player")
    crowd = [Recording(f"crowd{n}") for n in range(70)]
    await fanout.join(1, "board", board)
    await fanout.join(1, "seat1", player)
    for socket in crowd:
        await fanout.join(1, AUDIENCE, socket)
    room = fanout.rooms[1]
    # Two changes back to back, as the room's reader hands them over.
    await fanout.deliver(room, {"frames": {"board": "B1", "seat1": "P1", AUDIENCE: "A1"}})
    await fanout.deliver(room, {"frames": {"board": "B2", "seat1": "P2", AUDIENCE: "A2"}})
    assert order == ["board:B1", "player:P1", "board:B2", "player:P2"]  # the audience waits
    while not any(entry.startswith("crowd") for entry in order):
        await asyncio.sleep(0)
    # Mid-way through the audience (a batch of PUMP_BATCH at a time), a player's frame goes
    # straight out.
    await fanout.deliver(room, {"frames": {"seat1": "P3"}})
    assert 0 < sum(entry.startswith("crowd") for entry in order) < len(crowd)
    await settle()
    crowd_frames = [entry for entry in order if entry.startswith("crowd")]
    assert sorted(crowd_frames) == sorted(f"crowd{n}:A2" for n in range(70))  # only the newest
    assert order.index("player:P3") < order.index(crowd_frames[-1])
    await fanout.room_close(room)


async def test_a_tally_goes_to_the_board_at_once_and_to_the_audience_coalesced():
    fanout = Fanout()
    board, player, watcher = FakeSocket(), FakeSocket(), FakeSocket()
    await fanout.join(2, "board", board)
    await fanout.join(2, "seat1", player)
    await fanout.join(2, AUDIENCE, watcher)
    room = fanout.rooms[2]
    await fanout.deliver(room, {"frames": {}, "tally": "T1"})
    await fanout.deliver(room, {"frames": {}, "tally": "T2"})
    assert board.frames == ["T1", "T2"] and watcher.frames == []
    await settle()
    assert watcher.frames == ["T2"] and player.frames == []
    await fanout.room_close(room)


@pytest.mark.django_db(transaction=True)
async def test_the_desk_builds_one_tally_for_many_touches(monkeypatch):
    built: list[int] = []
    monkeypatch.setattr(audience_module, "TALLY_SECONDS", 0)
    monkeypatch.setattr(audience_module, "tally_text",
                        lambda room_id, votes: built.append((room_id, len(votes))) or None)
    desk = AudienceDesk()
    for n in range(50):
        desk.touch(9)
        desk.voted(9, {"n": n})
    await desk.pending[9]
    assert built == [(9, 50)]  # one tally, the fifty votes stored with it


@pytest.mark.django_db(transaction=True)
async def test_a_watcher_seated_by_play_again_gets_its_seats_frames_at_once(tally_now):
    """Play again seats the audience in free places: such a phone leaves the audience's screen
    there and then, so no coalesced audience frame follows its own (which it would show)."""
    table = await SocketTable.open(TEST_GAME, 3, ROUNDS, audience=1)
    await db(Room.objects.filter(pk=table.room.pk).update)(status=Room.Status.OVER)
    frames = await table.host("play_again")
    seated = frames["audience0"]
    assert seated["you"]["audience"] is False and "coalesced" not in seated
    frames = await table.host("start")
    mine = frames["audience0"]
    assert "coalesced" not in mine and mine["you"]["position"] is not None, mine
    assert mine["view"] is not None and mine["view"]["me"]["seat"] == 3  # its own view
    await table.close()  # and nothing more: no audience frame still on its way


@pytest.mark.django_db
def test_a_game_without_an_audience_opens_no_ballot_and_refuses_a_vote_clearly(monkeypatch):
    """An audience is optional: a game that gives no ballot is watched, never voted on."""
    monkeypatch.setitem(registry.games(), TEST_GAME,
                        dataclasses.replace(game(TEST_GAME), ballot=None, result=None))
    room, seats = started(3, ROUNDS)
    (watcher,) = seats_join(room, 1, ("Vic",))
    watchers_connected(room, [watcher])
    tally = tally_build(room.pk)
    assert (tally["watching"], tally["open"], tally["last"]) == (1, None, None)
    refused("closed", room, watcher, "r1", 1)
    room = round_played(room, seats)
    assert tally_build(room.pk)["last"] is None
