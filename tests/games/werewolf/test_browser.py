"""Werewolf's screens in a real browser, drawn from the rules' own views: every prompt of every
role, the TV across the room with 24 players, what a phone shows only while held, the Witch's
one Confirm, the Hunter's shot, the notebook, the screen reader's news, the Scapegoat, the Mayor,
a pack that disagrees, the end of a 24-player game, the log's pages. (A whole game of eight
phones and a TV is test_browser_game.py.)
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.games.werewolf.browser_steps import (
    PHONE,
    hold,
    peek,
    shot,
)
from tests.support.browser import screen_page, settled

pytestmark = [pytest.mark.browser, pytest.mark.long(60)]


# --- Every prompt of every role, drawn from the rules' own views -------------------------------

def random_views(n: int, board_only: bool = False) -> dict[str, dict]:
    """Views from random seeded games of ``n`` players with the published deck (every card
    from 16 players on), driven by the rules' legal actions and timeouts: the TV's view of
    every phase ("board-<phase>") and, unless ``board_only``, a phone's view of every prompt
    kind, a ghost's, the audience's and the end's."""
    import random

    from games.werewolf import rules

    wanted = {f"board-{phase}" for phase in rules.PHASES}
    if not board_only:
        wanted |= set(rules.PROMPT_KINDS) | {"audience", "ghost", "over"}
    found: dict[str, dict] = {}
    for seed in range(40):
        pick = random.Random(seed)
        now = 1000.0
        state = rules.setup(n, {}, seed, now, {})
        while True:
            views = rules.views(state, [None] if board_only else [None, *range(n)])
            found.setdefault(f"board-{state['phase']}", views[0])
            found.setdefault("audience", views[0])
            for view in views[1:]:
                me = view["me"]
                if me["prompt"] and me["actions"]:
                    found.setdefault(me["prompt"]["kind"], view)
                elif not me["alive"] and me["ghost"] and me["prompt"] is None:
                    found.setdefault("ghost", view)
            if state["over"]:
                break
            movers = [seat for seat in range(n) if rules.legal_actions(state, seat)]
            if movers and pick.random() < 0.85:
                seat = pick.choice(movers)
                state = rules.apply(state, seat, pick.choice(rules.legal_actions(state, seat)), now)
                now += 0.5
            else:
                now = max(now, state["deadline"] or now)
                state = rules.apply(state, None, {"type": "timeout"}, now)
        if not board_only:
            found.setdefault("over", rules.view(state, 0))
        if wanted <= set(found):
            return {name: view for name, view in found.items() if name in wanted}
    raise AssertionError(f"never reached: {wanted - set(found)}")


def draw(page, page_data: dict, view: dict, n: int, board: bool = False) -> None:
    frame = {"type": "state", "version": 1, "view": view}
    names = [f"Player {seat + 1}" for seat in range(n)]
    page.evaluate("a => window.__show(...a)", [page_data, frame, names, board])
    page.wait_for_selector('[data-testid="ww-tv"]' if board else '[data-testid="ww-phone"]')


# Every visible control of the phone's stage, bottom bar and card smaller than 44 x 44 px.
SMALL_TARGETS = """() => [...document.querySelectorAll(
  '.ww-stage button, .pinned button, [data-testid="peek"]')]
  .map((el) => el.getBoundingClientRect())
  .filter((box) => box.width && box.height && (box.width < 44 || box.height < 44)).length"""

# The smallest font of any text shown on the TV, in px.
SMALLEST_TV_TEXT = """() => Math.min(...[...document.querySelectorAll('.ww-tv *')]
  .filter((el) => el.getClientRects().length
    && [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
  .map((el) => parseFloat(getComputedStyle(el).fontSize)))"""


