"""What every game's rules module shares: the error type, the translation marker, the seeded RNG.

A rules module (``games/<game>/rules.py``) is pure Python (no Django import) and exposes what
the game's ``Game`` (``games.gamekit``, built in its package's ``__init__.py``) names:

- ``GAME_ID`` (str, the game's package name), ``TITLE`` (marked with
  ``pgettext(TITLE_CONTEXT, …)``, so a title never shares a translation with a piece of the
  game: a game's title and its card of the same name), ``MIN_PLAYERS``, ``MAX_PLAYERS``;
- ``PHASES``: every value a state's ``phase`` ever takes (the guide has a line for each);
- ``OPTIONS`` (and optionally ``PRESETS``): the declaration of its options (``games.options``);
- ``FACTS``: a JSON-able dict of what screens draw with (sizes, names of pieces), sent with the
  page, so no screen keeps a copy of a rule;
- ``options_clean(raw: dict) -> dict``: the room options checked against ``OPTIONS`` with
  defaults filled in, or ``RuleError``;
- ``setup(n_players, options, seed, now, content) -> state``: a fresh JSON-able state dict;
- ``legal_actions(state, seat) -> list[dict]``: concrete actions ``seat`` may submit now
  (free-text actions are listed with one sample value);
- ``apply(state, seat, action, now) -> state``: a *new* state (the input is never mutated), or
  ``RuleError``. ``seat`` is ``None`` for the system: ``{"type": "timeout"}`` when the state's
  deadline has passed, ``{"type": "presence", "seat": i, "connected": bool}`` when a phone comes
  or goes;
- ``view(state, viewer) -> dict``: what one screen may see; ``viewer`` is a seat index, or ``None``
  for the board (the TV and the audience), which never sees a secret;
- ``views(state, viewers) -> list[dict]``: ``view`` for each of several screens at once (what
  a change sends), building what the screens see alike only once.
- ``options_public(options) -> dict`` (optional): the room's options every screen may see
  once the game is dealt (a secret composition's cards hidden); all of them otherwise;
- ``HOST_ACTIONS`` (tuple of action types, optional): the system moves the host may send
  during a game (``talk_end``, ``extend``, ``remove``), applied with seat ``None``;
- ``FREE_TEXT`` (dict, optional): action type → the field of it a player types freely
  (a typed answer's ``text``), which the platform's family filter checks before the rules see it;
- ``FIXED`` (tuple of keys): the parts of the state set at setup that no move ever changes
  (a pool of cards, every game's options); a move's state copy shares them instead of
  copying them (``state_copy``), and the platform stores them once, with the game's setup,
  not with every move (``games.fixedparts``). They must follow from ``setup``'s arguments
  alone.

Timers: a duration the rules wait goes through ``timer(options, seconds)``, which stretches it
by the room's extended timers (the platform adds ``timer_scale`` to the options at setup when it
is not 1). A paused game's deadlines are shifted by the platform's own logged ``resume`` move
(``clock_shift``), which the rules never see.

Every state holds ``seed``, ``rng_draws``, ``phase``, ``deadline`` (epoch seconds or ``None``),
``connected`` (one bool per seat) and ``over`` (bool), so the platform can schedule expiry and
replay a game from its seed and action log.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import orjson


def _(message: str) -> str:
    """Mark a message for translation; the platform translates it for the reader's language."""
    return message


TITLE_CONTEXT = "game title"  # every TITLE's context, written out where it is marked (xgettext)


def pgettext(context: str, message: str) -> str:
    """Mark a message for translation in a context (xgettext's ``pgettext:1c,2``); the platform
    translates it with that context (``games.registry.game_title`` for a ``TITLE``)."""
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


def presence_apply(state: dict, action: dict) -> None:
    """Record a phone coming or going (the system's ``presence`` action) on a state copy."""
    seat = action.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < len(state["connected"]):
        raise RuleError(_("No such seat."), code="bad_seat")
    state["connected"][seat] = bool(action.get("connected"))


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
