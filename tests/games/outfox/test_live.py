"""OUTFOX THROUGH REAL SOCKETS: secrets on the wire, card statistics, replay and host filters.

Whole seeded Outfox games are played through real sockets (the TV, every phone, an audience
phone): moves come from ``outfox.legal_actions`` on the state in the database and are sent as
``act`` messages on the mover's socket; deadlines expire through the services as the ticker
would. Every frame every socket received is then checked against the state it was built from.

Two checks make "no secret before its reveal" strong:

* a field check: before a turn's reveal, every frame to the TV, the audience or a guesser holds
  only the view's public fields (nothing else, at any depth), none of the hidden texts (the
  offered fronts, the kept card before it is read, a Fox proposal), while the reader's own frame
  really carries the secret (the ranks in reading order, the Fox's place), derived here from the
  cards this file created;
* a difference check: the same game is played again in a second room after every card was given
  a different secret (the same six texts read in the same order, but the Fox somewhere else and
  the ranks shuffled) and one guesser's Double Down pick was changed each turn: before each
  turn's reveal, every frame to the TV, the audience and the other guessers is identical.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.kit.errors import ServiceError
from games.live import socket_limits
from games.outfox import rules as outfox
from games.rooms import presence, selectors, services
from games.rooms.models import Game, Room, Seat
from questions.models import Answer, Card, CardPlay, Deck
from tests.games.factories import (
    BOARD,
    Round,
    SocketTable,
    host,
    leaves,
    outfox_moves,
    room_fresh,
    room_make,
    seats_join,
    seats_online,
    services_patch,
)

db = database_sync_to_async
pytestmark = pytest.mark.usefixtures("services_called_directly")
NOW = 1_700_000_000.0
FILTERS = {"decks": ["live"], "language": "en", "family_only": True}
WORDS = ("Amber", "Birch", "Cobalt", "Dune", "Ember", "Fjord")
PRE_REVEAL = ("draw", "fox", "read", "rank", "double_down")
REVEAL_ORDER = [1, 2, 3, 4, 5, 0]
# What the statistics call the slot where the group put the Fox, and the ranks right in a slot.
ZONE_OF_SLOT = {0: "1", 1: "2-3", 2: "2-3", 3: "4-5", 4: "4-5", 5: "caught"}
RANKS_RIGHT_IN_SLOT = {0: {1}, 1: {2, 3}, 2: {2, 3}, 3: {4, 5}, 4: {4, 5}}


@pytest.fixture
def fixed_clock(monkeypatch):
    """The services' clock stands still, so two plays of a game carry the same deadlines."""
    services_patch(monkeypatch, "time", SimpleNamespace(time=lambda: NOW))


@pytest.fixture
def no_flood_limit(monkeypatch):
    """A scripted phone moves faster than a hand: lift the per-socket message rate limit (its
    own tests are in test_consumers.py), or a reader's quick "next" taps would be dropped."""
    monkeypatch.setattr(socket_limits, "FLOOD_RATE", 1e9)


@pytest.fixture
def game_seed(monkeypatch):
    """Set the seed the next ``room_start`` deals from."""

    def use(seed: int) -> None:
        monkeypatch.setattr(secrets, "randbits", lambda bits: seed)

    return use


# --- cards: each with two secret versions of the same six texts -----------------------------


def order_random(rand: random.Random) -> list[int]:
    """A reading order (the rank read at each place, 0 = the Fox) not in plain rank order."""
    order = [0, 1, 2, 3, 4, 5]
    while [rank for rank in order if rank] == [1, 2, 3, 4, 5]:
        rand.shuffle(order)
    return order


@dataclass
class Twin:
    """A card's six texts in reading order, and two secrets for them: in version ``a`` and ``b``
    the Fox's place differs and so do the ranks; the reader types the text at the Fox's place."""

    id: int
    question: str
    source: str
    texts: list[str]
    orders: dict[str, list[int]]

    def answers(self, variant: str) -> list[str]:
        """The five real answers, rank #1 first."""
        order = self.orders[variant]
        return [self.texts[order.index(rank)] for rank in (1, 2, 3, 4, 5)]

    def fox(self, variant: str) -> str:
        return self.texts[self.orders[variant].index(0)]


