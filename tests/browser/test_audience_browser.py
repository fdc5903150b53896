"""The audience plays along, and the TV stages the moment, in real browsers.

Three players play Hoax from scripted sockets (their moves are not what is tested here). Two
TVs watch: one as usual, one with prefers-reduced-motion. An audience phone joins after the
start in Chromium; when a claim is called it votes "hoax" on its phone, and the TV shows how
many voted. The players vote the claim down: the TV turns the ballots over (a banner, a sting,
animations) while the reduced-motion TV shows the same end state with no banner and nothing
moving; a TV opened just then shows the end state at once, nothing animating. Then the TV and
the audience phone show the audience's tally beside the players' verdict. The TV's mute is kept
across a reload.

Screenshots go to /tmp/shots/audience-*.png.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.support.browser import WAIT_MS, hub_start, party_open
from tests.support.browser import shot as screenshot
from tests.support.live import HOAX_SLOW, room_create, seats_join, socket_open, ws_url

pytestmark = pytest.mark.browser

# Every script animation and CSS animation the page runs now.
# The drama's animations running (the recap's own slide-in, when the vote ends the game, is the
# recap's: a TV opened at the end plays it from its start).
RUNNING = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && !(a.animationName || '').startsWith('recap')).length"""
# What runs, for a failure's message: each animation's kind, its element's class and its name.
ANIMATIONS = """() => document.getAnimations().filter((a) => a.playState === 'running').map((a) =>
  [a.constructor.name, a.effect && a.effect.target && a.effect.target.className,
   a.animationName || a.id])"""
