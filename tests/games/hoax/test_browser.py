"""Hoax in real browsers: a TV and four phones play a whole game to its end.

The TV creates the room from the home page with the longest timers (each step ends early, when
every phone has answered) and fixes the first player to seat 0 in the lobby; four phones join by
code; the VIP starts. Each phone peeks at its own card (press and hold), which is what a real
player knows, and the script plays from that:

1. setup: everyone picks a starting resource;
2. Ada claims a character she is not; Bo calls Hoax; everyone votes hoax, and Di's phone reloads
   mid-vote and keeps its vote; the votes show all at once; Ada gets an imposter token;
3. Bo claims the Butler; all pass; Ada picks her gift;
4. Cy claims the Gardener on Di; Bo (holding the hoax card) cannot call; Di claims the Chef's
   immunity; all pass; Di is spared;
5. Di claims the Lover; all pass;
6. Ada claims the Ex, investigates Bo (sees Bo's card among four) and accuses Bo rightly;
7. Cy accuses Di wrongly and is out; Di accuses Ada rightly and wins as the last one standing.

The TV then shows every identity. Screenshots go to /tmp/shots/hoax-*.png.
"""

from __future__ import annotations

import re

import pytest

from games.hoax import rules as hoax
from tests.games.hoax import test_rules as played
from tests.support.browser import WAIT_MS, hub_start, party_open, screen_page
from tests.support.browser import shot as screenshot

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bo", "Cy", "Di"]
CHARACTERS = ["ex", "lover", "son_in_law", "cousin", "chef", "gardener", "butler"]


def shot(page, name: str) -> None:
    screenshot(page, f"hoax-{name}")


def at(page, phase: str, *, turn: int | None = None, active: int | None = None) -> None:
    """Wait until a Hoax screen (TV or phone) shows ``phase`` (of ``turn``, with ``active``)."""
    selector = f'.hx[data-phase="{phase}"]'
    if turn is not None:
        selector += f'[data-turn="{turn}"]'
    if active is not None:
        selector += f'[data-active="{active}"]'
    page.wait_for_selector(selector, timeout=WAIT_MS)


def all_at(screens, phase: str, **kwargs) -> None:
    for screen in screens:
        at(screen, phase, **kwargs)


def room_create(tv, base: str) -> str:
    """The TV creates a Hoax room from the home page with the longest timers: every step the
    test plays ends early, by every phone's answer, and none may run out first on a loaded
    machine (with a 5 s pick, Ada's peek and screenshots once outlasted her pick's timer)."""
    tv.goto(base + "/")
    form = tv.locator('form[data-game="hoax"]')
    form.locator("summary").click()
    for field, seconds in [("hoax_window_seconds", 60), ("vote_seconds", 120),
                           ("immunity_seconds", 60), ("butler_seconds", 60)]:
        form.locator(f'[name="hoax-{field}"]').fill(str(seconds))
    form.locator('button[type="submit"]').click()
    tv.wait_for_url(re.compile(r"/tv/[A-Z0-9]+\?room=\d+$"))
    return tv.locator("#room-code").inner_text().strip()


def first_player_fix(tv) -> None:
    """The host (the TV) fixes the first player to the first to join, in the lobby's options."""
    tv.locator("details.options summary").click()
    select = tv.locator("label.option-seat select")
    select.select_option("0")
    tv.wait_for_function(
        "() => document.querySelector('label.option-seat select').value === '0'"
    )


def peek(phone, shot_name: str | None = None) -> str:
    """Press and hold the own card: the character shows only while the finger is down."""
    card = phone.locator('[data-testid="peek"]')
    card.scroll_into_view_if_needed()
    assert phone.locator('[data-testid="peek-face"]').count() == 0
    box = card.bounding_box()
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    face = phone.wait_for_selector('[data-testid="peek-face"]', timeout=WAIT_MS)
    character = face.get_attribute("data-character")
    if shot_name:
        shot(phone, shot_name)
    phone.mouse.up()
    phone.wait_for_selector('[data-testid="peek-face"]', state="detached", timeout=WAIT_MS)
    return character


def claim(phone, character: str, **choices) -> None:
    """Build a claim on the active phone: the character, then each choice in order."""
    phone.click(f'[data-testid="claim-char"][data-character="{character}"]')
    for field, value in choices.items():
        phone.click(f'[data-testid="choice"][data-field="{field}"][data-value="{value}"]')
    phone.wait_for_selector('[data-testid="claim-send"]:not([disabled])', timeout=WAIT_MS)
    phone.click('[data-testid="claim-send"]')


def pass_all(phones) -> None:
    """Every phone that may call lets the claim pass (the window closes early)."""
    for phone in phones:
        phone.click('[data-testid="pass"]', timeout=WAIT_MS)