def card_make(
    question: str, answers: list[str], order: list[int], decks: list[Deck], **fields: Any
) -> Card:
    card = Card.objects.create(
        question=question,
        source=fields.pop("source", f"Source of {question}"),
        reading_order=order,
        category="test",
        **{"language": "en", **fields},
    )
    Answer.objects.bulk_create(
        Answer(card=card, rank=rank, text=text) for rank, text in enumerate(answers, start=1)
    )
    card.decks.add(*decks)
    return card


def cards_setup(count: int, seed: int = 1) -> dict[int, Twin]:
    """``count`` cards matching ``FILTERS`` (in version ``a``), and cards that each miss exactly
    one filter: another deck, another language, not family-friendly, inactive."""
    rand = random.Random(seed)
    live = Deck.objects.create(name="Live", slug="live", language="en")
    other = Deck.objects.create(name="Other", slug="other", language="en")
    twins = {}
    for number in range(count):
        texts = [f"{word}-{number:03d}" for word in WORDS]
        order_a = order_random(rand)
        order_b = order_random(rand)
        while order_b.index(0) == order_a.index(0):
            order_b = order_random(rand)
        question = f"Question {number:03d}: rank these"
        twin = Twin(0, question, f"Source {number:03d}", texts, {"a": order_a, "b": order_b})
        twin.id = card_make(question, twin.answers("a"), order_a, [live], source=twin.source).pk
        twins[twin.id] = twin
    misses = [
        ([other], {}),
        ([live], {"language": "es"}),
        ([live], {"family_friendly": False}),
        ([live], {"active": False}),
    ]
    for kind, (decks, fields) in enumerate(misses):
        for number in range(3):
            texts = [f"Stray{kind}{number} {word}" for word in WORDS[:5]]
            card_make(f"Stray {kind}-{number}", texts, order_random(rand), decks, **fields)
    return twins


def twins_switch(twins: dict[int, Twin], variant: str) -> None:
    """Give every card the other secret: same question, same texts read in the same order."""
    for twin in twins.values():
        card = Card.objects.get(pk=twin.id)
        card.reading_order = twin.orders[variant]
        card.save()
        card.answers.all().delete()
        Answer.objects.bulk_create(
            Answer(card=card, rank=rank, text=text)
            for rank, text in enumerate(twin.answers(variant), start=1)
        )


# --- playing ----------------------------------------------------------------------------------


def readers_of(state: dict) -> list[int]:
    reader, partner = state["plan"][state["turn"]]
    return [reader] if partner is None else [reader, partner]


def guessers_of(state: dict) -> list[int]:
    return [seat for seat in range(len(state["scores"])) if seat not in readers_of(state)]


def card_id(state: dict) -> int:
    return state["cards"][state["card"]]["id"]


def move_choose(state: dict, rand: random.Random) -> tuple[int, dict] | None:
    """A random legal move. While ranking, filling the column and agreeing are likelier than
    swaps and take-outs, so the debate ends; otherwise a random seat, kind, then action."""
    moves = outfox_moves(state)
    if not moves:
        return None
    if state["phase"] == "rank":
        guess = state["guess"]
        agree = [(p, a) for p, a in moves if a["type"] == "agree"]
        fill = [
            (p, a)
            for p, a in moves
            if a["type"] == "place" and guess[a["slot"]] is None and a["answer"] not in guess
        ]
        if agree and rand.random() < 0.75:
            return rand.choice(agree)
        if fill and rand.random() < 0.85:
            return rand.choice(fill)
        return rand.choice(moves)
    position = rand.choice(sorted({p for p, _action in moves}))
    mine = [action for p, action in moves if p == position]
    kind = rand.choice(sorted({action["type"] for action in mine}))
    return position, rand.choice([action for action in mine if action["type"] == kind])


