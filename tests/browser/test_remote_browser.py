"""Remote parties in real browsers: no TV, every player sees the board on their own device.

For each game, a room is made a remote party; its host opens the console (the TV's page, which
shows the board in a mirror then, as a remote device does); two remote players open their phones in
Chromium (a phone, 393×851, that swaps board and controls with its toggle; a laptop, 1440×900, that
shows both side by side); the other players are scripted sockets. Friends from afar read their own
languages: each device picks its own in its page's language switch, as a player does, and every one
of the four languages is some remote device's (the console reads yet another, by Django's language
cookie: ``CONSOLE_LANGUAGES``); what the test looks for on a board is in that board's own words
(``gettext`` in its page). Every seat's moves are sent by the script on a socket of its own (the
remote players' second "tab"), from that seat's own view, so the game runs at the script's pace and
the browsers only show it: played to its end, with the board (each game's own TV screen, in the
mirror) on both remote devices, its drama's banners and, in Werewolf, the narrator's lines spoken
on both at the same moment by the server's clock, each in its device's language (Outfox's cards in
their own). A device that falls behind (its page held busy while the game moves on) catches up to
the newest frame without replaying the moments it missed. One server and one browser for the whole
module.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, hub_start, settled, shot
from tests.support.live import api_post, socket_open, ws_url
from tests.support.servers import chromium_executable, daphne_start, daphnes_stop

pytestmark = [pytest.mark.browser, pytest.mark.long(80)]

MOVES_SECONDS = 120  # a whole scripted game, at most
TOGETHER_MS = 800  # two devices' cues of one moment, at most this far apart
# What each remote device's board does, recorded in every frame of its page (the mirror too):
# the narrator's lines (spoken, with their language and moment), and the drama's banners as they
# appear.
RECORDERS = """
window.__spoken = [];
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(utterance) {
    window.__spoken.push({ text: utterance.text, lang: utterance.lang, at: Date.now() });
  },
  cancel() {}, getVoices() { return []; },
} });
window.__banners = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node.nodeType === 1 && node.matches('[data-testid="drama-banner"]')) {
      window.__banners.push({ text: node.textContent, at: Date.now() });
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
PHONE = {"viewport": {"width": 393, "height": 851}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1440, "height": 900}}
# The host's console in another language than the devices.
CONSOLE_LANGUAGES = {"outfox": "es", "hoax": "id", "werewolf": "fr"}


@dataclass
class Hub:
    base: str
    browser: Any
    errors: list[str] = field(default_factory=list)


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
                yield Hub(base, browser)
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


class Socket:
    """A scripted screen: one live socket, its newest state frame and its errors."""

    def __init__(self, url: str) -> None:
        self.socket = socket_open(url, open_timeout=10, ping_interval=None)
        self.frame: dict | None = None
        self.errors: list[dict] = []

    def drain(self, wait: float = 0) -> None:
        """Read what has come (waiting up to ``wait`` seconds for the first)."""
        timeout = wait
        while True:
            try:
                text = self.socket.recv(timeout=timeout)
            except TimeoutError:
                return
            timeout = 0
            frame = json.loads(text)
            if frame["type"] == "error":
                self.errors.append(frame)
            elif frame["type"] == "state" and (
                self.frame is None or frame["version"] >= self.frame["version"]
            ):
                self.frame = frame

    def send(self, message: dict) -> None:
        self.socket.send(json.dumps(message))

    def until(self, test: Callable[[dict], bool], seconds: float = 15) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.drain(0.1)
            if self.frame is not None and test(self.frame):
                return self.frame
        raise AssertionError(f"no such frame; the last: {self.frame and self.frame['view']}")

    def close(self) -> None:
        self.socket.close()


@dataclass
class Room:
    code: str
    console: Any
    devices: list[Any]  # the remote players' pages: the phone, the laptop
    seats: list[Socket]  # every player's scripted socket, by position
    board: Socket  # the host's, with the host token

    def close(self) -> None:
        for socket in (*self.seats, self.board):
            socket.close()


