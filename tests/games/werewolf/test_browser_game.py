"""Werewolf in real browsers: a TV and eight phones play night 1 and day 1 through to a vote.

The TV creates a Werewolf room from the home page (the deck for 8: two Werewolves, the Seer, the
Witch, the Hunter, Cupid, the Little Girl and a Villager); eight phones join by code; the VIP
starts. Each phone learns its card by pressing and holding it, which is what a real player knows,
and the script plays from that:

1. night 1: Cupid makes himself and the Villager lovers, the lovers see each other; the Seer picks
   a werewolf, her phone reloads, comes back to her prompt with the pick kept, and she sees the
   card; the two werewolves point at the Hunter and confirm; the Little Girl keeps her eyes shut;
   the Witch does nothing. Every other living phone answers the decoy question, on a screen laid
   out as the real prompts are; no phone makes a sound or vibrates;
2. day 1: the Hunter's death is announced with his card, his ghost phone does not shoot; the Seer
   and the Witch stand for Mayor and the Seer is elected; everyone is ready to vote; the village
   votes the werewolf out and the TV reveals every ballot, the Mayor's counting twice;
3. night 2 falls; the host removes the last werewolf (he "left the village": his phone goes back
   to the join form) and the TV and the other phones show the end: every card, the lovers and
   the night-by-night timeline.

The TV speaks the narrator's lines in the page's language (speech is recorded, not heard) and
stops when its voice is switched off. A second TV and a second tab of the Seer's phone follow the
game in French. Screenshots go to /tmp/shots/werewolf-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.games.werewolf.browser_steps import (
    DECK,
    DONE,
    EYES_OPEN,
    EYES_SHUT,
    NAMES,
    NOISE_RECORDER,
    PHONE,
    SPEECH_RECORDER,
    STEP_MS,
    UNTOUCHED,
    at,
    hold,
    kind,
    peek,
    room_create,
    shot,
    spoken,
    step_play,
    tap,
)
from tests.support.browser import WAIT_MS, hub_start, party_open

pytestmark = [pytest.mark.browser, pytest.mark.long(215)]


@pytest.mark.timeout(600)  # night steps last their drawn length whatever the phones do (issue 25)
def test_werewolf_night_and_day_in_browsers(tmp_path, chromium_path, daphne_factory):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv, errors = party.tv, party.errors
        tv.context.add_init_script(SPEECH_RECORDER)
        code = room_create(tv, base)
        phones = []
        for name in NAMES:
            phone = party.phone_join(base, code, name)
            phone.context.add_init_script(NOISE_RECORDER)
            phone.set_viewport_size(PHONE)
            phone.reload()
            phones.append(phone)
        tv.wait_for_function("() => document.querySelectorAll('#lobby-side li').length === 8")
        phones[0].click('[data-testid="start"]')  # the first to join is the VIP

        # A second TV (no host controls) follows the game in French, as does a second tab of
        # a phone once we know whose it is.
        tv_fr = party.browser.new_context(
            viewport={"width": 1920, "height": 1080}, locale="fr-FR"
        ).new_page()
        tv_fr.context.add_init_script(SPEECH_RECORDER)
        tv_fr.context.add_init_script(UNTOUCHED)
        tv_fr.on("pageerror", lambda error: errors.append(f"TV fr: {error}"))
        tv_fr.goto(f"{base}/tv/{code}")

        # Look: each phone holds its card, then says it has seen it; the TV ticks who has.
        for phone in phones:
            at(phone, "look")
        at(tv, "look")
        cards = []
        for seat, phone in enumerate(phones):
            cards.append(peek(phone, "phone-card" if seat == 0 else None))
            phone.click('[data-testid="look"]')
            if seat == 3:  # the TV ticks who has looked (the night falls once all have)
                looked = f'[data-testid="seat"][data-seat="{seat}"] [data-testid="seat-looked"]'
                tv.wait_for_selector(looked, timeout=WAIT_MS)
                shot(tv, "tv-look")
        assert sorted(cards) == sorted(DECK)
        seat_of = {card: seat for seat, card in enumerate(cards)}
        wolves = [seat for seat, card in enumerate(cards) if card == "werewolf"]
        seer, witch, hunter = seat_of["seer"], seat_of["witch"], seat_of["hunter"]
        cupid, girl, villager = seat_of["cupid"], seat_of["little-girl"], seat_of["villager"]

        seer_fr = party.browser.new_context(**party.playwright.devices["Pixel 5"], locale="fr-FR")
        seer_fr.add_cookies(phones[seer].context.cookies())
        seer_fr = seer_fr.new_page()
        seer_fr.set_viewport_size(PHONE)
        seer_fr.on("pageerror", lambda error: errors.append(f"Seer fr: {error}"))
        seer_fr.goto(f"{base}/play/{code}")

        # Night 1. The narrator speaks (English on the TV, French on the other).
        at(tv, "night", timeout=STEP_MS, night=1)
        tv.wait_for_function(
            "() => window.__spoken.some((u) => u.text.startsWith('Night 1 falls'))", timeout=WAIT_MS
        )
        assert all(u["lang"] == "en" for u in spoken(tv))
        tv_fr.wait_for_function(
            "() => window.__spoken.some((u) => u.lang === 'fr' && u.text.includes('nuit'))",
            timeout=WAIT_MS,
        )
        assert tv.locator('[data-testid="seat"][data-card]:not([data-card=""])').count() == 0
        assert tv.locator('[data-testid="countdown"]').count() == 0  # no countdown at night

        def cupid_acts():
            phone = phones[cupid]
            kind(phone, "cupid")
            assert phone.locator('[data-testid="pick"]').count() == 8  # himself allowed
            tap(phone, f'[data-testid="pick"][data-seat="{cupid}"]')
            tap(phone, f'[data-testid="pick"][data-seat="{villager}"]')
            phone.click('[data-testid="confirm"]')
            phone.wait_for_selector(DONE, timeout=WAIT_MS)

        step_play(tv, phones, "cupid", cupid_acts)

        def lovers_act():
            for seat, partner in ((cupid, villager), (villager, cupid)):
                kind(phones[seat], "lovers")
                assert NAMES[partner] in hold(phones[seat], "lover")["text"]
                phones[seat].click('[data-testid="pick"]:not([aria-disabled])')  # hands move
                phones[seat].click('[data-testid="confirm"]')

        # The lovers' step only shows something: it ends on its own clock, so no decoys here.
        step_play(tv, phones, "lovers", lovers_act, decoys=False)

        def seer_acts():
            phone = phones[seer]
            kind(phone, "seer")
            # Same screen as a decoy: a question, every living player, Confirm in one place.
            decoy = phones[villager]
            kind(decoy, "decoy")
            count = phone.locator('[data-testid="pick"]').count
            assert count() == decoy.locator('[data-testid="pick"]').count() == 8
            for real, fake in (("question", "question"), ("pick-grid", "pick-grid"),
                               ("confirm", "confirm")):
                mine = phone.locator(f'[data-testid="{real}"]').bounding_box()
                theirs = decoy.locator(f'[data-testid="{fake}"]').bounding_box()
                assert abs(mine["y"] - theirs["y"]) < 2, real
                assert abs(mine["height"] - theirs["height"]) < 2, real
            # Browsers speak only on a page someone touched: the untouched French TV asks for
            # a tap, and that tap says the current lines again.
            voice_fr = tv_fr.locator('[data-testid="voice"]')
            assert voice_fr.get_attribute("data-heard") == "false"
            assert voice_fr.inner_text() == "Touche pour entendre la télé"
            before = len(spoken(tv_fr))
            voice_fr.click()
            assert voice_fr.get_attribute("data-heard") == "true"
            assert len(spoken(tv_fr)) > before and voice_fr.get_attribute("aria-pressed") == "true"
            # The English TV's voice switched off: nothing more is said there.
            voice = tv.locator('[data-testid="voice"]')
            assert voice.get_attribute("data-heard") == "true"
            voice.click()
            assert voice.get_attribute("aria-pressed") == "false"
            assert tv.evaluate("localStorage.getItem('partyhub.werewolf.voice')") == "off"  # per TV
            said.append(len(spoken(tv)))
            phone.click(f'[data-testid="pick"][data-seat="{wolves[0]}"]')
            phone.wait_for_selector(f'[data-testid="pick"][data-seat="{wolves[0]}"][aria-pressed="true"]')
            shot(phone, "phone-night-seer")
            shot(decoy, "phone-night-decoy")
            shot(tv, "tv-night")
            shot(tv_fr, "tv-night-fr")
            shot(seer_fr, "phone-night-seer-fr")
            # The Seer's phone reloads mid-night: back to her prompt, her pick kept.
            phone.reload()
            kind(phone, "seer", timeout=WAIT_MS)
            kept = f'[data-testid="pick"][data-seat="{wolves[0]}"][aria-pressed="true"]'
            phone.wait_for_selector(kept, timeout=WAIT_MS)
            assert phone.locator('[data-testid="pick"][aria-pressed="true"]').count() == 1
            phone.click('[data-testid="confirm"]')
            phone.wait_for_selector(DONE, timeout=WAIT_MS)  # answered
            result = hold(phone, "seer-result")  # seen only while held
            assert result["seen"] == "werewolf" and result["seat"] == str(wolves[0])

        said: list[int] = []
        step_play(tv, phones, "seer", seer_acts)

        def pack_acts():
            assert len(spoken(tv)) == said[0]  # the voice is off on this TV
            tv.locator('[data-testid="voice"]').click()
            for wolf in wolves:
                kind(phones[wolf], "wolf")
                tap(phones[wolf], EYES_OPEN)  # "Open my eyes", then point
                tap(phones[wolf], f'[data-testid="pick"][data-seat="{hunter}"]')
            assert NAMES[wolves[0]] in hold(phones[wolves[1]], "pack-board")["text"]
            shot(phones[wolves[1]], "phone-night-wolf")
            for wolf in wolves:
                phones[wolf].click('[data-testid="confirm"]')
            for wolf in wolves:
                phones[wolf].wait_for_selector(DONE, timeout=WAIT_MS)
                assert NAMES[hunter] in hold(phones[wolf], "pack-victim")["text"]
            kind(phones[girl], "little_girl")
            tap(phones[girl], EYES_SHUT)  # "Keep my eyes shut"
            phones[girl].click('[data-testid="confirm"]')

        step_play(tv, phones, "werewolves", pack_acts)
        # The voice is back on: the next lines are spoken.
        tv.wait_for_function("n => window.__spoken.length > n", arg=said[0], timeout=STEP_MS)

        def witch_acts():
            phone = phones[witch]
            kind(phone, "witch")
            assert hold(phone, "witch-victim")["seat"] == str(hunter)
            shot(phone, "phone-night-witch")
            tap(phone, '[data-testid="pick-none"]')  # does nothing
            phone.click('[data-testid="confirm"]')

        step_play(tv, phones, "witch", witch_acts)
        for phone in phones:
            assert phone.evaluate("window.__noise") == []

        # Day 1: the Hunter's death, with his card; his ghost phone does not shoot.
        at(tv, "dawn", timeout=STEP_MS, day=1)
        line = tv.wait_for_selector('[data-testid="line"][data-key="death"]', timeout=WAIT_MS)
        assert NAMES[hunter] in line.inner_text()
        tv.wait_for_selector(f'[data-testid="seat"][data-seat="{hunter}"][data-alive="false"][data-card="hunter"]')
        shot(tv, "tv-dawn")
        kind(phones[hunter], "hunter")
        shot(phones[hunter], "phone-hunter")
        tap(phones[hunter], '[data-testid="no-shot"]')
        phones[hunter].click('[data-testid="confirm"]')

        # The Mayor election: the Seer and the Witch stand; everyone elects the Seer.
        living = [seat for seat in range(8) if seat != hunter]
        for seat in living:
            kind(phones[seat], "candidacy")
            stand = f'[data-testid="stand-{"yes" if seat in (seer, witch) else "no"}"]'
            if seat == living[-1]:  # the last answer opens the election at once
                phones[seat].click(stand)
            else:
                tap(phones[seat], stand)
        phones[hunter].wait_for_selector('[data-testid="ghost"]', timeout=WAIT_MS)
        shot(phones[hunter], "phone-ghost")
        for seat in living:
            kind(phones[seat], "election")
            tap(phones[seat], f'[data-testid="vote"][data-seat="{seer}"]')
            phones[seat].click('[data-testid="confirm"]')
        mayor = f'[data-testid="seat"][data-seat="{seer}"] [data-testid="mayor"]'
        tv.wait_for_selector(mayor, timeout=WAIT_MS)

        # The discussion ends when enough are ready; then the vote.
        for seat in living:
            kind(phones[seat], "talk")
        shot(tv, "tv-talk")
        # The host's game tools sit in the platform's host menu: a minute more for the talk.
        clock = tv.locator('[data-testid="ww-tv"] [data-testid="countdown"]')
        deadline = float(clock.get_attribute("data-deadline"))
        tv.locator('[data-testid="host-menu"] summary').click()
        tv.locator('[data-testid="host-game"] [data-testid="extend"]').click()
        tv.wait_for_function(
            "before => parseFloat(document.querySelector("
            "'[data-testid=ww-tv] [data-testid=countdown]').dataset.deadline) >= before + 59",
            arg=deadline)
        assert tv.locator('[data-testid="host-game"] [data-testid="talk-end"]').count() == 1
        shot(tv, "tv-host-tools")
        tv.locator('[data-testid="host-menu"] summary').click()  # folded again
        needed = int(tv.locator('[data-testid="ready-progress"]').get_attribute("data-needed"))
        for seat in living[:needed]:
            phones[seat].click('[data-testid="ready"]')
        at(tv, "vote")
        target = {seat: (villager if seat in wolves else wolves[0]) for seat in living}
        for seat in living:
            kind(phones[seat], "vote")
            tap(phones[seat], f'[data-testid="vote"][data-seat="{target[seat]}"]')
        phones[seer].wait_for_selector('[data-testid="double-vote"]')
        shot(phones[seer], "phone-vote")
        shot(seer_fr, "phone-vote-fr")
        tv.wait_for_selector('[data-testid="vote-progress"]')
        assert tv.locator('[data-testid="ballot"]').count() == 0  # never whom, until the close
        for seat in living[:-1]:
            phones[seat].click('[data-testid="confirm"]')
        tv.wait_for_selector('[data-testid="seat-locked"]', timeout=WAIT_MS)
        shot(tv, "tv-vote")
        phones[living[-1]].click('[data-testid="confirm"]')

        # The ballots, every one, the Mayor's counting twice; the werewolf is executed.
        at(tv, "execution", timeout=WAIT_MS)
        tv.wait_for_selector('[data-testid="ballots"]')
        assert tv.locator('[data-testid="ballot"]').count() == len(living)
        mayor_ballot = tv.locator(f'[data-testid="ballot"][data-voter="{seer}"]')
        assert mayor_ballot.get_attribute("data-ballot") == str(wolves[0])
        assert mayor_ballot.locator(".ww-double").count() == 1
        count = tv.locator(f'[data-testid="count"][data-seat="{wolves[0]}"]')
        assert int(count.get_attribute("data-count")) == len(living) - 2 + 1  # the Mayor's twice
        dead = f'[data-seat="{wolves[0]}"][data-alive="false"][data-card="werewolf"]'
        tv.wait_for_selector(f'[data-testid="seat"]{dead}')
        shot(tv, "tv-ballots")
        tv_fr.wait_for_selector('[data-testid="ballots"]', timeout=WAIT_MS)
        shot(tv_fr, "tv-ballots-fr")

        # Night 2; the host removes the last werewolf, who left the village: the village wins.
        at(tv, "night", timeout=STEP_MS, night=2)
        tv.once("dialog", lambda dialog: dialog.accept())
        tv.locator('[data-testid="host-menu"] summary').click()
        tv.click(f'[data-testid="host-player"][data-position="{wolves[1]}"] button.danger')
        at(tv, "over")
        winner = tv.wait_for_selector('[data-testid="winner"]')
        assert winner.get_attribute("data-team") == "village"
        assert tv.locator('[data-testid="revealed"]').count() == 8
        seer_card = f'[data-testid="revealed"][data-seat="{seer}"][data-card="seer"]'
        assert tv.locator(seer_card).count() == 1
        lovers = tv.locator('[data-testid="lovers"]').inner_text()
        assert NAMES[cupid] in lovers and NAMES[villager] in lovers
        timeline = tv.locator('[data-testid="timeline"]').inner_text()
        assert NAMES[hunter] in timeline and NAMES[wolves[0]] in timeline
        shot(tv, "tv-end")
        tv_fr.wait_for_selector('[data-testid="winner"]', timeout=WAIT_MS)
        shot(tv_fr, "tv-end-fr")
        for position, phone in enumerate(phones):
            if position == wolves[1]:  # removed: his phone went back to the join form
                phone.wait_for_url(re.compile(r"removed=1"), timeout=WAIT_MS)
                continue
            won = '[data-testid="phone-winner"][data-team="village"]'
            phone.wait_for_selector(won, timeout=WAIT_MS)
        shot(phones[seer], "phone-end")
        # The recap: the awards and the dead in order on the TV, each phone its own summary.
        recap_tv = tv.locator('[data-testid="recap"]')
        expect(recap_tv).to_be_visible(timeout=WAIT_MS)
        expect(recap_tv.locator('[data-testid="award-last_wolf"]')).to_contain_text(
            NAMES[wolves[1]])
        expect(recap_tv.locator('[data-testid="award-sharpest_voter"]')).to_be_visible()
        deaths = recap_tv.locator(".recap-deaths li").all_inner_texts()
        assert NAMES[hunter] in deaths[0] and NAMES[wolves[1]] in deaths[-1], deaths
        assert any(NAMES[wolves[0]] in death for death in deaths), deaths
        shot(tv, "tv-recap")
        mine = phones[seer].locator('[data-testid="recap-mine"] li')
        expect(mine).to_have_count(4, timeout=WAIT_MS)
        assert "Seer" in mine.first.inner_text() and "won" in mine.nth(1).inner_text()
        seer_fr.wait_for_selector('[data-testid="phone-winner"]', timeout=WAIT_MS)
        shot(seer_fr, "phone-end-fr")
        assert errors == []