async def game_play(
    table: SocketTable, twins: dict[int, Twin], variant: str, rand: random.Random
) -> list[tuple]:
    """Play to the end; the Fox typed is the card's text at the Fox's place. Returns the moves
    (``("act", position, action)`` or ``("expire",)``)."""
    moves: list[tuple] = []
    for _step in range(1500):
        state = table.room.state
        if state["over"]:
            return moves
        move = move_choose(state, rand)
        if move is None or (state["deadline"] is not None and rand.random() < 0.1):
            assert state["deadline"] is not None, "nothing to do and no deadline"
            moves.append(("expire",))
            await table.expire()
            continue
        position, action = move
        if action["type"] == "fox":
            action = {"type": "fox", "text": twins[card_id(state)].fox(variant)}
        moves.append(("act", position, action))
        await table.act(position, action)
    raise AssertionError("the game did not end")


def pick_other(state: dict, answer: int) -> int:
    """Another answer a guesser may double down on (never the one in the FOX slot)."""
    fox_slot_answer = state["guess"][outfox.FOX_SLOT]
    return next(
        other
        for step in range(1, 6)
        if (other := (answer + step) % 6) != fox_slot_answer
    )


async def moves_replay(
    table: SocketTable, moves: list[tuple], twins: dict[int, Twin], variant: str
) -> dict[int, int]:
    """The same moves in another room, with the other Fox text, and each turn's first guesser
    doubling down on another answer. Returns that guesser by turn (index)."""
    changed: dict[int, int] = {}
    for move in moves:
        state = table.room.state
        if move[0] == "expire":
            await table.expire()
            continue
        _act, position, action = move
        if action["type"] == "fox":
            action = {"type": "fox", "text": twins[card_id(state)].fox(variant)}
        elif action["type"] == "double_down" and position == guessers_of(state)[0]:
            action = {"type": "double_down", "answer": pick_other(state, action["answer"])}
            changed[state["turn"]] = position
        await table.act(position, action)
    assert table.room.state["over"]
    return changed


# --- the field check --------------------------------------------------------------------------


HISTORY_KEYS = ("turn", "card", "reader", "partner", "skipped", "fox", "fox_slot", "correct")
# Every path a TV, audience or guesser view may hold before the turn's reveal. A list or object
# where only null is allowed (``me.secret``, ``double_downs``, ``revealed``...) fails the check.
PUBLIC_VIEW_PATHS = (
    {
        (key,)
        for key in (
            "game", "phase", "deadline", "timer", "turn", "turns", "reader", "partner", "card",
            "next_readers",
            "answers", "guess", "unplaced", "agreed", "picked", "double_downs", "revealed",
            "result", "podium", "me",
        )
    }
    | {
        (key, "*")
        for key in ("guessers", "answers", "guess", "unplaced", "agreed", "picked", "next_readers")
    }
    | {("options", key) for key in outfox.VIEW_OPTIONS}
    | {
        ("players", "*", key)
        for key in ("seat", "score", "square", "lap", "connected", "turn_points")
    }
    | {("card", "question"), ("card", "source"), ("card", "language")}
    | {("history", "*", key) for key in HISTORY_KEYS}
    | {("history", "*", "double_downs", "*"), ("history", "*", "points", "*")}
    | {
        ("me", key)
        for key in (
            "seat", "role", "partner", "offer", "card", "secret", "fox", "proposal",
            "rejected_by", "double_down", "actions",
        )
    }
    # A guesser's legal moves: places, agreeing, a Double Down (nothing a guesser may not know).
    | {("me", "actions", "*", key) for key in ("type", "answer", "slot")}
)


def hidden_texts(state: dict) -> list[str]:
    """Texts no TV, audience or guesser frame may hold in this phase: the offered fronts and
    their answers while the reader chooses; the kept card and any Fox proposal until read."""
    if state["phase"] == "draw":
        cards = [state["cards"][index] for index in state["offer"]]
    elif state["phase"] == "fox":
        cards = [state["cards"][state["card"]]]
    else:
        return []
    texts = [text for card in cards for text in (card["question"], card["source"])]
    texts += [answer for card in cards for answer in card["answers"]]
    if state["proposal"]:
        texts.append(state["proposal"]["text"])
    return texts


