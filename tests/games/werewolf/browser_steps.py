"""What Werewolf's browser tests do on its pages: wait for a phase or a prompt, tap and wait
for the server's answer, hold the card, answer the decoy question, play a night step; the
recorders of the TV's speech and of a phone's noise; a room made from the home page."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import WAIT_MS
from tests.support.browser import shot as screenshot

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
DECK = ["werewolf", "werewolf", "seer", "witch", "hunter", "cupid", "little-girl", "villager"]
STEP_MS = 90000  # a night step lasts up to its timer (25 s; the pack's 30), whatever its actors do
PHONE = {"width": 390, "height": 844}

# The TV's speech, recorded instead of spoken.
SPEECH_RECORDER = """
window.__spoken = [];
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(utterance) { window.__spoken.push({ text: utterance.text, lang: utterance.lang }); },
  cancel() {}, getVoices() { return []; },
} });
"""
# A page nobody has touched yet, as a TV is until someone taps it (Chromium run by Playwright
# counts every page as touched): browsers do not let it speak.
UNTOUCHED = """
Object.defineProperty(navigator, "userActivation", { configurable: true,
  value: { hasBeenActive: false, isActive: false } });
"""
# Anything a phone does that makes a sound or vibrates, recorded.
NOISE_RECORDER = """
window.__noise = [];
navigator.vibrate = () => { window.__noise.push("vibrate"); return true; };
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  window.__noise.push("play");
  return play.call(this);
};
const speak = window.speechSynthesis && window.speechSynthesis.speak.bind(window.speechSynthesis);
if (speak) window.speechSynthesis.speak = (u) => { window.__noise.push("speak"); return speak(u); };
"""


def shot(page, name: str) -> None:
    screenshot(page, f"werewolf-{name}")


def screen(page) -> str:
    """The game's root on a TV page or a phone page."""
    tv = page.url.rsplit("/", 2)[-2] == "tv"
    return '[data-testid="ww-tv"]' if tv else '[data-testid="ww-phone"]'


def at(page, phase: str, timeout: int = WAIT_MS, **data: str | int) -> None:
    """Wait until a Werewolf screen shows ``phase`` (and the given data attributes)."""
    selector = f'{screen(page)}[data-phase="{phase}"]'
    for key, value in data.items():
        selector += f'[data-{key}="{value}"]'
    page.wait_for_selector(selector, timeout=timeout)


def kind(phone, prompt: str, timeout: int = STEP_MS) -> None:
    """Wait until a phone is asked ``prompt`` (its prompt kind)."""
    phone.wait_for_selector(f'[data-testid="ww-phone"][data-kind="{prompt}"]', timeout=timeout)


def tap(phone, selector: str) -> None:
    """Tap a control and wait for the server's answer (the tapped choice marked as chosen)."""
    phone.click(selector)
    phone.wait_for_selector(f'{selector}[aria-pressed="true"]', timeout=WAIT_MS)


def peek(phone, shot_name: str | None = None) -> str:
    """Press and hold the own card: it shows only while the finger is down."""
    card = phone.locator('[data-testid="peek"]')
    assert phone.locator('[data-testid="peek-face"]').count() == 0
    box = card.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    face = phone.wait_for_selector('[data-testid="peek-face"]', timeout=WAIT_MS)
    card_id = face.get_attribute("data-card")
    if shot_name:
        shot(phone, shot_name)
    phone.mouse.up()
    phone.wait_for_selector('[data-testid="peek-face"]', state="detached", timeout=WAIT_MS)
    return card_id


DONE = '[data-testid="confirm"].done'  # Confirm greyed: "Done ✓"
NIGHT_CHOICE = '[data-testid="night-choice"]'
EYES_OPEN, EYES_SHUT = (f".ww-night-row > {NIGHT_CHOICE}:nth-child({n})" for n in (1, 2))


def decoy_answer(phone) -> None:
    """The decoy question: "Keep my eyes shut" at a step with two choices, else as many
    players as its Confirm waits for (the first ones listed but oneself), then Confirm."""
    if phone.locator(NIGHT_CHOICE).count():
        tap(phone, EYES_SHUT)
    while phone.locator('[data-testid="confirm"]:not([disabled])').count() == 0:
        target = phone.locator('[data-testid="pick"]:not([aria-disabled])'
                               ':not([aria-pressed="true"])').first.get_attribute("data-seat")
        tap(phone, f'[data-testid="pick"][data-seat="{target}"]')
    phone.click('[data-testid="confirm"]')
    phone.wait_for_selector(DONE, timeout=WAIT_MS)


def step_play(tv, phones, step: str, act, decoys: bool = True) -> None:
    """Wait for a night step on the TV; every living phone without a part in it answers the
    decoy question, then the actors act (the step lasts its drawn length all the same)."""
    at(tv, "night", timeout=STEP_MS, step=step)
    for phone in phones if decoys else []:
        at(phone, "night", step=step)
        if phone.locator('[data-testid="ww-phone"][data-kind="decoy"]').count():
            decoy_answer(phone)
    act()


def spoken(tv) -> list[dict]:
    return tv.evaluate("window.__spoken")


def room_create(tv, base: str) -> str:
    """The TV creates a Werewolf room from the home page (the deck for the seated count), its
    werewolves' step at half its default (they act in seconds here, and a step lasts its drawn
    length whatever they do)."""
    tv.goto(base + "/")
    form = tv.locator('form[data-game="werewolf"]')
    form.locator("summary").click()
    form.locator('[name="werewolf-timers.wolves"]').fill("30")
    form.locator('button[type="submit"]').click()
    tv.wait_for_url(re.compile(r"/tv/[A-Z0-9]+\?room=\d+$"))
    return tv.locator("#room-code").inner_text().strip()


def hold(page, testid: str) -> dict:
    """Press and hold "Hold to see": what it shows (``testid`` inside: its text and data
    attributes), then let go: gone."""
    button = page.locator('[data-testid="hold"]')
    assert page.locator('[data-testid="hold-panel"]').is_hidden()
    box = button.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    shown = page.locator(f'[data-testid="hold-panel"] [data-testid="{testid}"]')
    expect(shown).to_be_visible()
    seen = shown.evaluate("el => ({ text: el.innerText, ...el.dataset })")
    page.mouse.up()
    expect(page.locator('[data-testid="hold-panel"]')).to_be_hidden()
    assert page.locator(f'[data-testid="{testid}"]').count() == 0
    return seen
