"""HOAX'S SECRETS ON THE WIRE: what every screen actually receives in whole Hoax games.

Whole seeded Hoax games are played through real sockets (the TV and every phone), and every frame
each socket received is checked: before the end, the TV never sees a character, and a phone sees
its own character (and its own investigations, accusations, vote and immunity answer) only.

Two checks make that strong. A field check walks every frame and allows a character id only in
the fields that may carry one (a claim, the log, the phone's own ``me``...). A difference check
plays the same game twice with the secret deal changed between two seats: every frame to the TV
and to the other phones must be byte-for-byte the same, while the two phones' own frames differ.
(The platform's own frames are tested on the test game: tests/games/live/test_screens.py.)
"""

from __future__ import annotations

import json
import random
import secrets
from types import SimpleNamespace
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.hoax import rules as hoax
from games.live import door, screens
from games.rooms import services
from games.rooms.models import Room, Seat
from tests.games.factories import (
    board_open,
    frame_next,
    frame_normalize,
    hoax_moves,
    leaves,
    move_choose,
    quiet,
    room_fresh,
    room_make,
    seat_open,
    seats_join,
    services_patch,
)

db = database_sync_to_async
NOW = 1_700_000_000.0
BOARD = "board"


@pytest.fixture(autouse=True)
def clock_still(monkeypatch):
    """Frames carry the server's clock; holding it still lets two builds be compared whole."""
    monkeypatch.setattr(screens, "server_clock", lambda: NOW)


# --- playing through sockets --------------------------------------------------------------


class Table:
    """A Hoax room with the TV and every phone on real sockets; records every frame received."""

    def __init__(self, room: Room, seats: list[Seat]) -> None:
        self.room = room
        self.seats = seats
        self.sockets: dict[Any, WebsocketCommunicator] = {}
        self.frames: dict[Any, list[dict]] = {}

    @classmethod
    async def open(cls, n: int, options: dict[str, Any]) -> Table:
        room = await db(room_make)("hoax", options)
        table = cls(room, await db(seats_join)(room, n))
        await table.connect(BOARD, board_open(room, room.host_token))
        for position, seat in enumerate(table.seats):
            await table.connect(position, seat_open(room, seat))
            # The phone coming online is news for every screen so far, itself included.
            await table.receive_one_each()
        await table.send(BOARD, {"type": "host", "command": "start"})
        table.room = await db(room_fresh)(room)
        assert table.room.status == Room.Status.PLAYING
        return table

    async def connect(self, key: Any, opening) -> None:
        self.sockets[key] = await opening
        self.frames[key] = [await frame_next(self.sockets[key])]

    async def receive_one_each(self) -> None:
        """One new frame on every socket (a broadcast sends exactly one to each screen)."""
        for key, socket in self.sockets.items():
            frame = await frame_next(socket)
            assert frame["type"] == "state", frame
            self.frames[key].append(frame)

    async def send(self, key: Any, message: dict) -> None:
        """A message from one screen, applied: every screen then gets exactly one new frame."""
        await self.sockets[key].send_json_to(message)
        await self.receive_one_each()

    async def act(self, position: int, action: dict) -> None:
        await self.send(position, {"type": "act", "action": action, "version": self.room.version})
        self.room = await db(room_fresh)(self.room)

    async def expire(self) -> None:
        """The deadline passes: expire it as the ticker would, through the door (which
        broadcasts it)."""
        snapshot = await door.service_call(
            services.deadline_expire, self.room.pk, self.room.state["deadline"]
        )
        assert snapshot is not None
        await self.receive_one_each()
        self.room = await db(room_fresh)(self.room)

    async def close(self) -> None:
        assert await quiet(*self.sockets.values())
        for socket in self.sockets.values():
            await socket.disconnect()

    def normalized(self, key: Any) -> list[str]:
        """This socket's frames with what differs between two rooms (code, seat ids) made equal."""
        return [
            json.dumps(frame_normalize(frame, self.seats), sort_keys=True)
            for frame in self.frames[key]
        ]


@pytest.fixture
def fixed_clock(monkeypatch):
    """The services' clock stands still, so two plays of a game carry the same deadlines."""
    services_patch(monkeypatch, "time", SimpleNamespace(time=lambda: NOW))


@pytest.fixture
def game_seed(monkeypatch):
    """Set the seed the next ``room_start`` deals from."""

    def use(seed: int) -> None:
        monkeypatch.setattr(secrets, "randbits", lambda bits: seed)

    return use