def remote_party_open(hub: Hub, game: str, options: dict, players: int,
                      languages: tuple[str, str]) -> Room:
    """A remote party of ``game``: the host's console, two remote devices (the phone and the
    laptop, in ``languages``) and scripted sockets for every seat; started by the console's
    Start."""
    made = api_post(hub.base, "/api/rooms", {"game": game, "options": options,
                                             "remote_party": True})
    code = made["code"]
    joined = [api_post(hub.base, f"/api/rooms/{code}/seats", {"name": f"P{i}"})
              for i in range(players)]
    host = hub.browser.new_context(viewport={"width": 1280, "height": 800})
    host.add_cookies([{"name": f"ph_host_{code}", "value": made["host_token"], "url": hub.base},
                      {"name": "django_language", "value": CONSOLE_LANGUAGES[game],
                       "url": hub.base}])
    console = host.new_page()
    console.on("pageerror", lambda error: hub.errors.append(f"console: {error}"))
    console.goto(f"{hub.base}/tv/{code}")
    devices = []
    for index, device in enumerate((PHONE, LAPTOP)):
        context = hub.browser.new_context(**device)
        context.add_init_script(RECORDERS)
        context.add_cookies([{"name": f"ph_seat_{code}", "value": joined[index]["token"],
                              "url": hub.base}])
        page = context.new_page()
        page.on("pageerror", lambda error, i=index: hub.errors.append(f"remote {i}: {error}"))
        page.goto(f"{hub.base}/play/{code}")
        page.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
        language_pick(page, languages[index])
        devices.append(page)
    seats = [Socket(ws_url(hub.base, seat["seat_socket"])) for seat in joined]
    board = Socket(ws_url(hub.base, made["board_socket"]))
    lobby_in_hand(console, game)  # its Start tapped on a phone held upright
    board.until(lambda frame: frame["room"]["status"] == "playing")
    console.set_viewport_size({"width": 1280, "height": 800})
    return Room(code, console, devices, seats, board)


# Whatever in the lobby runs past the screen's sides (a box wider than the screen, or out of
# it), and the sizes of its text.
LOBBY_IN_HAND = """() => {
  const width = document.documentElement.clientWidth;
  const out = [...document.querySelectorAll("#lobby *, .tv-corner *")].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width && (box.left < -1 || box.right > width + 1);
  }).map((el) => `${el.tagName}.${el.className}: ${el.textContent.slice(0, 30)}`);
  const sizes = [...document.querySelectorAll("#lobby :is(p, li, button, h2):not(.lobby-code)")]
    .filter((el) => el.getClientRects().length)
    .map((el) => parseFloat(getComputedStyle(el).fontSize));
  const cut = [...document.querySelectorAll("#lobby .player .name")]
    .filter((el) => !el.clientWidth || el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.textContent);
  return { out, cut, largest: Math.max(...sizes) };
}"""


def lobby_in_hand(console: Any, game: str) -> None:
    """The host of a remote party holds its console, a phone upright (390×844), in the lobby:
    nothing runs past the screen's sides (its host menu opened neither), every player's name
    shows whole, its text a phone's (no 28 px TV text but the code), and the host starts the
    game from it, the Start scrolled to."""
    console.set_viewport_size({"width": 390, "height": 844})
    console.wait_for_selector('[data-testid="start"]', timeout=WAIT_MS)
    found = console.evaluate(LOBBY_IN_HAND)
    assert found["out"] == [] and found["cut"] == [] and found["largest"] < 28, found
    shot(console, f"remote-{game}-console-lobby-390")
    menu = console.locator('[data-testid="host-menu"] summary')
    menu.click()  # the host menu, opened, within the screen's sides too
    console.wait_for_selector('[data-testid="host-menu"] .host-panel', timeout=WAIT_MS)
    assert console.evaluate(LOBBY_IN_HAND)["out"] == []
    shot(console, f"remote-{game}-console-lobby-menu-390")
    menu.click()
    console.click('[data-testid="start"]', timeout=WAIT_MS)


def language_pick(page: Any, language: str) -> None:
    """The device's language picked in its page's language switch (by its name, in the page's
    language): the same page comes back in it, its board too."""
    from django.utils import translation

    current = page.evaluate("() => document.documentElement.lang")
    if language != current:
        with translation.override(current):
            name = translation.gettext("Language")
        page.get_by_role("combobox", name=name).select_option(language)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=language,
                               timeout=WAIT_MS)
        page.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
    assert page.evaluate("() => document.documentElement.lang") == language