def public_check(frame: dict, state: dict, viewer: int | None) -> None:
    """A TV, audience or guesser frame before the reveal: public fields only, nothing hidden."""
    view = frame["view"]
    stray = [path for path, _leaf in leaves(view) if path not in PUBLIC_VIEW_PATHS]
    assert not stray, (viewer, state["phase"], stray)
    assert view["double_downs"] is None and view["revealed"] is None and view["result"] is None
    if view["card"] is not None:
        assert set(view["card"]) == {"question", "source", "language"}
    if state["phase"] == "double_down":
        picked = [seat for seat, pick in enumerate(state["double_downs"]) if pick is not None]
        assert view["picked"] == picked
    text = json.dumps(frame, ensure_ascii=False)
    for hidden in hidden_texts(state):
        assert hidden not in text, (viewer, state["phase"], hidden)
    me = view["me"]
    if viewer is None:  # the TV, or an audience phone
        assert me is None and (frame["you"] is None or frame["you"]["audience"])
        return
    assert me["seat"] == viewer and me["role"] == "guesser"
    assert [me[key] for key in ("offer", "card", "secret", "fox", "proposal")] == [None] * 5
    assert me["double_down"] == state["double_downs"][viewer]


def reader_check(
    frame: dict, state: dict, viewer: int, twin: Twin | None, variant: str, twins_ids: set[int]
) -> None:
    """The reader's (each pair member's) frame: three fronts without answers, then the card's
    real secret: every rank in reading order and the Fox's marked place."""
    me = frame["view"]["me"]
    assert me["seat"] == viewer and me["role"] == "reader"
    assert me["double_down"] is None
    if state["phase"] == "draw":
        offered = [state["cards"][index] for index in state["offer"]]
        assert {card["id"] for card in offered} <= twins_ids  # only cards the filters match
        assert me["offer"] == [
            {"id": card["id"], "question": card["question"], "source": card["source"]}
            for card in offered
        ]
        assert me["card"] is None and me["secret"] is None
        text = json.dumps(frame, ensure_ascii=False)
        for card in offered:
            for answer in card["answers"]:
                assert answer not in text, answer
        return
    assert twin is not None
    assert me["offer"] is None
    assert me["card"] == {
        "id": twin.id, "question": twin.question, "source": twin.source, "language": "en",
    }
    order = twin.orders[variant]
    assert [entry["rank"] for entry in me["secret"]] == order
    assert [entry["text"] for entry in me["secret"]] == [
        state["fox"] if rank == 0 else text for rank, text in zip(order, twin.texts, strict=True)
    ]
    assert me["fox"] == state["fox"] and me["proposal"] == state["proposal"]


def viewer_of(key: Any) -> int | None:
    return key if isinstance(key, int) else None


def frames_check(table: SocketTable, twins: dict[int, Twin], variant: str) -> int:
    """Check every frame of the game against the state it was built from; returns how many
    frames were checked before a reveal."""
    checked = 0
    for round_ in table.rounds:
        state = round_.state
        if state is None:
            continue
        twin = twins.get(card_id(state)) if state["card"] is not None else None
        for key, frame in round_.frames.items():
            viewer = viewer_of(key)
            # Each screen receives exactly the rules' view for it: the seat's own, or the board's.
            expected = json.loads(json.dumps(outfox.view(state, viewer)))
            assert frame["view"] == expected, (key, state["phase"])
            if state["phase"] in PRE_REVEAL:
                if viewer in readers_of(state):
                    reader_check(frame, state, viewer, twin, variant, set(twins))
                else:
                    public_check(frame, state, viewer)
                checked += 1
            if state["phase"] in ("read", "rank", "double_down", "reveal", "score"):
                # The six texts in reading order, the typed Fox in its place: the same in both
                # versions of the card.
                assert frame["view"]["answers"] == twin.texts
            if state["phase"] in ("reveal", "score"):
                revealed = frame["view"]["revealed"]
                assert [step["rank"] for step in revealed] == REVEAL_ORDER[: state["step"]]
                order = twin.orders[variant]
                assert all(order[step["answer"]] == step["rank"] for step in revealed)
    return checked


