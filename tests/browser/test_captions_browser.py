"""The TV's captions in a real browser: speech first, a sound's cue never pushes it aside.

A TV page (the test game's: the captions and the drama are the platform's) with the page's speech
replaced by a voice that takes a set time to say each line (its start and end run on the page's
clock, Playwright's ``page.clock``, which the test moves by hand). A moment with a sting and a
narrator's line come together, as at the end of a game ("♪ Fanfare" and "The village wins…"):
the line is captioned from its voice's start to its end, the cue is written only once the voice
is done, for its whole moment. Without reduced motion the moment is a sting with no banner; with
it, a banner's moment is written as a cue instead (drama.js), and a cue that comes while a line
is already being said waits too ("♪ ☀ Dawn breaks" over "The Witch goes back to sleep.").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import WAIT_MS, hub_start, party_open, shot
from tests.support.live import api_post
from tests.support.testgame import TEST_GAME

pytestmark = pytest.mark.browser

SAY_MS = 4000  # how long the stub voice takes to say any line
# The page's speech: a voice that starts at once and ends SAY_MS later, by the page's clock.
SPEECH_STUB = f"""
window.SpeechSynthesisUtterance = class {{
  constructor(text) {{ this.text = text; this.lang = ""; }}
}};
Object.defineProperty(window, "speechSynthesis", {{ configurable: true, value: {{
  speak(u) {{
    setTimeout(() => u.onstart && u.onstart(), 0);
    setTimeout(() => u.onend && u.onend(), {SAY_MS});
  }},
  cancel() {{}}, getVoices() {{ return []; }},
}} }});
"""
# The platform's modules as the page loaded them (the same instances as its own screen's).
MODULES = """async () => {
  const screen = document.querySelector('script[type="module"][src*="screen"]');
  const base = new URL(".", screen.src).href;
  window.__captions = await import(base + "captions.js");
  window.__drama = await import(base + "drama.js");
  window.__dom = await import(base + "dom.js");
}"""
# A stage of the drama, as a TV's game has it, and one frame bringing `moments` (each played when
# the frame's cues are due: at once, the frame built now by the server's clock).
MOMENTS_PLAY = """(moments) => {
  const root = document.createElement("div");
  document.body.append(root);
  const stage = window.__drama.dramaStage({});
  const now = window.__dom.serverNow();
  stage.draw(root, { version: 1, server_time: now, view: {} }, () => {}, () => []);
  stage.draw(root, { version: 2, server_time: now - 0.6, view: {} }, () => {}, () => moments);
}"""
CAPTION = "() => { const el = document.querySelector('[data-testid=\"captions\"]'); " \
          "return el && !el.hidden ? el.textContent : null; }"
LINE = "The village wins: every Werewolf is dead."


@pytest.fixture
def tv(tmp_path, daphne_factory, chromium_path) -> Iterator[Any]:
    """A TV's page of a running test game, its clock held by the test from the start."""
    base = hub_start(tmp_path, daphne_factory)
    made = api_post(base, "/api/rooms", {"game": TEST_GAME, "options": {}})
    with party_open(chromium_path) as party:
        page = party.tv
        page.add_init_script(SPEECH_STUB)
        page.clock.install()
        page.goto(f"{base}/tv/{made['code']}")
        page.wait_for_selector("#lobby:not([hidden])", timeout=WAIT_MS)
        page.evaluate(MODULES)
        page.clock.pause_at(page.evaluate("() => Date.now()") + 100)  # time moves when told
        yield page
        assert party.errors == []


def caption(page: Any) -> str | None:
    return page.evaluate(CAPTION)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_cue_waits_while_a_line_is_spoken_and_is_written_after_it(tv, motion):
    """A moment (its sting; with reduced motion, its banner too, written as a cue) and a spoken
    line at the same moment: the line's caption shows the whole time it is spoken, the cue
    after it; a cue that comes while a line is being said waits for it as well."""
    tv.emulate_media(reduced_motion=motion)
    moment = {"sound": "win", "icon": "★", "cue": "Fanfare"}
    if motion == "reduce":
        moment["text"] = "The village wins"  # a banner's moment, written as a cue instead
    written = "♪ ★ Fanfare"
    tv.evaluate(MOMENTS_PLAY, [moment])
    tv.evaluate("(line) => window.__captions.speak([line])", LINE)
    tv.clock.run_for(10)
    assert caption(tv) == LINE  # the voice has started: its line, not the cue
    for _ in range(8):  # the whole time it is said (the cue's moment, 2.2 s, is long past)
        tv.clock.run_for(500)  # and its last piece held a moment (0.9 s)
        assert caption(tv) == LINE
    shot(tv, f"captions-speech-first-{motion}")
    tv.clock.run_for(1000)
    assert caption(tv) == written  # then the cue, for its whole moment
    tv.clock.run_for(2000)
    assert caption(tv) == written
    tv.clock.run_for(300)
    assert caption(tv) is None

    # A line already being said, and a cue comes: the line keeps the box until it is said.
    tv.evaluate("(line) => window.__captions.speak([line])", "The Witch goes back to sleep.")
    tv.clock.run_for(1000)
    dawn = {"sound": "win", "icon": "☀", "cue": "Dawn breaks"}
    if motion == "reduce":
        dawn["text"] = "Dawn breaks"
    tv.evaluate(MOMENTS_PLAY, [dawn])
    for _ in range(6):
        tv.clock.run_for(500)
        assert caption(tv) == "The Witch goes back to sleep."
    tv.clock.run_for(1000)
    assert caption(tv) == "♪ ☀ Dawn breaks"
    shot(tv, f"captions-cue-after-{motion}")
