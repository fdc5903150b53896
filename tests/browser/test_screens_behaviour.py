"""How the screens behave in a real browser, beyond drawing a game: a frame never throws away what
the user is doing (an open panel, typed text, focus, a scrolled list), the language switch on
every page, the TV's join code during play, the kicked phone, the wake lock, the request id
of a refusal over a real socket, a refusal said once (and toasts that cover no control), timers
on the server's clock, and the games' own: Outfox's drag and drop ranking, the reader's reveal,
the TV's voice; Hoax's simultaneous calls; the end: the podium held, then the recap; a screen
told its server restarts reconnecting at once.

One Daphne (SQLite file, starter data) and one Chromium serve the whole module; each test makes
its own room through the JSON API and opens its screens with the room's cookies (the host token
for the TV, a seat token per phone), as the pages would have set them.

Screenshots go to /tmp/shots/behaviour-*.png.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, hub_start, state_frames
from tests.support.browser import shot as screenshot
from tests.support.live import api_post, ws_url
from tests.support.servers import chromium_executable, daphne_start, daphnes_stop

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
NAMES = ["Ada", "Bo", "Cy"]
LANGUAGE_NAMES = ["English", "Español", "Français", "Bahasa Indonesia"]


@dataclass
class Hub:
    base: str
    browser: Any
    errors: list[str]


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[Hub]:
    """One server and one browser for every test of this module."""
    chromium = chromium_executable()
    from playwright.sync_api import sync_playwright

    processes: list[subprocess.Popen] = []
    try:
        base = hub_start(tmp_path_factory.mktemp("hub"), lambda env: daphne_start(env, processes))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                yield Hub(base, browser, [])
            finally:
                browser.close()
    finally:
        daphnes_stop(processes)


@pytest.fixture
def party(hub: Hub) -> Iterator[Hub]:
    """The hub; the test's pages are closed after it, and none may have thrown."""
    hub.errors.clear()
    before = set(hub.browser.contexts)
    yield hub
    for context in set(hub.browser.contexts) - before:
        context.close()
    assert hub.errors == []


def room_make(hub: Hub, game: str = "outfox", players: int = 3, **options: Any) -> dict:
    """A room with ``players`` seats (the JSON API), its code, host token and seat tokens."""
    if game == "outfox":
        options = {"language": "en", **options}
    room = api_post(hub.base, "/api/rooms", {"game": game, "options": options})
    room["seats"] = [
        api_post(hub.base, f"/api/rooms/{room['code']}/seats", {"name": name})
        for name in NAMES[:players]
    ]
    return room


def page_open(hub: Hub, path: str, cookies: dict[str, str], device: dict, name: str,
              script: str | None = None) -> Page:
    """A page in its own browser context (``script`` runs before the page's own)."""
    context = hub.browser.new_context(**device)
    context.add_cookies([{"name": k, "value": v, "url": hub.base} for k, v in cookies.items()])
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.on("pageerror", lambda error: hub.errors.append(f"{name}: {error}"))
    page.goto(hub.base + path)
    return page


def tv_open(hub: Hub, room: dict, language: str = "en", script: str | None = None) -> Page:
    cookies = {f"ph_host_{room['code']}": room["host_token"], "django_language": language}
    tv = page_open(hub, f"/tv/{room['code']}", cookies, TV, "TV", script)
    tv.wait_for_selector('[data-testid="lobby-player"]', timeout=WAIT_MS)
    return tv


def phone_open(hub: Hub, room: dict, position: int, language: str = "en",
               script: str | None = None) -> Page:
    cookies = {f"ph_seat_{room['code']}": room["seats"][position]["token"],
               "django_language": language}
    phone = page_open(hub, f"/play/{room['code']}", cookies, PHONE, NAMES[position], script)
    expect(phone.locator("#me")).to_contain_text(NAMES[position], timeout=WAIT_MS)
    return phone