def end_turn(phone) -> None:
    phone.wait_for_selector('[data-testid="end-turn"]:not([disabled])', timeout=WAIT_MS)
    phone.click('[data-testid="end-turn"]')


def seat_resources(screen, seat: int) -> dict[str, int]:
    """Resources of a seat as the TV shows them."""
    card = screen.locator(f'[data-testid="seat"][data-seat="{seat}"]')
    return {
        r: int(card.locator(f'.hx-res[data-resource="{r}"]').get_attribute("data-count"))
        for r in ("cash", "prestige", "evidence")
    }


def accuse(phone, target: int, character: str) -> None:
    phone.click('[data-testid="tab-accuse"]')
    phone.click(f'[data-testid="accuse-target"][data-seat="{target}"]')
    phone.click(f'[data-testid="accuse-char"][data-character="{character}"]')
    phone.wait_for_selector('[data-testid="accuse-confirm-box"]', timeout=WAIT_MS)
    phone.click('[data-testid="accuse-confirm"]')


def test_hoax_full_game_in_browsers(tmp_path, chromium_path, daphne_factory):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv, errors = party.tv, party.errors
        code = room_create(tv, base)
        phones = [party.phone_join(base, code, name) for name in NAMES]
        ada, bo, cy, di = phones
        tv.wait_for_function("() => document.querySelectorAll('#lobby-side li').length === 4")
        first_player_fix(tv)
        ada.click('[data-testid="start"]')  # the first to join is the VIP

        # Setup: each phone learns its own card by holding it; the TV shows none.
        # (each pick has its timer, so each phone peeks when its pick comes).
        all_at([tv, *phones], "setup")
        secret = []
        for seat, (phone, resource) in enumerate(
            zip(phones, ["cash", "prestige", "evidence", "cash"], strict=True)
        ):
            at(phone, "setup", active=seat)
            secret.append(peek(phone, "phone-peek" if seat == 0 else None))
            if seat == 0:
                shot(tv, "tv-setup")
                shot(phone, "phone-setup")
            phone.click(f'[data-testid="pick"][data-resource="{resource}"]')
        assert len(set(secret)) == 4 and set(secret) <= set(CHARACTERS)

        # Turn 1: Ada claims a character she is not; Bo calls Hoax; all vote it down.
        all_at([tv, *phones], "turn", turn=1, active=0)
        lie = "lover" if secret[0] != "lover" else "cousin"
        ada.wait_for_selector('[data-testid="claim-char"]')
        shot(ada, "phone-claim-pick")
        ada.click(f'[data-testid="claim-char"][data-character="{lie}"]')
        ada.click('[data-testid="choice"][data-field="resource"][data-value="prestige"]')
        ada.wait_for_selector('[data-testid="claim-summary"]')
        shot(ada, "phone-claim-built")
        ada.click('[data-testid="claim-send"]')
        at(bo, "hoax_window")
        shot(bo, "phone-hoax-window")
        at(ada, "hoax_window")  # the claimant waits, with no (greyed-out) Hoax! of their own
        assert ada.locator('[data-testid="hoax"]').count() == 0
        assert "your claim" in ada.locator('[data-testid="waiting"]').inner_text().lower()
        bo.click('[data-testid="hoax"]')
        all_at([tv, *phones], "vote")
        assert "your claim" in ada.locator('[data-testid="waiting"]').inner_text()
        di.click('[data-testid="vote-down"]')
        di.wait_for_selector('[data-testid="my-vote"][data-vote="down"]', timeout=WAIT_MS)
        tv.wait_for_selector('[data-testid="seat"][data-seat="3"] [data-testid="seat-voted"]',
                             timeout=WAIT_MS)
        assert tv.locator('[data-testid="seat-vote"]').count() == 0  # never how, until all
        shot(tv, "tv-vote")
        # Di's phone reloads mid-vote: same seat, vote kept, buttons locked.
        di.reload()
        at(di, "vote")
        di.wait_for_selector('[data-testid="my-vote"][data-vote="down"]', timeout=WAIT_MS)
        assert di.is_disabled('[data-testid="vote-up"]')
        assert di.locator("#me").inner_text().startswith("Di")
        shot(di, "phone-vote-after-reload")
        cy.click('[data-testid="vote-down"]')
        bo.click('[data-testid="vote-down"]')
        all_at([tv, ada], "turn", turn=1)
        tv.wait_for_selector('[data-testid="vote-reveal"][data-result="down"]', timeout=WAIT_MS)
        assert tv.locator('[data-testid="vote-reveal"] [data-vote="down"]').count() == 3
        tv.wait_for_selector(
            f'[data-testid="seat"][data-seat="0"] .hx-imposter[data-character="{lie}"]'
        )
        tv.wait_for_selector('[data-testid="seat"][data-seat="1"] [data-testid="hoax-card"]')
        shot(tv, "tv-vote-revealed")
        assert ada.is_disabled('[data-testid="tab-claim"]')
        end_turn(ada)

        # Turn 2: Bo claims the Butler, takes cash, and gives Ada a free pick.
        all_at([tv, bo], "turn", turn=2, active=1)
        claim(bo, "butler", resource="cash", target=0)
        at(tv, "hoax_window")
        shot(tv, "tv-hoax-window")
        pass_all([ada, cy, di])
        at(ada, "butler_gift")
        at(tv, "butler_gift")
        shot(ada, "phone-butler-gift")
        ada.click('[data-testid="gift-pick"][data-resource="prestige"]')
        at(bo, "turn", turn=2)
        end_turn(bo)

        # Turn 3: Cy's Gardener on Di; Bo holds the hoax card and cannot call; Di claims
        # the Chef's immunity; nobody calls; Di is spared.
        all_at([tv, cy], "turn", turn=3, active=2)
        claim(cy, "gardener", target=3, resource="cash")
        at(bo, "hoax_window")
        reason = bo.locator('[data-testid="hoax-reason"]').inner_text()
        assert "hoax card" in reason.lower()
        assert bo.is_disabled('[data-testid="hoax"]')
        shot(bo, "phone-hoax-blocked")
        pass_all([di, ada])
        at(di, "immunity")
        at(tv, "immunity")
        shot(di, "phone-immunity")
        shot(tv, "tv-immunity")
        di.click('[data-testid="immunity-claim"]')
        at(tv, "hoax_window")
        tv.wait_for_selector('[data-testid="claim-banner"][data-kind="immunity"]')
        shot(tv, "tv-immunity-claim")
        pass_all([ada, cy])
        at(cy, "turn", turn=3)
        tv.wait_for_selector('[data-testid="outcome"][data-outcome="stood"]', timeout=WAIT_MS)
        assert seat_resources(tv, 3)["cash"] == 1  # spared
        end_turn(cy)

        # Turn 4: Di claims the Lover and takes evidence.
        all_at([tv, di], "turn", turn=4, active=3)
        claim(di, "lover", resource="evidence")
        pass_all([ada, cy])
        at(di, "turn", turn=4)
        end_turn(di)

        # Turn 5: Ada claims the Ex (evidence), investigates Bo and accuses Bo rightly.
        all_at([tv, ada], "turn", turn=5, active=0)
        assert ada.is_disabled(f'[data-testid="claim-char"][data-character="{lie}"]')
        claim(ada, "ex", option="supply", resource="evidence")
        pass_all([cy, di])
        at(ada, "turn", turn=5)
        ada.wait_for_selector('[data-testid="outcome"][data-outcome="stood"]', timeout=WAIT_MS)
        assert seat_resources(tv, 0) == {"cash": 1, "prestige": 1, "evidence": 1}
        ada.click('[data-testid="tab-investigate"]')
        ada.click('[data-testid="investigate-target"][data-seat="1"]')
        ada.click('[data-testid="investigate-send"]')
        ada.wait_for_selector('.hx-inv.latest [data-testid="inv-card"]', timeout=WAIT_MS)
        cards = ada.locator('.hx-inv.latest [data-testid="inv-card"]')
        seen = [cards.nth(i).get_attribute("data-character") for i in range(cards.count())]
        assert len(seen) == 4 and secret[1] in seen
        assert "investigates" in tv.locator('[data-testid="log"]').inner_text()
        shot(ada, "phone-investigation")
        ada.click('[data-testid="tab-accuse"]')
        ada.click('[data-testid="accuse-target"][data-seat="1"]')
        ada.click(f'[data-testid="accuse-char"][data-character="{secret[1]}"]')
        ada.wait_for_selector('[data-testid="accuse-confirm-box"]')
        shot(ada, "phone-accuse-confirm")
        ada.click('[data-testid="accuse-confirm"]')
        tv.wait_for_selector('[data-testid="seat"][data-seat="1"][data-out="true"]',
                             timeout=WAIT_MS)
        bo.wait_for_selector('[data-testid="you-are-out"]', timeout=WAIT_MS)
        assert "right" in ada.locator('[data-testid="my-accusation"]').inner_text()
        shot(tv, "tv-accused")
        shot(bo, "phone-out")
        end_turn(ada)

        # Turn 6: Cy accuses Di wrongly and is out; the turn passes to Di.
        all_at([tv, cy], "turn", turn=6, active=2)
        wrong = next(c for c in CHARACTERS if c != secret[3])
        accuse(cy, 3, wrong)
        all_at([tv, di], "turn", turn=7, active=3)
        assert tv.locator('[data-testid="seat"][data-seat="2"][data-out="true"]').count() == 1

        # Turn 7: Di accuses Ada rightly and is the last one standing.
        accuse(di, 0, secret[0])
        all_at([tv, *phones], "over")
        winner = tv.locator('[data-testid="winner"]')
        assert winner.get_attribute("data-seat") == "3"
        assert winner.get_attribute("data-how") == "last"
        assert "Di" in winner.inner_text()
        for seat, character in enumerate(secret):
            card = tv.locator(f'[data-testid="seat"][data-seat="{seat}"]')
            assert card.get_attribute("data-character") == character
        di.wait_for_selector('[data-testid="phone-winner"]')
        shot(tv, "tv-over")
        shot(di, "phone-over")
        assert errors == []


