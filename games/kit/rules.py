"""What every game's rules module shares: the error type, the translation marker, the seeded RNG.

A rules module (``games/<game>/rules.py``) is pure Python (no Django import) and exposes, under
these names, the parts its game's ``Game`` is built from (``Game.of(rules, ...)`` in its
package's ``__init__.py``: ``games.kit.game``). Required: ``GAME_ID``, ``TITLE``,
``MIN_PLAYERS``, ``MAX_PLAYERS``, ``PHASES``, ``setup``, ``MOVES``, ``legal_actions``, ``view``
or ``views``, ``disguised``; every other one is optional, with the default ``Game`` gives it:

- ``GAME_ID`` (str, the game's package name), ``TITLE`` (marked with
  ``pgettext(TITLE_CONTEXT, …)``, so a title never shares a translation with a piece of the
  game: a game's title and its card of the same name), ``MIN_PLAYERS``, ``MAX_PLAYERS``;
- ``PHASES``: every value a state's ``phase`` ever takes (the guide has a line for each);
- ``OPTIONS`` (and optionally ``PRESETS``): the declaration of its options (``games.kit.options``);
- ``FACTS``: a JSON-able dict of what screens draw with (sizes, names of pieces), sent with the
  page, so no screen keeps a copy of a rule;
- ``options_clean(raw: dict) -> dict``: the room options checked against ``OPTIONS`` with
  defaults filled in, or ``RuleError`` (default: exactly that, from ``OPTIONS``);
- ``setup(n_players, options, seed, now, content) -> state``: a fresh JSON-able state dict;
- ``MOVES``: its move table (``MoveTable`` of ``Move`` lines, below): every move type, who may
  send it, in which phases, the shape of its payload and its handler (given the action with
  its declared fields only, which is all the platform's log keeps of it);
- ``legal_actions(state, seat) -> list[dict]``: concrete actions ``seat`` may submit now
  (free-text actions are listed with one sample value), of types ``MOVES`` opens to the seat;
- ``apply(state, seat, action, now) -> state``: a *new* state (the input is never mutated), or
  ``RuleError``: a copy played through ``MOVES`` (the default does just that). ``seat`` is
  ``None`` for the system: ``{"type": "timeout"}`` when the state's deadline has passed,
  ``{"type": "presence", "seat": i, "connected": bool}`` when a phone comes or goes;
- ``view(state, viewer) -> dict``: what one screen may see; ``viewer`` is a seat index, or ``None``
  for the board (the TV and the audience), which never sees a secret;
- ``views(state, viewers) -> list[dict]``: ``view`` for each of several screens at once (what
  a change sends), building what the screens see alike only once (either one is made from the
  other when only one is given).
- ``options_public(options) -> dict`` (optional): the room's options every screen may see
  once the game is dealt (a secret composition's cards hidden); all of them otherwise;
- ``HOST_ACTIONS`` (tuple of action types): the system moves the host may send during a game
  (``talk_end``, ``extend``, ``remove``), applied with seat ``None``: by default the ``HOST``
  lines of ``MOVES`` (``MOVES.host_types()``). ``remove`` is the kit's (``remove_move``): the
  platform frees the seat once the rules played it, and offers it only to a game that has it;
- ``disguised(state, viewer, generator) -> state``: the declaration of the game's secrets: the
  state with every secret ``viewer`` (a seat, or ``None`` for the board) may not see replaced
  by another possible one, so that its view cannot tell the two apart (the contract suite,
  ``tests/games/contract``, checks it at every step of random games); ``PADDING`` (optional):
  keys of a phone's part that only pad it to one size, left out of that comparison;
- ``content_sample(n_players, seed) -> dict`` (optional): made-up content to set a game up with
  (a deck of cards) for tests and bots;
- ``FREE_TEXT`` (dict, optional): action type → the field of it a player types freely
  (a typed answer's ``text``), which the platform's family filter checks before the rules see it;
- ``FIXED`` (tuple of keys): the parts of the state set at setup that no move ever changes
  (a pool of cards, every game's options); a move's state copy shares them instead of
  copying them (``state_copy``), and the platform stores them once, with the game's setup,
  not with every move (``games.rooms.fixedparts``). They must follow from ``setup``'s arguments
  alone.

Timers: a duration the rules wait goes through ``timer(options, seconds)``, which stretches it
by the room's extended timers (the platform adds ``timer_scale`` to the options at setup when it
is not 1). A paused game's deadlines are shifted by the platform's own logged ``resume`` move
(``clock_shift``), which the rules never see.

A game's first state is set up again from its saved setup by ``setup_saved``, and its action
log replayed by ``replay`` (the platform's replay, fixed parts and recaps all use them).

Every state holds ``seed``, ``rng_draws``, ``phase``, ``deadline`` (epoch seconds or ``None``),
``connected`` (one bool per seat, every one ``True`` at setup: the platform then reports the
phones that are away) and ``over`` (bool), so the platform can schedule expiry and replay a game
from its seed and action log (``Game`` checks a first state at import).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson


def _(message: str) -> str:
    """Mark a message for translation; the platform translates it for the reader's language."""
    return message


