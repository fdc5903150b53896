"""A screen-reader player plays a whole game of each kind, from the accessibility tree alone.

The screen-reader player's phone is driven only through roles and accessible names
(``get_by_role``, and ``get_by_text`` for what has no role): what VoiceOver or TalkBack offer.
Its live region (the platform's announce.js, ``role="status"``) is checked as it goes: the phase
and the player's task when they change, the ranking's moves in Outfox, and at a Werewolf night
only the public words every living phone says alike.

The other players have no page: each is a socket of its own (``?token=``) moving as the test's
policy picks among the rules' legal actions, read from the room's state in the database. One
server and one browser serve a worker's games (each game a class, for pytest-xdist to spread),
each played in each of the four languages: the names the player looks for are the page's own
translations (``gettext`` in the page), so the test reads what that player would hear.
"""

from __future__ import annotations

import json
import re
import sqlite3
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.kit.rules import setup_saved
from tests.support.browser import CHROMIUM_ARGS, WAIT_MS
from tests.support.servers import (
    chromium_executable,
    daphne_start,
    daphnes_stop,
    sqlite_prepared,
)

pytestmark = [pytest.mark.browser]  # each game's class its own ``long`` mark (the end)

BOT_NAMES = ["Bo", "Cy", "Di", "Ed", "Flo"]
LANGUAGES = ("en", "es", "fr", "id")  # the screen-reader player's, one game in each
GAME_SECONDS = 300  # the longest a whole game may take here


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    """One Daphne (with its deadline ticker) on a fresh SQLite database with the starter data."""
    database = tmp_path_factory.mktemp("screenreader") / "hub.db"
    env = {"DATABASE_URL": sqlite_prepared(database, ["load_starter"])}
    processes: list = []
    try:
        yield daphne_start(env, processes), database
    finally:
        daphnes_stop(processes)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    chromium = chromium_executable()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        launched.devices = playwright.devices
        try:
            yield launched
        finally:
            launched.close()


# --- the other players: sockets moved by a policy -------------------------------------------


