"""The TV's voice (Werewolf's narrator, Outfox's card read aloud) is one platform control with
one look (widgets.js ``voiceButton``): on a TV nobody has touched yet, where the browser refuses
to speak, every game's asks for the tap in the same gold words. A playtest found Outfox's grey
"Click to let the TV speak" (shown only after a refusal: all eight lines refused on an untouched
TV) beside Werewolf's gold "Tap to hear the narrator"."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.kit.registry import adapter_get
from games.kit.registry import game as registered
from games.rooms import services
from tests.support.browser import screen_page
from tests.support.sweep import actors, phases_walk

pytestmark = [pytest.mark.browser]

TV = {"width": 1920, "height": 1080}
# Each game's voice, where its TV shows it: (the control's test id, the options, the phase).
VOICES = {"outfox": ("speech-toggle", {"speech": True}, "read"),
          "werewolf": ("voice", {"narration.voice": True}, "look")}
# A page nobody has touched yet, as a TV is until someone taps it (Chromium run by Playwright
# counts every page as touched).
UNTOUCHED = """() => Object.defineProperty(navigator, "userActivation", { configurable: true,
  value: { hasBeenActive: false, isActive: false } })"""
LOOK = """(el) => { const s = getComputedStyle(el);
  return [el.innerText, el.getAttribute("aria-pressed"), s.backgroundColor, s.color, s.fontWeight,
          s.borderTopColor]; }"""


@pytest.mark.django_db
def test_every_tv_voice_is_one_control_that_asks_an_untouched_tv_for_a_tap(chromium_path):
    call_command("load_starter", verbosity=0)  # Outfox's decks, to deal its cards from
    looks = {}
    for game, (testid, options, phase) in VOICES.items():
        rules = registered(game)
        n = rules.min_players
        room = services.room_create(game, options)
        content = adapter_get(game).content_for(room, n, 7)
        state = next(found.state for found in phases_walk(rules, n, options, content, walks=1)
                     if found.state and found.state["phase"] == phase)
        frame = {"type": "state", "version": 1, "view": rules.view(state, None)}
        with screen_page(chromium_path, TV, game) as (page, page_data, errors):
            page.evaluate(UNTOUCHED)
            page.evaluate("a => window.__show(...a)",
                          [page_data, frame, [f"Player {i + 1}" for i in range(n)], True])
            voice = page.locator(f'[data-testid="{testid}"]')
            voice.wait_for()
            looks[game] = voice.evaluate(LOOK)
            assert not errors, errors
    assert looks["outfox"][0] == "Tap to hear the TV", looks
    assert looks["outfox"] == looks["werewolf"], looks


@pytest.mark.django_db
def test_a_remote_partys_reader_is_not_told_to_read_what_every_device_reads(chromium_path):
    """In a remote party with the card read aloud, every player's board speaks it: the reader's
    phone says so (a playtest's reader was told "Lis tout à voix haute"); at a TV, the reader
    reads."""
    call_command("load_starter", verbosity=0)
    rules = registered("outfox")
    n = rules.min_players
    room = services.room_create("outfox", {"speech": True})
    content = adapter_get("outfox").content_for(room, n, 7)
    state = next(found.state for found in phases_walk(rules, n, {"speech": True}, content, walks=1)
                 if found.state and found.state["phase"] == "read")
    reader = actors(rules, state, n)[0]  # the one with a move: start the clock
    told = {}
    phone = {"width": 390, "height": 844}
    with screen_page(chromium_path, phone, "outfox") as (page, data, errors):
        for party in (False, True):
            frame = {"type": "state", "version": 1, "view": rules.view(state, reader),
                     "room": {"remote_party": party}}
            page.evaluate("a => window.__show(...a)", [data, frame, ["Ann", "Bob"], False])
            heading = page.locator("h2").first
            heading.wait_for(state="visible")  # the screen shows once its stylesheet is in
            told[party] = heading.inner_text()
        assert not errors, errors
    assert told == {False: "Read it all aloud", True: "Every device reads it aloud"}, told
