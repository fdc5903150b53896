"""A phone over the connection limit (games/ops/limits.py) says why and waits as long as the server
asks, instead of knocking again every few hundred milliseconds (live.js, close code 4429)."""

from __future__ import annotations

import pytest

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, hub_start
from tests.support.live import api_post

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_a_phone_refused_for_too_many_connections_says_why_and_waits(
    tmp_path, daphne_factory, chromium_path
):
    from playwright.sync_api import expect, sync_playwright

    limited = {"PARTYHUB_LIMITS": "1", "PARTYHUB_LIMIT_CONNECTIONS": "2/minute"}
    base = hub_start(tmp_path, lambda env: daphne_factory({**env, **limited}))
    room = api_post(base, "/api/rooms", {"game": "hoax", "options": {}})
    seat = api_post(base, f"/api/rooms/{room['code']}/seats", {"name": "Ada"})
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(**PHONE)
            context.add_cookies([{"name": f"ph_seat_{room['code']}", "value": seat["token"],
                                  "url": base}])
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            sockets: list[object] = []
            page.on("websocket", lambda socket: sockets.append(socket))
            page.goto(f"{base}/play/{room['code']}")  # the minute's first connection
            expect(page.locator("#me")).to_contain_text("Ada", timeout=WAIT_MS)
            page.reload()  # the second
            expect(page.locator("#me")).to_contain_text("Ada", timeout=WAIT_MS)
            opened = len(sockets)
            page.reload()  # the third: refused, explained, closed with 4429
            expect(page.locator(".toast")).to_contain_text("Too many connections",
                                                           timeout=WAIT_MS)
            page.wait_for_timeout(3000)
            # It waits the minute out: no second try within 3 s (the usual back-off would
            # have tried three more times by then).
            assert len(sockets) == opened + 1
            assert errors == []
        finally:
            browser.close()