def hoax_deal(n: int, options: dict, seed: int) -> list[str]:
    return hoax.setup(n, hoax.options_clean(options), seed, NOW, {})["characters"]


# --- the field check ----------------------------------------------------------------------

# Where a character id may appear, and to whom: a claim or challenge names the character claimed,
# the log names characters claimed (and, at the very end, the truth), imposter tokens name the
# characters someone was caught lying about; only ``me`` (and one's own entry) is private.
PUBLIC_CHARACTER_FIELDS = {
    ("view", "claim", "character"),
    ("view", "challenge", "character"),
    ("view", "immunity", "character"),
    ("view", "log", "*", "character"),
    ("view", "players", "*", "imposters", "*"),  # characters a player was caught lying about
}
OWN_CHARACTER_FIELDS = {
    ("view", "me", "character"),
    ("view", "players", "*", "character"),  # checked further below: the viewer's own entry
    ("view", "me", "accusations", "*", "character"),
    ("view", "me", "actions", "*", "character"),  # the claims and accusations it may make
    ("view", "me", "investigations", "*", "cards", "*"),
}


def frame_check(frame: dict, viewer: int | None, state_characters: list[str]) -> None:
    """Before the end: character ids only where they may be, the viewer's own secrets only."""
    view = frame["view"]
    if view is None:
        return
    assert view["over"] is False
    allowed = PUBLIC_CHARACTER_FIELDS | (OWN_CHARACTER_FIELDS if viewer is not None else set())
    for path, leaf in leaves(frame):
        if leaf in hoax.CHARACTERS:
            assert path in allowed, (viewer, path, leaf)
    assert view["unused"] is None
    shown = {p["seat"]: p["character"] for p in view["players"] if "character" in p}
    if viewer is None:
        assert frame["you"] is None and view["me"] is None and shown == {}
        assert "my_vote" not in (view["challenge"] or {})
        assert "my_answer" not in (view["immunity"] or {})
        return
    me = view["me"]
    assert frame["you"]["position"] == viewer == me["seat"]
    assert shown == {viewer: state_characters[viewer]}
    assert me["character"] == state_characters[viewer]
    if "my_vote" in (view["challenge"] or {}):
        assert viewer in view["challenge"]["voters"]
    if "my_answer" in (view["immunity"] or {}):
        assert viewer in view["immunity"]["asked"]
    # The viewer's own investigations: the truth about each target is among the cards shown.
    for seen in me["investigations"]:
        assert state_characters[seen["target"]] in seen["cards"] and len(seen["cards"]) == 4


def frames_check(table: Table) -> int:
    """Check every frame received before the end; returns how many were checked."""
    characters = table.room.state["characters"]
    checked = 0
    for key, frames in table.frames.items():
        viewer = None if key == BOARD else key
        for frame in frames:
            if frame["view"] is not None and frame["view"]["over"]:
                # The end reveals every identity to every screen (so the check looks at the
                # right fields: here they are filled).
                shown = [p.get("character") for p in frame["view"]["players"]]
                assert shown == characters
                continue
            frame_check(frame, viewer, characters)
            checked += 1
    return checked


# Games on sockets are slower than on the services alone: accusations, which end games, come up
# a little more often than in the replay games (investigations still happen).
SOCKET_GAME_WEIGHTS = {"accuse": 0.25, "investigate": 1.0}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("n", "seed"), [(3, 16), (4, 26), (5, 10), (6, 15)])
async def test_whole_games_never_send_a_secret_to_the_wrong_screen(
    n, seed, fixed_clock, game_seed
):
    game_seed(5000 + seed)
    table = await Table.open(n, {"accuser_card": seed % 2 == 1, "butler_seconds": 60})
    rand = random.Random(seed)
    for _step in range(600):
        state = table.room.state
        if state["over"]:
            break
        move = move_choose(state, rand, SOCKET_GAME_WEIGHTS)
        if move is None or (state["deadline"] is not None and rand.random() < 0.1):
            await table.expire()
        else:
            await table.act(*move)
    assert table.room.state["over"], "the game did not end"
    await table.close()
    kinds = {entry["kind"] for entry in table.room.state["log"]}
    assert {"claim", "turn"} <= kinds
    assert frames_check(table) > 20 * (n + 1)


# --- the difference check -----------------------------------------------------------------


