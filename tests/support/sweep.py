"""The browser sweep's helpers: every phase of every registered game, built server-side, shown on
a TV and on phones in every language, each screen checked in the page by ``sweep_checks.js``.
What a game needs beyond its rules (its options, player counts, what tells its screens apart,
a dealt content that stresses the layout) is its ``Game``'s ``SweepPlan``, all defaults.

The rooms are made once, in one ``manage.py shell`` (``rooms_print``, run under Django): one room
per game and player count, with 20-character names, a phantom connection for every seat (so
nobody shows as away and no presence move changes the state we write), the game started by its
host. The phases are then reached in the test's own process, by walking the pure rules from a
fixed seed with seeded choices among the legal actions (``phases_walk``, ``rules`` the game's
``Game``), and each phase's
state is written into the room's row (``state_write``) before the screens reload: no clicking,
and the same screens every run.
"""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import json
import random
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screens"
CHECKS_JS = (Path(__file__).with_name("sweep_checks.js")).read_text()
COLOUR_JS = (Path(__file__).with_name("sweep_colour.js")).read_text()
AXE_JS = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text()
LANGUAGES = ("en", "es", "fr", "id")
VIEWPORTS = {
    "tv": {"width": 1920, "height": 1080},
    "portrait": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
}
# The portrait phone again with its text at the largest size a player may choose (js/textsize.js),
# in these languages: every phone screen must still work at 160 %. axe-core checks it in one of
# them (``axe_language``, the longest words among them; see ``AXE_LANGUAGE`` for why one is enough).
LARGE_TEXT = {"viewport": "portrait-160", "like": "portrait", "size": "160",
              "languages": ("en", "es", "fr", "id"), "axe_language": "fr"}
# axe-core, three quarters of a screen's checks, runs on every screen in this language and on the
# large-text phone in its ``axe_language``: its rules (contrast, roles, names, ids, landmarks) read
# the page's structure and colours, which a translation does not change; the words of every
# language are checked on every screen by the layout checks and by the aria checks
# (sweep_aria.py: each control named).
AXE_LANGUAGE = "en"
# The colour vision deficiencies Chromium emulates: one screenshot of each per game, to look at.
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia", "achromatopsia")
# Every name the longest a seat may have (services.NAME_MAX), wide letters first; the first
# one word of the widest letter, which no space lets wrap: every box must ellipsize or break it.
NAMES = [
    "W" * 20, "Maximiliano Montalvo", "Christopher Robinson",
    "Bartholomew Kowalski", "Guillermina Ferreira", "Anastasia Vandermeer",
    "Wolfgang Oppenheimer", "Penelope Winterbourn", "Theodora Featherston",
    "Marguerite Delacroix", "Sebastian Harrington", "Konstantin Zelenskyy",
]
NAMES = [(name * 2)[:20] for name in NAMES]
SEED = 20261201
VIRTUAL_EPOCH = 1_000_000_000.0  # the walk's clock; shifted to the real clock when written
STALE_PAST = 2_000_000_000  # no timestamp the walk makes reaches this


def names(n: int) -> list[str]:
    """``n`` different 20-character names."""
    return [f"{NAMES[i % len(NAMES)][:18]}{i:02d}" if i >= len(NAMES) else NAMES[i]
            for i in range(n)]


# --- the rooms, made under Django (in a manage.py shell) -------------------------------------


def swept() -> dict[str, tuple[int, ...]]:
    """Every registered game and the player counts swept: those its ``SweepPlan`` names, else
    its fewest and its most."""
    from games.kit.registry import games

    return {game.id: game.sweep.counts or (game.min_players, game.max_players)
            for game in games().values()}


def stress_content(game: str, room: Any, n: int) -> dict:
    """What the game is dealt: what its ``SweepPlan`` picks to stress the layout (the cards
    with the longest texts, say), else what a room is dealt."""
    from games.kit.registry import adapter_get
    from games.kit.registry import game as registered

    played = registered(game)
    if played.sweep.content is None:
        return adapter_get(played.id).content_for(room, n, SEED)
    return played.sweep.content(adapter_get(played.id), room, n, SEED)