@pytest.mark.django_db
def test_every_prompt_renders_and_sends_only_legal_actions(chromium_path):
    """Each phone prompt of section 5 (every role's, the decoy, the day's), the ghost screen,
    the audience's and the end, drawn by phone.js from a real view with the server's texts: no
    script error, the question shown, tap targets of at least 44 x 44 px, and the taps send only
    actions the rules list for that phone."""
    views = random_views(16)
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        for name, view in sorted(views.items()):
            if name.startswith("board-"):
                continue
            draw(page, page_data, view, 16)
            shot(page, f"prompt-{name}")
            assert page.evaluate(SMALL_TARGETS) == 0, name
            if name in ("audience", "ghost", "over"):
                testid = {"audience": "village", "ghost": "ghost", "over": "phone-winner"}[name]
                assert page.locator(f'[data-testid="{testid}"]').count() == 1
                continue
            assert page.locator('[data-testid="question"]').inner_text().strip(), name
            # Tap the first enabled choice (at night a row's first, then a cell, until Confirm
            # turns gold), then the main button (Confirm, "I have seen my card" once the card
            # was held, "Ready to vote"): only legal actions go out. The view is not redrawn:
            # a tap the server keeps is sent, not shown.
            if name == "look":
                peek(page)
            main = page.locator(".pinned button.big:not([disabled])")
            for _tap in range(2):
                choice = page.locator(".ww-stage button.ww-pick:not([disabled])"
                                      ':not([aria-disabled]):not([aria-pressed="true"])').first
                if main.count() or not choice.count():
                    break
                choice.click()
            if main.count():
                main.click()
            sent = page.evaluate("window.__acts")
            assert sent, f"{name}: nothing sent"
            legal = [{"type": a["type"], "target": a["target"]} for a in view["me"]["actions"]]
            for action in sent:
                assert action in legal, (name, action, legal)
        assert errors == []


# The TV's paged panels (ballots, the log, the timeline) whose items run past their box.
PANELS_OVERFLOWING = """() => [...document.querySelectorAll('.ww-pages')]
  .filter((panel) => panel.scrollHeight > panel.clientHeight + 1).map((panel) => panel.className)"""


@pytest.mark.django_db
def test_tv_reads_across_the_room_with_24_players(chromium_path):
    """The TV of a 24-player game in every phase, drawn by tv.js from the rules' board view: no
    text under 28 px, every seat on the 1080p screen, no script error; each paged panel shows
    the items that fit, and fits them again when the screen changes size (a TV's window made
    smaller, a remote board turned), not a page turn later."""
    tv = {"width": 1920, "height": 1080}
    smaller = {"width": 1600, "height": 900}
    with screen_page(chromium_path, tv, "werewolf") as (page, page_data, errors):
        paged = 0
        for name, view in sorted(random_views(24, board_only=True).items()):
            draw(page, page_data, view, 24, board=True)
            shot(page, f"tv24-{name}")
            assert page.evaluate(SMALLEST_TV_TEXT) >= 28, name
            seats = page.locator('[data-testid="seats"], [data-testid="reveal"]').bounding_box()
            assert seats["y"] + seats["height"] <= 1080, name
            assert page.evaluate(PANELS_OVERFLOWING) == [], name
            paged += page.locator(".ww-pages").count()
            page.set_viewport_size(smaller)
            page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")
            assert page.evaluate(PANELS_OVERFLOWING) == [], (name, smaller)
            page.set_viewport_size(tv)
        assert paged, "no view had a paged panel"
        assert errors == []


# --- At night: what a phone alone may know, under "Hold to see" --------------------------------
# (that every living phone looks the same at every step, held or not, is measured by
# test_night_alike.py, on the same game of 11)

def night_at(key: str, moves: list[tuple[int, str, Any]] = (), state: dict | None = None) -> dict:
    """The game of 11 of test_night_alike.py (or ``state``, later the same night) at step
    ``key`` of night 1, after ``moves`` (seat, action type, target)."""
    from games.werewolf import rules
    from tests.games.werewolf.test_night_alike import night_game

    state = state or night_game()
    while state["step"]["key"] != key:
        state = rules.apply(state, None, {"type": "timeout"}, state["deadline"])
    for seat, kind, target in moves:
        state = rules.apply(state, seat, {"type": kind, "target": target}, state["deadline"] - 1)
    return state


