"""What a phone's live region says and when (partyhub/static/partyhub/js/announce.js): the
phase only when its words change, news every time, a countdown at 30 and 10 seconds left and not
on a screen that first sees it already past them, the lobby's line for the host and the others,
a paused game's line.
"""

from __future__ import annotations

import pytest

from tests.support.browser import screen_page

pytestmark = pytest.mark.browser

# Each call's effect on the region: its text after the call, and how many times it changed.
SCRIPT = """async () => {
  const m = await import("/static/partyhub/js/announce.js");
  m.announcerMount();
  const region = document.getElementById("announcer");
  let changes = 0;
  new MutationObserver(() => { changes += 1; }).observe(region,
    { childList: true, characterData: true, subtree: true });
  const seen = async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));  // the observer's records
    const now = [region.textContent, changes];
    changes = 0;
    return now;
  };
  const log = {};
  m.phaseAnnounce("Night 1. The werewolves wake up.");
  log.phase = await seen();
  m.phaseAnnounce("Night 1. The werewolves wake up.");  // a frame that changes nothing
  log.same = await seen();
  m.announce("Answer B moved to #3.");
  log.news = await seen();
  m.announce("Answer B moved to #3.");  // the same news again is said again
  log.again = await seen();
  const clock = [];
  for (const left of [45, 31, 30, 29, 11, 10, 9, 0]) {
    m.clockAnnounce(1000, left);
    clock.push(await seen());
  }
  log.clock = clock;
  const late = [];
  for (const left of [25, 24, 10]) {  // first seen at 25 s: no "30 seconds left"
    m.clockAnnounce(2000, left);
    late.push(await seen());
  }
  log.late = late;
  log.sentences = m.sentences("Night 1", "", "Rank the Top 5 together!", "Your turn: agree");
  const host = { isHost: () => true };
  const guest = { isHost: () => false };
  log.lobbyHost = m.lobbySpeech({ you: {} }, host);
  log.lobbyGuest = m.lobbySpeech({ you: {} }, guest);
  log.lobbyAudience = m.lobbySpeech({ you: { audience: true } }, guest);
  log.paused = m.pausedSpeech();
  log.attributes = [region.getAttribute("role"), region.getAttribute("aria-live"),
    region.parentElement === document.body];
  return log;
}"""


@pytest.mark.django_db
def test_the_live_region_speaks_only_on_change(chromium_path):
    with screen_page(chromium_path, {"width": 390, "height": 844}, "outfox") as (page, _, errors):
        log = page.evaluate(SCRIPT)
    assert not errors, errors
    assert log["attributes"] == ["status", "polite", True]  # outside every drawn screen
    assert log["phase"] == ["Night 1. The werewolves wake up.", 1]
    assert log["same"][1] == 0  # nothing said again
    assert log["news"][0].strip() == "Answer B moved to #3."
    assert log["again"][0].strip() == "Answer B moved to #3." and log["again"][1] == 1
    said = [text.strip() for text, changes in log["clock"] if changes]
    assert said == ["30 seconds left", "10 seconds left"]
    assert not [changes for _text, changes in log["late"][:2] if changes]
    assert log["late"][2][0].strip() == "10 seconds left"
    assert log["sentences"] == "Night 1. Rank the Top 5 together! Your turn: agree."
    assert log["lobbyHost"] == ("The lobby. You are the host: start the game once everybody "
                                "is in.")
    assert log["lobbyGuest"] == "The lobby. Waiting for the host to start the game."
    assert log["lobbyAudience"] == "The lobby. The room is full: you are in the audience."
    assert log["paused"] == "Paused. The host paused the game: timers wait."