def rooms_print() -> None:
    """Make every sweep room and print them as JSON (run by ``manage.py shell``)."""
    from datetime import UTC, datetime

    from games.kit.registry import game as registered
    from games.rooms import services
    from games.rooms.models import Connection
    from games.rooms.outbox import outbox_open

    rooms = []
    with outbox_open():  # made before any screen opens: no screen to tell
        for game, counts in swept().items():
            options = dict(registered(game).sweep.options)
            for n in counts:
                room = services.room_create(game, options)
                seats = [services.seat_join(room.code, name)[0] for name in names(n)]
                for seat in seats:  # online for as long as the sweep runs, whatever the pages do
                    Connection.objects.create(channel_name=f"sweep.{seat.pk}", room=room, seat=seat,
                                              last_seen=datetime(2100, 1, 1, tzinfo=UTC))
                services.room_start(room.code, services.Actor(host_token=room.host_token))
                rooms.append({
                    "game": game, "n": n, "code": room.code, "host": room.host_token,
                    "tokens": [seat.token for seat in seats],
                    "options": options, "content": stress_content(game, room, n),
                })
    print(json.dumps(rooms))


# --- the phases, walked through the pure rules -----------------------------------------------


def phase_key(rules: Any, state: dict) -> str:
    """What makes a screen look different: the phase, and what the game's ``SweepPlan`` says
    the phase is about."""
    return rules.sweep.phase_key(state) if rules.sweep.phase_key else state["phase"]


@dataclass
class Phase:
    """One phase reached: its key, its state and the walk's clock when it was reached; for the
    end, the game's recap (from the walk's setup and log, as the platform computes it)."""

    key: str
    state: dict
    now: float
    recap: dict | None = None


def phases_walk(rules: Any, n: int, options: dict, content: dict, walks: int = 6,
                steps: int = 4000) -> list[Phase]:
    """Every phase a few seeded walks reach, each as it stands the last moment of its first
    visit (the fullest: every answer placed, every card revealed): the players pick among their
    legal actions (seeded), and a phase nobody moves on times out."""
    found: dict[str, Phase] = {}
    for walk in range(walks):
        choose = random.Random(SEED + walk)
        now = VIRTUAL_EPOCH
        setup = {"n_players": n, "options": options, "seed": SEED + walk, "now": now,
                 "content": content}
        state = json.loads(json.dumps(rules.setup(n, rules.options_clean(options), SEED + walk,
                                                  now, content)))
        log: list[dict] = []
        visiting = None  # the phase of its first visit, while it lasts
        for _ in range(steps):
            key = phase_key(rules, state)
            if key not in found or key == visiting:
                recap = rules.recap(setup, log) if state["over"] and rules.recap else None
                found[key] = Phase(key, state, now, recap)
                visiting = key
            else:
                visiting = None
            if state["over"]:
                break
            moves = [(seat, action) for seat in range(n)
                     for action in rules.legal_actions(state, seat)]
            if state["deadline"] is not None and (not moves or choose.random() < 0.04):
                now = max(now, state["deadline"]) + 0.001
                seat, action = None, {"type": "timeout"}
            elif moves:
                now += 0.5
                seat, action = choose.choice(moves)
            else:
                break
            state = json.loads(json.dumps(rules.apply(state, seat, action, now)))
            log.append({"seat": seat, "payload": action, "applied_at": now})
    return list(found.values())


WALKED: dict[tuple, list[Phase]] = {}


def phases_walked(rules: Any, room: dict, shared: Path | None = None) -> list[Phase]:
    """``phases_walk`` for this room's game, players, options and content, walked once per
    process (a 24-player Werewolf's walks take seconds of CPU, and each language's class of the
    sweep shows the same phases) and, given a folder the test session's processes share, once
    per session: the first process to ask walks, the others read its phases (the walks are
    seeded: every process would find the same). The phases are only read."""
    key = (rules.id, room["n"], json.dumps(room["options"], sort_keys=True),
           json.dumps(room["content"], sort_keys=True))
    if key not in WALKED:
        def walk() -> list[Phase]:
            return phases_walk(rules, room["n"], room["options"], room["content"])

        WALKED[key] = walk() if shared is None else phases_shared(shared, key, walk)
    return WALKED[key]


