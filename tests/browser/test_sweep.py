"""The browser sweep: every phase of every registered game, on the TV at 1920×1080 and on a phone
at 390×844 and 844×390, in English, Spanish, French and Indonesian (and the portrait phone with its
text at 160 %, in the languages ``LARGE_TEXT`` names), with 20-character names (one a single word
of wide letters), at each game's fewest and most players (the TV's end with and without its recap
over it). Each screen is checked in the page: nothing overflows its box or the viewport (a name may
be cut by an ellipsis, or broken across lines), no two texts overlap and none is covered, the TV's
game and lobby text is 28 px or more (Outfox's answers 36) and its main action (the lobby's Start)
is in view without scrolling, a phone's every control is 44×44 or more, its actions start above the
fold and its timer is labelled, the TV's captions are 28 px or more and cover nothing, no two
states a player must tell apart differ by colour alone (sweep_colour.js), and axe-core finds
nothing serious or critical (in English and on the large-text phone in French: ``AXE_LANGUAGE``
says why). The game's end in English is also shot as each colour vision deficiency sees it
(Chromium's emulation), to look at.

Each game's sweep in each language is a test class of its own (for pytest-xdist to spread), one
server and one browser serving a worker's classes, with one page per viewport for each class;
each phase is written into its room server-side (tests/support/sweep.py) and the pages reload to
it. Every screenshot is kept in artifacts/screens/, named
game-players-phase-viewport-seat-language, with every problem found in
problems-<game>-<language>.txt beside them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.kit.registry import GAMES
from games.kit.registry import game as registered
from tests.support.browser import CHROMIUM_ARGS, WAIT_MS
from tests.support.servers import (
    chromium_executable,
    daphne_start,
    daphnes_stop,
    manage,
    sqlite_prepared,
)
from tests.support.sweep import (
    ARTIFACTS,
    AXE_JS,
    AXE_LANGUAGE,
    CHECKS_JS,
    LANGUAGES,
    LARGE_TEXT,
    LOBBY,
    VIEWPORTS,
    Screen,
    actors,
    deficiency_shots,
    names,
    phases_walked,
    screen_check,
    state_write,
)
from tests.support.sweep_aria import AriaChecks

pytestmark = [pytest.mark.browser]  # each class its own ``long`` mark (below)

# Screens at rest: no transition or animation halfway through when a screen is checked (and,
# as every page asks for reduced motion, no drama staging a moment over the TV). The page's
# socket is kept, so the sweep can ask it for a fresh frame ("sync", as a screen coming back
# to the foreground does) and know which version it has drawn. The page's voice starts every
# line it is given and never finishes it, so a TV that speaks (Werewolf's narrator, Outfox's
# card) is checked with its captions showing.
PAGE_SETUP = """
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(utterance) { setTimeout(() => utterance.onstart && utterance.onstart(), 0); },
  cancel() {}, getVoices() { return []; },
} });
document.addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");
  style.textContent = "*, *::before, *::after { transition: none !important; "
    + "animation: none !important; }";
  document.head.append(style);
});
window.__version = -1;
const PageSocket = window.WebSocket;
window.WebSocket = class extends PageSocket {
  constructor(...args) {
    super(...args);
    window.__socket = this;
    this.addEventListener("message", (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === "state") window.__version = Math.max(window.__version, frame.version);
    });
  }
};
"""
# The frame of this version is drawn (the game styled, or the lobby's list), with its pictures
# and fonts loaded, and the TV's scripted motion over (a token gliding to its square, a podium
# popping up: Web Animations, which the style above does not stop).
DRAWN = """(version) => {
  const root = document.querySelector("#game:not([hidden]) .game-root");
  const game = root && root.childElementCount && !root.style.visibility;
  const lobby = document.querySelector("#lobby:not([hidden]) #lobby-side li");
  return Boolean(window.__version >= version && (game || lobby)
    && [...document.images].every((img) => img.complete) && document.fonts.status === "loaded"
    && document.getAnimations().every((motion) => motion.playState !== "running"));
}"""
SYNC = """() => window.__socket.send(JSON.stringify({ type: "sync" }))"""
# How often a wait asks the page whether it has drawn: every 50 ms, not at every animation frame
# (Playwright's default), which has the page draw sixty frames a second while it waits: about a
# tenth of a sweep class's CPU (TestSweep_hoax_es alone: 53-54 s -> 48-49 s of the machine's).
POLL_MS = 50



@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[tuple[str, Path, list[dict]]]:
    """One Daphne on a fresh SQLite database, the sweep's rooms made in it, and no deadline
    ticker (the sweep writes each phase itself)."""
    database = tmp_path_factory.mktemp("sweep") / "hub.db"
    env = {"DATABASE_URL": sqlite_prepared(database, ["load_starter"]), "PARTYHUB_TICKER": "0"}
    made = manage(
        ["shell", "-c", "from tests.support.sweep import rooms_print; rooms_print()"], env
    )
    rooms = json.loads(made.stdout.strip().splitlines()[-1])
    processes = []
    try:
        yield daphne_start(env, processes), database, rooms
    finally:
        daphnes_stop(processes)


@pytest.fixture(scope="session")
def walks(tmp_path_factory) -> Path | None:
    """A folder the session's pytest-xdist workers share, where the phases walked by one are
    kept for the others (``phases_walked``); none in a run of one process."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return None
    return tmp_path_factory.getbasetemp().parent


