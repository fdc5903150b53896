"""How to play and the recap in real browsers, on one hub and one Chromium.

A TV in French creates a Hoax room from the home page (each game shown with its picture, pitch,
players and length); three phones join. The lobby names and describes the game; the TV (the
host) starts the intro: it shows the first slide with its progress and says it with the page's
speech in French (speechSynthesis stubbed in the page, so the test reads what was said and ends
each utterance itself), captioned from the voice's start to its end; a finished utterance brings
the next slide; Skip ends it for every screen
(on the wire, ``room.guide`` back to null). A phone opens its rules card. The game is then played
to its end (the first claim true and voted down) by the phones' own moves; the TV shows the
recap's awards and the timeline of who really was who, each phone its own summary, and on the
wire no phone gets another's.

Screenshots go to /tmp/shots/guide-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import WAIT_MS, hub_start, party_open, state_frames
from tests.support.browser import shot as screenshot

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bo", "Cy"]
# The page's speech, replaced by a recorder: what was said, in which language; the test ends
# each utterance itself (no timing).
SPEECH_STUB = """
window.__spoken = [];
window.SpeechSynthesisUtterance = class {
  constructor(text) { this.text = text; this.lang = ""; this.onend = null; }
};
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak(u) { window.__spoken.push({ text: u.text, lang: u.lang }); window.__utterance = u; },
  cancel() {}, getVoices() { return []; },
} });
"""


def shot(page, name: str) -> None:
    screenshot(page, f"guide-{name}")


def page_data(page) -> dict:
    return page.evaluate("() => JSON.parse(document.getElementById('page-data').textContent)")


def latest(frames: list[dict]) -> dict:
    return max(frames, key=lambda frame: frame["version"])


def act(phone, action: dict) -> None:
    """A move through the phone's own connection (the shell's ``ctx.act``; the module by the
    address the page loaded it from, so it is the page's own instance)."""
    phone.evaluate(
        """(action) => import(document.querySelector('script[type="module"][src*="screen"]').src)
            .then((m) => m.ctx.act(action))""",
        action,
    )