def tv_draw(page, page_data: dict, state: dict) -> None:
    """The TV's drawing of the board's view of ``state``."""
    frame = {"type": "state", "version": 1, "view": hoax.view(state, None)}
    names = [f"Player {seat + 1}" for seat in range(len(state["out"]))]
    page.evaluate("a => window.__show(...a)", [page_data, frame, names, True])
    page.wait_for_selector(f'[data-testid="hx-tv"][data-phase="{state["phase"]}"]')


@pytest.mark.django_db
def test_each_vote_shows_under_its_own_claim_and_old_thumbs_clear(chromium_path):
    """A claim voted on, then an immunity claim voted on in the same turn: the TV names the
    claim each vote was on, and the seats' thumbs of the first vote leave once the immunity
    question opens."""
    state = played.start()
    played.give(state, 3, cash=2)
    state = played.claim(state, "gardener", target=3, resource="cash")
    state = played.hoax_and_vote(state, 1, downs={1})  # believed: Player 4 is asked for immunity
    tv = {"width": 1920, "height": 1080}
    with screen_page(chromium_path, tv, "hoax") as (page, page_data, errors):
        tv_draw(page, page_data, state)
        reveal = page.locator('[data-testid="vote-reveal"]')
        assert (reveal.get_attribute("data-claimant"), reveal.get_attribute("data-character")) \
            == ("0", "gardener")
        assert page.locator('[data-testid="seat-vote"]').count() == 0
        state = hoax.apply(state, 3, {"type": "immunity", "claim": True}, 1.0)
        tv_draw(page, page_data, state)
        assert page.locator('[data-testid="seat-vote"]').count() == 0
        state = played.hoax_and_vote(state, 2, downs={0, 1, 2})
        tv_draw(page, page_data, state)
        assert (reveal.get_attribute("data-claimant"), reveal.get_attribute("data-character")) \
            == ("3", "chef")
        assert "Player 4" in reveal.inner_text()
        assert page.locator('[data-testid="seat-vote"][data-vote="down"]').count() == 3
        shot(page, "tv-immunity-vote")
        assert errors == []


