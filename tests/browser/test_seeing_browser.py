"""Players who cannot tell colours apart or need larger text, in a real browser.

The sweep's "not by colour alone" check (tests/support/sweep_colour.js) on a real lobby: a
player connected and one not are told apart by the dot's shape (a disc, a ring); with the dots
as they were (two discs, green and red) the check fails, and it fails on made-up colour-only
states too (no sign, or the same sign for both). The phone's text size: chosen in the phone's
header, applied at once, kept on the device across reloads, never applied to a TV. A phone
vibrates when its player's turn comes in Hoax (the Vibration API recorded, not felt), not when a
page opens mid-turn, and the others stay still.

Screenshots go to /tmp/shots/seeing-*.png.
"""

from __future__ import annotations

import pytest

from tests.support.browser import WAIT_MS, hub_start, party_open, shot, state_frames
from tests.support.live import HOAX_SLOW, api_post, room_create, seats_join
from tests.support.sweep import COLOUR_JS

pytestmark = pytest.mark.browser

# The lobby's dots as they were: a disc either way, only its colour changing.
DOTS_BY_COLOUR = (".dot { background: var(--bad); border: 0; }"
                  " .online .dot { background: var(--good); }")
# Made-up states: an answer right or wrong, with nothing, the same mark or its own mark.
ANSWERS = """(signs) => {
  document.body.insertAdjacentHTML("beforeend", `<ul id="made-up">
    <li data-meaning="answer:right" style="color: #38d98a">Paris ${signs[0]}</li>
    <li data-meaning="answer:wrong" style="color: #ff6b5e">Lyon ${signs[1]}</li></ul>`);
}"""


def test_states_differ_by_more_than_colour_and_the_phone_text_grows(
        tmp_path, daphne_factory, chromium_path):
    base = hub_start(tmp_path, daphne_factory)
    code = api_post(base, "/api/rooms", {"game": "hoax"})["code"]
    api_post(base, f"/api/rooms/{code}/seats", {"name": "Ada"})  # never connects
    with party_open(chromium_path) as party:
        phone = party.phone_join(base, code, "Bo")
        # A TV whose page lets the test add styles (the pages' policy refuses inline ones).
        tv = party.browser.new_context(viewport={"width": 1920, "height": 1080},
                                       bypass_csp=True).new_page()
        tv.on("pageerror", lambda error: party.errors.append(f"TV: {error}"))
        tv.goto(f"{base}/tv/{code}")
        tv.wait_for_selector('[data-meaning="connection:offline"]', timeout=WAIT_MS)
        tv.wait_for_selector('[data-meaning="connection:online"]', timeout=WAIT_MS)
        assert tv.evaluate(COLOUR_JS) == []
        shot(tv, "seeing-lobby")

        # The dots by colour alone: found.
        tv.add_style_tag(content=DOTS_BY_COLOUR)
        problems = tv.evaluate(COLOUR_JS)
        assert len(problems) == 1 and problems[0].startswith("connection: "), problems
        assert "differ by colour alone" in problems[0]
        tv.reload()
        tv.wait_for_selector('[data-meaning="connection:offline"]', timeout=WAIT_MS)

        # Made-up answers: no mark, or the same mark, is colour alone; ✓ and ✗ are not.
        for signs, found in ((("", ""), 1), (('<b data-sign>●</b>', '<b data-sign>●</b>'), 1),
                             (('<b data-sign>✓</b>', '<b data-sign>✗</b>'), 0),
                             (('<b data-sign>✓</b>', ""), 0)):
            tv.evaluate("() => document.getElementById('made-up')?.remove()")
            tv.evaluate(ANSWERS, list(signs))
            problems = [p for p in tv.evaluate(COLOUR_JS) if p.startswith("answer")]
            assert len(problems) == found, (signs, problems)

        # The phone's text size: beside the language switch, labelled, applied at once.
        select = phone.locator('.phone-head [data-testid="text-size"] select')
        assert select.get_attribute("aria-label") == "Text size"
        assert select.input_value() == "100"
        size = "() => parseFloat(getComputedStyle(document.body).fontSize)"
        rem = "() => parseFloat(getComputedStyle(document.documentElement).fontSize)"
        assert phone.evaluate(size) == 18 and phone.evaluate(rem) == 16
        select.select_option("160")
        assert phone.evaluate(size) == pytest.approx(28.8)
        assert phone.evaluate(rem) == pytest.approx(25.6)
        # Kept on this device: the next page comes at 160 % from the start.
        phone.reload()
        phone.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
        assert phone.evaluate(size) == pytest.approx(28.8)
        assert phone.locator('[data-testid="text-size"] select').input_value() == "160"
        shot(phone, "seeing-phone-160")
        # A TV whose browser has the same choice stored keeps its own sizes.
        tv_size = tv.evaluate(rem)
        tv.evaluate("() => localStorage.setItem('partyhub.textsize', '160')")
        tv.reload()
        tv.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
        assert tv.evaluate(rem) == tv_size
        assert party.errors == []