@pytest.fixture(scope="module")
def browser(hub) -> Iterator:
    """One Chromium for the module's classes on this worker."""
    from playwright.sync_api import sync_playwright

    chromium = chromium_executable()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        browser.devices = playwright.devices
        try:
            yield browser
        finally:
            browser.close()


def axe_wanted(viewport: str, language: str) -> bool:
    """Whether axe-core checks this viewport's screens in this language (``AXE_LANGUAGE``)."""
    if viewport == LARGE_TEXT["viewport"]:
        return language == LARGE_TEXT["axe_language"]
    return language == AXE_LANGUAGE


@pytest.fixture(scope="class")
def pages(request, browser) -> Iterator[dict]:
    """One page per viewport for the class's language: the TV's a desktop's, the phones' a touch
    phone's. axe-core (650 kB) is an init script only of the pages whose screens it checks in
    this language: every other navigation would parse and run it for nothing. (Outside a
    sweep class, as in test_lobby_crowded.py, no language: the pages check nothing by axe.)"""
    language = getattr(request.cls, "language", None)
    # A touch phone's page, its screenshots at one pixel per CSS pixel (smaller, faster).
    phone = {**browser.devices["Pixel 5"], "device_scale_factor": 1}
    del phone["viewport"]
    result = {}
    contexts = []
    viewports = dict(VIEWPORTS)
    if language in LARGE_TEXT["languages"]:
        viewports[LARGE_TEXT["viewport"]] = VIEWPORTS[LARGE_TEXT["like"]]
    for viewport, size in viewports.items():
        device = {} if viewport == "tv" else phone
        context = browser.new_context(**device, viewport=size, reduced_motion="reduce")
        contexts.append(context)
        context.add_init_script(PAGE_SETUP)
        if axe_wanted(viewport, language):
            context.add_init_script(AXE_JS)
        if viewport == LARGE_TEXT["viewport"]:  # the player's choice, kept on the device
            context.add_init_script(
                f"localStorage.setItem('partyhub.textsize', '{LARGE_TEXT['size']}');")
        page = context.new_page()
        page.errors = []
        page.showing = None
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        result[viewport] = page
    try:
        yield result
    finally:
        for context in contexts:
            context.close()