NIGHT_SEATS = 11
PACK_POINTS = [(1, "wolf_wake", None), (1, "wolf_vote", 9)]
PACK_AGREES = [*PACK_POINTS, (2, "wolf_wake", None), (2, "wolf_vote", 9), (1, "confirm", None),
               (2, "confirm", None)]


@pytest.mark.django_db
def test_a_night_result_shows_only_while_held(chromium_path):
    """Issue 25 (2): the Seer's result, the pack's board and victim, the Witch's victim show
    while "Hold to see" is held (a pointer, or Space on the focused button), not after; a
    decoy's shows a line of its own. A second finger may tap the grid meanwhile."""
    from games.werewolf import rules

    seer = night_at("seer", [(3, "seer_look", 1)])
    pointing = night_at("werewolves", PACK_POINTS)
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        draw(page, page_data, rules.view(seer, 3), NIGHT_SEATS)
        assert "Player 2 is: Werewolf" in hold(page, "seer-result")["text"]
        button = page.get_by_role("button", name="Hold to see", exact=True)
        button.focus()
        page.keyboard.down(" ")
        expect(page.locator('[data-testid="seer-result"]')).to_be_visible()
        shot(page, "night-hold-seer")
        page.keyboard.up(" ")
        expect(page.locator('[data-testid="seer-result"]')).to_have_count(0)
        draw(page, page_data, rules.view(seer, 0), NIGHT_SEATS)
        hold(page, "hold-nothing")
        draw(page, page_data, rules.view(pointing, 1), NIGHT_SEATS)
        assert "Player 2" in hold(page, "pack-board")["text"]
        # Held by one finger (the mouse), the grid still takes a tap (a touch elsewhere).
        box = page.locator('[data-testid="hold"]').bounding_box()
        page.mouse.move(box["x"] + 5, box["y"] + 5)
        page.mouse.down()
        page.dispatch_event('[data-testid="pick"][data-seat="8"]', "pointerup",
                            {"pointerId": 7, "bubbles": True})
        expect(page.locator('[data-testid="pack-board"]')).to_be_visible()
        shot(page, "night-hold-wolf")
        page.mouse.up()
        draw(page, page_data, rules.view(night_at("werewolves", PACK_AGREES), 1), NIGHT_SEATS)
        assert "Tonight's victim: Player 10" in hold(page, "pack-victim")["text"]
        witch = night_at("witch", state=night_at("werewolves", PACK_AGREES))
        draw(page, page_data, rules.view(witch, 4), NIGHT_SEATS)
        assert "Player 10" in hold(page, "witch-victim")["text"]
        assert errors == []


@pytest.mark.django_db
def test_the_witch_heals_and_poisons_with_one_confirm_and_sees_what_it_will_do(chromium_path):
    """Issue 34: her grid's victim is marked where only she sees it (the held panel, with the
    victim's token); tapping the victim, then someone else, shows what Confirm will do; one
    Confirm sends both potions and ends her turn (a grey "Done"), no "Tap Nobody" left."""
    from games.werewolf import rules

    witch = night_at("witch", state=night_at("werewolves", PACK_AGREES))
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        draw(page, page_data, rules.view(witch, 4), NIGHT_SEATS)
        assert hold(page, "witch-victim")["seat"] == "9"
        page.click('[data-testid="pick"][data-seat="9"]')
        page.click('[data-testid="pick"][data-seat="10"]')
        assert page.locator('[data-testid="pick"][aria-pressed="true"]').count() == 2
        assert "Player 10" in hold(page, "witch-healed")["text"]
        assert "Player 11" in hold(page, "witch-poisoned")["text"]
        page.click('[data-testid="confirm"]')
        assert page.evaluate("window.__acts") == [
            {"type": "witch_heal", "target": None}, {"type": "witch_poison", "target": 10},
            {"type": "confirm", "target": None}]
        for action in page.evaluate("window.__acts"):
            witch = rules.apply(witch, 4, action, witch["deadline"] - 1)
        page.evaluate("v => window.__screen.update({ type: 'state', version: 2, view: v })",
                      rules.view(witch, 4))
        expect(page.locator('[data-testid="confirm"]')).to_have_text("Done ✓")
        assert page.locator('[data-testid="pick"][aria-pressed="true"]').count() == 2
        shown = held(page)
        assert "witch-healed" in shown and "witch-poisoned" in shown
        assert "Tap" not in page.locator('[data-testid="hold-panel"]').inner_text()
        assert errors == []