# The phone's vibrations, recorded.
VIBRATIONS = """
window.__vibrations = [];
navigator.vibrate = (pattern) => { window.__vibrations.push(pattern); return true; };
"""
# A move through the phone's own connection (the shell's ctx.act, the page's own instance).
ACT = """(action) => import(document.querySelector('script[type="module"][src*="screen"]').src)
    .then((m) => m.ctx.act(action))"""


def test_a_phone_vibrates_when_its_turn_comes(tmp_path, daphne_factory, chromium_path):
    base = hub_start(tmp_path, daphne_factory)
    code = room_create(base, **HOAX_SLOW)["code"]  # the first player is seat 0
    seats = seats_join(base, code)
    with party_open(chromium_path) as party:
        phones, frames = [], []
        for seat in seats:
            context = party.browser.new_context(**party.playwright.devices["Pixel 5"])
            context.add_init_script(VIBRATIONS)
            context.add_cookies([{"name": f"ph_seat_{code}", "value": seat["token"], "url": base}])
            phone = context.new_page()
            phone.on("pageerror", lambda error: party.errors.append(str(error)))
            frames.append(state_frames(phone))
            phone.goto(f"{base}/play/{code}")
            phone.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
            phones.append(phone)
        phones[0].locator('[data-testid="start"]').click()  # the VIP
        for phone in phones:
            phone.wait_for_function("() => document.querySelector('.game-root')?.childElementCount",
                                    timeout=WAIT_MS)
        view = max(frames[0], key=lambda frame: frame["version"])["view"]
        assert view["phase"] == "setup" and view["active"] == 0
        vibrations = "() => window.__vibrations.length"
        # Seat 0's turn was there when its page first drew the game: no buzz for it.
        assert [phone.evaluate(vibrations) for phone in phones] == [0, 0, 0]
        phones[0].evaluate(ACT, {"type": "pick", "resource": "cash"})
        phones[1].wait_for_function("() => window.__vibrations.length === 1", timeout=WAIT_MS)
        view = max(frames[1], key=lambda frame: frame["version"])["view"]
        assert view["active"] == 1
        assert [phone.evaluate(vibrations) for phone in phones] == [0, 1, 0]
        assert party.errors == []


# The phone header's rows: its visible parts grouped by the height they take (parts whose
# heights overlap share a row), each part's box and the header's right edge.
HEADER_ROWS = """() => {
  const head = document.querySelector(".phone-head");
  const parts = [...head.querySelectorAll(".me, .rules-open, .room-code, .text-size, .lang-switch")]
    .filter((el) => el.getClientRects().length)
    .map((el) => ({ name: el.className, box: el.getBoundingClientRect().toJSON() }));
  const rows = [];
  for (const part of parts.sort((a, b) => a.box.top - b.box.top)) {
    const row = rows.find((r) => r.some((other) =>
      part.box.top < other.box.bottom && other.box.top < part.box.bottom));
    if (row) row.push(part); else rows.push([part]);
  }
  return { rows: rows.map((row) => row.map((part) => part.name)), parts,
           right: head.getBoundingClientRect().right, width: innerWidth };
}"""


def test_the_phone_header_keeps_two_rows_at_the_largest_text_in_every_language(
        tmp_path, daphne_factory, chromium_path):
    """At 160 % on a 390×844 phone the header's parts (the VIP's name, the rules' "?", the room
    code, then the text size and the language) take two rows, in each language (Indonesian's
    name is the longest), none over another nor past the screen's edge."""
    base = hub_start(tmp_path, daphne_factory)
    code = api_post(base, "/api/rooms", {"game": "werewolf"})["code"]
    seat = api_post(base, f"/api/rooms/{code}/seats", {"name": "Alexandra Whitfield"})
    with party_open(chromium_path) as party:
        context = party.browser.new_context(viewport={"width": 390, "height": 844},
                                            device_scale_factor=2, is_mobile=True,
                                            has_touch=True)
        context.add_init_script("localStorage.setItem('partyhub.textsize', '160')")
        context.add_cookies([{"name": f"ph_seat_{code}", "value": seat["token"], "url": base}])
        phone = context.new_page()
        phone.on("pageerror", lambda error: party.errors.append(str(error)))
        for language in ("en", "es", "fr", "id"):
            context.add_cookies([{"name": "django_language", "value": language, "url": base}])
            phone.goto(f"{base}/play/{code}")
            phone.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
            phone.wait_for_selector(".phone-head .rules-open", timeout=WAIT_MS)
            assert phone.evaluate("() => document.documentElement.lang") == language
            header = phone.evaluate(HEADER_ROWS)
            assert header["rows"] == [["me", "rules-open", "room-code"],
                                      ["text-size", "lang-switch"]], (language, header)
            assert header["right"] <= header["width"], (language, header)
            boxes = [part["box"] for part in header["parts"]]
            for i, one in enumerate(boxes):
                for other in boxes[i + 1:]:
                    apart = (one["right"] <= other["left"] or other["right"] <= one["left"]
                             or one["bottom"] <= other["top"] or other["bottom"] <= one["top"])
                    assert apart, (language, header)
            shot(phone, f"seeing-phone-header-160-{language}")
        assert party.errors == []