def phases_shared(folder: Path, key: tuple, walk: Callable[[], list[Phase]]) -> list[Phase]:
    """The phases of ``key`` from ``folder``, walked and written there by whichever process
    holds the key's lock first."""
    name = hashlib.sha256(json.dumps(key).encode()).hexdigest()[:16]
    path = folder / f"sweep-walk-{name}.json"
    with open(folder / f"sweep-walk-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.exists():
            return [Phase(**phase) for phase in json.loads(path.read_text())]
        phases = walk()
        path.write_text(json.dumps([dataclasses.asdict(phase) for phase in phases]))
        return phases


# The room before the game: the players listed, the host's controls (the VIP is seat 0).
LOBBY = Phase("lobby", None, VIRTUAL_EPOCH)


def actors(rules: Any, state: dict | None, n: int) -> list[int]:
    """The seats, those with something to do now first (the phones the sweep shows)."""
    if state is None:
        return list(range(n))
    counts = [len(rules.legal_actions(state, seat)) for seat in range(n)]
    return sorted(range(n), key=lambda seat: (-min(counts[seat], 1), seat))


# --- writing a phase into the room -----------------------------------------------------------


def clock_shift(value: Any, shift: float) -> Any:
    """The state with every timestamp of the walk's clock moved by ``shift`` seconds."""
    if isinstance(value, float) and VIRTUAL_EPOCH <= value < STALE_PAST:
        return value + shift
    if isinstance(value, dict):
        return {key: clock_shift(item, shift) for key, item in value.items()}
    if isinstance(value, list):
        return [clock_shift(item, shift) for item in value]
    return value


def state_write(database: Path, code: str, phase: Phase) -> int:
    """The room's state becomes this phase's, on the real clock, as a new version (no
    deadline in the room's row: the server's ticker leaves it alone), with the end's recap in
    the room's game; that version."""
    if phase.state is None:
        state, status = None, "lobby"
    else:
        state = json.dumps(clock_shift(phase.state, time.time() - phase.now))
        status = "over" if phase.state["over"] else "playing"
    with sqlite3.connect(database, timeout=30) as db:
        if phase.recap is not None:
            db.execute(
                "UPDATE games_game SET recap = ? WHERE id = "
                "(SELECT current_game_id FROM games_room WHERE code = ?)",
                [json.dumps(clock_shift(phase.recap, time.time() - phase.now)), code],
            )
        db.execute(
            "UPDATE games_room SET state = ?, status = ?, version = version + 1, deadline = NULL "
            "WHERE code = ?",
            [state, status, code],
        )
        return db.execute("SELECT version FROM games_room WHERE code = ?", [code]).fetchone()[0]


# --- the checks, in the page -----------------------------------------------------------------


@dataclass
class Screen:
    """What one screen is: for the failure messages and the screenshot's name."""

    game: str
    n: int
    phase: str
    viewport: str
    language: str
    seat: int | None

    @property
    def name(self) -> str:
        who = "tv" if self.seat is None else f"seat{self.seat}"
        return f"{self.game}-{self.n}p-{self.phase}-{self.viewport}-{who}-{self.language}"


def screen_check(page: Any, screen: Screen, axe: bool) -> list[str]:
    """Run every check in the page (axe-core if ``axe``: where ``AXE_LANGUAGE`` says, then the
    colour check) and save the screenshot; the problems found."""
    problems = page.evaluate(CHECKS_JS, {
        "tv": screen.seat is None, "game": screen.game, "names": names(screen.n),
        "large": screen.viewport == LARGE_TEXT["viewport"], "axe": axe,
    })
    problems += page.evaluate(COLOUR_JS)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{screen.name}.jpg"), type="jpeg", quality=80,
                    animations="disabled")  # a JPEG: quicker to write, a tenth of a PNG
    return problems


def deficiency_shots(page: Any, screen: Screen) -> None:
    """The screen as players with each colour vision deficiency see it (Chromium's emulation
    changes the pixels only: the DOM checks above do not need it), kept beside the others."""
    session = page.context.new_cdp_session(page)
    try:
        for deficiency in DEFICIENCIES:
            session.send("Emulation.setEmulatedVisionDeficiency", {"type": deficiency})
            page.screenshot(path=str(ARTIFACTS / f"{screen.name}-{deficiency}.jpg"), type="jpeg",
                            quality=80, animations="disabled")
    finally:
        session.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        session.detach()