TITLE_CONTEXT = "game title"  # every TITLE's context, written out where it is marked (xgettext)


def pgettext(context: str, message: str) -> str:
    """Mark a message for translation in a context (xgettext's ``pgettext:1c,2``); the platform
    translates it with that context (``Game.title_shown`` for a ``TITLE``)."""
    return message


class Term(str):
    """A word of the game's vocabulary carried in a message's parameters (a resource, an
    option's label): the platform shows it in the reader's language, where a player's name, say,
    is shown as it is. Mark the word itself with ``_`` where the game defines it."""


class Refusal(Exception):
    """A refused request: a translatable ``message`` template, its ``params`` and a ``code``.

    Screens show the message in the reader's language; clients branch on the code.
    """

    default_code = "refused"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.message = message
        self.code = code or self.default_code
        self.params = params


class RuleError(Refusal):
    """An action the rules refuse."""

    default_code = "illegal"


def rng(state: dict) -> random.Random:
    """The game's next generator, seeded from its seed and draw count, so replays match."""
    draws = state.get("rng_draws", 0)
    state["rng_draws"] = draws + 1
    return random.Random(f"{state['seed']}:{draws}")


def state_copy(state: dict, fixed: tuple[str, ...] = ()) -> dict:
    """A deep copy to mutate, so ``apply`` never changes the state it was given.

    States are JSON (they are stored as JSON), so a JSON round trip copies them, about 40 times
    faster than ``copy.deepcopy``; anything JSON cannot hold exactly falls back to ``deepcopy``.
    The parts named in ``fixed`` are set at setup and never changed by any move (a pool of
    cards: most of its state), so the copy shares them instead.
    """
    changing = {key: value for key, value in state.items() if key not in fixed}
    try:
        copied = orjson.loads(orjson.dumps(changing))
    except TypeError:
        copied = copy.deepcopy(changing)
    return {key: state[key] if key in fixed else copied[key] for key in state}


def timer(options: dict, seconds: float) -> float:
    """A duration the rules wait, stretched by the room's extended timers (×1.5, ×2 for younger
    players or for accessibility)."""
    return seconds * options.get("timer_scale", 1)


def clock_shift(state: dict, seconds: float) -> dict:
    """The state after a pause of ``seconds``: its deadline as far off as when it was paused
    (the platform's ``resume`` move, logged so a replay shifts it the same)."""
    shifted = dict(state)
    if shifted.get("deadline") is not None:
        shifted["deadline"] = shifted["deadline"] + seconds
    return shifted


def logged_apply(rules: Any, state: dict, seat: int | None, action: dict, now: float) -> dict:
    """One action of a game's log applied to ``state``: the platform's own ``resume`` (a
    pause's length added to the deadline, which the rules never see), else ``rules.apply``.
    The live game, its replay and its recap all go through here."""
    if seat is None and action.get("type") == "resume":
        return clock_shift(state, action["paused"])
    return rules.apply(state, seat, action, now)


def logged_action(rules: Any, seat: int | None, action: dict) -> dict:
    """What a game's log keeps of an action ``logged_apply`` played: the platform's own
    ``resume`` as it is, a game's move as its table declares it (``MoveTable.declared``)."""
    if seat is None and action.get("type") == "resume":
        return action
    return rules.moves.declared(seat, action)


def setup_saved(rules: Any, setup: dict) -> dict:
    """A game's first state set up again from what it was set up from (``Game.setup``:
    ``n_players``, ``options``, ``seed``, ``now``, ``content``): the start of its replay, and
    of its fixed parts."""
    return rules.setup(setup["n_players"], rules.options_clean(setup["options"]), setup["seed"],
                       setup["now"], setup["content"])