def test_intro_rules_card_and_recap(tmp_path, daphne_factory, chromium_path):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv_context = party.browser.new_context(viewport={"width": 1920, "height": 1080},
                                               locale="fr-FR")
        tv_context.add_init_script(SPEECH_STUB)
        tv = tv_context.new_page()
        tv.on("pageerror", lambda error: party.errors.append(f"TV: {error}"))

        # The home page shows each game with its picture, pitch, players and length.
        tv.goto(base + "/")
        for game in ("outfox", "hoax", "werewolf"):
            card = tv.locator(f'form[data-game="{game}"]')
            expect(card.locator("img.guide-art")).to_be_visible()
            expect(card.locator(".guide-pitch")).not_to_be_empty()
            expect(card.locator(".length")).to_contain_text("min")
        expect(tv.locator('form[data-game="hoax"] .players')).to_contain_text("3")
        shot(tv, "home")
        tv_frames = state_frames(tv)
        tv.locator('form[data-game="hoax"] button[type="submit"]').click()
        tv.wait_for_url(re.compile(r"/tv/[A-Z0-9]+\?room=\d+$"))
        code = tv.locator("#room-code").inner_text().strip()
        page = page_data(tv)
        slides = [slide["text"] for slide in page["guide"]["slides"]]
        assert slides[0].startswith("Bienvenue")  # the TV's language, French

        phones, frames = [], []
        for index, name in enumerate(NAMES):
            # The third phone reads French (its rules card is looked at in both languages).
            locale = {"locale": "fr-FR"} if index == 2 else {}
            context = party.browser.new_context(**party.playwright.devices["Pixel 5"], **locale)
            phone = context.new_page()
            phone.on("pageerror", lambda error, name=name: party.errors.append(f"{name}: {error}"))
            frames.append(state_frames(phone))
            phone.goto(f"{base}/join/{code}")
            phone.fill('input[name="name"]', name)
            phone.click('button[type="submit"]')
            phone.wait_for_url(re.compile(rf"/play/{code}\?room=\d+$"))
            phone.wait_for_selector("#lobby-side li", timeout=WAIT_MS)
            phones.append(phone)

        # The lobby names and describes the game, on the TV and on the phones.
        for screen in (tv, phones[1]):
            own = page_data(screen)  # in the screen's own language
            expect(screen.locator('[data-testid="guide-lobby"] .guide-title')).to_have_text(
                own["title"])
            expect(screen.locator('[data-testid="guide-lobby"] .guide-pitch')).to_have_text(
                own["guide"]["pitch"])
        expect(phones[1].locator('[data-testid="guide-start"]')).to_have_count(0)  # not the host
        shot(tv, "lobby")

        # The TV starts the intro: slide 1 of 6, said in French.
        tv.locator('[data-testid="guide-start"]').click()
        intro = tv.locator('[data-testid="intro"]')
        expect(intro).to_be_visible(timeout=WAIT_MS)
        expect(intro.locator(".intro-text")).to_have_text(slides[0])
        expect(tv.locator('[data-testid="intro-count"]')).to_have_text(f"1 / {len(slides)}")
        spoken = tv.evaluate("() => window.__spoken")
        assert spoken[0] == {"text": slides[0], "lang": "fr"}, spoken
        # Captioned while it is said: from the voice's start (none before: a refused voice
        # shows nothing), the piece the voice has reached, gone once it has finished.
        captions = tv.locator('[data-testid="captions"]')
        expect(captions).to_be_hidden()
        tv.evaluate("() => window.__utterance.onstart()")
        expect(captions).to_be_visible()
        assert slides[0].startswith(captions.inner_text())
        tv.evaluate("(at) => window.__utterance.onboundary({ charIndex: at })", len(slides[0]) - 1)
        assert slides[0].endswith(captions.inner_text())
        assert float(captions.evaluate("(el) => getComputedStyle(el).fontSize")[:-2]) >= 28
        sizes = tv.evaluate("""() => ['.intro-text', '.intro-count', '.intro-skip'].map(
            (s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))""")
        assert min(sizes) >= 28, sizes
        # The VIP's phone can end it for everyone too.
        expect(phones[0].locator('[data-testid="guide-start"]')).to_have_text(
            re.compile("Skip"), timeout=WAIT_MS)
        shot(tv, "intro")
        # The voice finishes: the next slide, said in its turn.
        tv.evaluate("() => window.__utterance.onend()")
        expect(captions).to_be_hidden()
        expect(intro.locator(".intro-text")).to_have_text(slides[1])
        expect(tv.locator('[data-testid="intro-count"]')).to_have_text(f"2 / {len(slides)}")
        assert tv.evaluate("() => window.__spoken.map((s) => s.text)")[:2] == slides[:2]
        # Skip: the intro ends on the TV and for every screen.
        tv.locator('[data-testid="intro-skip"]').click()
        expect(intro).to_be_hidden()
        expect(phones[0].locator('[data-testid="guide-start"]')).not_to_have_text(
            re.compile("Skip"), timeout=WAIT_MS)
        assert any(frame["room"]["guide"] for frame in tv_frames)
        for _attempt in range(100):
            if latest(tv_frames)["room"]["guide"] is None:
                break
            tv.wait_for_timeout(50)
        assert latest(tv_frames)["room"]["guide"] is None

        # A phone's rules card opens from its header, at any time.
        opener = phones[1].locator('[data-testid="rules-open"]')
        box = opener.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        opener.tap()
        card = phones[1].locator('[data-testid="rules-card"]')
        expect(card).to_be_visible()
        expect(card.locator(".rules-list li").first).not_to_be_empty()
        phones[1].locator('[data-testid="rules-close"]').tap()
        expect(card).to_be_hidden()

        # The game: everyone takes a resource, the first player claims their own character,
        # the next calls Hoax! and both others vote it down: the truth wins the game.
        phones[0].locator('[data-testid="start"]').tap()
        frame_wait(tv, tv_frames, -1, phase="setup")
        by_position = {}
        for phone, seen in zip(phones, frames, strict=True):
            phone.wait_for_function("() => !document.querySelector('#game').hidden",
                                    timeout=WAIT_MS)
            by_position[latest(seen)["you"]["position"]] = (phone, seen)
        # The rules card says what is happening now, and keeps saying it as the game moves on.
        phases = phones[1].evaluate(
            "() => JSON.parse(document.getElementById('page-data').textContent).guide.phases")
        assert phases["setup"] != phases["turn"]
        phones[1].locator('[data-testid="rules-open"]').tap()
        now = phones[1].locator('[data-testid="rules-now"]')
        expect(now).to_contain_text(phases["setup"])
        # ...and what the phone's own role is: the character its view names under the game's
        # declared key (Hoax's ``role_key``), worded by the game's ``role_cards``.
        data = page_data(phones[1])
        character = latest(frames[1])["view"]["me"][data["role_key"]]
        own = data["role_cards"][character]
        role = phones[1].locator('[data-testid="rules-role"]')
        expect(role).to_contain_text(own["name"])
        expect(role).to_contain_text(own["text"])
        expect(now).to_be_in_viewport()  # the card opens at its top, the Close button in view
        expect(phones[1].locator('[data-testid="rules-close"]')).to_be_in_viewport()
        for _pick in range(3):
            active = latest(tv_frames)["view"]["active"]
            version = latest(tv_frames)["version"]
            act(by_position[active][0], {"type": "pick", "resource": "cash"})
            frame_wait(tv, tv_frames, version)
        expect(now).to_contain_text(phases["turn"], timeout=WAIT_MS)
        shot(phones[1], "rules-card-turn")
        phones[1].locator('[data-testid="rules-close"]').tap()
        french = page_data(phones[2])["guide"]["phases"]["turn"]
        assert french != phases["turn"]
        phones[2].locator('[data-testid="rules-open"]').tap()
        expect(phones[2].locator('[data-testid="rules-now"]')).to_contain_text(french)
        expect(phones[2].locator('[data-testid="rules-now"]')).to_be_in_viewport()
        shot(phones[2], "rules-card-turn-fr")
        phones[2].locator('[data-testid="rules-close"]').tap()
        claimant = latest(tv_frames)["view"]["active"]
        phone, seen = by_position[claimant]
        frame_wait(phone, seen, latest(tv_frames)["version"] - 1)
        me = latest(seen)["view"]["me"]
        act(phone, next(a for a in me["actions"]
                        if a["type"] == "claim" and a["character"] == me["character"]))
        frame_wait(tv, tv_frames, latest(tv_frames)["version"], phase="hoax_window")
        caller = (claimant + 1) % 3
        act(by_position[caller][0], {"type": "hoax"})
        frame_wait(tv, tv_frames, latest(tv_frames)["version"], phase="vote")
        for voter in range(3):
            if voter != claimant:
                act(by_position[voter][0], {"type": "vote", "vote": "down"})

        # The recap: the awards and who really was who on the TV; each phone its own summary.
        recap_tv = tv.locator('[data-testid="recap"]')
        expect(recap_tv).to_be_visible(timeout=WAIT_MS)
        for key in ("best_bluffer", "sharpest_caller"):
            expect(recap_tv.locator(f'[data-testid="award-{key}"]')).to_be_visible()
        expect(recap_tv.locator('[data-testid="recap-timeline"] li')).to_have_count(1)
        size = tv.evaluate("""() => parseFloat(getComputedStyle(
            document.querySelector('[data-testid="recap-timeline"] li')).fontSize)""")
        assert size >= 28, size
        # With reduced motion the awards are all there at once (and the shot shows them).
        tv.emulate_media(reduced_motion="reduce")
        animations = tv.evaluate("""() => [...document.querySelectorAll('.recap-award')]
            .map((el) => getComputedStyle(el).animationName)""")
        assert set(animations) == {"none"}, animations
        shot(tv, "recap-tv")
        board = latest(tv_frames)["recap"]
        assert board["me"] is None and board["winner"] == claimant
        assert [claim["outcome"] for claim in board["timeline"]] == ["proved"]
        for position, (phone, seen) in by_position.items():
            mine = phone.locator('[data-testid="recap-mine"]')
            expect(mine).to_be_visible(timeout=WAIT_MS)
            expect(mine.locator("li")).to_have_count(4)
            summaries = [frame["recap"]["me"] for frame in seen if frame.get("recap")]
            assert summaries and all(summary["seat"] == position for summary in summaries)
        shot(by_position[claimant][0], "recap-phone")
        recap_tv.locator('[data-testid="recap-close"]').click()
        expect(recap_tv).to_be_hidden()
        assert party.errors == []


def frame_wait(page, frames: list[dict], after: int, phase: str | None = None) -> None:
    """Wait for ``page`` to receive a frame newer than ``after`` (in ``phase``), read on the
    wire (the browser's events are read while Playwright waits)."""
    for _attempt in range(300):
        last = latest(frames) if frames else None
        if last and last["version"] > after and (
                phase is None or (last["view"] or {}).get("phase") == phase):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"no frame after version {after} (phase {phase})")
