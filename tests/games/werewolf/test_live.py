"""WEREWOLF THROUGH REAL SOCKETS: secrets on the wire, one shape at night, bad input refused.

Seeded games that deal every card are played through real sockets (the TV, every phone, an
audience phone): moves come from ``legal_actions`` on the state in the database and are sent as
``act`` messages on the mover's socket (the host's controls from the TV); deadlines expire
through the services as the ticker would. Every frame every socket received is then checked
against the state it was built from, for what that viewer may know (the rules' §9):

* the board's and the audience's frames hold no secret, and every phone's frame is the board's
  plus its own part (``me``), sent to that phone alone;
* each phone's part holds only its own secrets: a Werewolf learns the wolves it saw awake and
  nobody else, the Seer only what she saw, the lovers only each other, the Thief his two
  cards, the charmed each other… (``check_me`` of the rules' tests, on the frame as received),
  and no card's id appears anywhere in a frame unless that viewer may know a player holds it;
* during a night step every living phone's frame has the same keys at every depth and the same
  size within a few bytes (names and seat ids aside), so neither a frame's shape nor its size on
  the wire tells who is awake; and no night frame carries a deadline.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

import orjson
import pytest
from channels.db import database_sync_to_async

from games.live import socket_limits
from games.rooms.models import Room
from games.werewolf import rules
from games.werewolf.options import SPECIALS
from tests.games.factories import BOARD, SocketTable, frame_next, quiet
from tests.games.werewolf.test_rules import (
    ROLE_IDS,
    act,
    begin,
    check_board,
    check_me,
    game,
    key_paths,
    strings,
    to_phase,
    to_step,
    wolves_kill,
)

db = database_sync_to_async
# Names of one length, so that frames differ in size only by what the game puts in them.
NAMES = tuple(f"P{i:02d}" for i in range(30))
# Every card of the seed: 16 players, the Thief's two cards in the middle.
EVERY_CARD = {
    "composition": "custom", "composition.werewolves": 3, "composition.villagers": 3,
    **{f"composition.{role}": True for role in SPECIALS},
}
FAST = {"timers.talkFirst": 10, "timers.talk": 10}
GAMES = [
    # Every card, the options as the seed plays them.
    (16, {**EVERY_CARD, **FAST}, 5, 1),
    # Every card again, a lone Werewolf, with a secret composition, hidden dead cards, ghosts
    # who see only the public view, lovers who see each other's card and a Seer who sees the
    # team.
    (12, {**EVERY_CARD, **FAST, "composition.werewolves": 1, "composition.villagers": 1,
          "composition.public": False, "revealOnDeath": False,
          "ghosts.seeAll": False, "lovers.seeRoles": True, "seer.sees": "team",
          "mayor.succession": "election"}, 11, 1),
]
# The prompts each card's holder gets on night 1.
PROMPTS = {"thief": ("thief",), "cupid": ("cupid", "lovers"), "seer": ("seer",),
           "salvateur": ("salvateur",), "werewolf": ("wolf",), "little-girl": ("little_girl",),
           "witch": ("witch",), "pied-piper": ("piper", "charmed"), "villager": ("decoy",)}
SIZE_MARGIN = 16  # bytes: seat ids, positions and the VIP flag differ from phone to phone


@pytest.fixture
def no_flood_limit(monkeypatch):
    """A scripted phone moves faster than a hand: lift the per-socket message rate limit."""
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 1e9)


@pytest.fixture
def game_seed(monkeypatch):
    """Set the seed the next ``room_start`` deals from."""

    def use(seed: int) -> None:
        monkeypatch.setattr(secrets, "randbits", lambda bits: seed)

    return use


# --- playing from the database's state -------------------------------------------------------

WEIGHTS = {"suspect": 0.15, "confirm": 2.0, "look": 3.0, "vote": 1.5, "abstain": 0.3,
           "wolf_sleep": 0.05}


def move_choose(state: dict, rand: random.Random) -> tuple[int, dict] | None:
    """A random legal move: a seat with moves (at night, mostly one with a real choice to
    make), a kind of action (decoy answers rarer, confirming likelier, so that steps and votes
    end), then one action of that kind."""
    n = len(state["cards"])
    moves = {seat: rules.legal_actions(state, seat) for seat in range(n)}
    seats = [seat for seat, actions in moves.items() if actions]
    if not seats:
        return None
    choosing = [seat for seat in seats
                if any(action["type"] not in ("suspect", "confirm") for action in moves[seat])]
    seat = rand.choice(choosing if choosing and rand.random() < 0.85 else seats)
    actions = moves[seat]
    kinds = sorted({action["type"] for action in actions})
    kind = rand.choices(kinds, [WEIGHTS.get(k, 1.0) for k in kinds])[0]
    return seat, rand.choice([action for action in actions if action["type"] == kind])


async def game_play(table: SocketTable, rand: random.Random) -> list[str]:
    """Play to the end; returns the kinds of move made (``timeout`` and the host's too)."""
    made: list[str] = []
    for _step in range(4000):
        state = table.room.state
        if state["over"]:
            return made
        if state["phase"] == "talk" and rand.random() < 0.3:
            made.append("talk_end")
            await table.host("act", action={"type": "talk_end", "target": None})
            continue
        move = move_choose(state, rand)
        if move is None or (state["deadline"] is not None and rand.random() < 0.04):
            assert state["deadline"] is not None, f"nothing to do in {state['phase']}"
            made.append("timeout")
            await table.expire()
            continue
        seat, action = move
        made.append(action["type"])
        await table.act(seat, action)
    raise AssertionError("the game did not end")


# --- what each viewer may know ---------------------------------------------------------------


def roles_known(state: dict, viewer: int | None) -> set[str]:
    """The card ids a viewer may see named anywhere in a frame: the cards in play when the
    composition is public, the current step's name (the night's slots are public), the dead's
    revealed cards and the pardoned Idiot's, a Hunter's or a Scapegoat's public act; a phone
    adds its own card (and the card it was dealt), the Thief his two cards, what the Seer saw,
    the lover's card by option; a ghost with ``ghosts.seeAll`` and everyone at the end,
    everything."""
    if state["over"]:
        return set(ROLE_IDS)
    cards, options, alive = state["cards"], state["options"], state["alive"]
    known: set[str] = set()
    if options["composition.public"]:
        known |= set(state["composition"])
    if state["step"] is not None:
        known.add(state["step"]["key"])
    known |= {cards[s] for s in range(len(cards))
              if (not alive[s] and options["revealOnDeath"]) or s == state["idiot_revealed"]}
    # A dead Hunter's shot and a Scapegoat's list are public acts (§9), and name the card.
    prompt = state["prompt"]
    if prompt is not None and prompt["kind"] in ("hunter", "scapegoat"):
        known.add(prompt["kind"])
    acts = {event["kind"] for event in state["log"]}
    known |= {card for card, act in (("hunter", "shot"), ("scapegoat", "scapegoat_voters"))
              if act in acts}
    if viewer is None:
        return known
    if not alive[viewer] and options["ghosts.seeAll"]:
        return set(ROLE_IDS)
    notes = state["notes"][viewer]
    known |= {cards[viewer], state["dealt"][viewer]}
    if state["dealt"][viewer] == "thief":
        known |= set(state["spares"])
    known |= {seen for _night, _target, seen in notes["seen"]}
    if notes["lover"] is not None and options["lovers.seeRoles"]:
        known.add(cards[notes["lover"]])
    return known


def viewer_of(key: Any) -> int | None:
    return key if isinstance(key, int) else None


def own_parts(frame: dict, room: dict | None = None) -> dict:
    """The frame with its shared parts reduced to their presence: its view's public part and a
    remote seat's board are the same on every screen (``frames_check`` asserts it), and so is
    its room when it equals ``room`` (the TV's), so two night phones' frames may differ only
    in the rest."""
    reduced = {**frame, "view": {"me": frame["view"]["me"]}}
    if "board" in frame:
        reduced["board"] = None
    if frame["room"] == room:
        reduced["room"] = None
    return reduced


def frames_check(table: SocketTable) -> tuple[int, int]:
    """Every frame of every round against the state it was built from; returns how many
    frames were checked and how many night rounds compared acting and decoy phones."""
    checked = compared = 0
    for number, round_ in enumerate(table.rounds):
        state = round_.state
        if state is None:  # the lobby, before the deal
            continue
        board = round_.frames[BOARD]["view"]
        check_board(state, board)
        public = {k: v for k, v in board.items() if k != "me"}
        # Every frame's view is this public part and its own ``me`` (asserted below), and a
        # remote seat's board is the TV's view: their strings are read once a round. The
        # game's id is "werewolf", as is a card's: every other string is checked.
        public_named = strings({**public, "game": None}) & ROLE_IDS
        board_named = strings(board) & ROLE_IDS
        # The room is the same on every screen of a round (the TV's): its strings are read once
        # too, and a frame's own are read only where it differs.
        room = round_.frames[BOARD]["room"]
        room_named = strings({**room, "game": None})
        for key, frame in round_.frames.items():
            viewer = viewer_of(key)
            view = frame["view"]
            assert {k: v for k, v in view.items() if k != "me"} == public, (number, key)
            if not state["options"]["composition.public"] and not state["over"]:
                assert not any(name.startswith("composition.") and name != "composition.public"
                               for name in frame["room"]["options"]), (number, key)
            if viewer is None:
                assert frame["you"] is None or frame["you"]["audience"]
                assert view["me"] is None, (number, key)
            else:
                assert frame["you"]["position"] == viewer and view["me"]["seat"] == viewer
                check_me(state, viewer, view["me"])
            own = {k: v for k, v in frame.items() if k not in ("view", "board", "room")}
            named = strings([own, view["me"]]) | public_named
            if frame["room"] == room:
                named |= room_named
            else:
                named |= strings({**frame["room"], "game": None})
            if "board" in frame:
                named |= board_named if frame["board"] == board else strings(frame["board"])
            named &= ROLE_IDS
            assert named <= roles_known(state, viewer), (number, key, named)
            checked += 1
        if state["phase"] == "night":
            living = [s for s in range(len(state["cards"])) if state["alive"][s]]
            frames = [round_.frames[s] for s in living]
            assert all(frame["view"]["deadline"] is None for frame in frames)
            # (the rooms reduced to their presence only when every one is the TV's: one that
            # differs keeps every frame's whole room, to be compared)
            same_room = room if all(frame["room"] == room for frame in frames) else None
            shapes = {frozenset(key_paths(own_parts(frame, same_room))) for frame in frames}
            assert len(shapes) == 1, f"round {number}: night frames differ in keys"
            # (sized as the server encodes a frame for the wire: orjson, UTF-8)
            sizes = [len(orjson.dumps(frame)) for frame in frames]
            assert max(sizes) - min(sizes) <= SIZE_MARGIN, (number, sizes)
            kinds = {frame["view"]["me"]["prompt"]["kind"] for frame in frames}
            compared += "decoy" in kinds and len(kinds) > 1
    return checked, compared


# --- the tests -------------------------------------------------------------------------------


@pytest.mark.long(70)
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("n", "options", "seed", "audience"), GAMES)
async def test_seeded_games_with_every_card_send_each_screen_only_what_it_may_know(
    n, options, seed, audience, game_seed, no_flood_limit
):
    game_seed(seed)
    table = await SocketTable.open("werewolf", n, options, audience=audience, names=NAMES)
    dealt = table.room.state["dealt"] + table.room.state["spares"]
    assert set(dealt) == ROLE_IDS  # every card of the seed is in the game
    made = await game_play(table, random.Random(seed))
    await table.close()
    assert {"look", "suspect", "confirm", "vote", "timeout", "talk_end"} <= set(made)
    # Every card a player held had its own prompt on that player's phone, over the wire.
    final = table.room.state
    held = set(final["cards"]) | {"thief"}
    asked = {frame["view"]["me"]["prompt"]["kind"]
             for key, frames in table.frames.items() if isinstance(key, int)
             for frame in frames if frame["view"] and frame["view"]["me"]["prompt"]}
    assert {kind for card, kinds in PROMPTS.items() if card in held for kind in kinds} <= asked
    checked, compared = frames_check(table)
    assert checked > 300 * (n + 1 + audience) // 10
    assert compared > 20
    assert table.room.state["over"] and table.room.status == Room.Status.OVER


