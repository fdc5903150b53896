"""The TV stages Outfox's reveal, and a TV that opens mid-reveal shows where it stands.

Three players play an Outfox turn from scripted sockets, the reveal at the reader's pace. Half
way through the reveal a second TV opens: it shows the answers revealed so far and nothing
moves. The next answer then arrives with its animation on both, and when the turn is scored the
tokens glide along the track on the TV that watched, while a TV with prefers-reduced-motion
shows the same end state without any motion; on both, the answer's sting is written in the
captions. Two moments of one frame (a lie voted down in
Hoax) take turns on the TV: one banner and one sting at a time.

Screenshots go to /tmp/shots/drama-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_audience_browser import RUNNING, Players
from tests.support.browser import WAIT_MS, hub_start, party_open
from tests.support.browser import shot as screenshot
from tests.support.live import api_post

pytestmark = pytest.mark.browser

OPTIONS = {"rank_seconds": 0, "read_seconds": 0, "reveal_pace": "manual",
           "double_down_seconds": 120, "speech": False}


def shot(page, name: str) -> None:
    screenshot(page, f"drama-{name}")


def revealed(page, count: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-testid=\"top5-row\"].revealed').length === n",
        arg=count, timeout=WAIT_MS)


def to_reveal(players: Players) -> int:
    """Walk the first turn to its reveal; the reader's position."""
    view = players.view()
    reader = view["reader"]
    guessers = view["guessers"]
    offer = players.frames[reader]["view"]["me"]["offer"]
    players.act(reader, {"type": "pick_card", "card": offer[0]["id"]})
    players.act(reader, {"type": "fox", "text": "Zorblax the Unlikely"})
    if players.view()["phase"] == "read":
        players.act(reader, {"type": "start_clock"})
    # The guessers get it all right (from the reader's secret), so that tokens move.
    ranks = [item["rank"] for item in players.frames[reader]["view"]["me"]["secret"]]
    for answer, rank in enumerate(ranks):
        players.act(guessers[0], {"type": "place", "answer": answer, "slot": (rank - 1) % 6})
    for seat in guessers:
        players.act(seat, {"type": "agree"})
    for seat in guessers:
        players.act(seat, {"type": "double_down", "answer": ranks.index(1)})
    assert players.view()["phase"] == "reveal"
    return reader


def test_a_tv_opened_mid_reveal_shows_the_end_state_and_the_next_steps_animate(
        tmp_path, chromium_path, daphne_factory):
    base = hub_start(tmp_path, daphne_factory)
    room = api_post(base, "/api/rooms", {"game": "outfox", "options": OPTIONS})
    code = room["code"]
    seats = [api_post(base, f"/api/rooms/{code}/seats", {"name": name})
             for name in ("Ada", "Bo", "Cy")]
    players = Players(base, seats)
    try:
        players.send(0, {"type": "host", "command": "start"})
        players.until(lambda view: view is not None)  # a presence frame may come first
        with party_open(chromium_path) as party:
            tv = party.tv_open(base, code, "ofx-tv")
            calm = party.tv_open(base, code, "ofx-tv", reduced_motion="reduce")
            reader = to_reveal(players)
            for _ in range(3):
                players.act(reader, {"type": "next"})
            revealed(tv, 3)

            late = party.tv_open(base, code, "ofx-tv")  # opened mid-reveal
            revealed(late, 3)
            assert late.evaluate(RUNNING) == 0
            assert late.locator(".arrive").count() == 0
            shot(late, "late-mid-reveal")

            players.act(reader, {"type": "next"})  # the fourth answer arrives, animated
            for page in (tv, late):
                revealed(page, 4)
                assert page.evaluate(RUNNING) > 0
            revealed(calm, 4)
            assert calm.evaluate(RUNNING) == 0
            # Its sting is seen too: a moment without a banner is written in the captions.
            for page in (tv, calm):
                expect(page.locator('[data-testid="captions"]')).to_have_text("♪ ✓ Right")

            for _ in range(2):  # the Fox, then the scoring: the tokens move on the track
                players.act(reader, {"type": "next"})
            assert players.view()["phase"] == "score"
            for page in (tv, calm):
                page.wait_for_selector('[data-testid="ofx-tv"][data-phase="score"]',
                                       timeout=WAIT_MS)
            moving = ("() => document.getAnimations().filter((a) => a.playState === 'running'"
                      " && a.effect.target.closest('[data-flip]')).length")
            assert tv.evaluate(moving) > 0
            assert calm.evaluate(RUNNING) == 0
            shot(tv, "tv-score")
            assert party.errors == []
    finally:
        players.close()