def as_stored(state: dict) -> dict:
    """The state as the live game stored it, read back (lists, string keys, nothing shared),
    so a replay's rules see exactly what they saw live."""
    return orjson.loads(orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS))


def replay(rules: Any, setup: dict, log: list[dict]) -> Iterator[tuple[dict, Any, dict, dict]]:
    """Each move of a game in order, as ``(before, seat, action, after)``, from its saved
    setup and its action log (``seat``, ``payload``, ``applied_at`` each): the platform's
    replay and every recap go through here."""
    state = as_stored(setup_saved(rules, setup))
    for entry in log:
        after = as_stored(logged_apply(rules, state, entry["seat"], entry["payload"],
                                       entry["applied_at"]))
        yield state, entry["seat"], entry["payload"], after
        state = after


def replay_end(rules: Any, setup: dict, log: list[dict]) -> dict:
    """The state a game's replay ends in (its first state when nothing was played)."""
    state = as_stored(setup_saved(rules, setup)) if not log else {}
    for _before, _seat, _action, after in replay(rules, setup, log):
        state = after
    return state


def presence_apply(state: dict, action: dict) -> None:
    """Record a phone coming or going (the system's ``presence`` action, its seat and flag
    checked by ``presence_move``'s fields) on a state copy."""
    state["connected"][action["seat"]] = action["connected"]


def require(condition: bool, message: str, code: str = "illegal", **params: Any) -> None:
    """Raise ``RuleError`` unless ``condition`` holds, so moves read like the rulebook."""
    if not condition:
        raise RuleError(message, code=code, **params)


def deadline_require(state: dict, now: float) -> None:
    """A timeout only once the state's deadline has passed (the ticker may run late, never
    early; a screen cannot send one)."""
    require(
        state["deadline"] is not None and now >= state["deadline"],
        _("Nothing is due yet."),
        code="not_due",
    )


# --- the move table: one way to declare a game's moves ------------------------------------------
#
# A game declares its moves as a table of ``Move`` lines that read like its rulebook: the move's
# type, the phase(s) it belongs to, who may send it (a seat, the active seat, a role of the
# game, the system or the host), the shape of its payload and what it does. ``MoveTable.play``
# checks all of that, in one order for every game, before the move's handler runs, so handlers
# only hold the rule itself. Actions come from the network: nothing in them is trusted.

Handler = Callable[[dict, Any, dict, float], None]


@dataclass(frozen=True)
class Field:
    """One field of a move's payload: what its value must be (``check(value, state)``), the
    refusal when it is not, and whether it may be left out."""

    check: Callable[[Any, dict], bool]
    refusal: str = _("“%(field)s” has a bad value.")
    required: bool = True
    code: str = "bad_action"


def _whole(value: Any) -> bool:
    """An int that is not a bool (``True`` is an ``int`` in Python, never a number on the wire)."""
    return type(value) is int


def integer(low: int | None = None, high: int | None = None, refusal: str | None = None) -> Field:
    """A whole number, within ``low..high`` when given."""
    def check(value: Any, state: dict) -> bool:
        return (_whole(value) and (low is None or value >= low)
                and (high is None or value <= high))
    return Field(check, refusal or Field.refusal)


TEXT_MAX_BYTES = 2000  # a typed field longer than this is no typing: refused before the rules


def text(max_chars: int = TEXT_MAX_BYTES, required: bool = True) -> Field:
    """Free text (the rules trim and judge it; this only bounds what reaches them)."""
    return Field(lambda value, state: isinstance(value, str) and len(value) <= max_chars,
                 required=required)


def choice(*values: Any, refusal: str | None = None) -> Field:
    """One of ``values``, of the same JSON type (``1`` is not ``True``, nor ``"1"``)."""
    return Field(
        lambda value, state: any(type(value) is type(v) and value == v for v in values),
        refusal or Field.refusal,
    )


def flag(refusal: str | None = None) -> Field:
    """``true`` or ``false``."""
    return Field(lambda value, state: isinstance(value, bool), refusal or Field.refusal)


