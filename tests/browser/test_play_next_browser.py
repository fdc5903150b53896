"""After the end, "Play next" is one control whatever the number of registered games: the TV's
end screen holds it (and the way back to the recap), and it opens the list of the other games
above it. So registering a game adds a line to that list and changes nothing else on another
game's end screen (the sweep's end screens, before this, got one button per game).

The test game is played to its end on a 1080p TV and two phones, in English and in Spanish.
Screenshots go to /tmp/shots/play-next-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.kit.registry import GAMES
from tests.support.browser import WAIT_MS, hub_start, party_open, shot
from tests.support.testgame import TEST_GAME

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("language", ["en", "es"])
def test_play_next_is_one_control_that_opens_the_list_of_the_other_games(
    tmp_path, daphne_factory, chromium_path, language
):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv = party.tv
        tv.context.add_cookies([{"name": "django_language", "value": language, "url": base}])
        tv.goto(base + "/")
        tv.locator(f'form[data-game="{TEST_GAME}"] button[type="submit"]').click()
        tv.wait_for_url(re.compile(r"/tv/[A-Z]{4}\?room=\d+$"))
        code = tv.locator("#room-code").inner_text().strip()
        phones = [party.phone_join(base, code, name) for name in ("Ann", "Bob")]
        tv.locator('[data-testid="start"]').click()
        for card, phone in zip((3, 5), phones, strict=True):
            phone.locator(f'[data-testid="card-{card}"]').click(timeout=WAIT_MS)
        tv.locator('[data-testid="recap-close"]').click(timeout=WAIT_MS)

        footer = tv.locator(".switch-game")
        expect(footer.locator('[data-testid="play-next"]')).to_have_count(1, timeout=WAIT_MS)
        # Closed, it is one row's control: no game's button is on the end screen.
        switches = tv.locator('[data-testid^="switch-"]')
        expect(switches.first).to_be_hidden()
        closed = footer.bounding_box()
        shot(tv, f"play-next-closed-{language}")

        tv.locator('[data-testid="play-next-open"]').click()
        expect(switches).to_have_count(len(GAMES) - 1)
        for index in range(len(GAMES) - 1):
            expect(switches.nth(index)).to_be_visible()
        # Its list opens above it, over the end screen: the footer keeps its place and size.
        assert footer.bounding_box() == closed
        listed = tv.locator(".play-next-list").bounding_box()
        assert listed["y"] + listed["height"] <= closed["y"] + 1
        assert listed["y"] >= 0
        shot(tv, f"play-next-open-{language}")
        assert party.errors == []
