"""The contract every game's rules keep (``games.kit.rules``'s docstring), checked on random
complete games of every registered game at each player count it allows (OpenSpiel's random
simulation tests are the model).

Each game is played from a seed to its end by random choices among ``legal_actions``, with
deadlines let pass (the system's ``timeout``), phones coming and going and, now and then, the
host removing a player. At every step: every action offered is accepted (a sample of them on
big tables) and ``apply`` leaves its input alone; actions not offered (another seat's, an
earlier phase's, a malformed one, an unknown type, a system move from a phone, a phone's move
from the system) are refused with ``RuleError`` and the state unchanged; the offered types are
open in the game's move table; ``views`` is ``view`` for each screen, the board has no ``me``,
and no screen's view changes when the secrets it may not see are disguised (the game's own
``disguised``); the audience ballot and its result are computed from the board's view; the
``FIXED`` parts never change. At the end: the game is over, its replay from the setup and the
action log ends in the same state, and its recap is computed.

Games are reached only through ``tests.support.contract.games_registered``, as the ``Game``
objects the platform runs: every call goes through a ``Game``'s parts (``setup``, ``apply``,
``views``, ``disguised``, ``moves``...), never through a rules module.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import orjson
import pytest

from games.kit.game import Game
from games.kit.rules import RuleError, as_stored, replay_end, setup_saved
from tests.support.contract import content, games_registered

MAX_MOVES = 6_000  # a game not over by then is stuck
SPREAD_LIMIT = 6  # player counts beyond this many are sampled: the least, the most, some between
OFFERED_TRIED = 3  # offered actions tried per seat and step, besides the one played
SEATS_TRIED = 4  # seats whose offered actions are tried per step
VIEWERS_DISGUISED = 2  # seats whose view is checked against a disguise per step (and the board)
BAD_VALUE = {"not": "a value"}  # no field of any action takes an object


def player_counts(game: Game) -> list[int]:
    counts = list(range(game.min_players, game.max_players + 1))
    if len(counts) <= SPREAD_LIMIT:
        return counts
    step = (len(counts) - 1) / (SPREAD_LIMIT - 1)
    return sorted({counts[round(i * step)] for i in range(SPREAD_LIMIT)})


GAMES = games_registered()
CASES = [(game, n) for game in GAMES for n in player_counts(game)]
IDS = [f"{game.id}-{n}" for game, n in CASES]


def dumped(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SORT_KEYS)


def padding_stripped(game: Game, view: dict) -> dict:
    """The view without the parts that only pad a phone's frame to one size (spaces)."""
    padding = game.padding
    if view["me"] is None or not padding:
        return view
    for key in padding:
        assert set(view["me"][key]) <= {" "}, key
    return {**view, "me": {k: v for k, v in view["me"].items() if k not in padding}}