# --- bad input: a clear error to the sender alone, nothing changed -----------------------------

EIGHT = ["werewolf", "werewolf", "seer", "witch", "salvateur", "villager", "villager", "hunter"]
NO_MAYOR = {"mayor.enabled": False}


def night_two(step: str) -> dict:
    """Night 1: the Salvateur protects seat 2, the pack attacks seat 5 and the Witch heals him;
    the day passes with no execution; night 2 at ``step``."""
    state = to_step(begin(game(EIGHT, options=NO_MAYOR)), "salvateur")
    state = act(state, 4, "protect", 2)
    state = to_step(wolves_kill(state, 5), "witch")
    state = act(state, 3, "witch_heal")
    return to_step(to_phase(state, "night"), step)


def day_vote_after_a_death() -> dict:
    """Seat 5 died in the night; the day's vote is open."""
    state = to_phase(wolves_kill(begin(game(EIGHT, options=NO_MAYOR)), 5), "dawn")
    state = act(to_phase(state, "talk"), None, "talk_end")
    assert state["phase"] == "vote" and not state["alive"][5]
    return state


def werewolves_step() -> dict:
    return to_step(begin(game(EIGHT, options=NO_MAYOR)), "werewolves")


def wire(message: dict) -> str:
    return json.dumps(message)


