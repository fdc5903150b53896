"""What the browser tests share: a hub on a fresh database, Chromium, the TV and phones joining."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.servers import sqlite_prepared

SHOTS = Path("/tmp/shots")
# Debian's Chromium, as root, on a machine with no network but loopback.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# How long a browser test waits for something to show before it fails: a bound for a fault,
# not a pause (every wait ends on its event). 30 s: on two cores busy with the suite's four
# workers and their browsers, a phone once took more than 15 s to draw a frame (CI failed so).
WAIT_MS = 30000


def hub_start(tmp_path: Path, daphne_factory: Callable[[dict[str, str]], str]) -> str:
    """A Daphne serving a fresh SQLite database with the starter data; returns its base URL."""
    return daphne_factory({"DATABASE_URL": sqlite_prepared(tmp_path / "hub.db", ["load_starter"])})


def state_frames(page: Any) -> list[dict]:
    """Every state frame the page's sockets receive from now on (read on the wire)."""
    frames: list[dict] = []

    def on_socket(socket: Any) -> None:
        def on_frame(payload: Any) -> None:
            frame = json.loads(payload)
            if frame.get("type") == "state":
                frames.append(frame)

        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return frames


# The page at rest: its fonts loaded, a frame laid out and painted after the last change, and
# every animation that ends (a banner, a card landing) ended.
SETTLED_JS = """() => document.fonts.ready
  .then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  .then(() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect
      && animation.effect.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => null))))"""


def settled(page: Any) -> None:
    """Wait until the page is at rest (``SETTLED_JS``): laid out again after a resize, a frame's
    moments staged, before a screenshot or a measure."""
    page.evaluate(SETTLED_JS)


def shot(page: Any, name: str) -> None:
    """A screenshot to look at after the run."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@dataclass
class Party:
    """A browser with the TV open, and the uncaught script errors of every screen."""

    playwright: Any
    browser: Any
    tv: Any
    errors: list[str] = field(default_factory=list)

    def phone_join(self, base: str, code: str, name: str) -> Any:
        """A phone (its own browser context) joins by code at /join and reaches the lobby."""
        context = self.browser.new_context(**self.playwright.devices["Pixel 5"])
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{name}: {error}"))
        page.goto(f"{base}/join")
        page.fill('input[name="code"]', code)
        page.fill('input[name="name"]', name)
        page.click('button[type="submit"]')
        page.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
        page.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
        return page

    def tv_open(self, base: str, code: str, testid: str, **context: Any) -> Any:
        """Another 1080p TV of the room (its own context: ``reduced_motion`` and so on), once
        the game's board (``data-testid``) is drawn."""
        viewport = {"width": 1920, "height": 1080}
        page = self.browser.new_context(viewport=viewport, **context).new_page()
        page.on("pageerror", lambda error: self.errors.append(f"TV: {error}"))
        page.goto(f"{base}/tv/{code}")
        page.wait_for_selector(f'[data-testid="{testid}"]', timeout=WAIT_MS)
        return page


