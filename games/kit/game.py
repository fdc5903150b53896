"""A game is one object: the ``Game`` every game's package exports as ``GAME``.

``games/<game>/__init__.py`` builds it with ``Game.of(rules, ...)``: the parts its rules module
gives (``games.kit.rules`` lists them by their conventional names), the ones it names there (its
guide, recap, audience, plans, Django adapter), and a default, filled here once, for every part
neither gives (boardgame.io's way: a game declares only what differs). The registry
(``games.kit.registry``) holds these objects: the platform, the benchmark, the sweep and the
tests reach a game only through them. A part left out or of the wrong kind, or parts that do
not agree (a phase the move table names that ``phases`` does not list, a guide without a line
for a phase, a host move the table lacks), fail when the package is imported, with a message
naming the part, not when a room first needs it.

Nothing here imports Django: settings import each game's package to install it as an app before
Django is set up, so the Django side of a game (its adapter, which reads its models) is named by
its dotted path and imported only when first asked for (``registry.adapter_get``).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar

from games.kit.options import Option, Preset
from games.kit.options import options_clean as declared_clean
from games.kit.rules import TITLE_CONTEXT, MoveTable, state_copy


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
# What every state holds (``games.kit.rules``): the platform schedules, replays and shows it.
STATE_KEYS = ("seed", "rng_draws", "phase", "deadline", "connected", "over")
# The host moves the platform itself knows, with what it does besides the rules' move: a
# ``remove`` frees the seat and sends its phone to the join form (``remove_move`` in
# ``games.kit.rules`` is its line, with a default the rules may override). A game's other host
# moves ("end the discussion") are its own, drawn by its screens' ``hostTools``.
KIT_HOST_MOVES = ("remove",)


def _derived(doc: str) -> Any:
    """A part with a default the ``Game`` derives from its other parts when it is not given."""
    return dataclasses.field(default=None, metadata={"doc": doc})


@dataclasses.dataclass(frozen=True, kw_only=True)
class Game:
    """Everything the platform, the benchmark, the sweep and the tests know of one game. The
    rules' functions keep the signatures ``games.kit.rules`` describes; every other part is
    data or a pure function. ``Game.of(rules, ...)`` builds one from a rules module, each part
    the module does not give filled here, once (a copy made with ``dataclasses.replace`` keeps
    the filled parts: give ``None`` for one to be derived again from the new ones)."""

    id: str = _part("the game's package name (its app label, its static folder)")
    package: str = _part("the dotted name of the game's package (its static/ and locale/)")
    title: str = _part("its title, marked with pgettext(TITLE_CONTEXT, ...)")
    min_players: int = _part("the fewest players it starts with")
    max_players: int = _part("the most players it seats")
    phases: tuple[str, ...] = _part("every value a state's phase takes")
    options: tuple[Option, ...] = _part("the declaration of its room options (games.kit.options)",
                                        ())
    presets: tuple[Preset, ...] = _part("its named option sets", ())
    facts: Mapping[str, Any] = _part("what its screens draw with (JSON-able, no secret)", dict)
    fixed: tuple[str, ...] = _part("the state keys setup makes and no move changes", ())
    moves: MoveTable = _part("its move table (games.kit.rules.MoveTable)")
    setup: Callable = _part("setup(n_players, options, seed, now, content) -> state")
    legal_actions: Callable = _part("legal_actions(state, seat) -> [action]")
    disguised: Callable = _part(
        "disguised(state, viewer, generator) -> the state with every secret viewer may not "
        "see replaced (the declaration of its secrets)")
    options_clean: Callable = _derived(
        "options_clean(raw) -> the room's options, or RuleError (default: its options' "
        "declaration)")
    apply: Callable = _derived(
        "apply(state, seat, action, now) -> new state, or RuleError (default: a copy played "
        "through its move table)")
    view: Callable = _derived("view(state, viewer) -> what one screen sees (default: views)")
    views: Callable = _derived(
        "views(state, viewers) -> [view] for several screens at once (default: view for each)")
    host_actions: tuple[str, ...] = _derived(
        "the host moves the host menu offers (default: its move table's HOST lines)")
    padding: tuple[str, ...] = _part(
        "keys of a phone's part that only pad it to one size (left out of the secrets check)", ())
    content_sample: Callable | None = _part(
        "content_sample(n_players, seed) -> made-up content to set it up with, for tests and "
        "bots (None: it plays with no content)", None)
    options_public: Callable | None = _part(
        "options_public(options) -> the options every screen sees once dealt", None)
    free_text: Mapping[str, str] = _part(
        "action type -> the field of it a player types freely (family-filtered)", dict)
    role_key: str = _part("the key of a phone's 'me' naming its role, card or character, "
                          "for the rules card (guide ROLES, or its adapter's role_cards)", "role")
    guide: ModuleType = _part(f"its how-to-play module ({', '.join(GUIDE_PARTS)})")
    recap: Callable | None = _part("recap(setup, log) -> the end's awards and summaries", None)
    ballot: Callable | None = _part(
        "ballot(public view) -> what its audience votes on now, or None (None: no audience)",
        None)
    result: Callable | None = _part(
        "result(public view, ballot key) -> the truth, or None (with its ballot)", None)
    bench: BenchPlan | None = _part(
        "how the benchmark plays it (None: the benchmark leaves it out)", None)
    sweep: SweepPlan = _part("how the browser sweep shows its screens (defaults: every phase "
                             "at its fewest and most players)", SweepPlan())
    adapter_path: str | None = _part(
        "the dotted path of its GameAdapter subclass (its Django side), None for the defaults",
        None)
    screens: Screens = _part("its screen scripts under static/<game>/ in its package",
                             Screens())

    # What ``Game.of`` reads from a rules module, by part: each attribute is optional but for
    # the parts ``Game`` requires (the module's docstring in games.kit.rules lists them).
    RULES_NAMES: ClassVar[dict[str, str]] = {
        "id": "GAME_ID", "title": "TITLE", "min_players": "MIN_PLAYERS",
        "max_players": "MAX_PLAYERS", "phases": "PHASES", "options": "OPTIONS",
        "presets": "PRESETS", "facts": "FACTS", "fixed": "FIXED", "moves": "MOVES",
        "setup": "setup", "legal_actions": "legal_actions", "disguised": "disguised",
        "options_clean": "options_clean", "apply": "apply", "view": "view", "views": "views",
        "host_actions": "HOST_ACTIONS", "padding": "PADDING", "content_sample": "content_sample",
        "options_public": "options_public", "free_text": "FREE_TEXT",
    }

    @classmethod
    def of(cls, rules: ModuleType, *, audience: Any = None, **parts: Any) -> Game:
        """The game of a rules module: every part the module gives (``RULES_NAMES``), its
        package's, and the ``parts`` named here (the guide, the recap, the audience's
        ``ballot`` and ``result`` from ``audience``, the plans...), which win over the
        module's. A part neither gives takes its default; a required one fails, naming it."""
        unknown = sorted(set(parts) - {field.name for field in dataclasses.fields(cls)})
        if unknown:
            raise GameIncomplete(f"game {getattr(rules, 'GAME_ID', '?')!r}: no part is "
                                 f"called {', '.join(map(repr, unknown))}")
        given = {part: getattr(rules, name) for part, name in cls.RULES_NAMES.items()
                 if hasattr(rules, name)}
        if audience is not None:
            given.update(ballot=audience.ballot, result=audience.result)
        return cls(**{"package": rules.__package__, **given, **parts})

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            if getattr(self, field.name) is REQUIRED:
                raise GameIncomplete(
                    f"game {self.id if self.id is not REQUIRED else '?'!r} lacks its "
                    f"{field.name!r}: {field.metadata['doc']}")
        self._defaults_fill()
        self._check()
        self._agreement_check()

    def _defaults_fill(self) -> None:
        """The parts left out that follow from the others, filled once."""
        game = self
        filled: dict[str, Any] = {}
        if self.options_clean is None:
            filled["options_clean"] = functools.partial(declared_clean, self.options)
        if self.apply is None and isinstance(self.moves, MoveTable):
            def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
                after = state_copy(state, game.fixed)
                game.moves.play(after, seat, action, now)
                return after
            filled["apply"] = apply
        if self.views is None and self.view is not None:
            filled["views"] = lambda state, viewers: [game.view(state, v) for v in viewers]
        if self.view is None and self.views is not None:
            filled["view"] = lambda state, viewer: game.views(state, [viewer])[0]
        if self.host_actions is None and isinstance(self.moves, MoveTable):
            filled["host_actions"] = self.moves.host_types()
        for name, value in filled.items():
            object.__setattr__(self, name, value)
        for name in ("view", "views"):
            if getattr(self, name) is None:
                raise GameIncomplete(f"game {self.id!r} lacks its 'view' or its 'views': "
                                     "what one screen sees, or several at once")

    def _wrong(self, part: str, why: str) -> GameIncomplete:
        return GameIncomplete(f"game {self.id!r}: its {part!r} {why}")

    def _check(self) -> None:
        """Each part of the kind the platform uses it as."""
        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise self._wrong("id", "must be its package's name")
        if not isinstance(self.package, str) or self.package.rpartition(".")[2] != self.id:
            raise self._wrong("package", f"must be the dotted name of a package called {self.id}")
        if not isinstance(self.title, str) or not self.title:
            raise self._wrong("title", "must be a non-empty string")
        if not (isinstance(self.min_players, int) and isinstance(self.max_players, int)
                and 1 <= self.min_players <= self.max_players):
            raise self._wrong("min_players", "must be an int from 1 to max_players")
        if not isinstance(self.moves, MoveTable):
            raise self._wrong("moves", "must be a games.kit.rules.MoveTable")
        for name in ("options_clean", "setup", "legal_actions", "apply", "view", "views",
                     "disguised"):
            if not callable(getattr(self, name)):
                raise self._wrong(name, "must be a function")
        if self.bench is not None and not isinstance(self.bench, BenchPlan):
            raise self._wrong("bench", "must be a games.kit.game.BenchPlan or None")
        if not isinstance(self.sweep, SweepPlan):
            raise self._wrong("sweep", "must be a games.kit.game.SweepPlan")
        for name in ("options_public", "recap", "ballot", "result", "content_sample"):
            if getattr(self, name) is not None and not callable(getattr(self, name)):
                raise self._wrong(name, "must be a function or None")
        if (self.ballot is None) != (self.result is None):
            raise self._wrong("ballot", "and its 'result' go together: both, or neither")
        if not all(isinstance(option, Option) for option in self.options):
            raise self._wrong("options", "must be games.kit.options.Option declarations")
        if not all(isinstance(preset, Preset) for preset in self.presets):
            raise self._wrong("presets", "must be games.kit.options.Preset declarations")
        for name in ("phases", "fixed", "host_actions", "padding"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(item, str) for item in value):
                raise self._wrong(name, "must be a tuple of strings")
        for name in ("facts", "free_text"):
            if not isinstance(getattr(self, name), Mapping):
                raise self._wrong(name, "must be a mapping")
        if not isinstance(self.role_key, str) or not self.role_key:
            raise self._wrong("role_key", "must be a key of a phone's 'me'")
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

    def _agreement_check(self) -> None:
        """The parts agree with each other: every phase the move table or the guide names is
        one of ``phases`` and the guide has a line for each; the host's moves and the free
        text are lines of the move table; a first state, set up now, is in a declared phase
        and holds every state key the kit and ``fixed`` name."""
        phases = set(self.phases)
        named = {phase.partition(":")[0] for phase in self.moves.phases()}
        if named - phases:
            raise self._wrong("moves", f"name the phases {sorted(named - phases)}, which its "
                                       f"'phases' {self.phases} do not list")
        lines = set(self.guide.PHASES)
        if lines != phases:
            raise self._wrong("guide", f"must have a PHASES line for each of its phases and no "
                                       f"other: missing {sorted(phases - lines)}, not a phase "
                                       f"{sorted(lines - phases)}")
        host_lines = set(self.moves.host_types())
        if set(self.host_actions) - host_lines:
            raise self._wrong("host_actions", f"name {sorted(set(self.host_actions) - host_lines)}"
                                              ", which its move table has no HOST line for")
        for kind, field_name in self.free_text.items():
            line = next((move for move in self.moves.moves
                         if move.type == kind and not move.by_system), None)
            if line is None or field_name not in line.fields:
                raise self._wrong("free_text", f"names {kind}.{field_name}, which is no field "
                                               "of a player's move in its move table")
        first = self.first_state()
        if first["phase"] not in phases:
            raise self._wrong("setup", f"starts in the phase {first['phase']!r}, which its "
                                       f"'phases' {self.phases} do not list")
        absent = [key for key in (*STATE_KEYS, *self.fixed) if key not in first]
        if absent:
            raise self._wrong("setup", f"makes a state without {absent} (every state holds "
                                       f"{', '.join(STATE_KEYS)}; 'fixed' names the rest)")
        if first["connected"] != [True] * self.min_players:
            raise self._wrong("setup", "must start every seat connected (one True a seat): the "
                                       "platform then reports the phones that are away")

    def first_state(self, n_players: int | None = None, seed: int = 0) -> dict:
        """A state as ``setup`` makes it with the default options and the game's own sample
        content (none without a ``content_sample``), at ``n_players`` (its fewest)."""
        n = self.min_players if n_players is None else n_players
        content = {} if self.content_sample is None else self.content_sample(n, seed)
        return self.setup(n, self.options_clean({}), seed, 0.0, content)

    def ballot_open(self, view: dict) -> dict | None:
        """The audience's ballot open now, from the board's view; none for a game without an
        audience (its ``ballot`` left out)."""
        return None if self.ballot is None else self.ballot(view)

    def ballot_result(self, view: dict, key: str) -> dict | None:
        """The truth of ballot ``key`` once public; none for a game without an audience."""
        return None if self.result is None else self.result(view, key)

    def title_shown(self) -> str:
        """Its title in the active language, in its own context (a title is not the name of a
        piece of the game: Werewolf's title and its card of the same name)."""
        from django.utils.translation import pgettext

        return pgettext(TITLE_CONTEXT, self.title)

    def static_root(self) -> Path:
        """``static/`` in the game's package, which Django's app finder serves: the game's
        files are in ``<id>/`` there."""
        return self.folder() / "static"

    def folder(self) -> Path:
        """The game's package folder (its static/, locale/, docs.md)."""
        package = find_spec(self.package)
        if package is None or not package.submodule_search_locations:
            raise self._wrong("package", f"names no package: {self.package!r}")
        return Path(next(iter(package.submodule_search_locations)))

    def screen_paths(self) -> dict[str, str]:
        """Each screen script's path under the static root, by the role whose page loads it
        (a recap's only for a game with a recap)."""
        roles = {"board": self.screens.board, "seat": self.screens.seat}
        if self.recap is not None:
            roles["recap"] = self.screens.recap
        return {role: f"{self.id}/{name}" for role, name in roles.items()}