def banner_seen(page: Any, message: str) -> None:
    """The remote device's board played a banner of ``message``: its words in the board's
    language, whoever it names."""
    mirror(page).wait_for_function(BANNER_SEEN, arg=message, timeout=WAIT_MS)


BANNER_SEEN = r"""(message) => {
    const escape = (words) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(gettext(message).split(/%\(\w+\)s/).map(escape).join(".+"));
    return window.__banners.some((banner) => pattern.test(banner.text));
}"""


def mirror(page: Any) -> Any:
    """The board's mirror in a remote device's page (its frame)."""
    handle = page.wait_for_selector('[data-testid="remote-mirror"]', timeout=WAIT_MS)
    return handle.content_frame()


def board_shown(room: Room) -> None:
    """Both remote devices draw the game's TV screen in their mirror, in the device's language;
    the laptop beside its controls, the phone one at a time with its toggle; the console draws
    it in a mirror of its own."""
    for page in room.devices:
        board = mirror(page)
        board.wait_for_selector("#game .game-root", state="visible", timeout=WAIT_MS)
        language = page.evaluate("() => document.documentElement.lang")
        assert board.evaluate("() => document.documentElement.lang") == language
    phone, laptop = room.devices
    assert laptop.locator('[data-testid="remote-board"]').is_visible()
    assert laptop.locator("#app").is_visible()
    assert not laptop.locator('[data-testid="remote-toggle"]').is_visible()
    laptop_board = laptop.locator('[data-testid="remote-board"]').bounding_box()
    controls = laptop.locator("#app").bounding_box()
    assert laptop_board["x"] + laptop_board["width"] <= controls["x"] + 1  # side by side
    # The phone: the board first, then its controls, and back.
    assert phone.locator('[data-testid="remote-board"]').is_visible()
    assert not phone.locator("#app").is_visible()
    phone.click('[data-testid="remote-toggle"]')
    phone.wait_for_selector("#app", state="visible", timeout=WAIT_MS)
    assert not phone.locator('[data-testid="remote-board"]').is_visible()
    phone.click('[data-testid="remote-toggle"]')
    phone.wait_for_selector('[data-testid="remote-board"]', state="visible", timeout=WAIT_MS)
    console_board_shown(room)


def console_board_shown(room: Room) -> None:
    """The host's console draws the board (the game's TV screen, in its own mirror, as a
    remote device does), not in its own page: a host who does not play follows the game; the
    board takes the console's width under its heading, clear of the corner (the gear, the
    language), with the players under it."""
    console = room.console
    console.wait_for_selector('[data-testid="host-console"]', timeout=WAIT_MS)
    assert console.locator(".game-root").count() == 0
    board = console.wait_for_selector('[data-testid="console-board"] [data-testid="remote-mirror"]',
                                      timeout=WAIT_MS).content_frame()
    board.wait_for_selector("#game .game-root", state="visible", timeout=WAIT_MS)
    assert board.evaluate("() => JSON.parse(document.getElementById('page-data').textContent)"
                          ".mirror") is True
    settled(console)
    parts = console.evaluate(CONSOLE_BOARD_PARTS)
    pane, corner, players = parts["board"], parts["corner"], parts["players"]
    assert pane["width"] > 0.8 * parts["console"]["width"], parts
    assert pane["bottom"] <= corner["top"] or pane["right"] <= corner["left"], parts
    assert players["top"] >= pane["bottom"], parts


