"""The TV lobby of a full Werewolf room (24 players with 20-character names): every name and
the Start button on the 1080p screen, and Werewolf's own part under the room's code: the cards in
play for 24 and the options, in English and French."""

from __future__ import annotations

import pytest

from tests.browser.test_sweep import (  # noqa: F401
    DRAWN,
    POLL_MS,
    browser,
    cookies_set,
    hub,
    pages,
)
from tests.support.browser import SHOTS, WAIT_MS
from tests.support.sweep import LOBBY, state_write

pytestmark = pytest.mark.browser

ON_SCREEN = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
})"""


@pytest.mark.timeout(600)
def test_a_full_werewolf_lobby_shows_every_name_the_start_and_the_deck(hub, pages):  # noqa: F811
    base, database, rooms = hub
    room = next(r for r in rooms if r["game"] == "werewolf" and r["n"] == 24)
    page = pages["tv"]
    for language in ("en", "fr"):
        version = state_write(database, room["code"], LOBBY)
        cookies_set(page, base, room, language, None)
        page.goto(base + f"/tv/{room['code']}")
        page.wait_for_function(DRAWN, arg=version, timeout=WAIT_MS, polling=POLL_MS)
        page.wait_for_selector('[data-testid="ww-lobby"] [data-testid="lobby-composition"]',
                               timeout=WAIT_MS)
        names = page.evaluate(ON_SCREEN, '[data-testid="lobby-player"]')
        assert len(names) == 24 and all(names), names
        assert page.evaluate(ON_SCREEN, '[data-testid="start"]') == [True]
        assert all(page.evaluate(ON_SCREEN, '[data-testid="ww-lobby"]'))
        deck = page.locator('[data-testid="lobby-composition"] [data-card="werewolf"]')
        assert deck.get_attribute("data-count") == "5"  # the published deck for 24
        assert page.locator('[data-testid="lobby-options"] li').count() >= 4
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"werewolf-tv24-lobby-{language}.png"))
    assert not page.errors, page.errors