# --- The day's staged moments, drawn from the rules' own views ----------------------------------

MOMENTS = """async ([before, after, names]) => {
  const { moments } = await import("/static/werewolf/drama.js");
  const ctx = { page: window.__page, nameOf: (p) => names[p] ?? "?" };
  return moments(before, after, ctx)
    .map((m) => ({ kind: m.kind, text: m.text || "", icon: m.icon || "" }));
}"""


def hunter_day() -> list[dict]:
    """Board views of a day: the dawn (the Hunter, seat 5, eaten), his prompt, his shot on seat
    1 (held), then the discussion."""
    from games.werewolf import rules
    from tests.games.werewolf import test_rules as play

    dawn = play.night_with(play.begin(play.game(play.VILLAGE6, options=play.NO_MAYOR)), 5)
    prompt = play.timeout(dawn)
    shot = play.act(prompt, 5, "shoot", 1)
    return [rules.view(state, None) for state in (dawn, prompt, shot, play.timeout(shot))]


@pytest.mark.django_db
def test_the_hunters_shot_is_staged_in_order_with_characters_every_tv_has(chromium_path):
    """The shot gets its own banner before the death it causes, on a held phase titled for it;
    the Hunter's prompt opening has one too; no icon is outside the Basic Multilingual Plane (a
    colour emoji shows as a box on a TV without an emoji font)."""
    dawn, prompt, held, talk = hunter_day()
    names = [f"Player {seat + 1}" for seat in range(6)]
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "werewolf") as (
            page, page_data, errors):
        page.evaluate("data => { window.__page = data; }", page_data)
        found = page.evaluate(MOMENTS, [held, held, names])
        assert found == []  # the same view again: nothing new
        opened = page.evaluate(MOMENTS, [dawn, prompt, names])
        assert [m["kind"] for m in opened] == ["prompt-hunter"]
        assert "Player 6" in opened[0]["text"]
        fired = page.evaluate(MOMENTS, [prompt, held, names])
        assert [m["kind"] for m in fired] == ["shot", "death"], fired
        assert "Player 6" in fired[0]["text"] and "Player 2" in fired[0]["text"]
        woke = page.evaluate(MOMENTS, [{**dawn, "phase": "night", "log": []}, dawn, names])
        assert [m["kind"] for m in woke] == ["dawn", "death"], woke
        assert all(ord(c) <= 0xFFFF for m in opened + fired + woke for c in m["icon"] + m["text"])
        draw(page, page_data, held, 6, board=True)
        assert page.locator('[data-testid="phase-title"]').inner_text() == "The Hunter's shot"
        shot(page, "tv-outcome-shot")
        assert talk["phase"] == "talk"
        assert errors == []


@pytest.mark.django_db
def test_the_notebook_says_nothing_of_its_owner_before_it_is_opened(chromium_path):
    """Issue 25 (3): the notebook's summary has no count of lines, which told a Werewolf or the
    Witch (lines from the look at the cards on) from a Villager or the Hunter."""
    from games.werewolf import rules

    state = night_at("thief")
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        summaries = set()
        for seat in (1, 4, 9):  # a Werewolf, the Witch, a Villager
            draw(page, page_data, rules.view(state, seat), NIGHT_SEATS)
            summary = page.locator('[data-testid="notebook"] summary')
            summaries.add((summary.inner_text(), summary.locator("*").count()))
        assert summaries == {("My notebook", 0)}


SPEECH = """async ([frame, page, names]) => {
  const { speech } = await import("/static/werewolf/phone.js");
  return speech(frame, { page, nameOf: (p) => names[p] ?? "?" });
}"""