def cookies_set(page, base: str, room: dict, language: str, seat: int | None) -> None:
    """The page's language, and the TV's host token or the phone's seat token."""
    code = room["code"]
    if seat is None:
        token = (f"ph_host_{code}", room["host"])
    else:
        token = (f"ph_seat_{code}", room["tokens"][seat])
    page.context.clear_cookies()
    page.context.add_cookies([
        {"name": "django_language", "value": language, "url": base},
        {"name": token[0], "value": token[1], "url": base},
    ])


# Whether the element held shows whole on the screen, as a player holding it sees it (nobody
# scrolls while holding a card down).
HELD_WHOLE = """(el) => {
  const r = el.getBoundingClientRect();
  return r.top >= -1 && r.bottom <= window.innerHeight + 1 && r.left >= -1
    && r.right <= window.innerWidth + 1;
}"""


def holds_checked(page, screen: Screen) -> list[str] | None:
    """Each element of the screen that shows something while held (``holdToShow``: a card),
    held with the keyboard as a screen reader's user holds it, scrolled into view, checked as
    the screen is and whole on the screen, then let go; ``None`` when the screen has none."""
    holds = [el for el in page.locator("#app [data-hold]").all() if el.is_visible()]
    if not holds:
        return None
    problems = []
    for el in holds:
        el.focus()
        page.keyboard.down(" ")
        try:
            el.scroll_into_view_if_needed()
            held = Screen(screen.game, screen.n, f"{screen.phase}-held", screen.viewport,
                          screen.language, screen.seat)
            problems += screen_check(page, held, False)
            if not el.evaluate(HELD_WHOLE):
                box = el.bounding_box()
                problems.append(f"what is shown while held is not whole on the screen: "
                                f"{el.get_attribute('data-testid')} {box}")
        finally:
            page.keyboard.up(" ")
    return problems


def recap_shown(page, shown: bool) -> None:
    """The board's end with its recap over it, or without: a board that saw the game end holds
    the recap back a while (its button opens it), one that saw another end before shows it at
    once (its Close closes it)."""
    showing = page.locator('[data-testid="recap"]:not([hidden])').count() > 0
    if showing != shown:
        page.locator('[data-testid="recap-close"]' if showing
                     else '[data-testid="recap-open"]').click()
    page.wait_for_selector('[data-testid="recap"]' + (":not([hidden])" if shown else "[hidden]"),
                           state="visible" if shown else "attached", timeout=WAIT_MS)


def screens_swept(game: str, language: str, hub, pages, walks: Path | None) -> None:
    """Every screen of ``game`` in ``language`` right (the module's docstring); the problems in
    a file."""
    base, database, rooms = hub
    rules = registered(game)
    problems: list[str] = []  # kept beside the screenshots too
    aria = AriaChecks()  # what a screen reader gets on each phone (sweep_aria.py)
    screens = 0
    shot: set[str] = set()  # the viewports whose end is shot for each vision deficiency
    held: set[str] = set()  # the rooms whose phone was held (its card shown) and checked
    for room in (room for room in rooms if room["game"] == game):
        n = room["n"]
        phases = [LOBBY, *phases_walked(rules, room, walks)]
        for phase in phases:
            version = state_write(database, room["code"], phase)
            seats = actors(rules, phase.state, n)
            for viewport, page in pages.items():
                seat = {"tv": None, "portrait": seats[0], "landscape": seats[1 % n],
                        LARGE_TEXT["viewport"]: seats[0]}[viewport]
                showing = (room["code"], seat)
                if page.showing != showing:  # a new page: its seat
                    cookies_set(page, base, room, language, seat)
                    path = f"/tv/{room['code']}" if seat is None else f"/play/{room['code']}"
                    page.goto(base + path)
                    page.showing = showing
                else:
                    page.evaluate(SYNC)
                page.wait_for_function(DRAWN, arg=version, timeout=WAIT_MS, polling=POLL_MS)
                keys = [phase.key]
                if phase.recap is not None and seat is None:
                    keys.append(f"{phase.key}-recap")  # then the recap, opened over it
                for key in keys:
                    if len(keys) > 1:
                        recap_shown(page, key != phase.key)
                    screen = Screen(game, n, key, viewport, language, seat)
                    found = screen_check(page, screen, axe_wanted(viewport, language))
                    if seat is not None:
                        found += aria.check(page, screen, rules, phase.state, room["code"])
                    found += [f"script error: {error}" for error in page.errors]
                    page.errors.clear()
                    problems += [f"{screen.name}: {problem}" for problem in found]
                    screens += 1
                    # What a phone shows only while held (its card), once per room, on the
                    # large-text phone: whole, on the screen.
                    if viewport == LARGE_TEXT["viewport"] and room["code"] not in held:
                        found = holds_checked(page, screen)
                        if found is not None:
                            held.add(room["code"])
                            problems += [f"{screen.name}-held: {problem}" for problem in found]
                    # The game's end in English, as each colour vision deficiency sees it.
                    if (phase.recap is not None and language == "en" and key == phase.key
                            and viewport in ("tv", "portrait") and viewport not in shot):
                        deficiency_shots(page, screen)
                        shot.add(viewport)
    assert screens, "no screen was checked"
    (ARTIFACTS / f"problems-{game}-{language}.txt").write_text("\n".join(problems) + "\n")
    assert not problems, (
        f"{len(problems)} problems on {screens} screens:\n" + "\n".join(problems[:80])
    )