def frame_wait(page: Page, frames: list[dict], seen: int) -> None:
    """Wait until the page has received more than ``seen`` state frames."""
    for _ in range(WAIT_MS // 50):
        if len(frames) > seen:
            return
        page.wait_for_timeout(50)
    raise AssertionError("no new state frame")


def late_join(hub: Hub, page: Page, code: str, name: str) -> None:
    """Another phone joins (through the API); ``page`` shows the new name: a frame arrived."""
    api_post(hub.base, f"/api/rooms/{code}/seats", {"name": name})
    expect(page.locator('[data-testid="lobby-player"] .name').last).to_have_text(
        name, timeout=WAIT_MS
    )


def options_open(tv: Page) -> Any:
    tv.locator("details.options > summary").click()
    panel = tv.locator("details.options")
    expect(panel).to_have_attribute("open", "")
    return panel


def game_start(tv: Page) -> None:
    tv.locator('[data-testid="start"]').click()
    expect(tv.locator("#lobby")).to_be_hidden(timeout=WAIT_MS)


# --- a frame keeps what the user is doing ----------------------------------------------------


def test_the_lobby_options_stay_open_across_frames(party):
    room = room_make(party)
    tv = tv_open(party, room)
    frames = state_frames(tv)
    tv.reload()
    tv.wait_for_selector('[data-testid="lobby-player"]', timeout=WAIT_MS)
    panel = options_open(tv)
    # The host's own change comes back as a frame: the panel it was made in stays open.
    seen = len(frames)
    panel.locator("label", has_text="Reveal pace").locator("select").select_option("manual")
    frame_wait(tv, frames, seen)
    assert frames[-1]["room"]["options"]["reveal_pace"] == "manual"
    expect(panel).to_have_attribute("open", "")
    late_join(party, tv, room["code"], "Dee")
    expect(panel).to_have_attribute("open", "")
    screenshot(tv, "behaviour-lobby-options-open")


def test_typed_text_and_focus_survive_a_frame(party):
    room = room_make(party)
    tv = tv_open(party, room)
    panel = options_open(tv)
    field = panel.locator("label", has_text="Double Down time").locator("input")
    field.click()
    field.press("Control+a")
    field.type("45")  # not committed yet: no change event until the field is left
    late_join(party, tv, room["code"], "Dee")
    assert field.input_value() == "45"
    assert tv.evaluate("() => document.activeElement.closest('label').textContent").startswith(
        "Double Down time"
    )


def test_focus_on_a_button_survives_a_frame(party):
    room = room_make(party)
    tv = tv_open(party, room)
    tv.locator('[data-testid="lock"]').focus()
    late_join(party, tv, room["code"], "Dee")
    assert tv.evaluate("() => document.activeElement.dataset.testid") == "lock"


def test_a_scrolled_list_keeps_its_place_across_a_frame(party):
    room = room_make(party)
    tv = tv_open(party, room)
    panel = options_open(tv)
    decks = panel.locator("select[multiple]")
    top = decks.evaluate("(el) => { el.scrollTop = el.scrollHeight; return el.scrollTop; }")
    assert top > 0  # more decks than the list shows at once
    late_join(party, tv, room["code"], "Dee")
    assert decks.evaluate("(el) => el.scrollTop") == top


def test_the_phones_scores_box_stays_open_across_frames(party):
    room = room_make(party)
    tv = tv_open(party, room)
    reader, guesser = phone_open(party, room, 0), phone_open(party, room, 1)
    game_start(tv)
    guesser.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    guesser.locator("details.ofx-scores-box > summary").click()
    reader.locator('[data-testid="offer-card"]').first.click()
    guesser.wait_for_selector('[data-testid="ofx-phone"][data-phase="fox"]', timeout=WAIT_MS)
    expect(guesser.locator("details.ofx-scores-box")).to_have_attribute("open", "")
    screenshot(guesser, "behaviour-phone-scores-open")


# --- joining mid-game, the kicked phone, the wake lock ---------------------------------------


def test_the_tv_shows_the_room_code_and_a_join_qr_during_play(party):
    room = room_make(party, "hoax")
    tv = tv_open(party, room)
    corner = tv.locator('[data-testid="tv-join"]')
    expect(corner).to_be_hidden()  # the lobby shows them big
    game_start(tv)
    expect(corner).to_be_visible(timeout=WAIT_MS)
    expect(corner.locator(".tv-join-code")).to_have_text(room["code"])
    qr = corner.locator("svg").bounding_box()
    assert qr and qr["width"] >= 100 and qr["x"] + qr["width"] <= 1920
    # The QR code is the room's join address: the same drawing the lobby shows.
    assert corner.locator("svg").inner_html() == tv.locator(".lobby-join .qr svg").inner_html()
    screenshot(tv, "behaviour-tv-join-corner")


def test_a_kicked_phone_lands_on_the_join_form_with_the_code(party):
    room = room_make(party)
    tv = tv_open(party, room)
    phone = phone_open(party, room, 2)
    tv.on("dialog", lambda dialog: dialog.accept())
    tv.locator('[data-testid="lobby-player"]', has_text="Cy").locator("button.kick").click()
    phone.wait_for_url(f"**/join/{room['code']}?removed=1", timeout=WAIT_MS)
    assert phone.input_value('input[name="code"]') == room["code"]
    expect(phone.locator('[data-testid="join-notice"]')).to_have_text(
        "The host removed you from this room."
    )
    screenshot(phone, "behaviour-kicked")


# A stand-in for navigator.wakeLock that counts requests; the page's visibility and the browser
# dropping the lock (as it does when a page is hidden) are played by hand.
WAKE_LOCK_STUB = """
window.wakeRequests = 0;
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", { value: { request: async (type) => {
  window.wakeRequests += 1;
  const lock = new EventTarget();
  lock.type = type;
  lock.released = false;
  lock.release = async () => { lock.released = true; lock.dispatchEvent(new Event("release")); };
  window.wakeLocks.push(lock);
  return lock;
} } });
"""


def test_a_phone_stays_awake_during_a_game_and_asks_again_when_shown(party):
    room = room_make(party)
    tv = tv_open(party, room)
    context = party.browser.new_context(**PHONE)
    context.add_cookies([{"name": f"ph_seat_{room['code']}",
                          "value": room["seats"][1]["token"], "url": party.base}])
    context.add_init_script(WAKE_LOCK_STUB)
    phone = context.new_page()
    phone.goto(f"{party.base}/play/{room['code']}")
    expect(phone.locator("#me")).to_contain_text("Bo", timeout=WAIT_MS)
    assert phone.evaluate("window.wakeRequests") == 0  # not in the lobby
    game_start(tv)
    phone.wait_for_function("() => window.wakeRequests === 1", timeout=WAIT_MS)
    assert phone.evaluate("window.wakeLocks[0].type") == "screen"
    # Hidden, the browser drops the lock; shown again, the page asks for a new one.
    phone.evaluate("window.wakeLocks[0].release()")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    phone.wait_for_function("() => window.wakeRequests === 2", timeout=WAIT_MS)
    assert phone.evaluate("window.wakeLocks[1].released") is False


# --- the language switch ----------------------------------------------------------------------


def language_switch(page: Page, language: str) -> None:
    """Pick a language in the page's switch: the same page comes back in it."""
    with page.expect_navigation():
        page.locator('[data-testid="language-switch"] select').select_option(language)


def test_every_page_has_the_language_switch_with_languages_named_in_their_own(party):
    room = room_make(party)
    pages = {
        "home": page_open(party, "/", {}, TV, "home"),
        "join": page_open(party, "/join", {}, PHONE, "join"),
        "tv": tv_open(party, room),
        "phone": phone_open(party, room, 0),
    }
    for name, page in pages.items():
        switch = page.locator('[data-testid="language-switch"] select')
        expect(switch, name).to_have_count(1)
        assert switch.locator("option").all_inner_texts() == LANGUAGE_NAMES, name
        assert switch.input_value() == "en", name


def test_switching_language_in_a_game_keeps_the_seat_and_the_device_choice(party):
    room = room_make(party)
    tv = tv_open(party, room)
    phone = phone_open(party, room, 1)
    other = phone_open(party, room, 2)
    game_start(tv)
    phone.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    language_switch(phone, "es")
    assert phone.url.endswith(f"/play/{room['code']}")
    assert phone.evaluate("document.documentElement.lang") == "es"
    expect(phone.locator("#me")).to_have_text("Bo", timeout=WAIT_MS)
    phone.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    expect(phone.locator('[data-testid="my-role"]')).to_have_text("Adivinas tú")
    cookies = {c["name"]: c["value"] for c in phone.context.cookies()}
    assert cookies["django_language"] == "es"
    # Per device: the other phone and the TV stay in English until they switch themselves.
    assert other.evaluate("document.documentElement.lang") == "en"
    language_switch(tv, "id")
    assert tv.evaluate("document.documentElement.lang") == "id"
    expect(tv.locator('[data-testid="tv-join"]')).to_be_visible(timeout=WAIT_MS)
    expect(tv.locator(".tv-join-label")).to_have_text("Gabung")
    screenshot(phone, "behaviour-phone-es")
    screenshot(tv, "behaviour-tv-id")


# --- the wire, on a real socket --------------------------------------------------------------


def test_a_refusal_echoes_the_request_id_on_a_real_socket(party):
    room = room_make(party, "hoax")

    url = ws_url(party.base, f"/ws/rooms/{room['code']}/seat?token={room['seats'][0]['token']}")
    replies = []
    with connect(url) as socket:
        for text in ('{"id": "a"}', "[1, 2]", '{"type": "act", "action": {"type": "pick"}, '
                     '"id": "b"}', '{"type": "host", "command": "explode", "id": "c"}'):
            socket.send(text)
            reply = {"type": "state"}
            while reply["type"] == "state":  # its snapshot, and the presence it caused
                reply = json.loads(socket.recv(timeout=10))
            replies.append(reply)
    assert [(r["code"], r.get("id")) for r in replies] == [
        ("bad_message", "a"), ("bad_message", None), ("wrong_phase", "b"), ("unknown_type", "c"),
    ]


# --- Outfox: the ranking by drag and drop -----------------------------------------------------


def outfox_to_rank(tv: Page, reader: Page, guessers: list[Page]) -> None:
    """The reader (seat 0) picks a card, sets a Fox and starts the clock: the guessers rank."""
    game_start(tv)
    reader.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    reader.locator('[data-testid="offer-card"]').first.click()
    reader.fill('[data-testid="fox-input"]', "Zorblax")
    reader.click('[data-testid="fox-submit"]')
    reader.locator('[data-testid="start-clock"]').click()
    for guesser in guessers:
        guesser.wait_for_selector('[data-testid="ofx-phone"][data-phase="rank"]', timeout=WAIT_MS)


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mid_screen(page: Page, *selectors: str) -> None:
    """Scroll so the middle of ``selectors`` sits mid-screen, clear of the pinned buttons. (A
    drag near the edge lets SortableJS scroll the page by as much as its timer allowed, so where
    things are after one drag is not known until measured.)"""
    middle = sum(centre(page, selector)[1] for selector in selectors) / len(selectors)
    page.evaluate("(by) => window.scrollBy(0, by)", middle - PHONE["viewport"]["height"] / 2)


def drag_start(page: Page, source: str, toward: str) -> None:
    """Bring ``source`` and ``toward`` mid-screen, press on ``source`` and move: SortableJS has
    it in hand (its copy follows the pointer)."""
    mid_screen(page, source, toward)
    x, y = centre(page, source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y + 12, steps=3)
    page.wait_for_selector(".sortable-fallback", timeout=WAIT_MS)


def drag_end(page: Page, target: str) -> None:
    """Move over ``target`` until it is marked as the place to land, and let go. (SortableJS
    looks at the pointer every 50 ms and skips a look at an unchanged place, as a finger never
    is, and may scroll the page near its edge: the pointer wiggles by a pixel over the target,
    wherever it now is, until the mark shows.)"""
    marked = page.locator(f"{target}.sortable-swap-highlight")
    for wiggle in range(WAIT_MS // 50):
        x, y = centre(page, target)
        page.mouse.move(x, y + wiggle % 2, steps=8 if wiggle == 0 else 1)
        if marked.count():
            break
        page.wait_for_timeout(50)
    expect(marked).to_have_count(1)
    page.mouse.up()


def drag(page: Page, source: str, target: str) -> None:
    """Drag ``source`` onto ``target``."""
    drag_start(page, source, target)
    drag_end(page, target)


def column_is(page: Page, expected: list[str]) -> None:
    """The GUESS column as the page shows it: the answer in each slot ('' when empty)."""
    page.wait_for_function(
        """(expected) => {
            const slots = [...document.querySelectorAll('[data-testid="slot"]')];
            return slots.length === 6 && slots.every((el, i) => el.dataset.answer === expected[i]);
        }""",
        arg=expected,
        timeout=WAIT_MS,
    )


def tray(page: Page) -> list[str]:
    return page.locator('[data-testid="tray"] [data-testid="answer"]').evaluate_all(
        "(chips) => chips.map((chip) => chip.dataset.answer)"
    )


def chip(answer: int) -> str:
    return f'[data-testid="tray"] [data-testid="answer"][data-answer="{answer}"]'


def slot(number: int) -> str:
    return f'[data-testid="slot"][data-slot="{number}"]'


def test_outfox_guessers_rank_by_drag_and_drop_and_still_by_taps_and_keys(party):
    room = room_make(party, rank_seconds=0, read_seconds=0)
    tv = tv_open(party, room)
    reader, first, second = (phone_open(party, room, seat) for seat in range(3))
    outfox_to_rank(tv, reader, [first, second])

    # An answer from the tray dropped on an empty slot is placed there, for everyone.
    drag(first, chip(0), slot(0))
    for page in (first, second):
        column_is(page, ["0", "", "", "", "", ""])
    # Dropped on a filled slot: it takes the place, the one there goes back to the tray.
    drag(first, chip(1), slot(0))
    column_is(first, ["1", "", "", "", "", ""])
    assert "0" in tray(first)
    # A slot dropped on another moves there (the rules' move; onto a filled one, a swap).
    drag(first, slot(0), slot(5))
    column_is(first, ["", "", "", "", "", "1"])
    # A placed answer dropped on a tray answer: that one takes its slot, it goes back.
    drag(second, slot(5), chip(0))
    for page in (first, second):
        column_is(page, ["", "", "", "", "", "0"])
    # Tray onto tray is no move at all.
    drag_start(first, chip(2), chip(3))
    x, y = centre(first, chip(3))
    first.mouse.move(x, y, steps=8)
    assert first.locator(".sortable-swap-highlight").count() == 0
    first.mouse.up()

    # A frame that arrives during a drag (the other guesser places one) waits for its end.
    drag_start(first, chip(2), slot(1))
    second.click(chip(4))
    second.click(slot(3))
    column_is(second, ["", "", "", "4", "", "0"])
    drag_end(first, slot(1))
    for page in (first, second):
        column_is(page, ["", "2", "", "4", "", "0"])

    # Tapping still works: an answer, then a slot.
    first.click(chip(3))
    first.click(slot(2))
    column_is(first, ["", "2", "3", "4", "", "0"])
    # And the keyboard: the same buttons, with Enter.
    first.locator(chip(1)).focus()
    first.keyboard.press("Enter")
    first.wait_for_selector(f"{chip(1)}.selected", timeout=WAIT_MS)
    first.locator(slot(4)).focus()
    first.keyboard.press("Enter")
    column_is(first, ["", "2", "3", "4", "1", "0"])
    assert tray(first) == ["5"]
    screenshot(first, "behaviour-outfox-drag")


def test_outfox_reader_sees_the_real_order_in_the_reveal_and_may_speed_it_up(party):
    room = room_make(party, rank_seconds=0, read_seconds=0, reveal_seconds=15)
    tv = tv_open(party, room)
    frames = state_frames(tv)
    tv.reload()
    tv.wait_for_selector('[data-testid="lobby-player"]', timeout=WAIT_MS)
    reader, first, second = (phone_open(party, room, seat) for seat in range(3))
    outfox_to_rank(tv, reader, [first, second])
    # During the debate the reader's real ranks are hidden until the button is held.
    assert reader.locator(".ofx-rank").count() == 0
    placed = [""] * 6
    for answer in range(6):  # one at a time: each frame moves the tray's answers
        first.click(chip(answer))
        first.click(slot(answer))
        placed[answer] = str(answer)
        column_is(first, placed)
    column_is(second, placed)
    for guesser in (first, second):
        guesser.click('[data-testid="agree"]')
    for guesser in (first, second):
        guesser.wait_for_selector('[data-testid="ofx-phone"][data-phase="double_down"]',
                                  timeout=WAIT_MS)
        guesser.click('[data-testid="dd-answer"][data-slot="1"]')
    reader.wait_for_selector('[data-testid="ofx-phone"][data-phase="reveal"]', timeout=WAIT_MS)
    # The reader reads the real order out while the TV reveals it: #1 to #5, then the Fox.
    real = reader.locator('[data-testid="real-order"] [data-rank]')
    assert [real.nth(i).get_attribute("data-rank") for i in range(6)] == [*"12345", "0"]
    # The automatic pace has a "next" for the reader, to go faster.
    rows = tv.locator('[data-testid="top5-row"][data-answer]')
    expect(reader.locator('[data-testid="next"]')).to_have_text("Next answer now")
    assert rows.count() == 0
    reader.click('[data-testid="next"]')
    expect(rows).to_have_count(1, timeout=WAIT_MS)
    # The first answer came with the reader's tap, before the pace's deadline.
    by_count = {len(f["view"]["revealed"]): f for f in frames
                if f["view"] and f["view"]["phase"] == "reveal"}
    assert by_count[1]["server_time"] < by_count[0]["view"]["deadline"]
    screenshot(reader, "behaviour-outfox-reader-reveal")


# --- Refusals: shown once, and never over a control ------------------------------------------

# Toast through the page's own module (the one its screen uses).
TOAST = """async (messages) => {
    const shell = document.querySelector('script[type="module"]').src;
    const dom = await import(new URL("./dom.js", shell));
    for (const message of messages) dom.toast(message);
}"""


def overlap(a: dict, b: dict) -> bool:
    """Whether two bounding boxes share any area."""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_a_refusal_is_shown_once_and_the_newest_toast_covers_no_control_and_is_in_view(party):
    room = room_make(party)
    tv = tv_open(party, room)
    reader = phone_open(party, room, 0)
    game_start(tv)
    reader.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    reader.locator('[data-testid="offer-card"]').first.click()
    # A refused Fox is said by the field, not again in a toast.
    reader.click('[data-testid="fox-submit"]')
    expect(reader.locator('[data-testid="fox-error"]')).to_be_visible(timeout=WAIT_MS)
    assert reader.locator("#toasts .toast").count() == 0
    # Toasts: one at a time, the newest; in the page's flow, above the controls, not over them.
    reader.evaluate(TOAST, ["Older news", "Newest news"])
    toasts = reader.locator("#toasts .toast")
    expect(toasts).to_have_count(1)
    expect(toasts).to_have_text("Newest news")
    box = toasts.bounding_box()
    controls = reader.locator("button:visible, input:visible, select:visible")
    for i in range(controls.count()):
        other = controls.nth(i).bounding_box()
        if not other:
            continue
        assert not overlap(box, other), controls.nth(i).evaluate("(el) => el.outerHTML")
    screenshot(reader, "behaviour-toast")
    # On a page scrolled down (a long ballot), a toast is still shown in the viewport, and said.
    reader.evaluate("""() => {
        document.getElementById("app").append(Object.assign(document.createElement("div"),
            { style: "height: 3000px", className: "tall" }));
        window.scrollTo(0, document.body.scrollHeight);
    }""")
    reader.evaluate(TOAST, ["Seen from below"])
    expect(toasts).to_have_text("Seen from below")
    expect(toasts).to_have_attribute("role", "alert")
    box = toasts.bounding_box()  # relative to the viewport
    assert reader.evaluate("window.scrollY") > 2000
    assert box["y"] >= 0 and box["y"] + box["height"] <= reader.viewport_size["height"], box
    screenshot(reader, "behaviour-toast-scrolled")


def test_the_slower_of_two_hoax_calls_is_told_once_that_someone_called_first(party):
    room = room_make(party, "hoax", first_player=0)
    tv = tv_open(party, room)
    ada, bo = phone_open(party, room, 0), phone_open(party, room, 1)
    # Cy's phone hears the server only when the test lets it: its Hoax! leaves while the
    # screen still shows the hoax window, as a phone a few milliseconds behind would.
    held: list = []
    hold = [False]
    sockets: list = []

    def socket_route(ws) -> None:
        sockets.append(ws)
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: held.append(message) if hold[0] else ws.send(message))

    context = party.browser.new_context(**PHONE)
    context.add_cookies([{"name": f"ph_seat_{room['code']}", "value": room["seats"][2]["token"],
                          "url": party.base}])
    cy = context.new_page()
    cy.on("pageerror", lambda error: party.errors.append(f"Cy: {error}"))
    cy.route_web_socket(re.compile(r".*/ws/.*"), socket_route)
    cy.goto(f"{party.base}/play/{room['code']}")
    expect(cy.locator("#me")).to_contain_text("Cy", timeout=WAIT_MS)
    game_start(tv)
    for seat, phone in enumerate((ada, bo, cy)):
        phone.wait_for_selector(f'.hx[data-phase="setup"][data-active="{seat}"]', timeout=WAIT_MS)
        phone.locator('[data-testid="pick"]').first.click()
    ada.wait_for_selector('.hx[data-phase="turn"]', timeout=WAIT_MS)
    ada.click('[data-testid="claim-char"][data-character="lover"]')
    ada.click('[data-testid="choice"][data-field="resource"][data-value="prestige"]')
    ada.click('[data-testid="claim-send"]')
    for phone in (bo, cy):
        phone.wait_for_selector('.hx[data-phase="hoax_window"] [data-testid="hoax"]',
                                timeout=WAIT_MS)
    hold[0] = True
    bo.click('[data-testid="hoax"]')
    bo.wait_for_selector('.hx[data-phase="vote"]', timeout=WAIT_MS)
    cy.click('[data-testid="hoax"]')
    for _ in range(WAIT_MS // 50):  # the refusal reaches Cy's socket (held)
        if any("called_first" in str(message) for message in held):
            break
        cy.wait_for_timeout(50)
    hold[0] = False
    for message in held:
        sockets[-1].send(message)
    error = cy.locator('[data-testid="action-error"]')
    expect(error).to_contain_text("called Hoax first", timeout=WAIT_MS)
    assert cy.locator(".hx").get_attribute("data-phase") == "vote"
    assert cy.locator("#toasts .toast").count() == 0  # said once: by the controls, no toast
    assert cy.get_by_text("called Hoax first").count() == 1
    screenshot(cy, "behaviour-hoax-called-first")


# --- Outfox: the TV's voice --------------------------------------------------------------------

# The TV's speech, recorded instead of spoken.
SPEECH_RECORDER = """
window.spoken = [];
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(utterance) { window.spoken.push({ text: utterance.text, lang: utterance.lang }); },
  cancel() {}, getVoices() { return []; },
} });
"""


def test_the_outfox_tv_reads_the_card_and_its_source_in_the_cards_own_language(party):
    room = room_make(party, read_seconds=0)  # English cards
    tv = tv_open(party, room, language="fr", script=SPEECH_RECORDER)  # a French TV
    reader = phone_open(party, room, 0)
    for seat in (1, 2):
        phone_open(party, room, seat)
    game_start(tv)
    reader.wait_for_selector('[data-testid="ofx-phone"][data-phase="draw"]', timeout=WAIT_MS)
    reader.locator('[data-testid="offer-card"]').first.click()
    reader.fill('[data-testid="fox-input"]', "Zorblax")
    reader.click('[data-testid="fox-submit"]')
    reader.wait_for_selector('[data-testid="ofx-phone"][data-phase="read"]', timeout=WAIT_MS)
    tv.wait_for_function("() => window.spoken.length === 8", timeout=WAIT_MS)
    spoken = tv.evaluate("window.spoken")
    card = reader.locator(".ofx-question")
    answers = reader.locator('[data-testid="secret"] .ofx-answer-text').all_inner_texts()
    assert [line["text"] for line in spoken] == [
        card.locator(".ofx-q").inner_text(),
        card.locator(".ofx-source").inner_text(),  # the source line is read too
        *(f"{letter}. {answer}" for letter, answer in zip("ABCDEF", answers, strict=True)),
    ]
    assert tv.evaluate("document.documentElement.lang") == "fr"
    assert {line["lang"] for line in spoken} == {"en"}  # the card's voice, not the page's


# --- timers follow the server's clock ---------------------------------------------------------


def test_a_phone_whose_clock_is_45_s_fast_counts_down_with_the_tv(party):
    room = room_make(party, "hoax", butler_seconds=60)  # the setup picks' timer: 60 s
    tv = tv_open(party, room)
    # The phone's own clock runs 45 s ahead of the server's (and the TV's).
    fast = "{ const real = Date.now; Date.now = () => real() + 45000; }"
    phone = phone_open(party, room, 1, script=fast)
    assert phone.evaluate("Date.now()") - tv.evaluate("Date.now()") > 44_000
    game_start(tv)
    clocks = [page.locator('[data-testid="countdown"]').first for page in (tv, phone)]
    for clock in clocks:
        expect(clock).to_be_visible(timeout=WAIT_MS)
    # An uncorrected phone would show 14 s while the TV shows 59.
    tv_left, phone_left = (int(clock.inner_text()) for clock in clocks)
    assert tv_left > 45
    assert abs(tv_left - phone_left) <= 2, (tv_left, phone_left)


# --- the end ---------------------------------------------------------------------------------

# What lies over the element, inside its (rounded) corners or at its centre (each hit that is not
# it or in it).
COVERING = """(el) => { const r = el.getBoundingClientRect();
  const points = [[r.left + 12, r.top + 12], [r.right - 12, r.top + 12],
    [r.left + 12, r.bottom - 12], [r.right - 12, r.bottom - 12],
    [(r.left + r.right) / 2, (r.top + r.bottom) / 2]];
  return points.map(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    if (hit && el.contains(hit)) return null;
    return `${x},${y}: ${hit ? hit.outerHTML.slice(0, 80) : "off screen"}`;
  }).filter(Boolean); }"""


def recap_in_view(tv: Page) -> None:
    """The recap names Ada the winner, and no fixed control (the mute, the join corner) lies
    over its controls or its awards."""
    recap = tv.locator('[data-testid="recap"]')
    expect(recap.locator('[data-testid="recap-winner"]')).to_contain_text("Ada")
    awards = recap.locator(".recap-award").all()
    for part in (recap.locator('[data-testid="recap-close"]'), *awards):
        assert part.evaluate(COVERING) == [], part.inner_text()


def test_the_end_holds_the_podium_then_the_recap_names_the_winner_and_comes_back(party):
    """Bo and Cy leave an Outfox game (removed by the host): Ada, the last one in it, wins.
    The TV that watched lets the podium be seen (Ada alone on it, nobody removed) before the
    recap covers it; the recap names the winner, no fixed control covers it, and once closed
    it comes back from its button. A Spanish TV opened after the end shows the recap at once."""
    room = room_make(party)
    tv = tv_open(party, room)
    tv.on("dialog", lambda dialog: dialog.accept())  # "Remove Bo from the game?"
    game_start(tv)
    menu = tv.locator('[data-testid="host-menu"]')
    for seat in room["seats"][1:]:
        if menu.get_attribute("open") is None:
            menu.locator("summary").click()
        menu.locator(f'[data-testid="remove-{seat["seat"]}"]').click()
    podium = tv.locator('[data-testid="podium"]')
    expect(podium).to_be_visible(timeout=WAIT_MS)
    expect(menu).not_to_have_attribute("open", "")  # the end closes the host's open menu
    expect(podium.locator(".ofx-step-name")).to_have_text(["AAda"])  # its token, its name
    recap = tv.locator('[data-testid="recap"]')
    expect(recap).to_be_hidden()  # the end is seen first
    expect(tv.locator('[data-testid="recap-open"]')).to_be_visible()
    screenshot(tv, "behaviour-end-podium")
    expect(recap).to_be_visible(timeout=WAIT_MS)
    screenshot(tv, "behaviour-end-recap")
    recap_in_view(tv)
    recap.locator('[data-testid="recap-close"]').click()
    expect(recap).to_be_hidden()
    tv.locator('[data-testid="recap-open"]').click()
    expect(recap).to_be_visible()
    recap_in_view(tv)

    spanish = page_open(party, f"/tv/{room['code']}", {"django_language": "es"}, TV, "TV es")
    expect(spanish.locator('[data-testid="recap"]')).to_be_visible(timeout=WAIT_MS)
    recap_in_view(spanish)
    screenshot(spanish, "behaviour-end-recap-es")


# --- a server restarting -----------------------------------------------------------------------

# The page's own live.js, on a socket stand-in: how long after a close it opens the next socket,
# for a server restarting (4012, games/live/drain.py) and for a socket that dropped (1006).
RECONNECT_DELAYS = """async () => {
    const shell = document.querySelector('script[type="module"]').src;
    const live = await import(new URL("./live.js", shell));
    const opened = [];
    class Standin {
        constructor() { opened.push(performance.now()); Standin.last = this; }
        send() {}
    }
    Standin.OPEN = 1;
    Standin.CLOSED = 3;
    window.WebSocket = Standin;
    const ignore = () => {};
    live.connect("/ws/rooms/NONE/seat", { onFrame: ignore, onError: ignore, onNotice: ignore,
        onNet: ignore, onGone: ignore, onReply: ignore });
    const reopened = (count) => new Promise((done) => {
        const poll = setInterval(() => {
            if (opened.length >= count) { clearInterval(poll); done(); }
        }, 2);
    });
    const delays = {};
    for (const [name, code] of [["restart", 4012], ["dropped", 1006]]) {
        const closed = performance.now();
        Standin.last.onclose({ code });
        await reopened(opened.length + 1);
        delays[name] = opened[opened.length - 1] - closed;
    }
    return delays;
}"""


def test_a_screen_told_its_server_restarts_reconnects_at_once_and_a_dropped_one_backs_off(party):
    page = party.browser.new_context().new_page()
    page.goto(party.base + "/")
    delays = page.evaluate(RECONNECT_DELAYS)
    assert delays["restart"] < 280, delays  # 0-250 ms, spread
    assert delays["dropped"] >= 300, delays  # the first back-off step