def act_text(action: dict) -> str:
    return wire({"type": "act", "action": action})


BAD_INPUT = [
    # (the state, who sends, the text sent, the code, the message)
    (day_vote_after_a_death, 6, act_text({"type": "vote", "target": 5}), "illegal",
     "That player is dead."),
    (day_vote_after_a_death, 5, act_text({"type": "vote", "target": 6}), "not_your_turn",
     "You are dead: stay silent."),
    (lambda: night_two("witch"), 3, act_text({"type": "witch_heal", "target": None}), "illegal",
     "You have already used your potion of life."),
    (lambda: night_two("salvateur"), 4, act_text({"type": "protect", "target": 2}), "illegal",
     "You protected that player last night: choose someone else."),
    (werewolves_step, 5, act_text({"type": "wolf_vote", "target": 2}), "not_your_turn",
     "That is not yours to do."),
    (werewolves_step, 2, act_text({"type": "vote", "target": 3}), "wrong_phase",
     "That can't be done right now."),
    (werewolves_step, 0, act_text({"type": "wolf_vote", "target": "2"}), "bad_action",
     "Name a player."),
    (werewolves_step, 0, "{not json", "bad_json", "That message is not valid JSON."),
    (werewolves_step, 0, act_text({"type": "wolf_vote", "target": 2, "x": "é" * 3000}),
     "too_large", "That message is too large."),
    (day_vote_after_a_death, 3, wire({"type": "host", "command": "act",
                                      "action": {"type": "talk_end", "target": None}}),
     "not_host", "Only the host can do that."),
    (day_vote_after_a_death, BOARD, wire({"type": "host", "command": "act",
                                          "action": {"type": "timeout"}}),
     "bad_action", "This game has no such host control."),
    (day_vote_after_a_death, BOARD, wire({"type": "host", "command": "act",
                                          "action": {"type": "talk_end", "target": None}}),
     "wrong_phase", "There is no discussion to end."),
]