def seat_of(*also: Any, refusal: str | None = None, required: bool = True,
            code: str = Field.code) -> Field:
    """A seat of this game (``0 .. n-1``), or one of ``also`` (a supply that is not a
    seat, a missing target as ``None``)."""
    def check(value: Any, state: dict) -> bool:
        if any(type(value) is type(v) and value == v for v in also):
            return True
        return _whole(value) and 0 <= value < len(state["connected"])
    return Field(check, refusal or Field.refusal, required, code)


NO_TARGET = Field(lambda value, state: value is None, _("That action takes no target."),
                  required=False)
"""A ``target`` a move takes none of: left out, or ``null`` (a game whose actions all carry one)."""


@dataclass(frozen=True)
class Seats:
    """Who may send a move: a test on ``(state, seat)`` and the refusal when it fails (the test
    may raise a more precise ``RuleError`` itself)."""

    test: Callable[[dict, int], bool]
    refusal: str = _("That is not yours to do.")
    code: str = "not_your_turn"


ANY_SEAT = Seats(lambda state, seat: True)
ACTIVE_SEAT = Seats(lambda state, seat: seat == state["active"], _("It is not your turn."))
SYSTEM = Seats(lambda state, seat: seat is None, code="bad_action")  # the platform (seat None)
HOST = Seats(lambda state, seat: seat is None, code="bad_action")  # the host, sent as the system


@dataclass(frozen=True)
class Move:
    """One line of the rulebook: a move ``type`` that ``who`` may send in ``phases`` (``None``:
    any), with a payload of ``fields``, done by ``handler(state, seat, action, now)`` on the
    new state. ``more_fields(action)`` adds fields that depend on one already checked (the
    character a claim names); ``wrong_phase`` is the refusal outside its phases;
    ``when_over`` lets it through once the game is over (a phone coming or going)."""

    type: str
    who: Seats
    phases: tuple[str, ...] | None
    handler: Handler
    fields: dict[str, Field] = field(default_factory=dict)
    more_fields: Callable[[dict], dict[str, Field]] | None = None
    wrong_phase: str = _("That can't be done right now.")
    when_over: bool = False

    @property
    def by_system(self) -> bool:
        return self.who is SYSTEM or self.who is HOST