# Remote screens (README "Playing remotely"): a remote player's phone (the board, its toggle
# above it) and a laptop (board and controls side by side), at each phase of each game's fewest
# players, in English; the page's own checks, then the board's mirror checked as a TV in its own
# (virtual) viewport.
REMOTE_VIEWPORTS = {"remote-phone": {"width": 390, "height": 844},
                    "remote-laptop": {"width": 1440, "height": 900}}
# In the mirror: the version of the board's frame its page handed it last.
MIRROR_SEEN = """
window.addEventListener("message", (event) => {
  if (event.data && event.data.type === "state") window.__remoteVersion = event.data.version;
});
"""
MIRROR_DRAWN = """() => {
  const root = document.querySelector("#game:not([hidden]) .game-root");
  return Boolean(root && root.childElementCount && !root.style.visibility
    && [...document.images].every((img) => img.complete) && document.fonts.status === "loaded"
    && document.getAnimations().every((motion) => motion.playState !== "running"));
}"""


def seat_remote_set(database: Path, token: str, remote: bool) -> None:
    import sqlite3

    from games.rooms.tokens import token_digest

    with sqlite3.connect(database, timeout=30) as db:
        db.execute("UPDATE games_seat SET remote = ? WHERE token_digest = ?",
                   [remote, token_digest(token)])


@pytest.fixture(scope="class")
def remote_pages(browser) -> Iterator[dict]:
    """The sweep's browser, one page per remote viewport (the phone's a touch phone's)."""
    result = {}
    for viewport, size in REMOTE_VIEWPORTS.items():
        device = {"is_mobile": True, "has_touch": True} if viewport == "remote-phone" else {}
        context = browser.new_context(**device, viewport=size, reduced_motion="reduce")
        context.add_init_script(PAGE_SETUP)
        context.add_init_script(AXE_JS)
        context.add_init_script(MIRROR_SEEN)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error, page=page: page.errors.append(str(error)))
        result[viewport] = page
    try:
        yield result
    finally:
        for page in result.values():
            page.context.close()


