"""A remote party's host console in the lobby (the TV's page, on a laptop or a 1080p screen): every
player who joined is shown at once, whole, on the screen and clear of the Start button.

Werewolf's lobby in Spanish has the longest words beside the list (its pitch, "Hacen falta al
menos 6 jugadores", "Cerrar la sala"): with three players at 1440×900 its list had room for one
row, and the pager (pages.js) showed them one at a time, seven seconds each, while eight players
fit at once in the crowded lobby's columns. The players join one by one, with the console open, as
at a party; checked with 3 and 8 players, at 1440×900 and 1920×1080, in Spanish and English.

Screenshots go to /tmp/shots/console-lobby-*.png.
"""

from __future__ import annotations

import pytest

from tests.support.browser import WAIT_MS, hub_start, party_open, settled, shot
from tests.support.live import api_post, socket_open, ws_url

pytestmark = pytest.mark.browser

NAMES = ["Chloé", "Bartholomew", "Ana", "Dmitri", "Eve", "Fatima", "Gus", "Héloïse"]
# Each player's row: shown (not on another page), inside its list, on the screen, clear of Start.
ROWS = """() => {
  const list = document.querySelector('[data-testid="lobby-players"]').getBoundingClientRect();
  const start = document.querySelector('[data-testid="start"]').getBoundingClientRect();
  return [...document.querySelectorAll('[data-testid="lobby-player"]')].map((row) => {
    const box = row.getBoundingClientRect();
    const name = row.querySelector(".name");
    return {
      name: name.textContent,
      shown: row.getClientRects().length > 0,
      whole: name.scrollWidth <= name.clientWidth + 1,
      inside: box.top >= list.top - 1 && box.bottom <= list.bottom + 1 && box.bottom <= innerHeight,
      clear: box.bottom <= start.top || box.top >= start.bottom,
    };
  });
}"""


@pytest.mark.parametrize("language", ["es", "en"])
def test_the_consoles_lobby_shows_every_player_at_once(tmp_path, daphne_factory, chromium_path,
                                                        language):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        page = party.tv
        sockets = []
        for players, size in ((3, (1440, 900)), (3, (1920, 1080)), (8, (1440, 900)),
                              (8, (1920, 1080))):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.context.add_cookies([{"name": "django_language", "value": language,
                                       "url": base}])
            page.goto(base + "/")
            form = page.locator('form[data-game="werewolf"]')
            form.locator('input[name="remote_party"]').check()
            form.locator('button[type="submit"]').click()
            page.wait_for_selector("#lobby-side h2", timeout=WAIT_MS)
            code = page.evaluate(
                "() => JSON.parse(document.getElementById('page-data').textContent).code")
            for count, name in enumerate(NAMES[:players], start=1):
                seat = api_post(base, f"/api/rooms/{code}/seats", {"name": name})
                sockets.append(socket_open(ws_url(base, seat["seat_socket"])))
                page.wait_for_function(
                    "n => document.querySelectorAll('[data-testid=\"lobby-player\"]').length === n"
                    " && document.querySelectorAll('#lobby-side .player.online').length === n",
                    arg=count, timeout=WAIT_MS)
                settled(page)
                rows = page.evaluate(ROWS)
                assert all(row["shown"] and row["inside"] and row["clear"] for row in rows), (
                    language, size, rows)
            if players == 3:
                assert all(row["whole"] for row in rows), (language, size, rows)
            shot(page, f"console-lobby-{language}-{players}-{size[0]}")
        for socket in sockets:
            socket.close()
        assert party.errors == []
