"""The lobby in real browsers: a TV and three phones gather, the VIP starts, seats survive reloads.

One Daphne on an SQLite file. The TV creates a Hoax room with the home page form and reads its
code; three phones join by code at /join; everyone sees the three players connected; the VIP taps
Start and every phone leaves the lobby; a phone reloads and keeps its seat and its private view
(on the wire: its own character); a phone that joins after the start is audience. Only the shell
is asserted (lobby, header, badges), never the game's own screens.

Screenshots go to /tmp/shots/lobby-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, state_frames
from tests.support.browser import shot as screenshot
from tests.support.servers import sqlite_prepared

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 760}, "is_mobile": True, "has_touch": True}
NAMES = ["Ann", "Bob", "Cid"]


def shot(page: Page, name: str) -> None:
    screenshot(page, f"lobby-{name}")


def phone_join(browser, base: str, code: str, name: str) -> Page:
    """A phone of its own (separate cookies) types the code and a name at /join."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{base}/join")
    page.fill('input[name="code"]', code.lower())  # typed in lower case: still the room
    page.fill('input[name="name"]', name)
    page.click('button[type="submit"]')
    page.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
    expect(page.locator("#me")).to_contain_text(name, timeout=WAIT_MS)
    return page


def players_connected(page: Page, names: list[str]) -> None:
    """The lobby lists exactly these players, in join order, each shown connected."""
    rows = page.locator('[data-testid="lobby-player"]')
    expect(rows.locator(".name")).to_have_text(names, timeout=WAIT_MS)
    expect(page.locator('[data-testid="lobby-player"].online')).to_have_count(
        len(names), timeout=WAIT_MS
    )



def test_lobby_start_reload_and_audience(tmp_path, daphne_factory, chromium_path):
    db_url = sqlite_prepared(tmp_path / "db.sqlite3")
    base = daphne_factory({"DATABASE_URL": db_url, "REDIS_URL": ""})

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            errors: list[str] = []
            tv = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            tv.on("pageerror", lambda error: errors.append(f"tv: {error}"))

            # The home page's forms show an option only while it matters: Werewolf's card
            # counts once the host picks a custom deck, the Mayor's options while there is one.
            tv.goto(base + "/")
            werewolf = tv.locator('form[data-game="werewolf"]')
            werewolf.locator("summary").click()
            counts = werewolf.locator('input[name="werewolf-composition.werewolves"]')
            mayor_when = werewolf.locator('select[name="werewolf-mayor.electionAt"]')
            expect(counts).to_be_hidden()
            expect(mayor_when).to_be_visible()
            werewolf.locator('select[name="werewolf-composition"]').select_option("custom")
            expect(counts).to_be_visible()
            werewolf.locator('input[name="werewolf-mayor.enabled"]').uncheck()
            expect(mayor_when).to_be_hidden()

            # The TV creates a Hoax room from the home page and shows its code.
            tv.locator('form[data-game="hoax"] button[type="submit"]').click()
            tv.wait_for_url(re.compile(r"/tv/[A-Z]{4}\?room=\d+$"))
            code = tv.locator("#room-code").inner_text().strip()
            assert re.fullmatch(r"[A-Z]{4}", code), code
            assert re.search(rf"/tv/{code}\?room=\d+$", tv.url)
            expect(tv.locator("#lobby")).to_be_visible(timeout=WAIT_MS)

            phones = []
            for name in NAMES:
                phone = phone_join(browser, base, code, name)
                phone.on("pageerror", lambda error, name=name: errors.append(f"{name}: {error}"))
                phones.append(phone)

            # Everyone lists the three players, connected; the first to join is the VIP.
            for page in [tv, *phones]:
                players_connected(page, NAMES)
            # (a 720p TV's list shows the players a page at a time: the first page comes round)
            expect(
                tv.locator('[data-testid="lobby-player"]').first.locator(".badge.vip")
            ).to_be_visible(timeout=WAIT_MS)
            expect(phones[0].locator("#me .badge.vip")).to_be_visible()
            expect(phones[1].locator("#me .badge")).to_have_count(0)
            # Of the phones only the VIP's has the start button.
            expect(phones[0].locator('[data-testid="start"]')).to_be_enabled()
            expect(phones[1].locator('[data-testid="start"]')).to_have_count(0)
            expect(tv.locator('[data-testid="start"]')).to_be_enabled()  # it holds the host key
            assert errors == []
            # The join QR code is drawn whole inside its box: scaled to fit, never cropped.
            qr = tv.evaluate(
                """() => {
                    const svg = document.querySelector(".qr svg").getBoundingClientRect();
                    const drawing = document.querySelector(".qr svg > *").getBoundingClientRect();
                    return {svg: [svg.right, svg.bottom], drawing: [drawing.right, drawing.bottom],
                            width: drawing.width};
                }"""
            )
            assert qr["width"] > 150, qr
            assert qr["drawing"][0] <= qr["svg"][0] + 1 and qr["drawing"][1] <= qr["svg"][1] + 1, qr
            shot(tv, "tv")
            shot(phones[0], "phone-vip")
            shot(phones[2], "phone")

            # The VIP taps Start: every phone and the TV leave the lobby.
            phones[0].locator('[data-testid="start"]').tap()
            for page in [tv, *phones]:
                expect(page.locator("#lobby")).to_be_hidden(timeout=WAIT_MS)
                # The game's section is shown (its content belongs to the game's own module).
                expect(page.locator("#game:not([hidden])")).to_have_count(1)

            # A reload keeps the seat: same page, same name, no audience badge, own secrets.
            frames = state_frames(phones[1])
            phones[1].reload()
            assert re.search(rf"/play/{code}\?room=\d+$", phones[1].url)
            expect(phones[1].locator("#me")).to_have_text("Bob", timeout=WAIT_MS)
            expect(phones[1].locator("#lobby")).to_be_hidden()
            expect(phones[1].locator("#game:not([hidden])")).to_have_count(1)
            deadline_ms = WAIT_MS
            while not frames and deadline_ms > 0:
                phones[1].wait_for_timeout(100)
                deadline_ms -= 100
            assert frames, "no state frame after the reload"
            you, view = frames[0]["you"], frames[0]["view"]
            assert you["name"] == "Bob" and you["position"] == 1 and not you["audience"]
            assert view["me"]["seat"] == 1 and view["me"]["character"]
            assert view["players"][1]["character"] == view["me"]["character"]
            assert all("character" not in p for i, p in enumerate(view["players"]) if i != 1)

            # A phone that joins after the start watches: the audience.
            late = phone_join(browser, base, code, "Dee")
            expect(late.locator("#me .badge")).to_have_text("Audience", timeout=WAIT_MS)
            expect(late.locator("#lobby")).to_be_hidden()
            shot(late, "audience")
        finally:
            browser.close()