class Played:
    """One random game of ``game`` with ``n`` players, played and checked step by step."""

    def __init__(self, game: Game, n: int, seed: int) -> None:
        self.game, self.n = game, n
        self.chooser = random.Random(f"{game.id}:{n}:{seed}")
        self.setup = {"n_players": n, "options": {}, "seed": seed, "now": 1_000.0,
                      "content": content(game, n, seed)}
        self.state = setup_saved(game, self.setup)
        self.now = self.setup["now"]
        self.log: list[dict] = []
        self.fixed = dumped({key: self.state[key] for key in game.fixed})
        self.offered_before: dict[int, list[dict]] = {}
        self.disguises_that_hid = 0
        self.ballots: list[str] = []
        self.refused = 0

    # --- playing -------------------------------------------------------------------------

    def play(self) -> None:
        for _move in range(MAX_MOVES):
            offered = self.step_check()
            if self.state["over"]:
                return
            seat, action = self.choose(offered)
            self.act(seat, action)
        raise AssertionError(f"{self.game.id} with {self.n} players is not over after "
                             f"{MAX_MOVES} moves (phase {self.state['phase']})")

    def act(self, seat: int | None, action: dict) -> None:
        after = self.game.apply(self.state, seat, action, self.now)
        self.log.append({"seat": seat, "payload": action, "applied_at": self.now})
        self.state = as_stored(after)

    def choose(self, offered: dict[int, list[dict]]) -> tuple[int | None, dict]:
        """A random next move: mostly an offered one, sometimes a deadline let pass, a phone
        coming or going, or the host removing a player."""
        roll = self.chooser.random()
        seats = [seat for seat, actions in offered.items() if actions]
        self.now += self.chooser.random() * 3
        deadline = self.state["deadline"]
        if deadline is not None and (not seats or roll < 0.1):
            self.now = max(self.now, deadline)
            return None, {"type": "timeout"}
        if roll < 0.12:
            return None, {"type": "presence", "seat": self.chooser.randrange(self.n),
                          "connected": self.chooser.random() < 0.7}
        if roll < 0.125 and "remove" in self.game.host_actions:
            removal = {"type": "remove", "target": self.chooser.randrange(self.n)}
            if self.accepted(None, removal):
                return None, removal
        if not seats:
            for kind in self.game.host_actions:  # a host's control moves the game on
                if self.accepted(None, {"type": kind}):
                    return None, {"type": kind}
            raise AssertionError(f"stuck in {self.state['phase']}: nobody may move, no deadline")
        seat = self.chooser.choice(seats)
        return seat, self.chooser.choice(offered[seat])

    def accepted(self, seat: int | None, action: dict) -> bool:
        try:
            self.game.apply(self.state, seat, action, self.now)
        except RuleError:
            return False
        return True

    # --- the checks at every step ----------------------------------------------------------

    def step_check(self) -> dict[int, list[dict]]:
        state, game = self.state, self.game
        assert state["phase"] in game.phases, state["phase"]
        assert dumped({key: state[key] for key in game.fixed}) == self.fixed
        offered = {seat: game.legal_actions(state, seat) for seat in range(self.n)}
        if state["over"]:
            assert not any(offered.values())
        before = dumped(state)
        self.offered_check(offered)
        self.refusals_check(offered)
        self.views_check()
        assert dumped(state) == before, "a call changed the state it was given"
        self.offered_before = {seat: actions for seat, actions in offered.items() if actions}
        return offered

    def offered_check(self, offered: dict[int, list[dict]]) -> None:
        """Every action offered is accepted, of a type its move table opens to the seat."""
        seats = [seat for seat, actions in offered.items() if actions]
        for seat in self.chooser.sample(seats, min(SEATS_TRIED, len(seats))):
            actions = offered[seat]
            assert {a["type"] for a in actions} <= self.game.moves.open_types(self.state, seat)
            for action in self.chooser.sample(actions, min(OFFERED_TRIED, len(actions))):
                assert self.accepted(seat, action), (self.state["phase"], seat, action)

    def refused_check(self, seat: int | None, action: Any) -> None:
        with pytest.raises(RuleError) as refusal:
            self.game.apply(self.state, seat, action, self.now)
        assert isinstance(refusal.value.code, str) and refusal.value.message
        self.refused += 1

    def refusals_check(self, offered: dict[int, list[dict]]) -> None:
        """A sample of actions not offered, each refused."""
        state = self.state
        seat = self.chooser.randrange(self.n)
        self.refused_check(seat, {"type": "no_such_move"})
        self.refused_check(seat, {"type": "timeout"})  # the system's, from a phone
        self.refused_check(seat, "not an action")
        seats = [s for s, actions in offered.items() if actions]
        if not seats:
            return
        owner = self.chooser.choice(seats)
        action = self.chooser.choice(offered[owner])
        self.refused_check(None, action)  # a phone's move, from the system
        moves = self.game.moves
        others = [s for s in range(self.n) if action["type"] not in moves.open_types(state, s)]
        if others:
            self.refused_check(self.chooser.choice(others), action)  # another seat's move
        fields = [key for key in action if key != "type"]
        if fields:
            malformed = {**action, self.chooser.choice(fields): BAD_VALUE}
            self.refused_check(owner, malformed)
        for earlier_seat, earlier in self.offered_before.items():
            stale = self.chooser.choice(earlier)
            if stale["type"] not in moves.open_types(state, earlier_seat):
                self.refused_check(earlier_seat, stale)  # an earlier phase's move
                break

    def views_check(self) -> None:
        """Each screen's view, alone and all at once; no secret a screen may not see; the
        audience's ballot and verdict."""
        state, game = self.state, self.game
        viewers = [None, *range(self.n)]
        together = game.views(state, viewers)
        board = together[0]
        assert board["me"] is None
        for viewer in [None, *self.chooser.sample(range(self.n), VIEWERS_DISGUISED)]:
            shown = together[viewers.index(viewer)]
            assert dumped(shown) == dumped(game.view(state, viewer))
            other = game.disguised(state, viewer, self.chooser)
            if dumped({**other, "seed": None}) != dumped({**state, "seed": None}):
                self.disguises_that_hid += 1  # more than the seed was disguised
            assert (padding_stripped(game, game.view(other, viewer))
                    == padding_stripped(game, shown)), (state["phase"], viewer)
        if game.ballot is None:
            return
        ballot = game.ballot(board)
        if ballot is not None:
            assert ballot["questions"] and isinstance(ballot["key"], str)
            if ballot["key"] not in self.ballots:
                self.ballots.append(ballot["key"])
        for key in self.ballots[-2:]:
            orjson.dumps(self.game.result(board, key))


def played(game: Game, n: int) -> Played:
    """The game of ``game`` with ``n`` players, played and checked at every step (once)."""
    return _played(game.id, n)


@cache
def _played(game_id: str, n: int) -> Played:
    game_played = Played(next(game for game in GAMES if game.id == game_id), n, seed=n)
    game_played.play()
    return game_played


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_every_step_of_a_random_game_keeps_the_contract(game, n):
    result = played(game, n)
    assert result.state["over"] is True
    assert result.refused > len(result.log)


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_the_replay_from_the_seed_and_the_action_log_ends_in_the_same_state(game, n):
    result = played(game, n)
    assert dumped(replay_end(game, result.setup, result.log)) == dumped(result.state)


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_the_fixed_parts_follow_from_the_setup_alone(game, n):
    result = played(game, n)
    later = setup_saved(game, {**result.setup, "now": result.setup["now"] + 3_600.0})
    assert dumped({key: later[key] for key in game.fixed}) == result.fixed


@pytest.mark.parametrize(("game", "n"), CASES, ids=IDS)
def test_the_recap_of_a_finished_game_is_computed(game, n):
    if game.recap is None:
        pytest.skip(f"{game.id} has no recap")
    recap = game.recap(played(game, n).setup, played(game, n).log)
    orjson.dumps(recap)
    assert len(recap["seats"]) == n and "board" in recap


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_secrets_declared_are_really_disguised(game):
    """The secrets check is only worth something if a disguise changes the hidden facts."""
    assert sum(played(game, n).disguises_that_hid for n in player_counts(game)) > 0


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_the_audience_had_something_to_vote_on(game):
    if game.ballot is None:
        pytest.skip(f"{game.id} has no audience (its Game gives no ballot)")
    assert any(played(game, n).ballots for n in player_counts(game))