# --- statistics and replay --------------------------------------------------------------------


def plays_expected(rounds: list[Round]) -> list[tuple[int, str, int]]:
    """Each scored turn's card, Fox zone and correct answers, from the column the screens saw
    locked and the card as stored in the questions app."""
    scored: dict[int, tuple[int, list[int]]] = {}
    for round_ in rounds:
        state = round_.state
        if state is not None and state["phase"] == "score":
            scored[state["turn"]] = (card_id(state), list(state["guess"]))
    expected = []
    for played, guess in scored.values():
        order = Card.objects.get(pk=played).reading_order
        fox_slot = guess.index(order.index(0))
        correct = sum(order[guess[slot]] in RANKS_RIGHT_IN_SLOT[slot] for slot in range(5))
        expected.append((played, ZONE_OF_SLOT[fox_slot], correct))
    return sorted(expected)


def plays_recorded(code: str) -> list[tuple[int, str, int]]:
    return sorted(
        CardPlay.objects.filter(room_code=code).values_list("card_id", "fox_zone", "correct")
    )


def pool_ids(table: SocketTable) -> set[int]:
    """The cards the platform dealt into the room's current game."""
    game = Game.objects.get(pk=room_fresh(table.room).current_game_id)
    return {card["id"] for card in game.setup["content"]["cards"]}


def records_check(table: SocketTable) -> None:
    """One ``CardPlay`` per scored turn, with its zone and count; the log replays the game."""
    room = room_fresh(table.room)
    state = room.state
    assert state["over"] and room.status == Room.Status.OVER
    expected = plays_expected(table.rounds)
    assert len(expected) == len(state["plan"]) == len(state["history"])
    assert plays_recorded(room.code) == expected
    game = Game.objects.get(pk=room.current_game_id)
    assert selectors.game_replay(game) == state


# --- the difference check ---------------------------------------------------------------------

SCORING_FIELDS = ("score", "square", "lap", "turn_points")


def comparable(table: SocketTable, frame: dict) -> str:
    """A frame without what differs between the rooms (code, seat ids) or is public once an
    earlier turn was revealed (scores and history: the two versions score differently)."""
    frame = table.normalize(frame)
    view = frame["view"]
    if view is not None:
        view["history"] = None
        for player in view["players"]:
            for key in SCORING_FIELDS:
                player[key] = None
    return json.dumps(frame, sort_keys=True)


def difference_check(first: SocketTable, second: SocketTable, changed: dict[int, int]) -> None:
    """Before each turn's reveal, the TV, the audience and every guesser but the one whose
    Double Down changed see identical frames under the two secrets; the readers do not."""
    assert len(first.rounds) == len(second.rounds)
    reader_differs: dict[tuple[int, int], bool] = {}
    picker_differs = board_differs_after = 0
    for round_a, round_b in zip(first.rounds, second.rounds, strict=True):
        state = round_a.state
        assert round_a.frames.keys() == round_b.frames.keys()
        for key, frame_a in round_a.frames.items():
            same = comparable(first, frame_a) == comparable(second, round_b.frames[key])
            if state is None:
                assert same, key
                continue
            phase, viewer = state["phase"], viewer_of(key)
            if phase not in PRE_REVEAL:
                board_differs_after += key == BOARD and not same
                continue
            if viewer in readers_of(state):
                if phase == "draw":
                    assert same, (key, phase)  # the same three fronts
                else:
                    reader_differs[(state["turn"], viewer)] = (
                        reader_differs.get((state["turn"], viewer), False) or not same
                    )
                continue
            if phase == "double_down" and changed.get(state["turn"]) == viewer:
                picker_differs += not same
                continue
            assert same, (key, phase, state["turn"])
    # The secrets do travel: each reader's phone saw its own, and so did the changed picker's.
    turns = {(turn, seat) for turn, pair in enumerate(first.room.state["plan"]) for seat in pair
             if seat is not None}
    assert set(reader_differs) == turns and all(reader_differs.values())
    assert picker_differs > 0 and board_differs_after > 0


