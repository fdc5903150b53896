"""The host's tools in real browsers, on one hub and one Chromium: streamer mode, pause and
resume, handing a seat to a new phone, removing players mid-game, and switching game.

The TV (1920×1080) creates a Hoax room and three phones join. In the lobby the TV's host menu
turns streamer mode on (the QR codes go, the code blurs until clicked). The TV starts, pauses
(every screen shows "Paused", the open host menus close, a Spanish TV's cover fits the screen)
and resumes. Bob's seat goes to a new
phone with the code the TV shows: the new phone gets Bob's seat, the old one lands on the join
form told why, and the code leaves the TV (as does one that a wrong guess voided). The TV
removes two players (their phones land on the join form); the last one
standing wins, and from the end screen the group goes on to Werewolf's lobby in the same room.

Screenshots go to /tmp/shots/host-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import WAIT_MS, hub_start, party_open, shot

pytestmark = pytest.mark.browser


def host_menu(page):
    """The host menu, opened."""
    menu = page.locator('[data-testid="host-menu"]')
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
    return menu


def host_menu_close(page) -> None:
    menu = page.locator('[data-testid="host-menu"]')
    if menu.get_attribute("open") is not None:
        menu.locator("summary").click()


def test_host_tools_pause_handover_remove_and_switch_game(tmp_path, daphne_factory,
                                                           chromium_path):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv = party.tv
        tv.on("dialog", lambda dialog: dialog.accept())  # "Remove Bob from the game?"
        tv.goto(base + "/")
        tv.locator('form[data-game="hoax"] button[type="submit"]').click()
        tv.wait_for_url(re.compile(r"/tv/[A-Z]{4}\?room=\d+$"))
        code = tv.locator("#room-code").inner_text().strip()
        phones = {name: party.phone_join(base, code, name) for name in ("Ann", "Bob", "Cid")}

        # Streamer mode: the join QR code goes and the code blurs until clicked.
        expect(tv.locator(".lobby .qr")).to_be_visible()
        host_menu(tv).locator('[data-testid="streamer"]').check()
        expect(tv.locator(".lobby .qr")).to_be_hidden(timeout=WAIT_MS)
        blur = tv.locator("#room-code").evaluate("el => getComputedStyle(el).filter")
        assert "blur" in blur
        host_menu_close(tv)
        tv.locator("#room-code").click()
        assert tv.locator("#room-code").evaluate("el => getComputedStyle(el).filter") == "none"
        # The lobby's extended timers and family filter are in the same menu.
        expect(host_menu(tv).locator('[data-testid="family-filter"]')).to_be_checked()
        host_menu(tv).locator('[data-testid="timer-scale"]').select_option("2")
        expect(phones["Ann"].locator("#lobby-side")).to_be_visible()
        shot(tv, "host-lobby-streamer")
        host_menu_close(tv)

        tv.locator('[data-testid="start"]').click()
        for phone in phones.values():
            expect(phone.locator("#game")).to_be_visible(timeout=WAIT_MS)

        # Pause: every screen shows it; the host's cover offers Resume. The host menus open
        # (the TV's, that paused, and the VIP's) close, so nothing lies over the cover.
        host_menu(phones["Ann"])
        host_menu(tv).locator('[data-testid="host-pause"]').click()
        for page in (tv, *phones.values()):
            expect(page.locator('[data-testid="paused"]')).to_be_visible(timeout=WAIT_MS)
        expect(phones["Ann"].locator('[data-testid="resume"]')).to_be_visible()  # the VIP
        expect(phones["Bob"].locator('[data-testid="resume"]')).to_have_count(0)
        for page in (tv, phones["Ann"]):
            expect(page.locator('[data-testid="host-menu"]')).not_to_have_attribute("open", "")
            page.locator('[data-testid="resume"]').click(trial=True)  # nothing covers it
        # A Spanish TV of the host: the whole cover, Resume included, fits on the screen.
        spanish = party.browser.new_context(viewport={"width": 1920, "height": 1080})
        spanish.add_cookies([*tv.context.cookies(),
                             {"name": "django_language", "value": "es", "url": base}])
        tv_es = spanish.new_page()
        tv_es.goto(f"{base}/tv/{code}")
        expect(tv_es.locator('[data-testid="resume"]')).to_be_visible(timeout=WAIT_MS)
        shot(tv_es, "host-paused-tv-es")
        expect(tv_es.locator('[data-testid="resume"]')).to_be_in_viewport(ratio=1)
        assert tv_es.locator('[data-testid="paused"]').bounding_box()["height"] <= 1080 * 0.8
        tv_es.close()
        shot(tv, "host-paused-tv")
        shot(phones["Bob"], "host-paused-phone")
        shot(phones["Ann"], "host-paused-vip")
        tv.locator('[data-testid="resume"]').click()
        for page in (tv, *phones.values()):
            expect(page.locator('[data-testid="paused"]')).to_be_hidden(timeout=WAIT_MS)

        # Hand Bob's seat to a new phone with the code the TV shows.
        bob_row = host_menu(tv).locator('[data-testid="host-player"]', has_text="Bob")
        bob_row.locator('button[data-testid^="handover-"]').click()
        digits = tv.locator('[data-testid="handover-code"] .handover-code')
        expect(digits).to_be_visible(timeout=WAIT_MS)
        # Streamer mode: the TV blurs the six digits like the room code.
        assert "blur" in digits.evaluate("el => getComputedStyle(el).filter")
        shot(tv, "host-handover-code")
        digits.click()  # shown when clicked, as the room code is
        assert digits.evaluate("el => getComputedStyle(el).filter") == "none"
        handover = re.sub(r"\D", "", digits.inner_text())
        assert len(handover) == 6
        context = party.browser.new_context(**party.playwright.devices["Pixel 5"])
        new_bob = context.new_page()
        new_bob.on("pageerror", lambda error: party.errors.append(f"new Bob: {error}"))
        new_bob.goto(f"{base}/join")
        new_bob.locator(".takeover summary").click()
        form = new_bob.locator('[data-testid="takeover-form"]')
        form.locator('input[name="code"]').fill(code)
        form.locator('input[name="handover"]').fill(handover)
        form.locator('button[type="submit"]').click()
        new_bob.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
        expect(new_bob.locator("#me")).to_contain_text("Bob", timeout=WAIT_MS)
        old_bob = phones.pop("Bob")
        old_bob.wait_for_url(re.compile(r"handed=1"), timeout=WAIT_MS)
        expect(old_bob.locator('[data-testid="join-notice"]')).to_contain_text("another phone")
        shot(old_bob, "host-handed-old-phone")
        phones["Bob"] = new_bob
        # The used code leaves the TV; so does one that a wrong guess voided.
        expect(tv.locator('[data-testid="handover-code"]')).to_have_count(0, timeout=WAIT_MS)
        cid_row = host_menu(tv).locator('[data-testid="host-player"]', has_text="Cid")
        cid_row.locator('button[data-testid^="handover-"]').click()
        expect(digits).to_be_visible(timeout=WAIT_MS)
        guess = context.new_page()
        guess.goto(f"{base}/join")
        guess.locator(".takeover summary").click()
        form = guess.locator('[data-testid="takeover-form"]')
        form.locator('input[name="code"]').fill(code)
        wrong = "000000" if re.sub(r"\D", "", digits.inner_text()) != "000000" else "111111"
        form.locator('input[name="handover"]').fill(wrong)
        form.locator('button[type="submit"]').click()
        expect(tv.locator('[data-testid="handover-code"]')).to_have_count(0, timeout=WAIT_MS)
        guess.close()

        # Remove Bob, then Cid: each phone lands on the join form; Ann is the last one standing.
        for name in ("Bob", "Cid"):
            row = host_menu(tv).locator('[data-testid="host-player"]', has_text=name)
            row.locator('button[data-testid^="remove-"]').click()
            phones[name].wait_for_url(re.compile(r"removed=1"), timeout=WAIT_MS)
        # The end's recap covers the TV; closed, the end screen shows the host's choices.
        tv.locator('[data-testid="recap-close"]').click(timeout=WAIT_MS)
        host_menu_close(tv)
        # One "Play next" control, which opens the list of the other games.
        expect(tv.locator('[data-testid="play-next"]')).to_have_count(1, timeout=WAIT_MS)
        expect(tv.locator('[data-testid="switch-werewolf"]')).to_be_hidden()
        tv.locator('[data-testid="play-next-open"]').click()
        expect(tv.locator('[data-testid="switch-werewolf"]')).to_be_visible(timeout=WAIT_MS)
        shot(tv, "host-over-switch")

        # Switch game: every screen reloads into Werewolf's lobby, same room, same code.
        tv.locator('[data-testid="switch-werewolf"]').click()
        tv.wait_for_selector("body.game-werewolf", timeout=WAIT_MS)
        expect(tv.locator("#lobby")).to_be_visible(timeout=WAIT_MS)
        assert re.search(rf"/tv/{code}\?room=\d+$", tv.url)
        ann = phones["Ann"]
        ann.wait_for_selector("body.game-werewolf", timeout=WAIT_MS)
        expect(ann.locator('[data-testid="lobby-player"] .name')).to_have_text(["Ann"])
        shot(tv, "host-switched-lobby")
        assert party.errors == []