@contextmanager
def party_open(chromium_path: str) -> Iterator[Party]:
    """Chromium with a 1080p TV page; closed (with every phone) at the end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
            party = Party(playwright, browser, tv)
            tv.on("pageerror", lambda error: party.errors.append(f"TV: {error}"))
            yield party
        finally:
            browser.close()


# A page that draws one game's frames with its real screens (no server, no socket).
SCREEN_PAGE = """<!doctype html><html lang="LANGUAGE"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>localStorage.setItem("partyhub.textsize", "TEXT_SIZE");</script>
<script src="/static/partyhub/js/textsize.js"></script>
<script src="/jsi18n/"></script>
<link rel="stylesheet" href="/static/partyhub/css/hub.css"></head>
<body><div id="toasts"></div><div id="app"><section id="game"></section></div>
<script id="page-data" type="application/json">PAGE_DATA</script>
<script type="module">
import * as phoneModule from "/static/GAME/phone.js";
import { mount as tv } from "/static/GAME/tv.js";
import { audienceRender } from "/static/partyhub/js/audience.js";
// Draw one frame as a phone (or, with `board`, as the TV) would, recording what it sends;
// settled once the screen shows (a screen is hidden until its stylesheet has loaded, and hidden
// text has no innerText).
const styled = (root) => new Promise((resolve) => {
  const check = () => (root.style.visibility ? setTimeout(check, 10) : resolve());
  check();
});
window.__show = (page, frame, names, board) => {
  document.body.className = `${board ? "page-tv" : "page-phone"} game-GAME`;
  document.getElementById("app").className = board ? "tv" : "phone";
  const ctx = { role: board ? "board" : "seat", page, frame: () => frame,
    act: (a) => window.__acts.push(a), host() {}, isHost: () => false, players: () => [],
    nameOf: (p) => names[p] ?? "?", connectedAt: () => true };
  const root = document.createElement("div");
  document.getElementById("game").replaceChildren(root);
  window.__acts = [];
  // A later frame: window.__screen.update(frame).
  window.__screen = (board ? tv : phoneModule.mount)(root, ctx);
  window.__screen.update(frame);
  return styled(root);
};
// Draw an audience phone's ballot and tally (``tally``: the tally frame) for one frame.
window.__crowd = (page, frame, names, tally) => {
  const ctx = { role: "seat", page, nameOf: (p) => names[p] ?? "?", vote() {} };
  const el = document.createElement("div");
  el.className = "crowd";
  el.dataset.testid = "audience";
  document.getElementById("game").append(el);
  audienceRender(el, { frame, tally, votes: {}, ctx, game: phoneModule.ballot });
};
window.__ready = true;
</script></body></html>"""


def screen_texts(game: str, language: str) -> tuple[dict, bytes]:
    """What a page of ``game`` gets from the server in ``language``: its page data (the
    game's texts, read from the database) and Django's JavaScript catalogue (/jsi18n/)."""
    from django.test import RequestFactory
    from django.utils import translation
    from django.views.i18n import JavaScriptCatalog

    from games.kit.registry import adapter_get
    from games.views import screen_context

    with translation.override(language):
        page_data = {"code": "TEST", **screen_context(adapter_get(game))}
        catalogue = JavaScriptCatalog.as_view()(RequestFactory().get("/jsi18n/")).content
    return page_data, catalogue


@dataclass
class ScreenPages:
    """Pages that draw one game's frames with its real screens (``SCREEN_PAGE``), in one
    browser: each a tab of its own (its own session storage, as two phones have), all in the
    language and text size last loaded (``load``), with that language's page data (the
    server's texts) and the script errors seen."""

    pages: list[Any]
    game: str
    texts: dict[str, tuple[dict, bytes]]
    errors: list[str] = field(default_factory=list)
    html: str = ""
    language: str = "en"

    @property
    def page_data(self) -> dict:
        return self.texts[self.language][0]

    def load(self, language: str = "en", text_size: str = "100") -> dict:
        """Every page (re)loaded in ``language`` (one of those the pages were made with) at
        ``text_size`` (js/textsize.js: 100, 130 or 160); the page data returned."""
        self.language = language
        # As json_script writes it: no "</script>" can end the block early.
        data = json.dumps(self.page_data).replace("<", "\\u003c").replace(">", "\\u003e")
        self.html = (SCREEN_PAGE.replace("GAME", self.game).replace("LANGUAGE", language)
                     .replace("TEXT_SIZE", text_size).replace("PAGE_DATA", data))
        for page in self.pages:
            page.goto(f"http://screen.test/?{language}-{text_size}")
            page.wait_for_function("() => window.__ready === true")
        return self.page_data


@contextmanager
def screen_pages(chromium_path: str, viewport: dict, game: str, count: int = 1,
                 languages: tuple[str, ...] = ("en",)) -> Iterator[ScreenPages]:
    """``count`` pages that draw ``game``'s frames (``ScreenPages``), able to load each of
    ``languages`` (the first loaded, at 100 %), the game's starter data loaded, its static
    files served from the project. Needs the database (``django_db``)."""
    from django.contrib.staticfiles import finders
    from playwright.sync_api import sync_playwright

    from games.kit.registry import adapter_get

    adapter_get(game).starter_load()
    texts = {language: screen_texts(game, language) for language in languages}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport=viewport)
            screens = ScreenPages([context.new_page() for _page in range(count)], game, texts)

            def serve(route: Any) -> None:
                path = route.request.url.split("://", 1)[1].split("/", 1)[1].split("?")[0]
                if not path:
                    route.fulfill(body=screens.html, content_type="text/html")
                    return
                if path == "jsi18n/":
                    route.fulfill(body=screens.texts[screens.language][1],
                                  content_type="text/javascript")
                    return
                found = finders.find(path.removeprefix("static/"))
                if found is None:
                    route.fulfill(status=404)
                    return
                kind = {"js": "text/javascript", "css": "text/css", "svg": "image/svg+xml"}
                route.fulfill(path=found, content_type=kind[found.rsplit(".", 1)[1]])

            for page in screens.pages:
                page.on("pageerror", lambda error: screens.errors.append(str(error)))
                page.route("http://screen.test/**", serve)
            screens.load(languages[0])
            yield screens
        finally:
            browser.close()


@contextmanager
def screen_page(
    chromium_path: str, viewport: dict, game: str
) -> Iterator[tuple[Any, dict, list[str]]]:
    """One page that draws ``game``'s frames with its real screens and the server's page data
    (in English, its starter data loaded), with the page data and the script errors seen.
    Needs the database (``django_db``)."""
    with screen_pages(chromium_path, viewport, game) as screens:
        yield screens.pages[0], screens.page_data, screens.errors