def api_post(base: str, path: str, data: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(data).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Room:
    """A room's state read from the database (completed with its setup's fixed parts), and the
    bots' sockets, each moving its seat by ``policy(state, seat, legal actions)``."""

    def __init__(self, base: str, database: Path, code: str, game: str) -> None:
        from games.kit.registry import game as registered

        self.base, self.database, self.code = base, database, code
        self.rules = registered(game)  # the game's Game: its setup, fixed parts, legal actions
        self.sockets: dict[int, Any] = {}
        self.open = ExitStack()  # the bots' sockets, closed with the room
        self.fixed: dict | None = None

    def bots_join(self, names: list[str]) -> None:
        from websockets.sync.client import connect

        for name in names:
            seat = api_post(self.base, f"/api/rooms/{self.code}/seats", {"name": name})
            url = self.base.replace("http://", "ws://")
            socket = self.open.enter_context(connect(
                f"{url}/ws/rooms/{self.code}/seat?token={seat['token']}", open_timeout=10,
                max_queue=None))
            self.sockets[len(self.sockets) + 1] = socket  # the player's own phone is seat 0

    def read(self) -> tuple[int, str, dict | None]:
        """The room's version, status and whole state."""
        with sqlite3.connect(self.database, timeout=30) as db:
            version, status, state, game_id = db.execute(
                "SELECT version, status, state, current_game_id FROM games_room WHERE code = ?",
                [self.code]).fetchone()
            if state is None:
                return version, status, None
            if self.fixed is None:
                setup = json.loads(db.execute("SELECT setup FROM games_game WHERE id = ?",
                                              [game_id]).fetchone()[0])
                first = setup_saved(self.rules, setup)
                self.fixed = json.loads(json.dumps({k: first[k] for k in self.rules.fixed}))
        return version, status, {**json.loads(state), **self.fixed}

    def drain(self) -> list[dict]:
        """Read what the server sent the bots (their frames are not needed): the refusals."""
        refused = []
        for socket in self.sockets.values():
            try:
                while True:
                    message = json.loads(socket.recv(timeout=0))
                    if message["type"] == "error":
                        refused.append(message)
            except TimeoutError:
                pass
        return refused

    def bots_move(self, policy: Callable[[dict, int, list[dict]], dict | None]) -> bool:
        """The first bot with a move to make makes it; whether one did (and it was applied)."""
        self.drain()
        version, _status, state = self.read()
        if state is None or state["over"]:
            return False
        for seat, socket in self.sockets.items():
            action = policy(state, seat, self.rules.legal_actions(state, seat))
            if action is not None:
                socket.send(json.dumps({"type": "act", "action": action, "version": version}))
                try:
                    self.past(version)
                except AssertionError as error:
                    refused = self.drain()
                    raise AssertionError(f"seat {seat}: {action} refused: {refused}") from error
                return True
        return False

    def until(self, done: Callable[[dict], bool], timeout: float = 10) -> None:
        """Wait until the room's state is ``done``."""
        deadline = time.monotonic() + timeout
        while not done(self.read()[2]):
            assert time.monotonic() < deadline, "the room never reached the state awaited"
            time.sleep(0.03)

    def past(self, version: int, timeout: float = 10) -> None:
        """Wait until the room is past ``version``."""
        deadline = time.monotonic() + timeout
        while self.read()[0] <= version:
            assert time.monotonic() < deadline, f"no move applied after version {version}"
            time.sleep(0.03)

    def close(self) -> None:
        self.open.close()


# --- the screen-reader player's phone ---------------------------------------------------------


def tr(page: Any, message: str, **params: Any) -> str:
    """``message`` as this page says it: its language's translation, filled in."""
    return page.evaluate(
        """([message, params]) => {
            const text = window.gettext ? window.gettext(message) : message;
            return window.interpolate ? window.interpolate(text, params, true)
                : text.replace(/%\\((\\w+)\\)s/g, (m, key) => String(params[key]));
        }""",
        [message, params],
    )


def tr_page(language: str, message: str) -> str:
    """``message`` of a page the server writes (the join form), in ``language``."""
    from django.utils import translation

    with translation.override(language):
        return translation.gettext(message)


def said(page: Any, text: str) -> None:
    """The phone's live region says ``text`` (a screen reader hears it)."""
    from playwright.sync_api import expect

    heard = page.get_by_role("status").filter(has_text=text)
    try:
        expect(heard).to_have_count(1, timeout=WAIT_MS)
    except AssertionError as error:
        now = page.get_by_role("status").all_text_contents()
        raise AssertionError(f"the live region never said {text!r}; it says {now!r}") from error


def button(page: Any, name: str, exact: bool = True) -> Any:
    return page.get_by_role("button", name=name, exact=exact)


def phone_open(browser: Any, base: str, language: str) -> Any:
    """The screen-reader player's phone (a Pixel 5's), in ``language``."""
    context = browser.new_context(**browser.devices["Pixel 5"])
    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def join_and_start(page: Any, base: str, room: Room, name: str, bots: int,
                   language: str) -> None:
    """Join by the form's labelled fields (first: the VIP), let the bots join, start."""
    page.goto(f"{base}/join")
    page.get_by_role("textbox", name=tr_page(language, "Room code")).fill(room.code)
    page.get_by_role("textbox", name=tr_page(language, "Your name")).fill(name)
    button(page, tr_page(language, "Join")).click()
    page.wait_for_url(re.compile(rf"/play/{room.code}\b"))  # the seat's page and its catalogue
    said(page, tr(page, "The lobby"))
    room.bots_join(BOT_NAMES[:bots])
    button(page, tr(page, "Everybody's in — start!")).click()


def play(page: Any, room: Room, sr_move: Callable[[dict], bool],
         policy: Callable[[dict, int, list[dict]], dict | None]) -> dict:
    """Play to the end: the screen-reader player when the rules give it a move (``sr_move``
    makes it through the page and says whether it did), else a bot, else wait for a timer."""
    deadline = time.monotonic() + GAME_SECONDS
    while True:
        assert time.monotonic() < deadline, "the game did not end in time"
        version, status, state = room.read()
        if state is not None and state["over"]:
            return state
        if state is not None and room.rules.legal_actions(state, 0) and sr_move(state):
            room.past(version)
            continue
        if not room.bots_move(policy):
            time.sleep(0.1)


# --- Outfox ---------------------------------------------------------------------------------


def outfox_bot(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """A reader picks the first card, writes a Fox, starts the clock and goes on; a guesser
    ranks the answers in reading order, agrees, doubles down on the first it may."""
    types = {action["type"]: action for action in legal}
    for kind in ("pick_card", "fox", "start_clock", "next", "double_down"):
        if kind in types and (kind != "double_down" or state["double_downs"][seat] is None):
            return types[kind]
    if state["phase"] == "rank":
        empty = [slot for slot, answer in enumerate(state["guess"]) if answer is None]
        if empty:
            unplaced = [a for a in range(6) if a not in state["guess"]]
            return {"type": "place", "answer": unplaced[0], "slot": empty[0]}
        if "agree" in types:
            return {"type": "agree", "guess": state["guess"]}
    return None


LETTERS = "ABCDEF"


def outfox_move(page: Any, room: Room, state: dict) -> bool:
    """The screen-reader player's Outfox move, by the names its phone gives its controls."""
    phase, turn = state["phase"], state["turn"]
    if phase == "draw":
        said(page, tr(page, "Your turn: choose a question."))
        card = state["cards"][state["offer"][0]]
        page.get_by_role("button", name=card["question"]).click()  # its question, then source
    elif phase == "fox":
        said(page, tr(page, "Your turn: write the Fox."))
        page.get_by_role("textbox", name=tr(page, "Your Fox answer")).fill(f"Zorblax {turn}")
        button(page, tr(page, "Set the Fox")).click()
    elif phase == "read":
        button(page, tr(page, "Start the clock")).click()
    elif phase in ("reveal", "score"):  # the automatic reveal may turn to the points meanwhile
        names = ("Next answer now", "Next turn", "See the podium")
        found = button(page, tr(page, names[0]))
        for name in names[1:]:
            found = found.or_(button(page, tr(page, name)))
        found.first.click()
    elif phase == "rank" and 0 not in state["agreed"]:
        rank_by_ear(page)
        # Many moves, the last one an agreement still on its way: the next state read must
        # not be this same ranking again.
        room.until(lambda after: 0 in after["agreed"] or after["phase"] != "rank")
    elif phase == "double_down" and state["double_downs"][0] is None:
        said(page, tr(page, "Your turn: pick the answer you think sits at exactly its rank."))
        page.get_by_role("button", name=re.compile(r"^#1\s")).click()
    else:
        return False
    return True


def rank_by_ear(page: Any) -> None:
    """The whole column without dragging: each answer picked up by its name (its letter, then
    its text), then put in its position by the position's name ("#1: empty"); every move heard
    from the live region."""
    said(page, tr(page, "Rank the Top 5 together!"))
    for slot in range(6):
        letter = LETTERS[slot]  # reading order: A at #1 ... F at the Fox
        page.get_by_role("button", name=re.compile(rf"^{letter}\s")).click()
        said(page, tr(page, "Answer %(letter)s picked up: now choose its position.", letter=letter))
        label = tr(page, "FOX") if slot == 5 else f"#{slot + 1}"
        button(page, tr(page, "%(slot)s: empty", slot=label)).click()
        said(page, tr(page, "Answer %(letter)s moved to %(slot)s.", letter=letter, slot=label))
    # A move heard again: B and C swap by their positions' names (a filled position swaps).
    page.get_by_role("button", name=re.compile(r"^#2\s+B\s")).click()
    page.get_by_role("button", name=re.compile(r"^#3\s+C\s")).click()
    said(page, tr(page, "Answer %(letter)s moved to %(slot)s.", letter="B", slot="#3") + " "
         + tr(page, "Answer %(letter)s moved to %(slot)s.", letter="C", slot="#2"))
    button(page, tr(page, "Agree")).click()


def outfox_by_screen_reader(hub, browser, language):
    base, database = hub
    made = api_post(base, "/api/rooms", {"game": "outfox", "options": {
        "language": "en", "rank_seconds": 0, "double_down_seconds": 5, "reveal_pace": "auto",
        "reveal_seconds": 1, "read_seconds": 0}})
    room = Room(base, database, made["code"], "outfox")
    page = phone_open(browser, base, language)
    try:
        join_and_start(page, base, room, "Ana", bots=1, language=language)
        end = play(page, room, lambda state: outfox_move(page, room, state), outfox_bot)
        said(page, tr(page, "Game over"))  # and who won, said once
        assert end["over"]
        assert not page.errors, page.errors
    finally:
        room.close()
        page.context.close()


# --- Hoax -----------------------------------------------------------------------------------

SIMPLE_CLAIMS = ("lover", "son_in_law", "cousin")  # one choice each: a resource


def hoax_bot(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """Picks the first resource, claims a simple character and ends its turn; lets every claim
    pass, believes, declines every immunity."""
    types = {action["type"]: action for action in legal}
    if "pick" in types:
        return types["pick"]
    if state["phase"] == "turn":
        if "end_turn" in types:
            return types["end_turn"]
        claims = [a for a in legal if a["type"] == "claim"]
        simple = [a for a in claims if a["character"] in SIMPLE_CLAIMS]
        return (simple or claims or [None])[0]
    if "pass" in types:
        return types["pass"]
    if "vote" in types:
        return {"type": "vote", "vote": "up"}
    if "immunity" in types:
        return {"type": "immunity", "claim": False}
    return None


def hoax_move(page: Any, state: dict) -> bool:
    """The screen-reader player's Hoax move: on its turn it accuses a player rightly (the test
    knows every card), claims a simple character and ends its turn; else it lets claims pass,
    believes and declines, by the names of the controls."""
    phase = state["phase"]
    legal = _hoax_legal(state)
    if phase in ("setup", "butler_gift"):
        if phase == "setup":
            said(page, tr(page, "Your turn: take a starting resource."))
        resource = next(a["resource"] for a in legal if a["type"] == "pick")
        page.get_by_role("button", name=tr(page, resource)).click()
    elif phase == "turn":
        hoax_turn(page, state, legal)
    elif phase == "hoax_window":
        said(page, tr(page, "Call Hoax, or let it pass."))
        button(page, tr(page, "Let it pass")).click()
    elif phase == "vote":
        button(page, tr(page, "Believe")).click()
    elif phase == "immunity":
        button(page, tr(page, "Decline")).click()
    else:
        return False
    return True


def _hoax_legal(state: dict) -> list[dict]:
    from games.hoax import rules

    return rules.legal_actions(state, 0)


def hoax_turn(page: Any, state: dict, legal: list[dict]) -> None:
    names = character_names(page)
    accusations = [a for a in legal if a["type"] == "accuse"
                   and state["characters"][a["target"]] == a["character"]]
    if accusations:
        said(page, tr(page, "Your turn: make a claim."))
        right = accusations[0]
        tab(page, tr(page, "Accuse"))
        button(page, bot_name(right["target"])).click()
        button(page, names[right["character"]]).click()
        button(page, tr(page, "Yes, accuse")).click()
        return
    claims = [a for a in legal if a["type"] == "claim" and a["character"] in SIMPLE_CLAIMS]
    if claims:
        claim = claims[0]
        tab(page, tr(page, "Claim"))
        button(page, names[claim["character"]]).click()
        choice = page.get_by_role("button", name=tr(page, claim["resource"]), pressed=False)
        if choice.count():  # a field with one possible value is chosen for the player
            choice.click()
        button(page, tr(page, "Claim!")).click()
        return
    said(page, tr(page, "Your turn: investigate, accuse or end your turn."))
    button(page, tr(page, "End turn")).click()


def tab(page: Any, name: str) -> None:
    """Open a tab by its name (a second tap would close it): tapped while it is not open, then
    given a moment to open (a frame drawn meanwhile may have taken the tap), until it is."""
    selected = page.get_by_role("tab", name=name, selected=True)
    deadline = time.monotonic() + WAIT_MS / 1000
    while not selected.count():
        assert time.monotonic() < deadline, f"the tab {name!r} does not open"
        page.get_by_role("tab", name=name).click()
        try:
            selected.wait_for(timeout=2000)
        except PlaywrightTimeout:
            pass


def character_names(page: Any) -> dict[str, str]:
    """Each character's name in the page's language (the admin's data the page is sent)."""
    return page.evaluate("""() => Object.fromEntries(
        JSON.parse(document.getElementById("page-data").textContent).characters
            .map((c) => [c.id, c.name]))""")


def bot_name(seat: int) -> str:
    return BOT_NAMES[seat - 1]


def hoax_by_screen_reader(hub, browser, language):
    base, database = hub
    made = api_post(base, "/api/rooms", {"game": "hoax", "options": {
        "first_player": 0, "accuser_card": False, "hoax_window_seconds": 60,
        "vote_seconds": 120, "butler_seconds": 60, "immunity_seconds": 60}})
    room = Room(base, database, made["code"], "hoax")
    page = phone_open(browser, base, language)
    try:
        join_and_start(page, base, room, "Ana", bots=2, language=language)
        end = play(page, room, lambda state: hoax_move(page, state), hoax_bot)
        assert end["winner"] == 0  # both others accused rightly: the last one standing
        said(page, tr(page, "Game over"))
        assert not page.errors, page.errors
    finally:
        room.close()
        page.context.close()


# --- Werewolf -------------------------------------------------------------------------------

# One Werewolf among five Villagers, no Mayor, a discussion without a timer; the pack's step
# long enough for a loaded machine (it lasts 70-100 % of its 15 s, whatever its actors do: the
# player, when the Werewolf, points and confirms in a few taps), the vote too (it ends once every
# ballot is confirmed).
WEREWOLF_OPTIONS = {
    "composition": "custom", "composition.werewolves": 1, "composition.villagers": 5,
    "composition.seer": False, "composition.witch": False, "composition.hunter": False,
    "mayor.enabled": False, "timers.step": 10, "timers.wolves": 15, "timers.talkFirst": 0,
    "timers.talk": 0, "timers.vote": 120,
}


def werewolf_bot(state: dict, seat: int, legal: list[dict]) -> dict | None:
    """Looks at its card, sleeps through the night (its step times out), is ready to vote and
    votes the Werewolf out (the Werewolf votes for someone else)."""
    types = {action["type"]: action for action in legal}
    if "look" in types:
        return types["look"]
    if state["phase"] == "talk":
        return next((a for a in legal if a["type"] == "ready" and a["target"] is True), None)
    if state["phase"] == "vote" and state["alive"][seat] and not state["poll"]["locked"][seat]:
        target = werewolf_target(state, seat)
        mine = [a for a in legal if a["type"] == "vote" and a["target"] == target]
        return mine[0] if mine else types.get("confirm")
    return None


def werewolf_target(state: dict, seat: int) -> int:
    """Whom ``seat`` votes against: the Werewolf; the Werewolf, the first other one alive."""
    wolf = state["cards"].index("werewolf")
    if seat != wolf:
        return wolf
    return next(other for other in range(len(state["alive"]))
                if other != wolf and state["alive"][other])


def werewolf_move(page: Any, room: Room, state: dict) -> bool:
    """The screen-reader player's Werewolf move: its card held by the keyboard (Space, as a
    screen reader's double tap and hold), the night's question answered alike whatever its card,
    ready to vote, a ballot confirmed; each control found by its name."""
    phase = state["phase"]
    if phase == "look" and not state["looked"][0]:
        said(page, tr(page, "Look at your card"))
        page.get_by_role("button", name=tr(page, "Your card")).focus()
        page.keyboard.down(" ")
        page.get_by_text(tr(page, "You are"), exact=True).wait_for(timeout=WAIT_MS)
        page.keyboard.up(" ")
        button(page, tr(page, "I have seen my card")).click()
    elif phase == "night" and state["alive"][0] and not state["step"]["done"][0]:
        night_by_ear(page, state)
        # Answered: the pick and the confirmation are two moves, and the next reading of the
        # room must not find the step still waiting on this phone (a second pick would take the
        # first back).
        step = state["step"]["index"]
        room.until(lambda after: after["phase"] != "night" or after["step"] is None
                   or after["step"]["index"] != step or after["step"]["done"][0])
    elif phase == "talk" and not state["talk"]["ready"][0]:
        said(page, tr(page, "Discussion: who are the werewolves?"))
        button(page, tr(page, "Ready to vote")).click()
    elif phase == "vote" and not state["poll"]["locked"][0]:
        said(page, tr(page, "The vote: whom do we execute?"))
        button(page, bot_name(werewolf_target(state, 0))).click()
        button(page, tr(page, "Confirm my ballot")).click()
        # Locked: the next reading of the room must not find the ballot still open (the pick
        # and the confirmation are two moves, and a second pick would take the first back).
        button(page, tr(page, "Locked ✓")).wait_for(timeout=WAIT_MS)
    else:
        return False
    return True


def night_by_ear(page: Any, state: dict) -> None:
    """At night the live region says only what every living phone says (the night, the step,
    "answer the question on your screen"), whatever this phone's card; the player answers by
    the names of the controls ("Open my eyes", a player) and confirms."""
    expected = " ".join(
        part if part.endswith((".", "!", "?", ":")) else f"{part}."
        for part in (tr(page, "Night %(n)s", n=state["night"]), tr(page, "The werewolves wake up"),
                     tr(page, "Answer the question on your screen, then confirm.")))
    said(page, expected)
    heard = page.get_by_role("status").filter(has_text=expected).text_content().strip()
    assert heard == expected, heard  # nothing more: nothing that tells this phone's part
    # Every phone at the pack's step: "Open my eyes" (a Werewolf's may show it awake already),
    # then a name, then Confirm.
    wake = page.get_by_role("button", name=tr(page, "Open my eyes"), pressed=False)
    if wake.count() and wake.get_attribute("aria-disabled") is None:
        wake.click()
    page.get_by_role("button", name=tr(page, "Open my eyes"), pressed=True).wait_for(
        timeout=WAIT_MS)
    button(page, bot_name(werewolf_target(state, 0) if state["cards"][0] == "werewolf"
                          else 1)).click()
    confirm = button(page, tr(page, "Confirm"))
    confirm.click()


def werewolf_by_screen_reader(hub, browser, language):
    base, database = hub
    made = api_post(base, "/api/rooms", {"game": "werewolf", "options": WEREWOLF_OPTIONS})
    room = Room(base, database, made["code"], "werewolf")
    page = phone_open(browser, base, language)
    try:
        join_and_start(page, base, room, "Ana", bots=5, language=language)
        end = play(page, room, lambda state: werewolf_move(page, room, state), werewolf_bot)
        assert end["result"]["team"] == "village"  # the Werewolf voted out on day 1
        said(page, tr(page, "The end"))
        assert not page.errors, page.errors
    finally:
        room.close()
        page.context.close()


# --- each game a class of its own (Werewolf, whose nights last their timers, one per language) --
# pytest-xdist (``--dist loadscope``) hands out a class at a time: they run on several workers at
# once, each worker with its own hub and browser (the module's fixtures). ``long``: about how long
# each takes alone, in seconds (tests/conftest.py: the longest first).


@pytest.mark.long(35)
class TestOutfoxByScreenReader:
    @pytest.mark.parametrize("language", LANGUAGES)
    def test_outfox_by_screen_reader(self, hub, browser, language):
        outfox_by_screen_reader(hub, browser, language)


@pytest.mark.long(25)
class TestHoaxByScreenReader:
    @pytest.mark.parametrize("language", LANGUAGES)
    def test_hoax_by_screen_reader(self, hub, browser, language):
        hoax_by_screen_reader(hub, browser, language)


class WerewolfByScreenReader:
    language: str

    def test_werewolf_by_screen_reader(self, hub, browser):
        werewolf_by_screen_reader(hub, browser, self.language)


for _language in LANGUAGES:
    _name = f"TestWerewolfByScreenReader_{_language}"
    globals()[_name] = type(_name, (WerewolfByScreenReader,), {
        "language": _language, "pytestmark": [pytest.mark.long(45)]})