CONSOLE_BOARD_PARTS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
  return { board: box('[data-testid="console-board"]'), corner: box(".tv-corner"),
           console: box('[data-testid="host-console"]'),
           players: box('[data-testid="host-console"] .players') };
}"""


def play(room: Room, choose: Callable[[dict, int], dict | None],
         done: Callable[[dict], bool] = lambda frame: frame["room"]["status"] == "over",
         before: Callable[[Room, dict, dict], None] = lambda room, view, action: None) -> int:
    """Each seat's move from its own view (``choose``), one at a time, each with the version
    its seat shows, until ``done``; waits for timers when nobody has a move, and for
    ``before`` (the room, the view, the move) to return before each move. Returns how many
    moves were applied."""
    applied = 0
    deadline = time.monotonic() + MOVES_SECONDS
    while time.monotonic() < deadline:
        for seat in room.seats:
            seat.drain()
        if room.seats[0].frame and done(room.seats[0].frame):
            return applied
        for seat in room.seats:
            frame = seat.frame
            view = frame["view"] if frame else None
            action = choose(view, applied) if view and view.get("me") else None
            if action is None:
                continue
            before(room, view, action)
            version = frame["version"]
            errors = len(seat.errors)
            seat.send({"type": "act", "action": action, "version": version})
            while seat.frame["version"] == version and len(seat.errors) == errors:
                seat.drain(0.1)
            applied += len(seat.errors) == errors
            break
        else:
            time.sleep(0.1)
    errors = [seat.errors[-3:] for seat in room.seats]
    raise AssertionError(f"the game did not end: {room.seats[0].frame['view']}; {errors}")


def first(actions: list[dict], *kinds: str) -> dict | None:
    for kind in kinds:
        for action in actions:
            if action["type"] == kind:
                return action
    return None


def hoax_choose(view: dict, _k: int) -> dict | None:
    """Take a resource, then accuse at once (right or wrong, someone is out), or let claims
    pass and end the turn; else (no accusation open to the active player) any legal move."""
    actions = view["me"]["actions"]
    return first(actions, "pick", "accuse", "pass", "vote", "end_turn") or (
        actions[0] if actions else None)


def outfox_choose(view: dict, _k: int) -> dict | None:
    """The reader picks the first card and the sample Fox, the other approves; the guessers
    fill the empty slots in order, agree and double down on the first answer; on to the next
    turn."""
    actions = view["me"]["actions"]
    empty = [slot for slot, answer in enumerate(view.get("guess") or []) if answer is None]
    placing = [action for action in actions if action["type"] == "place"
               and action["slot"] == (empty[0] if empty else None)
               and action["answer"] not in (view.get("guess") or [])]
    if placing:
        return placing[0]
    return first(actions, "pick_card", "fox", "approve_fox", "start_clock", "agree", "double_down",
                 "next")


def outfox_read_aloud(room: Room, view: dict, action: dict) -> None:
    """The reader starts the clock once the question was read aloud on both remote boards, as
    a reader at a table does (the script would otherwise be past the reading before a loaded
    machine's boards drew it); each reads it in the card's language, whatever its own (in its
    own when the card's is unknown)."""
    if action["type"] == "start_clock":
        card = view["card"]
        for page in room.devices:
            mirror(page).wait_for_function(
                "([question, lang]) => window.__spoken.some((line) => line.text === question"
                " && line.lang === (lang || document.documentElement.lang))",
                arg=[card["question"], card["language"]], timeout=WAIT_MS)


def remote_devices_end(room: Room) -> None:
    for page in room.devices:
        mirror(page).wait_for_selector('#app[data-status="over"]', timeout=WAIT_MS)
    room.console.wait_for_selector('[data-testid="play-again"]', timeout=WAIT_MS)


def test_a_remote_hoax_party_is_played_to_the_end_with_the_board_on_each_device(party):
    room = remote_party_open(party, "hoax", {"first_player": 0, "hoax_window_seconds": 60,
                                             "vote_seconds": 60}, 3, ("es", "en"))
    board_shown(room)
    # The phone's player plays first: its toggle, over the board, says so (in Spanish).
    toggle = room.devices[0].locator('[data-testid="remote-toggle"]')
    called = room.devices[0].locator('[data-testid="remote-toggle"].your-turn')
    called.wait_for(timeout=WAIT_MS)
    words = "Your turn: show my controls"
    spanish = room.devices[0].evaluate("(words) => gettext(words)", words)  # its catalogue's
    assert toggle.inner_text() == spanish != words
    shot(room.devices[0], "remote-hoax-phone-board")
    shot(room.devices[1], "remote-hoax-laptop")
    shot(room.console, "remote-hoax-console")
    play(room, hoax_choose)
    remote_devices_end(room)
    assert called.count() == 0  # the game over, nobody's turn
    room.close()
    for page in room.devices:  # the accusations' banners play on each remote board, in turn
        banner_seen(page, "%(name)s accuses %(target)s!")


def test_a_remote_outfox_party_is_played_to_the_end_with_the_board_on_each_device(party):
    """The first turn's Fox is given (the one reader of two players sets it) while the laptop's
    page is held busy past the reading's moment: once free, it still reads the card aloud (late
    rather than never; a moment's sting or banner is dropped instead); then every turn's answers
    are read on both boards at once."""
    options = {"rank_seconds": 0, "read_seconds": 0, "reveal_pace": "manual",
               "double_down_seconds": 5}
    room = remote_party_open(party, "outfox", options, 2, ("fr", "id"))
    board_shown(room)
    laptop = room.devices[1]
    busy = []

    def laptop_busy_then_read_aloud(room: Room, view: dict, action: dict) -> None:
        if action["type"] == "fox" and not busy:
            busy.append(view["turn"])
            mirror(laptop).evaluate("() => { setTimeout(() => { const end = Date.now() + 4000; "
                                    "while (Date.now() < end) { /* a slow device */ } }, 0); }")
        outfox_read_aloud(room, view, action)

    play(room, outfox_choose, before=laptop_busy_then_read_aloud)
    assert busy
    remote_devices_end(room)
    # Each turn's answers were read aloud on both remote boards at the same moment.
    assert len(spoken_together(room)) >= 6
    room.close()
    shot(room.devices[1], "remote-outfox-laptop-end")


def spoken_together(room: Room) -> list[str]:
    """The lines both remote boards spoke, the newest of them checked spoken at the same moment
    on each (the server's clock schedules them, not the device's; an earlier one may have come
    while a device's board was still loading, and be spoken a little late, or its turn may have
    passed before its moment, the script playing faster than any table); returns them, named
    as ``spoken`` names them."""
    phone, laptop = (spoken(page) for page in room.devices)
    # Lines said once on each device (Outfox's Fox answer of the script is the same every
    # turn): each names one moment.
    once = {name for name in {line["name"] for line in phone}
            if [line["name"] for line in phone].count(name) == 1
            and [line["name"] for line in laptop].count(name) == 1}
    laptop_at = {line["name"]: line["at"] for line in laptop if line["name"] in once}
    both = [line for line in phone if line["name"] in laptop_at]
    assert both, (phone, laptop)
    newest = both[-1]
    # Together: each device's timer may fire a little late on a loaded machine, never by the
    # seconds a device's own clock or its frame's arrival would put between them.
    assert abs(newest["at"] - laptop_at[newest["name"]]) < TOGETHER_MS, (newest, laptop)
    return [line["name"] for line in both]


def spoken(page: Any) -> list[dict]:
    """What a remote device's board said aloud, each line named the same on every device
    whatever its language: a narrator's line by its key (the one line of the board's own
    narrator texts, its page's, that it fills in), any other by its words (Outfox reads a card
    in the card's language on every device)."""
    return mirror(page).evaluate(SPOKEN_NAMED)


SPOKEN_NAMED = r"""() => {
    const escape = (words) => words.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const page = JSON.parse(document.getElementById("page-data").textContent);
    const lines = Object.entries(((page.lines || {}).narrator) || {}).map(([key, text]) =>
        [key, new RegExp(`^${text.split(/\{\w+\}/).map(escape).join(".+")}$`)]);
    return window.__spoken.map((line) => {
        const keys = lines.filter(([, pattern]) => pattern.test(line.text)).map(([key]) => key);
        return { ...line, name: keys.length === 1 ? keys[0] : line.text };
    });
}"""


def test_a_remote_werewolf_night_speaks_on_every_device_at_once_and_plays_to_the_end(party):
    """Six villagers, one of them a Werewolf: everyone looks at their card, the night falls and
    its narration is spoken on both remote devices at the same moment; at day the host ends the
    discussion with the game's own tool in the console's menu; then the host removes players
    from that menu (they left the village) until one side wins."""
    options = {"composition": "custom", "composition.werewolves": 1,
               "composition.villagers": 5, "composition.seer": False,
               "composition.witch": False, "composition.hunter": False,
               "mayor.enabled": False, "timers.wolves": 10}
    room = remote_party_open(party, "werewolf", options, 6, ("id", "es"))
    board_shown(room)
    play(room, lambda view, _k: first(view["me"]["actions"], "look"),
         done=lambda frame: frame["view"]["phase"] == "night")
    # The night's first line, spoken on both devices once their boards had long been loaded
    # (the welcome before it may come while one is still loading, and be spoken late).
    for page in room.devices:
        mirror(page).wait_for_function(
            f"() => ({SPOKEN_NAMED})().some((line) => line.name === 'nightfall')",
            timeout=WAIT_MS)
    together = spoken_together(room)
    assert "nightfall" in together, together
    # Each device's narrator speaks its own language: the same lines in other words.
    phone, laptop = ({line["name"]: line for line in spoken(page)} for page in room.devices)
    assert {line["lang"] for line in phone.values()} == {"id"}
    assert {line["lang"] for line in laptop.values()} == {"es"}
    assert all(phone[name]["text"] != laptop[name]["text"] for name in together), (phone, laptop)
    # At night both remote devices look alike, the board and the controls.
    shot(room.devices[0], "remote-werewolf-phone-night")
    shot(room.devices[1], "remote-werewolf-laptop-night")
    # Day: the game's host tools are in the console's menu as on a TV ("End the discussion").
    play(room, lambda _view, _k: None, done=lambda frame: frame["view"]["phase"] == "talk")
    room.console.click('[data-testid="host-menu"] summary')
    tools = room.console.locator('[data-testid="host-game"] [data-testid="talk-end"]')
    tools.wait_for(timeout=WAIT_MS)
    shot(room.console, "remote-werewolf-console-tools")
    menu_clear_of_console(room.console)
    tools.click()
    play(room, lambda _view, _k: None, done=lambda frame: frame["view"]["phase"] == "vote")
    room.console.click('[data-testid="host-menu"] summary')  # folded again
    for seat in room.seats:
        seat.drain()
    wolf = next(position for position, seat in enumerate(room.seats)
                if seat.frame["view"]["me"]["card"] == "werewolf")
    # The Werewolf leaves (the village wins); or, when he plays on a remote device, the
    # villagers at no remote device leave (the pack wins), both remote devices seeing the end.
    leaving = [wolf] if wolf >= len(room.devices) else range(len(room.devices), len(room.seats))
    ids = [room.seats[position].frame["you"]["id"] for position in leaving]
    room.console.click('[data-testid="host-menu"] summary')
    room.console.once("dialog", lambda dialog: dialog.accept())
    room.console.click(f'[data-testid="remove-{ids[0]}"]')
    for seat_id in ids[1:]:
        room.board.send({"type": "host", "command": "remove", "seat": seat_id})
    remote_devices_end(room)
    room.close()


# The console's parts that the open host menu must leave in view: its heading, its words and
# each player; and the menu's sections (Pause, the game's tools, a hand-over code, the players).
CONSOLE_PARTS = """() => {
  const box = (el) => el.getBoundingClientRect().toJSON();
  const panel = document.querySelector('[data-testid="host-menu"] .host-panel');
  return {
    console: [...document.querySelectorAll('[data-testid="host-console"] :is(h1, .hint, .player)')]
      .map(box),
    names: [...document.querySelectorAll('[data-testid="host-console"] .player .name')]
      .map((el) => ({ name: el.textContent, width: el.clientWidth, needs: el.scrollWidth })),
    menu: [...panel.querySelectorAll(
      ":scope > :is(button.big, .host-game, .handover, .host-players)")].map(box),
    panel: box(panel),
    text_px: parseFloat(getComputedStyle(
      document.querySelector('[data-testid="host-console"] .hint')).fontSize),
    app_bottom: document.getElementById("app").getBoundingClientRect().bottom,
    gear: box(document.querySelector('[data-testid="host-menu"] summary')),
  };
}"""


def menu_clear_of_console(console: Any) -> None:
    """The console's players each show their name whole; its open host menu lies over none of
    the console (its players above all), and its sections (Pause, the game's tools, the players)
    each stand clear of the one above, on the laptop the console opened on (1280×800), a 1080p
    screen and a phone (390×844), where it is phone-sized and opens into view."""
    opened = console.viewport_size
    for size in (opened, {"width": 1920, "height": 1080}, {"width": 390, "height": 844}):
        console.set_viewport_size(size)
        settled(console)  # laid out again
        parts = console.evaluate(CONSOLE_PARTS)
        # Every player's name shows whole beside its badge (these names are short).
        names = parts["names"]
        assert names and all(0 < n["needs"] <= n["width"] + 1 for n in names), (size, names)
        panel = parts["panel"]
        for part in parts["console"]:
            apart = (part["right"] <= panel["left"] or panel["right"] <= part["left"]
                     or part["bottom"] <= panel["top"] or panel["bottom"] <= part["top"])
            assert apart, (size, part, panel)
        for above, below in zip(parts["menu"], parts["menu"][1:], strict=False):
            assert below["top"] >= above["bottom"] + 8, (size, above, below)
        shot(console, f"remote-werewolf-console-menu-{size['width']}")
    # On the phone held upright: the console's text a phone's (not a TV's 28 px), down to the
    # screen's bottom (no caption strip kept free), and its menu, opened, comes into view; its
    # gear is in view under the console, not a screen's height further down.
    assert 14 <= parts["text_px"] <= 20 and parts["app_bottom"] == size["height"], parts
    summary = console.locator('[data-testid="host-menu"] summary')
    summary.click()  # folded
    summary.click()  # opened again
    # (the panel is scrolled to on the menu's "toggle" event, which follows the click)
    shown = ("(height) => { const top = document.querySelector("
             "'[data-testid=\"host-menu\"] .host-panel').getBoundingClientRect().top;"
             " return -1 <= top && top < height / 2; }")  # scrolled to: -0.03 px, say
    console.wait_for_function(shown, arg=size["height"], timeout=WAIT_MS)
    shot(console, "remote-werewolf-console-menu-390-opened")
    summary.click()  # folded: the gear in view under the console, its players scrolled to
    console.evaluate("() => document.querySelector("
                     "'[data-testid=\"host-console\"] .player:last-child')"
                     ".scrollIntoView({ block: 'start' })")
    gear = console.evaluate(CONSOLE_PARTS)["gear"]
    assert gear["top"] >= 0 and gear["bottom"] <= size["height"], gear
    shot(console, "remote-werewolf-console-390")
    summary.click()  # open, as it was
    console.set_viewport_size(opened)


def test_a_device_that_fell_behind_shows_the_newest_frame_and_replays_no_moment(party):
    """The laptop's page is held busy while the accusations end a Hoax game (their banners take
    turns on the phone, one every 2.6 s): once free, it shows the end, never plays the moments
    whose turn was over by then (more than the cues' 1.5 s of tolerance), and plays the others
    in time with the phone (at most the tolerance late, just after it is free)."""
    # Both devices in one language: their banners are compared word for word.
    room = remote_party_open(party, "hoax", {"first_player": 0}, 3, ("fr", "fr"))
    board_shown(room)
    phone, laptop = room.devices
    # Every resource picked: the next moves are the accusations, each with its banners.
    play(room, hoax_choose, done=lambda frame: frame["view"]["phase"] == "turn")
    laptop.evaluate("() => { setTimeout(() => { const end = Date.now() + 6000; "
                    "while (Date.now() < end) { /* a slow device */ } "
                    "window.__freeAt = Date.now(); }, 0); }")
    play(room, hoax_choose)
    remote_devices_end(room)  # the laptop caught up to the end
    banner_seen(phone, "%(name)s is out of the game!")
    mirror(phone).wait_for_function("() => window.__banners.length >= 4", timeout=WAIT_MS)
    # Time passing is what is tested: the cues' timing. A second more lets its last turn's
    # banner, if it is to play it, come up on its own schedule.
    laptop.wait_for_timeout(1000)
    free_at = laptop.evaluate("() => window.__freeAt")
    on_phone = mirror(phone).evaluate("() => window.__banners")
    on_laptop = mirror(laptop).evaluate("() => window.__banners")
    missed = [banner["text"] for banner in on_phone if banner["at"] < free_at - 1500]
    assert missed, on_phone
    assert not set(missed) & {banner["text"] for banner in on_laptop}, (missed, on_laptop)
    phone_at = {banner["text"]: banner["at"] for banner in on_phone}
    for banner in on_laptop:  # each in its turn, as on the phone (or a little late, once free)
        assert -300 < banner["at"] - phone_at[banner["text"]] < 1800, (banner, on_phone)
    room.close()
