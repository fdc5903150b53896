"""What the browser tests share: a hub on a fresh database, Chromium, the TV and phones joining."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support.servers import manage

SHOTS = Path("/tmp/shots")
# Debian's Chromium, as root, on a machine with no network but loopback.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT_MS = 15000


def hub_start(tmp_path: Path, daphne_factory: Callable[[dict[str, str]], str]) -> str:
    """A Daphne serving a fresh SQLite database with the starter data; returns its base URL."""
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'hub.db'}"}
    manage(["migrate", "--noinput", "-v0"], env)
    manage(["load_starter"], env)
    return daphne_factory(env)


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
        page.wait_for_url(re.compile(rf"/play/{code}$"))
        page.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
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
