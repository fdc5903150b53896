"""One declaration of a game's options: validation, defaults and the lobby's form all come from it.

Pure Python (no Django import), so a game's rules validate their options with the same
declaration the lobby draws its form from. Labels and help texts are marked with the rules'
translation marker (``games.kit.rules._``); the platform translates them for each screen.

A game declares ``OPTIONS`` (a tuple of ``Option``) and, if it has any, ``PRESETS`` (a tuple of
``Preset``: named sets of values a host can pick in one tap).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.kit.rules import RuleError, Term, _

KINDS = ("int", "bool", "choice", "multi", "seat")
TIMER_SCALES = (1, 1.5, 2)  # the room's extended timers: every deadline of every game stretched


@dataclass(frozen=True)
class Option:
    """One host option.

    ``kind``: ``int`` (a whole number from ``min`` to ``max``), ``bool``, ``choice`` (one value of
    ``choices``), ``multi`` (a list of values of ``choices``) or ``seat`` (a seat number, or
    ``None`` when ``default`` is ``None``: checked against the player count at setup). An ``int``
    may have ``choices`` too (the values the form offers) and an ``off`` value outside its range
    (a timer's 0 is "no timer").
    ``choices``: ``(value, label)`` pairs; ``choices_from`` names choices the game's Django side
    supplies at run time (decks from the database), in which case ``choices`` is empty here and
    values are checked by that side. ``nullable``: ``None`` is allowed (and means "the game
    decides").
    ``shown_when``: ``(other option, value)``: the option only matters while that other option
    has that value, so the forms show it only then (card counts, for a custom deck).
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[tuple[Any, str], ...] = ()
    choices_from: str | None = None
    nullable: bool = False
    off: int | None = None
    shown_when: tuple[str, Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")

    def clean(self, value: Any) -> Any:
        """``value`` checked against this declaration; ``RuleError`` naming the option if not."""
        if value is None and (self.nullable or self.default is None):
            return None
        if self.kind == "bool":
            _require(type(value) is bool, _("“%(option)s” must be on or off."), self)
        elif self.kind in ("int", "seat"):
            _require(type(value) is int, _("“%(option)s” must be a whole number."), self)
            if self.off is not None and value == self.off:
                return value
            low = 0 if self.kind == "seat" and self.min is None else self.min
            if low is not None and value < low or self.max is not None and value > self.max:
                raise RuleError(
                    _("“%(option)s” must be from %(low)s to %(high)s."),
                    code="bad_options", option=Term(self.label), low=low, high=self.max,
                )
        elif self.kind == "choice" and not self.choices_from:
            _require(value in self.values(), _("Pick “%(option)s” from the list."), self)
        elif self.kind == "multi":
            _require(
                isinstance(value, list) and len(set(map(repr, value))) == len(value),
                _("Pick “%(option)s” from the list."), self,
            )
            if not self.choices_from:
                _require(all(item in self.values() for item in value),
                         _("Pick “%(option)s” from the list."), self)
        return value

    def values(self) -> list[Any]:
        """The allowed values of a choice."""
        return [value for value, _label in self.choices]

    def as_json(self, translate: Any = str, choices: list | None = None) -> dict[str, Any]:
        """The declaration for a screen's form, texts through ``translate``; ``choices`` for a
        ``choices_from`` option."""
        listed = self.choices if choices is None else choices
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": translate(self.label),
            "help": translate(self.help) if self.help else "",
            "min": self.min,
            "max": self.max,
            "nullable": self.nullable or self.default is None,
            "off": self.off,
            "choices": [[value, translate(label)] for value, label in listed],
            "shown_when": list(self.shown_when) if self.shown_when else None,
        }


@dataclass(frozen=True)
class Preset:
    """A named set of option values a host picks in one tap (e.g. "Short game")."""

    name: str
    label: str
    values: dict[str, Any] = field(default_factory=dict)
    help: str = ""

    def as_json(self, translate: Any = str) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": translate(self.label),
            "help": translate(self.help) if self.help else "",
            "values": dict(self.values),
        }


# --- the forms --------------------------------------------------------------------------------
# Kinds are interpreted here only: each field a form gets says how to draw it (``control``) and
# how to read it back (``numeric``), so the home page's template, the lobby (lobby.js) and the
# reading of the home page's form (``form_read``) draw and read any option without a kind test.


def form_field(option: Option, translate: Any = str, choices: list | None = None) -> dict[str, Any]:
    """The declaration for a form (``Option.as_json``) with how to draw and read it:
    ``control`` is ``checkbox``, ``number``, ``select`` (one of ``choices``), ``multiselect``
    (several of them) or ``seat`` (one of the players, once they are in; the game may choose
    when ``nullable``); ``numeric``: its value is a number, not the text of a form's field;
    ``before_players``: a form may set it before anyone has joined (not a seat)."""
    field = option.as_json(translate, choices)
    if option.kind == "bool":
        control = "checkbox"
    elif option.kind == "multi":
        control = "multiselect"
    elif option.kind == "seat":
        control = "seat"
    elif option.kind == "int" and not field["choices"]:
        control = "number"
    else:
        control = "select"
    numeric = option.kind in ("int", "seat") or (
        isinstance(option.default, int) and not isinstance(option.default, bool))
    return {**field, "control": control, "numeric": numeric,
            "before_players": option.kind != "seat"}


def form_read(fields: list[dict[str, Any]], data: Any, prefix: str) -> dict[str, Any]:
    """The options a submitted HTML form sets (``data``: a ``QueryDict``, each field named
    ``<prefix>-<option>``), typed as ``form_field`` says; a field left empty is left out (the
    game's default), a value that is not a number is left for the game to refuse."""
    options: dict[str, Any] = {}
    for form in fields:
        name = form["name"]
        key = f"{prefix}-{name}"
        if form["control"] == "checkbox":
            options[name] = key in data
        elif form["control"] == "multiselect":
            options[name] = data.getlist(key)
        elif key in data and data[key] != "":
            value = data[key]
            if form["numeric"]:
                try:
                    value = int(value)
                except ValueError:
                    pass
            options[name] = value
    return options


def _require(condition: bool, message: str, option: Option) -> None:
    if not condition:
        raise RuleError(message, code="bad_options", option=Term(option.label))


def options_defaults(declared: tuple[Option, ...]) -> dict[str, Any]:
    """Every declared option at its default."""
    return {option.name: option.default for option in declared}


def options_clean(declared: tuple[Option, ...], raw: Any) -> dict[str, Any]:
    """The declared options of ``raw`` checked, with defaults for the missing ones. Keys the
    declaration does not name are left out (they belong to someone else: the platform's own),
    but for the room's extended timers, ``timer_scale``, which the platform hands every game's
    setup (``rulekit.timer`` reads it) and so stays in the game's options."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise RuleError(_("The options must be a dictionary."), code="bad_options")
    clean = {
        option.name: option.clean(raw[option.name]) if option.name in raw else option.default
        for option in declared
    }
    if "timer_scale" in raw:
        if raw["timer_scale"] not in TIMER_SCALES or type(raw["timer_scale"]) is bool:
            raise RuleError(_("The timers are ×1, ×1.5 or ×2."), code="bad_options")
        clean["timer_scale"] = raw["timer_scale"]
    return clean


def seat_check(declared: tuple[Option, ...], options: dict[str, Any], n_players: int) -> None:
    """Seat options name a seat of this game (known once the players are)."""
    for option in declared:
        value = options.get(option.name)
        if option.kind == "seat" and value is not None and not 0 <= value < n_players:
            raise RuleError(
                _("“%(option)s” must be a seat of this game."),
                code="bad_options", option=Term(option.label),
            )
