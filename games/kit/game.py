"""A game is one object: the ``Game`` every game's package exports as ``GAME``.

``games/<game>/__init__.py`` builds its ``Game`` from its own modules, naming each part (its
rules functions by name from its rules module, its options, its guide, its recap, its audience's
ballot, its Django adapter), and the registry (``games.kit.registry``) holds these objects: the
platform reaches a game only through them, never by a module's conventional name or by
``getattr``. A part left out, or of the wrong kind, fails when the package is imported, with a
message naming the part, not when a room first needs it.

Nothing here imports Django: settings import each game's package to install it as an app before
Django is set up, so the Django side of a game (its adapter, which reads its models) is named by
its dotted path and imported only when first asked for (``registry.adapter_get``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import Any

from games.kit.options import Option, Preset
from games.kit.rules import MoveTable


class GameIncomplete(TypeError):
    """A game's declaration lacks a part, or has one of the wrong kind."""


REQUIRED: Any = object()  # the default of a part every game must give


def _part(doc: str, default: Any = REQUIRED) -> Any:
    """A field of ``Game``, with what it is (the import-time error quotes it); a ``dict``
    default is a fresh empty one."""
    if default is dict:
        return dataclasses.field(default_factory=dict, metadata={"doc": doc})
    return dataclasses.field(default=default, metadata={"doc": doc})


@dataclasses.dataclass(frozen=True, kw_only=True)
class BenchPlan:
    """How the benchmark (``bench/``) plays a room of the game: the options that give it a
    steady stream of moves with no timer firing mid-run, the moves its scripted phones make
    (pure, from a seat's own view), and the phases it measures."""

    options: Callable[[int], dict[str, Any]]  # the room's options, for that many phones
    move: Callable[[dict, int], dict | None]  # the k-th move of a seat from its view, or None
    steady_phases: tuple[str, ...]  # the phases of the stream the benchmark measures
    phones: int | None = None  # the room's own size (None: the run's --phones)
    content: Callable[[], dict] = dict  # what setup plays with, when timed without a database
    start_seconds: float = 60.0  # how long its walk to the steady phase may take at most

    def steady(self, view: dict | None) -> bool:
        """Whether a room with this public view is in the stream the benchmark measures."""
        return bool(view) and view["phase"] in self.steady_phases


@dataclasses.dataclass(frozen=True, kw_only=True)
class SweepPlan:
    """How the browser sweep (``tests/browser/test_sweep.py``) shows every screen of the game,
    walking its rules from its setup: every part has a default, so a game is swept without one.
    """

    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)  # the room's options
    counts: tuple[int, ...] = ()  # the player counts swept (none: its fewest and its most)
    phase_key: Callable[[dict], str] | None = None  # what makes a screen differ (the phase)
    # What it is dealt, under Django: ``content(adapter, room, n, seed)`` (None: the adapter's
    # ``content_for``), e.g. the cards with the longest texts, to stress the layout.
    content: Callable[[Any, Any, int, int], dict] | None = None


@dataclasses.dataclass(frozen=True, kw_only=True)
class Screens:
    """The game's screen scripts, named under its static folder (``static/<game>/`` in its
    package): the TV's and the phone's each export ``mount(root, ctx)`` (the README's "Add a
    game" lists the optional exports); ``recap`` words the end's recap (``awards``,
    ``summary``), for a game with a recap only."""

    board: str = "tv.js"
    seat: str = "phone.js"
    recap: str = "recap.js"


# What a guide (``games/<game>/guide.py``) holds, each marked with ``_`` where it is text.
GUIDE_PARTS = ("ART", "PITCH", "MINUTES", "SLIDES", "RULES", "ROLES", "PHASES")