# Records on the page every banner shown (its kind, when) and the most shown at once, and every
# sting played: when it starts, a sting being the oscillators made in one go (sound.js makes a
# sting's notes in one synchronous loop; a loaded machine may pause that loop for tens of
# milliseconds, so the run of the loop, not a time window, says which notes are one sting).
STAGE_RECORDER = """
window.__banners = []; window.__bannersAtOnce = 0; window.__stings = [];
let stingOpen = false;
const Context = window.AudioContext;
if (Context) {
  const make = Context.prototype.createOscillator;
  Context.prototype.createOscillator = function () {
    if (!stingOpen) {
      stingOpen = true;
      window.__stings.push(performance.now());
      queueMicrotask(() => { stingOpen = false; });
    }
    return make.call(this);
  };
}
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.dataset && node.dataset.testid === "drama-banner") {
        window.__banners.push({ kind: node.dataset.kind, at: performance.now() });
      }
    }
    window.__bannersAtOnce = Math.max(window.__bannersAtOnce,
      document.querySelectorAll('[data-testid="drama-banner"]').length);
  }).observe(document.body, { childList: true, subtree: true });
});
"""
# When each sting started.
STINGS_AT = """() => window.__stings"""


def test_two_moments_of_one_frame_take_turns_on_the_tv(tmp_path, chromium_path, daphne_factory):
    """A false claim voted down is two moments in one frame (the ballots, then the imposter
    token): one banner and one sting at a time, the second once the first has had its time,
    on an English and a Spanish TV."""
    base = hub_start(tmp_path, daphne_factory)
    code, players = Players.hoax_in_play(base)
    try:
        with party_open(chromium_path) as party:
            tvs = {}
            for language in ("en", "es"):
                context = party.browser.new_context(viewport={"width": 1920, "height": 1080})
                context.add_cookies([{"name": "django_language", "value": language, "url": base}])
                context.add_init_script(STAGE_RECORDER)
                page = context.new_page()
                page.on("pageerror", lambda error: party.errors.append(f"TV: {error}"))
                page.goto(f"{base}/tv/{code}")
                page.wait_for_selector('[data-testid="hx-tv"]', timeout=WAIT_MS)
                tvs[language] = page
            mine = players.frames[0]["view"]["me"]["character"]
            claimed = "cousin" if mine == "lover" else "lover"  # a lie
            players.act(0, {"type": "claim", "character": claimed, "resource": "prestige"})
            players.act(1, {"type": "hoax"})
            for position in (1, 2):
                players.act(position, {"type": "vote", "vote": "down"})
            for language, page in tvs.items():
                page.wait_for_function("() => window.__banners.length === 2", timeout=WAIT_MS)
                shot(page, f"two-moments-second-{language}")
            for page in tvs.values():
                banners = page.evaluate("() => window.__banners")
                assert [banner["kind"] for banner in banners] == ["ballots", "imposter"]
                assert banners[1]["at"] - banners[0]["at"] >= 2500, banners  # the first's time
                assert page.evaluate("() => window.__bannersAtOnce") == 1
                stings = page.evaluate(STINGS_AT)
                assert len(stings) == 2 and stings[1] - stings[0] >= 2500, stings
            assert party.errors == []
    finally:
        players.close()