# Records every banner the page ever shows (a banner removes itself after a few seconds).
BANNERS = """() => {
  window.bannersSeen = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      const kind = node.dataset && node.dataset.testid === "drama-banner" && node.dataset.kind;
      if (kind) window.bannersSeen.push(kind);
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def shot(page, name: str) -> None:
    screenshot(page, f"audience-{name}")


class Players:
    """The three players on sockets of their own: each move waits until all show its result."""

    def __init__(self, base: str, seats: list[dict]) -> None:
        self.sockets = [socket_open(ws_url(base, seat["seat_socket"]), open_timeout=10)
                        for seat in seats]
        # The last phone's snapshot has everyone connected; the others catch up to it.
        last = self.newest(self.sockets[-1])
        self.frames = [*(self.newest(socket, last["version"] - 1)
                         for socket in self.sockets[:-1]), last]

    @staticmethod
    def newest(socket, after: int = -1) -> dict:
        deadline = time.monotonic() + 10
        while True:
            frame = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            assert frame["type"] != "error", frame
            if frame["type"] == "state" and frame["version"] > after:
                return frame

    def view(self) -> dict:
        return max(self.frames, key=lambda frame: frame["version"])["view"]

    def send(self, position: int, message: dict) -> None:
        version = max(frame["version"] for frame in self.frames)
        self.sockets[position].send(json.dumps(message))
        self.frames = [self.newest(socket, version) for socket in self.sockets]

    def until(self, ready) -> None:
        """Read on until the newest view passes ``ready`` (a presence change may come first)."""
        while not ready(max(self.frames, key=lambda frame: frame["version"])["view"]):
            version = max(frame["version"] for frame in self.frames)
            self.frames = [self.newest(socket, version) for socket in self.sockets]

    def act(self, position: int, action: dict) -> None:
        self.send(position, {"type": "act", "action": action})

    def close(self) -> None:
        for socket in self.sockets:
            socket.close()

    @classmethod
    def hoax_in_play(cls, base: str) -> tuple[str, Players]:
        """A Hoax room (no immunities, slow timers) that three players started and whose
        set-up they played (each takes cash): its code, and the players."""
        code = room_create(base, immunities=False, **HOAX_SLOW)["code"]
        players = cls(base, seats_join(base, code))
        try:
            players.send(0, {"type": "host", "command": "start"})
            players.until(lambda view: view is not None)
            while players.view()["phase"] == "setup":
                players.act(players.view()["active"], {"type": "pick", "resource": "cash"})
        except BaseException:
            players.close()
            raise
        return code, players


def test_an_audience_phone_votes_and_the_tv_stages_the_ballots(tmp_path, chromium_path,
                                                               daphne_factory):
    base = hub_start(tmp_path, daphne_factory)
    code, players = Players.hoax_in_play(base)
    try:
        with party_open(chromium_path) as party:
            tv = party.tv_open(base, code, "hx-tv")
            calm = party.tv_open(base, code, "hx-tv", reduced_motion="reduce")
            for page in (tv, calm):
                page.evaluate(BANNERS)

            # A phone joins after the start: the audience.
            phone = party.browser.new_context(**party.playwright.devices["Pixel 5"]).new_page()
            phone.on("pageerror", lambda error: party.errors.append(f"phone: {error}"))
            phone.goto(f"{base}/join/{code}")
            phone.fill('input[name="name"]', "Zed")
            phone.click('button[type="submit"]')
            phone.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
            phone.wait_for_selector('[data-testid="hx-phone"], .game-root', timeout=WAIT_MS)

            # A claim, called: the audience's ballot opens on the phone.
            players.act(0, {"type": "claim", "character": "lover", "resource": "prestige"})
            players.act(1, {"type": "hoax"})
            phone.wait_for_selector('[data-testid="audience-ballot"]', timeout=WAIT_MS)
            # The ballot names the called claim as the TV does.
            claim = tv.locator('[data-testid="claim-banner"] .hx-banner-claim').inner_text()
            prompt = phone.locator('[data-testid="audience-prompt"]').inner_text()
            assert prompt == claim and claim.startswith("Ann"), (prompt, claim)
            shot(phone, "phone-ballot")
            hoax_button = phone.locator('[data-question="claim"] [data-choice="down"]')
            box = hoax_button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            hoax_button.click()
            chosen = '[data-question="claim"] [data-choice="down"][aria-pressed="true"]'
            phone.wait_for_selector(chosen, timeout=WAIT_MS)
            tv.wait_for_selector('.crowd-voting', timeout=WAIT_MS)
            assert "1" in tv.locator(".crowd-voting").inner_text()
            shot(tv, "tv-voting")

            # The players vote it down: the ballots turn over on the TV.
            for position in (1, 2):
                players.act(position, {"type": "vote", "vote": "down"})
            tv.wait_for_selector('[data-testid="seat-vote"]', timeout=WAIT_MS)
            # The ballots flip (and the banner), on the moment's cue (by the server's clock, a
            # moment after the frame: cue.js).
            tv.wait_for_function(f"() => ({RUNNING})() > 0", timeout=WAIT_MS)
            tv.wait_for_function("() => window.bannersSeen.includes('ballots')", timeout=WAIT_MS)
            late = party.tv_open(base, code, "hx-tv")  # opened mid-animation: the end state at once
            late.wait_for_selector('[data-testid="seat-vote"]', timeout=WAIT_MS)
            assert late.evaluate(RUNNING) == 0, late.evaluate(ANIMATIONS)
            assert late.locator('[data-testid="drama-banner"]').count() == 0
            calm.wait_for_selector('[data-testid="seat-vote"]', timeout=WAIT_MS)
            assert calm.evaluate(RUNNING) == 0
            assert calm.evaluate("() => window.bannersSeen") == []
            shot(tv, "tv-ballots")
            shot(late, "tv-late")

            # The audience's tally beside the players' verdict, on the TV and the phone.
            for page in (tv, phone):
                page.wait_for_selector('[data-testid="audience-tally"]', timeout=WAIT_MS)
                bar = page.locator('[data-testid="audience-tally"] [data-choice="down"]')
                assert bar.locator(".crowd-count").inner_text() == "1"
                assert "right" in bar.get_attribute("class")  # the players' verdict: hoax
            shot(tv, "tv-tally")
            shot(phone, "phone-tally")
            font = tv.evaluate("() => parseFloat(getComputedStyle("
                               "document.querySelector('.crowd-label')).fontSize)")
            assert font >= 28

            # The mute is kept per device; the tally strip starts where the button ends, however
            # long the button's words ("Sound: off" here).
            tv.click('[data-testid="mute"]')
            tv.reload()
            tv.wait_for_selector('[data-testid="mute"][aria-pressed="true"]', timeout=WAIT_MS)
            tv.wait_for_selector('[data-testid="audience-tally"]', timeout=WAIT_MS)
            mute = tv.locator('[data-testid="mute"]').bounding_box()
            strip = tv.locator('[data-testid="audience"]').bounding_box()
            assert mute["x"] + mute["width"] <= strip["x"], (mute, strip)
            assert party.errors == []
    finally:
        players.close()
