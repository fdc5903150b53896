"""An evening's play writes no error to the server's log.

Errors a player never sees (a frame sent to a socket that was closing, a database call after its
consumer ended) still cost an operator: each is a traceback among the log's lines and an alert.
This test plays the evening a host has, in real browsers on one hub, and reads the server's log
(a file: ``tests.support.servers.daphne_log``): a phone joins and is removed in the lobby, the
game starts, an audience phone joins and closes its page mid-game, a phone reloads and another
is closed and opened again, a seat is handed to a new phone, a player is removed mid-game, the
game ends, the group plays again, and every page closes at once. Then the server stops as a
deploy stops it (SIGTERM). No line of the log may be an ``ERROR`` or a traceback.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_host_browser import host_menu, host_menu_close
from tests.games.hoax.test_browser import all_at, at, first_player_fix, room_create
from tests.support.browser import WAIT_MS, hub_start, party_open
from tests.support.servers import daphne_log, daphnes_stop, manage

pytestmark = pytest.mark.browser


def log_problems(log: str) -> list[str]:
    """The log's lines that an operator would be alerted by: errors, criticals, tracebacks."""
    return [line for line in log.splitlines()
            if re.search(r"\b(ERROR|CRITICAL)\b|Traceback \(most recent call last\)", line)]


def test_log_problems_finds_errors_and_tracebacks():
    log = ("2026-12-02 INFO partyhub.events room_created room=ABCD\n"
           "2026-12-02 ERROR games.live.fanout a socket of room 3 failed to take its frame\n"
           "Traceback (most recent call last):\n"
           '{"level": "ERROR", "message": "x"}\n')
    assert len(log_problems(log)) == 3
    assert log_problems("2026-12-02 INFO partyhub.events seat_joined room=ABCD\n") == []


@pytest.fixture(params=["sqlite", "postgres-redis"])
def hub(request, tmp_path, daphne_factory) -> str:
    """The hub as `make play` runs it (SQLite, one process's channel layer), and as a
    deployment does (PostgreSQL, Redis)."""
    if request.param == "sqlite":
        return hub_start(tmp_path, daphne_factory)
    env = {"DATABASE_URL": request.getfixturevalue("postgres_url"),
           "REDIS_URL": request.getfixturevalue("redis_url")}
    manage(["load_starter"], env)
    return daphne_factory(env)


def test_an_evening_writes_no_error_to_the_log(hub, chromium_path, daphne_factory):
    base = hub
    with party_open(chromium_path) as party:
        tv = party.tv
        tv.on("dialog", lambda dialog: dialog.accept())  # "Remove … ?"
        code = room_create(tv, base)
        phones = {name: party.phone_join(base, code, name) for name in ("Ada", "Bo", "Cy", "Ed")}

        # The lobby: the TV removes Ed, whose phone lands on the join form.
        tv.locator('[data-testid="lobby-player"]', has_text="Ed").locator(".kick").click()
        phones["Ed"].wait_for_url(re.compile(r"removed=1"), timeout=WAIT_MS)
        ed_context = phones.pop("Ed").context
        tv.wait_for_function(
            "() => document.querySelectorAll('#lobby-side li').length === 3")
        first_player_fix(tv)
        phones["Ada"].click('[data-testid="start"]')

        # The game: each phone takes its starting resource.
        ada, bo, cy = phones["Ada"], phones["Bo"], phones["Cy"]
        all_at([tv, ada, bo, cy], "setup")
        for seat, phone in enumerate((ada, bo, cy)):
            at(phone, "setup", active=seat)
            phone.click('[data-testid="pick"]:not([disabled]) >> nth=0')
        all_at([tv, ada, bo, cy], "turn", turn=1, active=0)

        # Ed comes back after the start: the audience; its page closes mid-game.
        audience = ed_context.new_page()
        audience.goto(f"{base}/join/{code}")
        audience.fill('input[name="name"]', "Ed")
        audience.click('button[type="submit"]')
        audience.wait_for_selector('[data-testid="audience"]', state="attached", timeout=WAIT_MS)
        audience.close()

        # A phone reloads; another is closed and opened again (its seat cookie brings it back).
        cy.reload()
        at(cy, "turn", turn=1)
        bo_context = bo.context
        bo.close()
        bo = phones["Bo"] = bo_context.new_page()
        bo.goto(f"{base}/play/{code}")
        at(bo, "turn", turn=1)

        # Bo's seat goes to a new phone with the code the TV shows; the old phone is closed.
        host_menu(tv).locator('[data-testid="host-player"]', has_text="Bo").locator(
            'button[data-testid^="handover-"]').click()
        digits = tv.locator('[data-testid="handover-code"] .handover-code')
        expect(digits).to_be_visible(timeout=WAIT_MS)
        handover = re.sub(r"\D", "", digits.inner_text())
        new_bo = party.browser.new_context(**party.playwright.devices["Pixel 5"]).new_page()
        new_bo.goto(f"{base}/join")
        new_bo.locator(".takeover summary").click()
        form = new_bo.locator('[data-testid="takeover-form"]')
        form.locator('input[name="code"]').fill(code)
        form.locator('input[name="handover"]').fill(handover)
        form.locator('button[type="submit"]').click()
        new_bo.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
        bo.wait_for_url(re.compile(r"handed=1"), timeout=WAIT_MS)
        bo.close()
        phones["Bo"] = new_bo
        at(new_bo, "turn", turn=1)

        # The TV removes Cy, then Bo, mid-game: Ada is the last one standing.
        for name in ("Cy", "Bo"):
            row = host_menu(tv).locator('[data-testid="host-player"]', has_text=name)
            row.locator('button[data-testid^="remove-"]').click()
            phones[name].wait_for_url(re.compile(r"removed=1"), timeout=WAIT_MS)
            phones.pop(name).close()
        tv.locator('[data-testid="recap-close"]').click(timeout=WAIT_MS)
        host_menu_close(tv)

        # Play again, then every page closes at once; the TV sees the phone go.
        tv.locator('[data-testid="play-again"]').click()
        expect(tv.locator("#lobby")).to_be_visible(timeout=WAIT_MS)
        expect(ada.locator("#lobby-side")).to_be_visible(timeout=WAIT_MS)
        ada.close()
        expect(tv.locator('[data-testid="lobby-player"].offline', has_text="Ada")).to_have_count(
            1, timeout=WAIT_MS)
        assert party.errors == []
    # The browser is gone; the server stops as a deploy stops it.
    daphnes_stop(daphne_factory.processes)
    log = daphne_log(daphne_factory.processes[0])
    assert log_problems(log) == [], log