@pytest.mark.django_db
def test_a_screen_reader_hears_who_died_and_who_was_executed_and_nothing_secret(chromium_path):
    """Issue 34: the live region says what the TV's narrator says at the dawn (who died, their
    card) and at the execution (who was executed), in its order, never a cause; at night every
    living phone hears the same words, actor or decoy."""
    from games.werewolf import rules
    from tests.games.werewolf import test_rules as play

    dawn = play.night_with(play.begin(play.game(play.VILLAGE6, options=play.NO_MAYOR)), 2)
    executed = play.vote_day(dawn, {0: 4, 3: 4, 5: 4})
    assert executed["phase"] == "execution"
    night = play.to_step(play.begin(play.game(play.VILLAGE6, options=play.NO_MAYOR)), "seer")
    names = [f"Player {seat + 1}" for seat in range(6)]
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        page.goto("http://screen.test/")

        def said(view: dict) -> str:
            return page.evaluate(SPEECH, [{"type": "state", "version": 1, "view": view},
                                          page_data, names])

        heard = said(rules.view(dawn, 0))
        assert heard == ("The werewolves go back to sleep. Day 1: the village wakes up. "
                         "Player 3 is dead. Their card: Villager.")
        assert "eaten" not in heard  # never the cause
        assert said(rules.view(dawn, 2)) == heard  # the dead hear it too
        heard = said(rules.view(executed, 1))
        assert heard.startswith("Here are the ballots. The village executes Player 5.")
        assert "Player 5 is dead. Their card: Werewolf." in heard
        assert said(rules.view(night, 0)) == said(rules.view(night, 1)) == said(
            rules.view(night, 2))  # the Seer, a Werewolf, a Villager
        assert errors == []


@pytest.mark.django_db
def test_the_scapegoats_list_is_for_tomorrow_and_a_mayor_may_pass_a_tie_on(chromium_path):
    """Issue 34: the evening the Scapegoat names the voters the TV says "tomorrow" (it said
    "Nobody may vote today." while the narrator said tomorrow), and "today" on their day; a
    Mayor tied with her lover has "Let the village revote" beside herself."""
    from games.werewolf import rules
    from tests.games.werewolf import test_rules as play

    state = play.to_phase(play.night_with(play.begin(play.game(play.GOAT7,
                                                                 options=play.NO_MAYOR)), None),
                          "talk")
    state = play.to_phase(play.vote_day(state, {2: 1, 3: 4}), "prompt")
    named = play.act(play.act(state, 0, "scapegoat_pick", 2), 0, "confirm")
    nobody = play.act(state, 0, "confirm")
    their_day = play.to_phase(play.wolves_kill(named, None), "talk")
    lovers = play.lovers_game(2, 3, cards=["cupid", "werewolf", "villager", "villager",
                                           "werewolf", "hunter", "seer"])
    lovers["mayor"] = 2
    tie = play.vote_day(play.to_phase(lovers, "talk"), {2: "abstain", 0: 2, 6: 3})
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "werewolf") as (
            page, page_data, errors):
        voters = '[data-testid="scapegoat-voters"]'
        draw(page, page_data, rules.view(nobody, None), 7, board=True)
        assert page.locator(voters).inner_text() == "Nobody may vote tomorrow."
        shot(page, "tv-scapegoat-tomorrow")
        draw(page, page_data, rules.view(named, None), 7, board=True)
        assert page.locator(voters).inner_text() == "Tomorrow only Player 3 may vote."
        draw(page, page_data, rules.view(their_day, None), 7, board=True)
        assert page.locator(voters).inner_text() == "Only Player 3 may vote today."
        page.set_viewport_size(PHONE)
        draw(page, page_data, rules.view(tie, 2), 7)
        assert page.locator('[data-testid="pick"]').count() == 1  # herself, never her lover
        page.click('[data-testid="revote"]')
        assert page.locator('[data-testid="revote"]').inner_text() == "Let the village revote"
        page.click('[data-testid="confirm"]')
        assert page.evaluate("window.__acts") == [{"type": "settle", "target": None}]
        shot(page, "phone-settle-revote")
        assert errors == []