@dataclasses.dataclass(frozen=True, kw_only=True)
class Game:
    """Everything the platform knows of one game. The rules' functions keep the signatures
    ``games.kit.rules`` describes; every other part is data or a pure function."""

    id: str = _part("the game's package name under games/ (its app label, its static folder)")
    title: str = _part("its title, marked with pgettext(TITLE_CONTEXT, ...)")
    min_players: int = _part("the fewest players it starts with")
    max_players: int = _part("the most players it seats")
    phases: tuple[str, ...] = _part("every value a state's phase takes")
    options: tuple[Option, ...] = _part("the declaration of its room options (games.kit.options)")
    presets: tuple[Preset, ...] = _part("its named option sets", ())
    facts: Mapping[str, Any] = _part("what its screens draw with (JSON-able, no secret)")
    fixed: tuple[str, ...] = _part("the state keys setup makes and no move changes")
    options_clean: Callable = _part("options_clean(raw) -> the room's options, or RuleError")
    setup: Callable = _part("setup(n_players, options, seed, now, content) -> state")
    legal_actions: Callable = _part("legal_actions(state, seat) -> [action]")
    apply: Callable = _part("apply(state, seat, action, now) -> new state, or RuleError")
    moves: MoveTable = _part("its move table (games.kit.rules.MoveTable), which apply plays: "
                             "what the action log keeps of a move is its declared fields")
    view: Callable = _part("view(state, viewer) -> what one screen sees")
    views: Callable = _part("views(state, viewers) -> [view] for several screens at once")
    options_public: Callable | None = _part(
        "options_public(options) -> the options every screen sees once dealt", None)
    host_actions: tuple[str, ...] = _part("the system moves the host may send", ())
    free_text: Mapping[str, str] = _part(
        "action type -> the field of it a player types freely (family-filtered)", dict)
    rules: ModuleType = _part("its pure rules module (for its tests and replays)")
    guide: ModuleType = _part(f"its how-to-play module ({', '.join(GUIDE_PARTS)})")
    recap: Callable | None = _part("recap(setup, log) -> the end's awards and summaries", None)
    ballot: Callable = _part("ballot(public view) -> what its audience votes on now, or None")
    result: Callable = _part("result(public view, ballot key) -> the truth, or None")
    bench: BenchPlan | None = _part(
        "how the benchmark plays it (None: the benchmark leaves it out)", None)
    sweep: SweepPlan = _part("how the browser sweep shows its screens (defaults: every phase "
                             "at its fewest and most players)", SweepPlan())
    adapter_path: str | None = _part(
        "the dotted path of its GameAdapter subclass (its Django side), None for the defaults",
        None)
    screens: Screens = _part("its screen scripts under static/<game>/ in its package",
                             Screens())

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            if getattr(self, field.name) is REQUIRED:
                raise GameIncomplete(
                    f"game {self.id if self.id is not REQUIRED else '?'!r} lacks its "
                    f"{field.name!r}: {field.metadata['doc']}")
        self._check()

    def _wrong(self, part: str, why: str) -> GameIncomplete:
        return GameIncomplete(f"game {self.id!r}: its {part!r} {why}")

    def _check(self) -> None:
        """Each part of the kind the platform uses it as."""
        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise self._wrong("id", "must be its package's name")
        if not isinstance(self.title, str) or not self.title:
            raise self._wrong("title", "must be a non-empty string")
        if not (isinstance(self.min_players, int) and isinstance(self.max_players, int)
                and 1 <= self.min_players <= self.max_players):
            raise self._wrong("min_players", "must be an int from 1 to max_players")
        for name in ("options_clean", "setup", "legal_actions", "apply", "view", "views",
                     "ballot", "result"):
            if not callable(getattr(self, name)):
                raise self._wrong(name, "must be a function")
        if self.bench is not None and not isinstance(self.bench, BenchPlan):
            raise self._wrong("bench", "must be a games.kit.game.BenchPlan or None")
        if not isinstance(self.sweep, SweepPlan):
            raise self._wrong("sweep", "must be a games.kit.game.SweepPlan")
        for name in ("options_public", "recap"):
            if getattr(self, name) is not None and not callable(getattr(self, name)):
                raise self._wrong(name, "must be a function or None")
        if not all(isinstance(option, Option) for option in self.options):
            raise self._wrong("options", "must be games.kit.options.Option declarations")
        if not all(isinstance(preset, Preset) for preset in self.presets):
            raise self._wrong("presets", "must be games.kit.options.Preset declarations")
        for name in ("phases", "fixed", "host_actions"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
                raise self._wrong(name, "must be a tuple of strings")
        for name in ("facts", "free_text"):
            if not isinstance(getattr(self, name), Mapping):
                raise self._wrong(name, "must be a mapping")
        if not isinstance(self.moves, MoveTable):
            raise self._wrong("moves", "must be its games.kit.rules.MoveTable")
        if not isinstance(self.rules, ModuleType):
            raise self._wrong("rules", "must be its rules module")
        missing = [name for name in GUIDE_PARTS if not hasattr(self.guide, name)]
        if missing:
            raise self._wrong("guide", f"lacks {', '.join(missing)}")
        if self.adapter_path is not None:
            module, _, name = self.adapter_path.rpartition(".")
            if not module or not name or find_spec(module) is None:
                raise self._wrong("adapter_path", f"names no module: {self.adapter_path!r}")
        if not isinstance(self.screens, Screens):
            raise self._wrong("screens", "must be a games.kit.game.Screens")
        root = self.static_root()
        missing = [path for path in self.screen_paths().values() if not (root / path).is_file()]
        if missing:
            raise self._wrong("screens", f"name no file: {', '.join(missing)} under {root}")

    def static_root(self) -> Path:
        """``static/`` in the game's package (the one its rules module is in), which Django's
        app finder serves: the game's files are in ``<id>/`` there."""
        package = find_spec(self.rules.__package__)
        return Path(next(iter(package.submodule_search_locations))) / "static"

    def screen_paths(self) -> dict[str, str]:
        """Each screen script's path under the static root, by the role whose page loads it
        (a recap's only for a game with a recap)."""
        roles = {"board": self.screens.board, "seat": self.screens.seat}
        if self.recap is not None:
            roles["recap"] = self.screens.recap
        return {role: f"{self.id}/{name}" for role, name in roles.items()}