class MoveTable:
    """A game's moves, checked and played: ``play`` refuses, in this order, what is no move of
    the game (or a player's move sent by the system, or the reverse), a seat that is not one,
    a payload of the wrong shape, a move after the game is over, a seat no longer in the game
    (``present``), a move outside its phases, and a seat that may not send it; then the
    handler runs. ``phase_names(state)`` are the names the state's phase goes by (a night
    of steps is ``night`` and ``night:<step>``); ``seat_code`` is the code of a bad seat."""

    def __init__(
        self,
        moves: list[Move],
        present: Seats | None = None,
        phase_names: Callable[[dict], tuple[str, ...]] | None = None,
        seat_code: str = "bad_action",
    ) -> None:
        self.moves = moves
        self.present = present
        self.phase_names = phase_names or (lambda state: (state["phase"],))
        self.seat_code = seat_code
        self.by_type: dict[str, list[Move]] = {}
        for move in moves:
            self.by_type.setdefault(move.type, []).append(move)

    def __iter__(self) -> Iterator[str]:
        """The types of the players' moves, in table order (what a phone may ever send)."""
        return iter(dict.fromkeys(move.type for move in self.moves if not move.by_system))

    def host_types(self) -> tuple[str, ...]:
        """The moves the host sends (``HOST_ACTIONS``), in table order."""
        return tuple(dict.fromkeys(move.type for move in self.moves if move.who is HOST))

    def phases(self) -> set[str]:
        """Every phase some move names."""
        return {phase for move in self.moves for phase in move.phases or ()}

    def move_for(self, state: dict, seat: Any, action: Any) -> Move:
        """The table's line for ``action`` sent by ``seat`` now, or the refusal."""
        require(isinstance(action, dict) and isinstance(action.get("type"), str),
                _("Unknown action."), code="bad_action")
        system = seat is None
        lines = [move for move in self.by_type.get(action["type"], ())
                 if move.by_system == system]
        require(bool(lines), _("Unknown action."), code="bad_action")
        if not system:
            require(_whole(seat) and 0 <= seat < len(state["connected"]), _("No such seat."),
                    code=self.seat_code)
        if not state["over"] or not all(move.when_over for move in lines):
            require(not state["over"], _("The game is over."), code="wrong_phase")
        for name, checked in lines[0].fields.items():
            self._field_check(state, action, name, checked)
        if lines[0].more_fields is not None:
            for name, checked in lines[0].more_fields(action).items():
                self._field_check(state, action, name, checked)
        if not system and self.present is not None:
            self._who_check(state, seat, self.present)
        names = self.phase_names(state)
        move = next((line for line in lines
                     if line.phases is None or any(name in line.phases for name in names)), None)
        require(move is not None, lines[0].wrong_phase, code="wrong_phase")
        assert move is not None
        if not system:
            self._who_check(state, seat, move.who)
        return move

    def play(self, state: dict, seat: Any, action: Any, now: Any) -> None:
        """Check ``action`` by ``seat`` (``None``: the system) and play it on ``state`` (a copy
        the caller made: ``apply`` never changes the state it was given). The handler is given
        the action as declared (``declared``): what it reads is what the log keeps."""
        require(isinstance(now, int | float) and not isinstance(now, bool), _("Bad clock."),
                code="bad_action")
        move = self.move_for(state, seat, action)
        move.handler(state, seat, self.declared(seat, action), now)

    def declared(self, seat: Any, action: dict) -> dict:
        """``action`` as its line declares it: its ``type`` and the line's fields, nothing
        else. All a handler is given, and all the platform stores of a move: the action log
        keeps a year of moves, and a phone's extra fields are dropped, not kept. For an action
        ``move_for`` accepted (a line's ``more_fields`` reads fields already checked)."""
        line = next(move for move in self.by_type[action["type"]]
                    if move.by_system == (seat is None))
        names = {"type", *line.fields, *(line.more_fields(action) if line.more_fields else ())}
        return {name: value for name, value in action.items() if name in names}

    def open_types(self, state: dict, seat: int) -> set[str]:
        """The move types ``seat`` passes the phase and seat checks for now (what its
        ``legal_actions`` may offer: they must pass the handler's own rules too)."""
        if state["over"]:
            return set()
        open_now = set()
        for move in self.moves:
            if move.by_system:
                continue
            try:
                if self.present is not None:
                    self._who_check(state, seat, self.present)
                names = self.phase_names(state)
                if move.phases is not None and not any(n in move.phases for n in names):
                    continue
                self._who_check(state, seat, move.who)
            except RuleError:
                continue
            open_now.add(move.type)
        return open_now

    @staticmethod
    def _field_check(state: dict, action: dict, name: str, checked: Field) -> None:
        if name not in action:
            require(not checked.required, _("That action is missing “%(field)s”."),
                    code="bad_action", field=name)
            return
        require(checked.check(action[name], state), checked.refusal, code=checked.code,
                field=name)

    @staticmethod
    def _who_check(state: dict, seat: int, who: Seats) -> None:
        require(who.test(state, seat), who.refusal, code=who.code)


def presence_move(after: Callable[[dict, float], None] | None = None) -> Move:
    """The system's ``presence`` (a phone came or went), the same in every game: the seat's
    ``connected`` flag set, then ``after(state, now)`` when the game reacts (a deadline for the
    absent)."""
    def handler(state: dict, seat: None, action: dict, now: float) -> None:
        presence_apply(state, action)
        if after is not None:
            after(state, now)
    return Move("presence", SYSTEM, None, handler,
                {"seat": seat_of(refusal=_("No such seat."), code="bad_seat"),
                 "connected": flag(_("A presence action has a seat and a connected flag."))},
                when_over=True)


def remove_move(handler: Handler | None = None,
                after: Callable[[dict, int, float], None] | None = None) -> Move:
    """The host's ``remove`` (a player who left, removed from the host menu, by the seat
    ``target``, checked here), a host move the platform knows: once the rules have played it,
    the platform frees the seat and sends its phone to the join form. A game offers it by
    putting this line in its move table (the host menu offers Remove only then). Its default
    treats the player as a phone gone for good (the seat's ``connected`` flag off, then
    ``after(state, seat, now)`` when the game reacts, as to an absence); a game whose play
    waits on that seat gives its own ``handler`` (who it skips, what it gives back)."""
    def gone(state: dict, host: None, action: dict, now: float) -> None:
        seat = action["target"]
        state["connected"][seat] = False
        if after is not None:
            after(state, seat, now)
    return Move("remove", HOST, None, handler or gone,
                {"target": seat_of(refusal=_("No such seat."), code="bad_seat")})