@pytest.mark.django_db
def test_the_mayor_election_shows_its_ballots_and_says_a_draw(chromium_path):
    """The tied count stays beside the revote's progress; the Mayor the lot gave is held on the
    TV with the ballots, and said to be drawn."""
    from games.werewolf import rules
    from tests.games.werewolf import test_rules as play

    state = play.to_phase(play.night_with(play.begin(play.game(play.VILLAGE6)), None),
                          "candidacy")
    state = play.act(play.act(state, 2, "stand", True), 3, "stand", True)
    for seat in (0, 1, 4, 5):
        state = play.act(state, seat, "stand", False)
    state = play.timeout(play.act(play.act(state, 2, "vote", 2), 3, "vote", 3))
    revote = rules.view(state, None)
    state = play.timeout(play.act(play.act(state, 2, "vote", 2), 3, "vote", 3))
    held = rules.view(state, None)
    assert held["phase"] == "outcome"
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "werewolf") as (
            page, page_data, errors):
        draw(page, page_data, revote, 6, board=True)
        assert page.locator('[data-testid="vote-progress"]').count() == 1
        assert page.locator('[data-testid="ballots"][data-vote="election"]').count() == 1
        draw(page, page_data, held, 6, board=True)
        assert page.locator('[data-testid="phase-title"]').inner_text() == "The new Mayor"
        assert page.locator('[data-testid="ballot"]').count() == 2
        assert page.locator('[data-testid="mayor"]').count() == 1
        assert "Drawn by lot" in page.locator('[data-testid="log"]').inner_text()
        shot(page, "tv-mayor-drawn")
        assert errors == []


@pytest.mark.django_db
def test_wolves_who_confirmed_different_victims_are_told_the_pack_disagrees(chromium_path):
    """Two of three awake wolves confirmed different victims, the third has not confirmed
    (once every awake wolf has, the pack is locked: a Confirm is final, ruling "locked"): the
    third is told the pack disagrees; the two who confirmed, who can no longer point, are not."""
    from games.werewolf import rules
    from tests.games.werewolf import test_rules as play

    cards = ["werewolf", "werewolf", "werewolf", "villager", "villager", "villager",
             "villager", "seer"]
    state = play.to_step(play.begin(play.game(cards, options=play.NO_MAYOR)), "werewolves")
    state = play.act(state, 2, "wolf_wake")
    state = play.act(play.act(state, 0, "wolf_vote", 4), 0, "confirm")
    one = rules.view(state, 0)
    split = play.act(play.act(state, 1, "wolf_vote", 5), 1, "confirm")
    assert split["step"]["lock"] is None
    agreed = play.act(play.act(state, 1, "wolf_vote", 4), 1, "confirm")
    agreed = play.act(play.act(agreed, 2, "wolf_vote", 4), 2, "confirm")
    assert agreed["step"]["lock"] == [4]
    with screen_page(chromium_path, PHONE, "werewolf") as (page, page_data, errors):
        # What the pack knows shows only while its wolf holds "Hold to see" (no tells at night).
        draw(page, page_data, one, 8)
        assert "pack-disagrees" not in held(page)
        for seat in (0, 1):
            draw(page, page_data, rules.view(split, seat), 8)
            assert "pack-disagrees" not in held(page)
        draw(page, page_data, rules.view(split, 2), 8)
        assert "pack-disagrees" in held(page, "phone-pack-disagrees")
        draw(page, page_data, rules.view(agreed, 1), 8)
        shown = held(page)
        assert "pack-disagrees" not in shown and shown.count("pack-victim") == 1
        assert errors == []