# --- the tests --------------------------------------------------------------------------------


GAMES = [
    # 3 players: each reads twice; manual reveal, the clock starts on the reader's tap.
    (3, {"reveal_pace": "manual", "read_seconds": 0, "rank_seconds": 60}, 31, 0),
    # 5 players: reader pairs; automatic reveal; an audience phone watches.
    (5, {"reveal_seconds": 2, "double_down_seconds": 10}, 52, 1),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("n", "options", "seed", "audience"), GAMES)
async def test_whole_games_on_sockets_show_no_secret_before_its_reveal(
    n, options, seed, audience, fixed_clock, game_seed, no_flood_limit
):
    twins = await db(cards_setup)(12)
    game_seed(seed)
    first = await SocketTable.open("outfox", n, {**FILTERS, **options}, audience=audience)
    assert await db(pool_ids)(first) == set(twins)  # all 12 cards the filters match, no other
    moves = await game_play(first, twins, "a", random.Random(seed))
    await first.close()
    kinds = {move[2]["type"] if move[0] == "act" else "timeout" for move in moves}
    assert {"pick_card", "fox", "place", "agree", "double_down", "next", "timeout"} <= kinds
    if n >= 5:  # a pair: one proposes the Fox, the other approves (or rejects) it
        assert {"approve_fox", "reject_fox"} <= kinds
    assert frames_check(first, twins, "a") > 60 * (n + audience)
    await db(records_check)(first)

    await db(twins_switch)(twins, "b")
    game_seed(seed)
    second = await SocketTable.open("outfox", n, {**FILTERS, **options}, audience=audience)
    changed = await moves_replay(second, moves, twins, "b")
    await second.close()
    assert frames_check(second, twins, "b") > 60 * (n + audience)
    await db(records_check)(second)
    assert first.room.state["history"] != second.room.state["history"]  # other ranks, other points
    difference_check(first, second, changed)


@pytest.mark.django_db(transaction=True)
async def test_a_second_game_in_the_room_deals_only_cards_it_has_not_played(
    fixed_clock, game_seed, no_flood_limit
):
    twins = await db(cards_setup)(16)
    game_seed(77)
    table = await SocketTable.open("outfox", 3, {**FILTERS, "read_seconds": 0})
    await game_play(table, twins, "a", random.Random(77))
    played = {card for card, _zone, _correct in await db(plays_recorded)(table.room.code)}
    assert len(played) == 6 and played <= set(twins)

    await table.host("play_again")
    assert table.room.status == Room.Status.LOBBY
    game_seed(78)
    frames = await table.host("start")
    state = table.room.state
    game = await db(Game.objects.get)(pk=table.room.current_game_id)
    assert game.number == 2
    # 10 matching cards not played here yet: enough for 6 turns, so no old one comes back.
    assert await db(pool_ids)(table) == set(twins) - played
    offer = frames[state["plan"][0][0]]["view"]["me"]["offer"]
    assert len(offer) == 3 and {card["id"] for card in offer} <= set(twins) - played
    await table.close()


@pytest.mark.django_db
def test_with_few_unplayed_cards_the_pool_adds_the_least_recently_played():
    twins = cards_setup(10)
    room = room_make("outfox", FILTERS)
    Room.objects.filter(pk=room.pk).update(created_at=datetime(2024, 1, 1, 9, tzinfo=UTC))
    other_room = "ZZZZ" if room.code != "ZZZZ" else "YYYY"
    ids = sorted(twins)
    for minutes, card in enumerate(ids[:6]):  # played here: the first the longest ago
        CardPlay.objects.create(
            card_id=card, fox_zone="1", correct=2, room_code=room.code,
            played_at=datetime(2024, 1, 1, 10, minutes, tzinfo=UTC),
        )
    CardPlay.objects.create(card_id=ids[6], fox_zone="1", correct=2, room_code=other_room)
    seats_online(room, seats_join(room, 3))
    services.room_start(room.code, host(room))
    game = Game.objects.get(room=room)
    pool = [card["id"] for card in game.setup["content"]["cards"]]
    # 3 players play 6 turns and need 8 cards: the 4 unplayed here, then the 4 played longest ago.
    assert len(pool) == 8
    assert set(pool[:4]) == set(ids[6:]) and set(pool[4:]) == set(ids[:4])


