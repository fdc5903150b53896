"""A room's end in real browsers: an operator closes a room in the admin; its TV and phone,
open on it, show "This room has closed" with the way home. A new room then takes the old one's
code, and the old TV and phone, reloading, still say closed, never showing the new room.

One Daphne on a fresh SQLite file with a superuser; the new room gets the old code by an UPDATE
on the file (the code is free: ending moved it off the old row). Screenshots go to
/tmp/shots/closed-*.png.
"""

from __future__ import annotations

import json
import re
import sqlite3
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.support.browser import WAIT_MS, party_open, shot
from tests.support.servers import sqlite_prepared

pytestmark = pytest.mark.browser

PASSWORD = "operator-pw-1"


def test_a_closed_rooms_screens_say_so_and_never_show_the_next_room(tmp_path, daphne_factory,
                                                                     chromium_path):
    database = tmp_path / "hub.db"
    url = sqlite_prepared(database, ["createsuperuser", "--noinput"], env={
        "DJANGO_SUPERUSER_USERNAME": "operator", "DJANGO_SUPERUSER_EMAIL": "operator@example.org",
        "DJANGO_SUPERUSER_PASSWORD": PASSWORD})
    base = daphne_factory({"DATABASE_URL": url, "REDIS_URL": ""})
    with party_open(chromium_path) as party:
        tv = party.tv
        tv.goto(base + "/")
        tv.locator('form[data-game="hoax"] button[type="submit"]').click()
        tv.wait_for_url(re.compile(r"/tv/[A-Z]{4}\?room=\d+$"))
        code = tv.locator("#room-code").inner_text().strip()
        old_tv_url = tv.url
        phone = party.phone_join(base, code, "Ann")
        old_phone_url = phone.url

        admin = party.browser.new_context().new_page()
        admin.goto(f"{base}/admin/login/?next=/admin/games/room/")
        admin.fill("#id_username", "operator")
        admin.fill("#id_password", PASSWORD)
        admin.click("input[type=submit]")
        # The rooms' list loaded whole, its scripts run (a box ticked while the login's
        # redirect was still landing came back unticked on a loaded machine).
        admin.wait_for_url(re.compile(r"/admin/games/room/$"))
        admin.wait_for_load_state("load")
        admin.locator("input[name=_selected_action]").first.check()
        admin.select_option("select[name=action]", "rooms_close")
        admin.click("button[name=index]")
        expect(admin.locator(".messagelist")).to_contain_text("1 room closed.")

        for page in (tv, phone):
            page.wait_for_url(re.compile(rf"/closed/{code}$"), timeout=WAIT_MS)
            expect(page.locator("h1")).to_have_text("This room has closed")
            expect(page.locator('[data-testid="closed-home"]')).to_be_visible()
        shot(tv, "closed-tv")
        shot(phone, "closed-phone")

        # A new room takes the code; the old screens, reloading their pages, are still told.
        request = urllib.request.Request(
            base + "/api/rooms", data=json.dumps({"game": "hoax"}).encode(),
            headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            new = json.loads(response.read())
        with sqlite3.connect(database) as db:
            db.execute("UPDATE games_room SET code = ? WHERE id = ?", [code, new["room"]])
        for page, url in ((tv, old_tv_url), (phone, old_phone_url)):
            page.goto(url)
            expect(page.locator("h1")).to_have_text("This room has closed")
            assert new["host_token"] not in page.content()
        phone.goto(f"{base}/play/{code}")  # its seat cookie alone
        expect(phone.locator("h1")).to_have_text("This room has closed")
        phone.locator('[data-testid="closed-home"]').click()
        phone.wait_for_url(base + "/")
        assert party.errors == []