def remote_screens_swept(game: str, hub, remote_pages, walks: Path | None) -> None:
    """Every screen of ``game`` on a remote seat's phone and laptop right, the board in it
    checked as a TV."""
    base, database, rooms = hub
    rules = registered(game)
    room = next(room for room in rooms if room["game"] == game)
    n = room["n"]
    problems: list[str] = []
    screens = 0
    seat_remote_set(database, room["tokens"][0], True)
    try:
        for viewport, page in remote_pages.items():
            cookies_set(page, base, room, "en", 0)
            loaded = False
            for phase in phases_walked(rules, room, walks):
                version = state_write(database, room["code"], phase)
                if not loaded:
                    page.goto(f"{base}/play/{room['code']}")
                    loaded = True
                else:
                    page.evaluate(SYNC)
                page.wait_for_function(DRAWN, arg=version, timeout=WAIT_MS, polling=POLL_MS)
                mirror = page.wait_for_selector('[data-testid="remote-mirror"]',
                                                timeout=WAIT_MS).content_frame()
                mirror.wait_for_function(
                    "(version) => { const app = document.querySelector('#app');"
                    " return Boolean(app) && app.dataset.status !== 'lobby'"
                    " && window.__remoteVersion === version; }", arg=version, timeout=WAIT_MS,
                    polling=POLL_MS)
                mirror.wait_for_function(MIRROR_DRAWN, timeout=WAIT_MS, polling=POLL_MS)
                keys = [phase.key]
                if phase.recap is not None:
                    keys.append(f"{phase.key}-recap")  # then the board's recap, opened over it
                for key in keys:
                    if len(keys) > 1:
                        recap_shown(mirror, key != phase.key)
                    screen = Screen(game, n, key, viewport, "en", 0)
                    found = screen_check(page, screen, True)
                    found += [f"board: {problem}" for problem in mirror.evaluate(
                        CHECKS_JS, {"tv": True, "game": game, "names": names(n), "axe": True})]
                    found += [f"script error: {error}" for error in page.errors]
                    page.errors.clear()
                    problems += [f"{screen.name}: {problem}" for problem in found]
                    screens += 1
    finally:
        seat_remote_set(database, room["tokens"][0], False)
    assert screens, "no screen was checked"
    (ARTIFACTS / f"problems-remote-{game}.txt").write_text("\n".join(problems) + "\n")
    assert not problems, (
        f"{len(problems)} problems on {screens} screens:\n" + "\n".join(problems[:80])
    )


class ScreensSwept:
    """One registered game's sweep in one language. Each is a class of its own (made below, for
    every game of the registry and every language), so that pytest-xdist, handing out a class
    at a time (``--dist loadscope``), sweeps them on several workers at once, each worker with
    its own hub and browser (and a class's pages its own)."""

    game: str
    language: str

    @pytest.mark.timeout(900)
    def test_every_screen_right(self, hub, pages, walks):
        screens_swept(self.game, self.language, hub, pages, walks)


class RemoteSwept:
    """One registered game's remote screens (in English), a class of its own too."""

    game: str

    @pytest.mark.timeout(600)
    def test_every_remote_screen_right(self, hub, remote_pages, walks):
        remote_screens_swept(self.game, hub, remote_pages, walks)


# About how long each class takes alone, in seconds (tests/conftest.py: the longest first): the
# English one checks with axe-core on every screen, the French one its large-text phone too.
SWEPT_SECONDS = {"werewolf": {"en": 90, "fr": 75, "es": 50, "id": 50},
                 "hoax": {"en": 55, "fr": 50, "es": 45, "id": 45},
                 "outfox": {"en": 40, "fr": 35, "es": 25, "id": 25}}
for _game in GAMES:
    for _language in LANGUAGES:
        _name = f"TestSweep_{_game}_{_language}"
        _seconds = SWEPT_SECONDS.get(_game, {}).get(_language, 40)
        globals()[_name] = type(_name, (ScreensSwept,), {
            "game": _game, "language": _language, "pytestmark": [pytest.mark.long(_seconds)],
        })
    _name = f"TestSweepRemote_{_game}"
    globals()[_name] = type(_name, (RemoteSwept,), {
        "game": _game, "pytestmark": [pytest.mark.long(15)],
    })