# The phone's news for a screen reader, frame after frame, with the TV's words for each entry of
# the last frame's log (partyhub/js/announce.js says them before the phase).
NEWS_HEARD = """async ([data, frames, names]) => {
  const phone = await import("/static/hoax/phone.js");
  const common = await import("/static/hoax/common.js");
  const ctx = { page: data, nameOf: (p) => names[p] ?? "?" };
  const heard = frames.map((frame) => phone.news(frame, ctx));
  const view = frames[frames.length - 1].view;
  const tv = Object.fromEntries(view.log.map((entry) =>
    [entry.kind, common.logText(entry, ctx, view)]));
  return { heard, tv };
}"""


@pytest.mark.django_db
def test_a_screen_reader_hears_the_claim_the_votes_result_and_the_imposter_token(chromium_path):
    """The live region says what the TV says, in order, as it happens: the claim in its Hoax
    window (not only "Anyone call Hoax?"), then the votes' result and the imposter token."""
    state = played.start()
    played.give(state, 3, cash=2)
    window = played.claim(state, "gardener", target=3, resource="cash")
    voted = played.hoax_and_vote(window, 1, downs={0, 1, 2, 3})
    assert window["phase"] == "hoax_window"
    frames = [{"type": "state", "version": i, "view": hoax.view(s, 2)}
              for i, s in enumerate((state, window, voted))]
    names = [f"Player {seat + 1}" for seat in range(4)]
    with screen_page(chromium_path, {"width": 390, "height": 844}, "hoax") as (page, data, errors):
        said = page.evaluate(NEWS_HEARD, [data, frames, names])
        assert not errors, errors
    heard, tv = said["heard"], said["tv"]
    assert heard[1] == [tv["claim"]], said  # the claim, as the TV words it
    assert tv["vote"] in heard[2] and tv["imposter"] in heard[2], said
    assert heard[2].index(tv["vote"]) < heard[2].index(tv["imposter"]), said  # in order
