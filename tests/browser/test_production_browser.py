"""The hub as `make play` serves it (DEBUG off, collectstatic's files), in a real browser.

A TV creates an Outfox room, two phones join (one in French) and the VIP starts; an operator
opens the admin's live rooms, a question card's editor and a deck. Every page must pass the
Content-Security-Policy (no violation reported in any console) and load every static file by
its hashed name (a module loaded by its plain name too would be a second copy of it), answered
with a year's caching, scripts gzipped.

Screenshots go to /tmp/shots/production-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, settled, shot
from tests.support.servers import production_env, sqlite_prepared

pytestmark = pytest.mark.browser

HASHED = re.compile(r"\.[0-9a-f]{12}\.(js|css|svg|png)$")
PASSWORD = "a-long-operator-password"


def test_pages_load_hashed_compressed_files_and_pass_the_policy(
    tmp_path, daphne_factory, chromium_path
):
    database = sqlite_prepared(
        tmp_path / "hub.db", ["load_starter"],
        ["createsuperuser", "--noinput", "--username", "operator", "--email", "op@example.org"],
        env={"DJANGO_SUPERUSER_PASSWORD": PASSWORD})
    env = {"DATABASE_URL": database, "REDIS_URL": "", **production_env()}
    base = daphne_factory(env)
    problems: list[str] = []
    statics: list[tuple[str, int, dict]] = []

    def watched(page: Page, who: str) -> Page:
        page.on("pageerror", lambda error: problems.append(f"{who}: {error}"))
        page.on("console", lambda message: problems.append(f"{who}: {message.text}")
                if "Content Security Policy" in message.text else None)
        page.on("response", lambda response: statics.append(
            (response.url, response.status, response.headers))
            if "/static/" in response.url else None)
        return page

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            tv = watched(browser.new_context(
                viewport={"width": 1920, "height": 1080}).new_page(), "TV")
            tv.goto(base + "/")
            tv.locator('form[data-game="outfox"] button[type="submit"]').click()
            tv.wait_for_url(re.compile(r"/tv/[A-Z]{4}\?room=\d+$"))
            code = tv.locator("#room-code").inner_text().strip()

            phones = []
            for name, language in (("Ann", "en"), ("Bea", "fr")):
                context = browser.new_context(viewport={"width": 390, "height": 844},
                                              is_mobile=True, has_touch=True)
                context.add_cookies([{"name": "django_language", "value": language,
                                      "url": base}])
                phone = watched(context.new_page(), name)
                phone.goto(f"{base}/join")
                phone.fill('input[name="code"]', code)
                phone.fill('input[name="name"]', name)
                phone.click('button[type="submit"]')
                phone.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
                expect(phone.locator("#me")).to_contain_text(name, timeout=WAIT_MS)
                phones.append(phone)
            shot(tv, "production-tv-lobby")
            phones[0].locator('[data-testid="start"]').click()
            expect(tv.locator('[data-testid="phase-title"]')).to_be_visible(timeout=WAIT_MS)
            for phone in phones:
                expect(phone.locator("#game")).to_be_visible(timeout=WAIT_MS)
            settled(tv)
            shot(tv, "production-tv-game")
            shot(phones[0], "production-phone-en")
            shot(phones[1], "production-phone-fr")

            for language in ("en", "fr"):
                context = browser.new_context(viewport={"width": 1920, "height": 1080})
                context.add_cookies([{"name": "django_language", "value": language,
                                      "url": base}])
                admin = watched(context.new_page(), f"admin-{language}")
                admin.goto(f"{base}/admin/login/")
                admin.fill('input[name="username"]', "operator")
                admin.fill('input[name="password"]', PASSWORD)
                admin.click('input[type="submit"]')
                admin.goto(f"{base}/admin/games/room/?live=yes")
                row = admin.locator("#result_list tbody tr")
                expect(row).to_have_count(1, timeout=WAIT_MS)
                expect(row).to_contain_text(code)
                shot(admin, f"production-admin-rooms-{language}")
            # The curators' pages with scripts of their own: a card's editor, a deck's page.
            for listing in ("questions/card", "questions/deck"):
                admin.goto(f"{base}/admin/{listing}/")
                admin.locator("#result_list tbody tr th a").first.click()
                admin.wait_for_load_state("networkidle")
                shot(admin, f"production-admin-{listing.replace('/', '-')}")
        finally:
            browser.close()

    assert problems == []
    assert statics
    failed = [(url, status) for url, status, _headers in statics if status >= 400]
    assert failed == []
    assert any(url.endswith(".js") for url, _status, _headers in statics)
    assert any(url.endswith(".css") for url, _status, _headers in statics)
    # A game's stylesheet too, which its module loads from beside itself.
    assert any("/static/outfox/outfox." in url for url, _status, _headers in statics)
    assert [url for url, _status, _headers in statics if not HASHED.search(url)] == []
    hashed = [(url, headers) for url, _status, headers in statics if HASHED.search(url)]
    for url, headers in hashed:
        assert "max-age=315360000" in headers["cache-control"], url
        assert "immutable" in headers["cache-control"], url
    assert {headers.get("content-encoding") for url, headers in hashed
            if url.endswith(".js")} == {"gzip"}