def blind_move(state: dict, rand: random.Random) -> tuple[int, dict] | None:
    """A random move whose outcome does not depend on who is who.

    No accusations or investigations, and every vote is "up": a claim then always stands, true
    or not, so two deals play out the same public game.
    """
    moves = [
        (position, action)
        for position, action in hoax_moves(state)
        if action["type"] not in ("accuse", "investigate")
        and not (action["type"] == "vote" and action["vote"] == "down")
    ]
    if not moves:
        return None
    position = rand.choice(sorted({p for p, _ in moves}))
    mine = [action for p, action in moves if p == position]
    kind = rand.choice(sorted({action["type"] for action in mine}))
    return position, rand.choice([a for a in mine if a["type"] == kind])


async def blind_game(n: int, options: dict, seed: int, steps: int) -> Table:
    table = await Table.open(n, options)
    rand = random.Random(99)
    for _step in range(steps):
        state = table.room.state
        move = blind_move(state, rand)
        if move is None or (state["deadline"] is not None and rand.random() < 0.1):
            await table.expire()
        else:
            await table.act(*move)
    assert not table.room.state["over"]
    await table.close()
    return table


def seed_with_deal(n: int, options: dict, deal: list[str], start: int) -> int:
    """A game seed whose secret deal is exactly ``deal``."""
    for seed in range(start, start + 2_000_000):
        if hoax_deal(n, options, seed) == deal:
            return seed
    raise AssertionError("no seed deals that")


SWAPS = {3: [(1, 2), (0, 2), (0, 1)], 4: [(0, 1), (2, 3)], 5: [(0, 3), (1, 4)], 6: [(0, 5), (2, 3)]}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("n", [3, 4, 5, 6])
async def test_a_different_secret_deal_changes_no_frame_but_the_two_owners(
    n, fixed_clock, game_seed
):
    options = {"first_player": 0, "butler_seconds": 60}
    seed_a = 7000 + n
    deal_a = hoax_deal(n, options, seed_a)
    game_seed(seed_a)
    game_a = await blind_game(n, options, seed_a, steps=30)
    assert game_a.room.state["characters"] == deal_a
    for j, k in SWAPS[n]:
        deal_b = list(deal_a)
        deal_b[j], deal_b[k] = deal_b[k], deal_b[j]
        seed_b = seed_with_deal(n, options, deal_b, start=seed_a + 1)
        game_seed(seed_b)
        game_b = await blind_game(n, options, seed_b, steps=30)
        assert game_b.room.state["characters"] == deal_b
        assert game_a.room.state["log"] == game_b.room.state["log"]  # the same public game
        assert game_a.normalized(BOARD) == game_b.normalized(BOARD)
        for position in range(n):
            same = game_a.normalized(position) == game_b.normalized(position)
            # The two whose cards were swapped see their own card change; nobody else does.
            assert same is (position not in (j, k)), (j, k, position)


async def secret_choice_frames(first: dict, second: dict, script, n: int = 4):
    """Play ``script`` twice, with one private choice made differently; the two recordings."""
    tables = []
    for choice in (first, second):
        table = await Table.open(n, {"first_player": 0, "butler_seconds": 60})
        await script(table, choice)
        await table.close()
        tables.append(table)
    return tables


async def investigate_script(table: Table, choice: dict) -> None:
    """Every claim stands until seat 0 can pay for an investigation of seat 1."""
    await setup_picks(table)
    claims = iter([("evidence", "lover"), ("prestige", "lover")])
    while True:
        state = table.room.state
        active = state["active"]
        if active == 0 and all(state["resources"][0].values()):
            await table.act(0, {"type": "investigate", "target": 1})
            return
        resource, character = next(claims) if active == 0 else ("cash", "cousin")
        await table.act(active, {"type": "claim", "character": character, "resource": resource})
        for caller in table.room.state["challenge"]["callers"]:
            await table.act(caller, {"type": "pass"})
        await table.act(active, {"type": "end_turn"})


async def setup_picks(table: Table) -> None:
    while table.room.state["phase"] == "setup":
        await table.act(table.room.state["active"], {"type": "pick", "resource": "cash"})


async def vote_script(table: Table, choice: dict) -> None:
    """Seat 0 claims, seat 1 calls Hoax, seat 2 votes (the secret), then 1 and 3 close the vote."""
    await setup_picks(table)
    await table.act(0, {"type": "claim", "character": "lover", "resource": "evidence"})
    await table.act(1, {"type": "hoax"})
    await table.act(2, {"type": "vote", "vote": choice["vote"]})
    await table.act(1, {"type": "vote", "vote": "up"})
    await table.act(3, {"type": "vote", "vote": "up"})