@pytest.mark.django_db
def test_plays_of_an_earlier_room_with_the_code_are_not_this_rooms():
    """An ended room's code goes to a new room (games.rooms.lifecycle): the cards the old room
    played under that code, before the new room was made, are new to the new room."""
    twins = cards_setup(10)
    ids = sorted(twins)
    room = room_make("outfox", FILTERS)
    for card in ids[:6]:  # the code's earlier room
        CardPlay.objects.create(card_id=card, fox_zone="1", correct=2, room_code=room.code,
                                played_at=room.created_at - timedelta(minutes=1))
    CardPlay.objects.create(card_id=ids[6], fox_zone="1", correct=2, room_code=room.code)
    seats_online(room, seats_join(room, 3))
    services.room_start(room.code, host(room))
    pool = [card["id"] for card in Game.objects.get(room=room).setup["content"]["cards"]]
    # Only the play since the room was made counts: 9 cards unplayed here, all dealt first.
    assert sorted(pool) == sorted(set(ids) - {ids[6]})


def by_seat(joined: list[Seat]) -> dict[int, Seat]:
    """The joined seats (their tokens on them) by their positions in the game, as saved."""
    for seat in joined:
        seat.refresh_from_db()
    return {seat.position: seat for seat in joined}


def turn_finish(room: Room, joined: list[Seat], rand: random.Random) -> Room:
    """Play the current turn through the services until its points are shown."""
    seats = by_seat(joined)
    for _step in range(300):
        if room.state["phase"] == "score":
            return room
        position, action = move_choose(room.state, rand)
        services.action_submit(room.code, seats[position].token, action)
        room = room_fresh(room)
    raise AssertionError(("the turn did not end", room.state["phase"]))


def turn_scripted(room: Room, joined: list[Seat], fox_slot: int,
                  rand: random.Random) -> tuple[int, str, int]:
    """Play one turn through the services, up to its points, with the group putting the Fox in
    ``fox_slot`` and the real answers in a random order; returns the play to be recorded."""
    seats = by_seat(joined)
    state = room.state
    reader = seats[readers_of(state)[0]]
    guessers = [seats[position] for position in guessers_of(state)]
    played = state["cards"][state["offer"][0]]["id"]
    for action in (
        {"type": "pick_card", "card": played},
        {"type": "fox", "text": f"Decoy {state['turn']}"},
        {"type": "start_clock"},
    ):
        services.action_submit(room.code, reader.token, action)
    order = Card.objects.get(pk=played).reading_order
    column = [answer for answer in range(6) if order[answer] != 0]
    rand.shuffle(column)
    column.insert(fox_slot, order.index(0))
    for slot, answer in enumerate(column):
        services.action_submit(
            room.code, guessers[0].token, {"type": "place", "answer": answer, "slot": slot}
        )
    for seat in guessers:
        services.action_submit(room.code, seat.token, {"type": "agree"})
    for seat in guessers:
        services.action_submit(room.code, seat.token, {"type": "double_down", "answer": column[0]})
    for _step in range(6):
        services.action_submit(room.code, reader.token, {"type": "next"})
    room = room_fresh(room)
    assert room.state["phase"] == "score" and room.state["guess"] == column
    correct = sum(order[column[slot]] in RANKS_RIGHT_IN_SLOT[slot] for slot in range(5))
    return played, ZONE_OF_SLOT[fox_slot], correct