def room_state_set(room: Room, state: dict) -> None:
    Room.objects.filter(pk=room.pk).update(state=state)


def room_now(room: Room) -> tuple[int, dict]:
    fresh = Room.objects.get(pk=room.pk)
    return fresh.version, fresh.state


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("make", "sender", "text", "code", "message"), BAD_INPUT)
async def test_bad_input_gets_a_clear_error_on_the_senders_screen_and_changes_nothing(
    make, sender, text, code, message
):
    options = {**NO_MAYOR, "composition": "custom", "composition.werewolves": 2,
               "composition.villagers": 2, "composition.seer": True, "composition.witch": True,
               "composition.salvateur": True, "composition.hunter": True}
    table = await SocketTable.open("werewolf", len(EIGHT), options, names=NAMES)
    # The room plays the deal the rules' tests use, brought to the moment by the rules.
    await db(room_state_set)(table.room, make())
    before = await db(room_now)(table.room)
    await table.sockets[sender].send_to(text_data=text)
    error = await frame_next(table.sockets[sender])
    assert error["type"] == "error"
    assert (error["code"], error["message"]) == (code, message)
    others = [socket for key, socket in table.sockets.items() if key != sender]
    assert await quiet(*others)  # errors go to the sender only
    assert await db(room_now)(table.room) == before  # nothing changed
    await table.close()


@pytest.mark.django_db(transaction=True)
async def test_in_the_lobby_a_host_control_of_the_game_and_an_invalid_deck_are_refused():
    from tests.games.factories import board_open, room_make, seats_join

    # Four Werewolves, three Villagers and the default Seer, Witch and Hunter: ten cards.
    room = await db(room_make)("werewolf", {"composition": "custom",
                                            "composition.werewolves": 4,
                                            "composition.villagers": 3})
    await db(seats_join)(room, 8, NAMES)
    tv = await board_open(room, room.host_token)
    await frame_next(tv)
    await tv.send_json_to({"type": "host", "command": "act",
                           "action": {"type": "talk_end", "target": None}})
    error = await frame_next(tv)
    assert (error["code"], error["message"]) == ("wrong_phase", "There is no game running.")
    await tv.send_json_to({"type": "host", "command": "start"})
    error = await frame_next(tv)
    assert error["code"] == "bad_options"
    assert error["message"] == ("4 Werewolves are too many for 8 players: there must be fewer "
                                "Werewolves than other players.")
    await tv.send_json_to({"type": "host", "command": "options",
                           "options": {"composition.werewolves": 2,
                                       "composition.villagers": 2}})
    changed = await frame_next(tv)
    assert changed["room"]["options"]["composition.werewolves"] == 2
    await tv.send_json_to({"type": "host", "command": "start"})
    error = await frame_next(tv)
    assert (error["code"], error["message"]) == (
        "bad_options", "8 players need 8 cards; this deck has 7.")
    assert (await db(Room.objects.get)(pk=room.pk)).status == Room.Status.LOBBY
    await tv.disconnect()