def held(page, screenshot: str | None = None) -> list[str]:
    """The test ids shown in "Hold to see"'s panel while it is held (a screenshot then, if
    named); let go, it is hidden again."""
    box = page.locator('[data-testid="hold"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    panel = page.locator('[data-testid="hold-panel"]')
    expect(panel).to_be_visible()
    shown = panel.locator("[data-testid]").evaluate_all("els => els.map((e) => e.dataset.testid)")
    if screenshot:
        shot(page, screenshot)
    page.mouse.up()
    expect(panel).to_be_hidden()
    return shown


@pytest.mark.django_db
def test_the_end_of_a_24_player_game_fits_with_causes_winners_first_and_the_removed_apart(
        chromium_path):
    """Every card on the 1080p screen at once (none left to a later page), each death with its
    cause, the winners' cards first, and a winner the host removed shown apart, last, not as a
    winner; the timeline, for a smaller game, has its days (the ballots) beside its nights."""
    import copy

    view = copy.deepcopy(random_views(24, board_only=True)["board-over"])
    winners = view["result"]["winners"]
    removed = winners[0]
    view["players"][removed]["alive"] = False
    view["reveal"]["deaths"] = [d for d in view["reveal"]["deaths"] if d["seat"] != removed]
    view["reveal"]["deaths"].append({"seat": removed, "cause": "left", "clock": ["day", 1]})
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "werewolf") as (
            page, page_data, errors):
        draw(page, page_data, view, 24, board=True)
        settled(page)
        cards = page.locator('[data-testid="revealed"]')
        assert cards.count() == 24
        for index in range(24):
            box = cards.nth(index).bounding_box()
            assert box and box["y"] + box["height"] <= 1080, index
        assert page.locator('[data-testid="revealed"] [data-testid="cause"]').count() == len(
            view["reveal"]["deaths"])
        order = [int(cards.nth(i).get_attribute("data-seat")) for i in range(24)]
        shown = [seat for seat in winners if seat != removed]
        assert order[:len(shown)] == shown and order[-1] == removed
        last = page.locator(f'[data-testid="revealed"][data-seat="{removed}"]')
        assert last.get_attribute("data-winner") == "false"
        assert page.evaluate(SMALLEST_TV_TEXT) >= 28
        shot(page, "tv24-end")
        small = random_views(8, board_only=True)["board-over"]
        draw(page, page_data, small, 8, board=True)
        parts = page.locator('[data-testid="timeline"] > li')
        keys = [parts.nth(i).get_attribute("data-part") for i in range(parts.count())]
        assert "night-1" in keys and "day-1" in keys, keys
        assert keys.index("day-1") == keys.index("night-1") + 1
        assert errors == []


@pytest.mark.django_db
def test_what_happened_shows_the_newest_entry_when_a_new_event_comes(chromium_path):
    """The TV's log turns its pages while nothing happens; a new event brings it back to the
    page with the newest entry."""
    views = random_views(24, board_only=True)
    talk = views["board-talk"]
    log = [{"kind": "death", "clock": ["day", 1], "seat": seat % 24, "card": None}
           for seat in range(9)]
    older = {**talk, "log": log}
    newer = {**talk, "log": [*log, {"kind": "mayor", "clock": ["day", 1], "seat": 3,
                                    "drawn": False}]}
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "werewolf") as (
            page, page_data, errors):
        page.clock.install()
        names = [f"Player {seat + 1}" for seat in range(24)]
        page.evaluate("""([page, frame, names]) => {
          window.__show(page, frame, names, true);
          window.__frame = (view) => window.__screen.update({ type: "state", version: 2, view });
        }""", [page_data, {"type": "state", "version": 1, "view": older}, names])
        # The screen stays hidden until its stylesheet has loaded (widgets.hiddenUntil), which
        # the first frame starts: once shown, its first page is the one with the newest entry.
        page.wait_for_function(
            "() => document.querySelector('[data-testid=ww-tv]').style.visibility === ''")
        newest = '[data-testid="log"] li[data-index="8"]'
        assert page.locator(newest).is_visible()
        page.clock.run_for(7500)  # the log turns a page: the newest entry is hidden
        assert not page.locator(newest).is_visible()
        page.evaluate("view => window.__frame(view)", newer)
        assert page.locator('[data-testid="log"] li[data-index="9"]').is_visible()
        assert errors == []