@pytest.mark.django_db
def test_each_played_turn_records_its_card_with_the_fox_zone_and_correct_count():
    cards_setup(10)
    room = room_make("outfox", {**FILTERS, "reveal_pace": "manual", "read_seconds": 0})
    joined = seats_join(room, 3)
    seats_online(room, joined)
    services.room_start(room.code, host(room))
    rand = random.Random(5)
    expected = []
    for fox_slot in (0, 2, 4, 5, 1, 3):  # #1, #2-3, #4-5, caught, then the zones' other slots
        expected.append(turn_scripted(room_fresh(room), joined, fox_slot, rand))
        # Recorded as soon as the turn is scored; the next turn adds nothing until it is.
        assert plays_recorded(room.code) == sorted(expected)
        reader_position = room_fresh(room).state["plan"][len(expected) - 1][0]
        reader = by_seat(joined)[reader_position]
        services.action_submit(room.code, reader.token, {"type": "next"})
        assert plays_recorded(room.code) == sorted(expected)
    assert room_fresh(room).state["over"]
    assert [zone for _card, zone, _correct in expected] == ["1", "2-3", "4-5", "caught"] + [
        "2-3", "4-5"
    ]
    assert {correct for _card, _zone, correct in expected} != {0}


@pytest.mark.django_db
def test_skipped_turns_record_no_card_play():
    cards_setup(10)
    room = room_make("outfox", FILTERS)
    seats = seats_join(room, 3)
    seats_online(room, seats)
    services.room_start(room.code, host(room))
    room = room_fresh(room)
    for seat in seats:
        seat.refresh_from_db()  # with their positions (and their tokens)
    # Turn 1: the reader's phone goes away while choosing a card; the turn is skipped.
    presence.connection_close(f"fake.{room.code}.{seats[0].pk}")
    room = room_fresh(room)
    assert room.state["phase"] == "draw" and room.state["absent"]
    services.deadline_expire(room.pk, room.state["deadline"])
    # Turn 2: the reader keeps a card, then goes away while writing the Fox.
    room = room_fresh(room)
    kept = room.state["cards"][room.state["offer"][0]]["id"]
    services.action_submit(room.code, seats[1].token, {"type": "pick_card", "card": kept})
    presence.connection_close(f"fake.{room.code}.{seats[1].pk}")
    services.deadline_expire(room.pk, room_fresh(room).state["deadline"])
    room = room_fresh(room)
    skipped = room.state["history"]
    assert [(t["skipped"], t["card"]) for t in skipped] == [(True, None), (True, kept)]
    assert not CardPlay.objects.exists()
    # Turn 3 is played: one play, for its card only.
    seats_online(room, seats[:2])
    room = turn_finish(room, seats, random.Random(3))
    turn = room.state["history"][-1]
    assert not turn["skipped"]
    assert plays_recorded(room.code) == [
        (turn["card"], ZONE_OF_SLOT[turn["fox_slot"]], turn["correct"])
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("filters", "count"),
    [
        ({"decks": ["other"]}, 3),
        ({"decks": ["live"], "language": "es"}, 3),
        ({"decks": ["live"], "language": "fr"}, 0),
        ({"decks": ["nowhere"]}, 0),
    ],
)
def test_a_filter_matching_fewer_than_8_cards_is_refused_at_room_creation(filters, count):
    cards_setup(9)
    message = f"Only {count} cards match these choices; a game needs at least 8."
    with pytest.raises(ServiceError) as refused:
        services.room_create("outfox", filters)
    assert refused.value.code == "bad_options" and str(refused.value) == message
    response = Client().post(
        "/api/rooms", json.dumps({"game": "outfox", "options": filters}),
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json() == {"error": {"code": "bad_options", "message": message}}
    assert not Room.objects.exists()


@pytest.mark.django_db
def test_family_only_can_tip_a_deck_below_8_cards():
    cards_setup(6)  # "live": 6 matching, 3 in Spanish, 3 not family-friendly, 3 inactive
    room = room_make("outfox", {"decks": ["live"], "language": "en"})
    assert room.options["card_count"] == 9
    with pytest.raises(ServiceError) as refused:
        services.room_create("outfox", {"decks": ["live"], "language": "en", "family_only": True})
    assert refused.value.code == "bad_options" and "Only 6 cards" in str(refused.value)
    with pytest.raises(ServiceError) as refused:  # nor in the lobby, by the host
        services.room_options_set(room.code, host(room), {"family_only": True})
    assert refused.value.code == "bad_options"