async def accuse_script(table: Table, choice: dict) -> None:
    """Seat 0 accuses seat 1 of being a character it is not (the secret is which one)."""
    await setup_picks(table)
    await table.act(0, {"type": "accuse", "target": 1, "character": choice["character"]})


async def immunity_script(table: Table, choice: dict) -> None:
    """Seat 0 claims the Son-in-Law; seat 2 answers the immunity question (the secret) first."""
    await setup_picks(table)
    await table.act(0, {"type": "claim", "character": "son_in_law", "resource": "cash"})
    for caller in (1, 2, 3):
        await table.act(caller, {"type": "pass"})
    await table.act(2, {"type": "immunity", "claim": choice["claim"]})
    await table.act(1, {"type": "immunity", "claim": False})
    await table.act(3, {"type": "immunity", "claim": False})


@pytest.mark.django_db(transaction=True)
async def test_a_vote_is_secret_until_the_vote_closes(fixed_clock, game_seed):
    game_seed(4242)
    up, down = await secret_choice_frames({"vote": "up"}, {"vote": "down"}, vote_script)
    for key in (BOARD, 0, 1, 3):
        # The same until the last vote closes the vote; then the votes are public.
        assert up.normalized(key)[:-1] == down.normalized(key)[:-1]
        assert up.normalized(key)[-1] != down.normalized(key)[-1]
    mine_up, mine_down = up.frames[2][-2], down.frames[2][-2]
    assert mine_up["view"]["challenge"]["my_vote"] == "up"
    assert mine_down["view"]["challenge"]["my_vote"] == "down"


@pytest.mark.django_db(transaction=True)
async def test_the_character_named_in_an_accusation_stays_with_the_accuser(
    fixed_clock, game_seed
):
    game_seed(4343)
    truth = hoax_deal(4, {"first_player": 0}, 4343)[1]
    wrong = [c for c in hoax.CHARACTERS if c != truth][:2]
    first, second = await secret_choice_frames(
        {"character": wrong[0]}, {"character": wrong[1]}, accuse_script
    )
    assert first.room.state["out"][0] and second.room.state["out"][0]
    for key in (BOARD, 1, 2, 3):
        assert first.normalized(key) == second.normalized(key)
    assert first.frames[0][-1]["view"]["me"]["accusations"] == [
        {"target": 1, "character": wrong[0], "right": False}
    ]


@pytest.mark.django_db(transaction=True)
async def test_an_immunity_answer_is_secret_until_all_have_answered(fixed_clock, game_seed):
    game_seed(4444)
    yes, no = await secret_choice_frames({"claim": True}, {"claim": False}, immunity_script)
    for key in (BOARD, 0, 1, 3):
        assert yes.normalized(key)[:-1] == no.normalized(key)[:-1]
        assert yes.normalized(key)[-1] != no.normalized(key)[-1]
    assert yes.frames[2][-2]["view"]["immunity"]["my_answer"] is True


@pytest.mark.django_db(transaction=True)
async def test_investigation_cards_go_to_the_investigator_only(fixed_clock, game_seed):
    """The same investigation of seat 1 under two deals (seats 1 and 3 swapped)."""
    options = {"first_player": 0, "butler_seconds": 60}
    deal_a = hoax_deal(4, options, 4545)
    deal_b = [deal_a[0], deal_a[3], deal_a[2], deal_a[1]]
    tables = []
    for seed in (4545, seed_with_deal(4, options, deal_b, start=4546)):
        game_seed(seed)
        table = await Table.open(4, options)
        await investigate_script(table, {})
        await table.close()
        tables.append(table)
    first, second = tables
    assert first.room.state["characters"] == deal_a and second.room.state["characters"] == deal_b
    for game in tables:
        (seen,) = game.frames[0][-1]["view"]["me"]["investigations"]
        assert seen["target"] == 1 and game.room.state["characters"][1] in seen["cards"]
        assert frames_check(game) > 0
    assert first.normalized(BOARD) == second.normalized(BOARD)
    assert first.normalized(2) == second.normalized(2)
    # The investigator's frames differ from the investigation on (the cards), not before it.
    assert first.normalized(0)[:-1] == second.normalized(0)[:-1]
    assert first.normalized(0)[-1] != second.normalized(0)[-1]
