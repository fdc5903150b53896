"""Outfox the Fox in real browsers: a TV and three phones play a whole game to the podium.

The TV creates the room through the home page form with short timers; three phones join by code;
the VIP starts. Each of the six turns the reader picks a front and writes a Fox (the first one is
refused twice, shown by the field), the guessers fill the GUESS column together and agree, double
down, and the reveal runs on its own. In the middle of one ranking a guesser's phone reloads and
keeps its seat and the column. The columns are built from the reader's secret ranks so the final
scores are known: Ada and Bo share the win with 32, Cy has 29.

Screenshots go to /tmp/shots/outfox-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from games.outfox import audience
from games.outfox import rules as outfox
from tests.games.outfox import test_rules as played
from tests.games.outfox.test_rules import (
    act,
    all_agree,
    guessers,
    new_game,
    random_game,
    readers,
    to_rank,
    to_read,
)
from tests.support.browser import WAIT_MS, hub_start, party_open, screen_page, settled
from tests.support.browser import shot as screenshot

pytestmark = [pytest.mark.browser, pytest.mark.long(110)]

NAMES = ["Ada", "Bo", "Cy"]


def shot(page, name: str) -> None:
    screenshot(page, f"outfox-{name}")


def at(page, testid: str, phase: str, turn: int) -> None:
    """Wait until a screen shows ``phase`` of ``turn``."""
    page.wait_for_selector(
        f'[data-testid="{testid}"][data-phase="{phase}"][data-turn="{turn}"]', timeout=WAIT_MS
    )


def phone_at(page, phase: str, turn: int) -> None:
    at(page, "ofx-phone", phase, turn)


def column(page, testid: str = "slot") -> list[str]:
    """The GUESS column as a screen shows it: the answer index in each slot ('' when empty)."""
    slots = page.locator(f'[data-testid="{testid}"]')
    return [slots.nth(i).get_attribute("data-answer") for i in range(6)]


def column_is(page, expected: list[str], testid: str = "slot") -> None:
    page.wait_for_function(
        """([testid, expected]) => {
            const slots = [...document.querySelectorAll(`[data-testid="${testid}"]`)];
            return slots.length === 6 && slots.every((el, i) => el.dataset.answer === expected[i]);
        }""",
        arg=[testid, expected],
        timeout=WAIT_MS,
    )


def room_create(tv, base: str) -> str:
    """The TV creates an Outfox room from the home page with short timers."""
    tv.goto(base + "/")
    form = tv.locator('form[data-game="outfox"]')
    form.locator("summary").click()
    form.locator('[name="outfox-language"]').select_option("en")
    form.locator('[name="outfox-rank_seconds"]').select_option("0")
    # Double Down ends once both guessers bet (they always do here): a timer long enough for
    # the reader's peek and a phone reloaded on a loaded machine (5 s ran out before a guesser's
    # phone showed the phase).
    form.locator('[name="outfox-double_down_seconds"]').fill("30")
    form.locator('[name="outfox-reveal_pace"]').select_option("auto")
    form.locator('[name="outfox-reveal_seconds"]').fill("1")
    form.locator('[name="outfox-read_seconds"]').fill("0")
    form.locator('button[type="submit"]').click()
    tv.wait_for_url(re.compile(r"/tv/[A-Z0-9]+\?room=\d+$"))
    return tv.locator("#room-code").inner_text().strip()


def fox_write(reader, turn: int) -> None:
    """The reader's Fox; on the first turn two refusals show by the field first."""
    reader.wait_for_selector('[data-testid="fox-input"]')
    if turn == 1:
        reader.click('[data-testid="fox-submit"]')
        error = reader.wait_for_selector('[data-testid="fox-error"]', timeout=WAIT_MS)
        assert error.inner_text().strip()
        real = reader.locator('.ofx-secret-row:not(.fox) .ofx-answer-text').first.inner_text()
        # The same answer disguised: upper case, punctuation, a leading "the" (unless it has one).
        the = "" if real.lower().startswith("the ") else "the "
        reader.fill('[data-testid="fox-input"]', f"{the}{real.upper()}!")
        reader.click('[data-testid="fox-submit"]')
        reader.wait_for_function(
            """(real) => {
                const el = document.querySelector('[data-testid="fox-error"]');
                return el && el.textContent.includes(real);
            }""",
            arg=real,
            timeout=WAIT_MS,
        )
    if turn == 2:  # a half-typed Fox survives the reader's phone reloading
        reader.fill('[data-testid="fox-input"]', "Half a Fo")
        reader.reload()
        phone_at(reader, "fox", turn)
        assert reader.input_value('[data-testid="fox-input"]') == "Half a Fo"
    reader.fill('[data-testid="fox-input"]', f"Zorblax No. {turn}")
    reader.click('[data-testid="fox-submit"]')


def secret_ranks(reader) -> list[int]:
    """The real rank of each answer in reading order (0 = the Fox), from the reader's phone."""
    rows = reader.locator('[data-testid="secret"] .ofx-secret-row')
    return [int(rows.nth(i).get_attribute("data-rank")) for i in range(6)]


def target_column(ranks: list[int], turn: int) -> list[str]:
    """Odd turns: the true Top 5 and the Fox caught. Even turns: the Fox and #1 swapped."""
    by_rank = {rank: str(answer) for answer, rank in enumerate(ranks)}
    target = [by_rank[1], by_rank[2], by_rank[3], by_rank[4], by_rank[5], by_rank[0]]
    if turn % 2 == 0:
        target[0], target[5] = target[5], target[0]
    return target


def place(phone, answer: str, slot: int) -> None:
    phone.click(f'[data-testid="answer"][data-answer="{answer}"]')
    phone.wait_for_selector(f'[data-testid="answer"][data-answer="{answer}"].selected')
    phone.click(f'[data-testid="slot"][data-slot="{slot}"]')


def rank_together(tv, guessers, target: list[str], turn: int, reload_turn: int) -> None:
    """The guessers fill the column one move at a time, each move seen on both phones and the
    TV. On ``reload_turn`` the first guesser's phone reloads halfway and keeps everything."""
    expected = [""] * 6
    first, second = guessers
    if turn == 1:  # place, take back out, place again
        place(first, target[0], 0)
        column_is(first, [target[0]] + [""] * 5)
        first.click('[data-testid="slot"][data-slot="0"]')
        first.click('[data-testid="take-out"]')
        column_is(second, [""] * 6)
    for slot in range(6):
        phone = guessers[slot % 2]
        place(phone, target[slot], slot)
        expected[slot] = target[slot]
        for screen in guessers:
            column_is(screen, expected)
        column_is(tv, expected, "tv-slot")
        if turn == reload_turn and slot == 2:
            shot(first, "phone-rank")
            name = first.locator("#me").inner_text()
            first.reload()
            phone_at(first, "rank", turn)
            column_is(first, expected)
            assert first.locator("#me").inner_text() == name
            assert first.get_attribute('[data-testid="ofx-phone"]', "data-role") == "guesser"
            first.wait_for_function(
                "() => !document.getElementById('net') || document.getElementById('net').hidden"
            )
    if turn == reload_turn:
        shot(tv, "tv-rank")
        shot(second, "phone-rank-full")
    first.click('[data-testid="agree"]')
    first.wait_for_selector('[data-testid="agree"][disabled]', timeout=WAIT_MS)
    second.wait_for_function(
        "() => /1/.test(document.querySelector('[data-testid=\"agreed-line\"]').textContent)",
        timeout=WAIT_MS,
    )
    tv.wait_for_selector('[data-testid="agreed"]', timeout=WAIT_MS)
    second.click('[data-testid="agree"]')


def double_down(tv, guessers, turn: int) -> None:
    """First guesser bets on #2 (on turn 6: on #1); second on #1. On turn 1 the first guesser
    changes their mind before the second picks."""
    first, second = guessers
    for phone in guessers:
        phone_at(phone, "double_down", turn)
    if turn == 1:
        first.click('[data-testid="dd-answer"][data-slot="2"]')
        first.wait_for_selector('[data-testid="dd-answer"][data-slot="2"].mine', timeout=WAIT_MS)
        tv.wait_for_selector('[data-testid="picked"]', timeout=WAIT_MS)
        shot(tv, "tv-double-down")
        shot(first, "phone-double-down")
        assert first.is_disabled('[data-testid="dd-answer"][data-slot="5"]')
    first.click(f'[data-testid="dd-answer"][data-slot="{0 if turn == 6 else 1}"]')
    first.wait_for_selector(
        f'[data-testid="dd-answer"][data-slot="{0 if turn == 6 else 1}"].mine', timeout=WAIT_MS
    )
    second.click('[data-testid="dd-answer"][data-slot="0"]')


def play_turn(tv, phones, turn: int) -> None:
    for phone in phones:
        phone_at(phone, "draw", turn)
    at(tv, "ofx-tv", "draw", turn)
    roles = [phone.get_attribute('[data-testid="ofx-phone"]', "data-role") for phone in phones]
    assert roles.count("reader") == 1
    reader = phones[roles.index("reader")]
    guessers = [phone for phone, role in zip(phones, roles, strict=True) if role == "guesser"]
    assert reader is phones[(turn - 1) % 3]  # the role goes round in seat order

    # Draw: the fronts are on the reader's phone only.
    fronts = reader.locator('[data-testid="offer-card"] .ofx-q').all_inner_texts()
    assert len(fronts) == 3
    board_text = tv.locator("#game").inner_text()
    assert not any(front in board_text for front in fronts)
    if turn == 1:
        shot(reader, "phone-draw")
        shot(tv, "tv-draw")
    reader.click('[data-testid="offer-card"] >> nth=0')

    # Fox: written on the reader's phone; the TV shows only who is writing.
    phone_at(reader, "fox", turn)
    at(tv, "ofx-tv", "fox", turn)
    fox_write(reader, turn)
    if turn == 1:
        shot(reader, "phone-fox")

    # Read: the TV shows the question and all six; the reader starts the clock.
    phone_at(reader, "read", turn)
    at(tv, "ofx-tv", "read", turn)
    assert f"Zorblax No. {turn}" in tv.locator('[data-testid="answers"]').inner_text()
    ranks = secret_ranks(reader)
    if turn == 1:
        shot(tv, "tv-read")
        if tv.evaluate("'speechSynthesis' in window"):
            # The TV's own speech switch (a first click may only grant the browser's permission).
            toggle = tv.locator('[data-testid="speech-toggle"]')
            texts = []
            for _ in range(2):
                toggle.click()
                texts.append(toggle.inner_text())
            assert "Voice: off" in texts
    reader.click('[data-testid="start-clock"]')

    # Rank together, agree.
    for phone in guessers:
        phone_at(phone, "rank", turn)
    assert reader.locator('[data-testid="agree"]').count() == 0  # the reader only watches
    rank_together(tv, guessers, target_column(ranks, turn), turn, reload_turn=2)

    # The reader's real ranks show only while the peek button is held.
    phone_at(reader, "double_down", turn)
    chips = reader.locator(".ofx-slot .ofx-rank")
    assert chips.count() == 0
    # (held again if a frame redrew the screen under the finger: the button lets go when the
    # pointer leaves it, which a loaded machine's late layout can look like)
    for hold in range(3):
        reader.locator('[data-testid="peek"]').hover()
        reader.mouse.down()
        try:
            reader.wait_for_function(
                "() => document.querySelectorAll('.ofx-slot .ofx-rank').length === 6",
                timeout=WAIT_MS // 3)
            break
        except PlaywrightTimeout:
            reader.mouse.up()
            assert hold < 2, "the real ranks never showed while the peek button was held"
    reader.mouse.up()
    reader.wait_for_function("() => document.querySelectorAll('.ofx-slot .ofx-rank').length === 0",
                             timeout=WAIT_MS)

    double_down(tv, guessers, turn)

    # Reveal: one answer at a time into the TOP 5, then the points.
    at(tv, "ofx-tv", "reveal", turn)
    if turn == 1:
        tv.wait_for_selector(
            '[data-testid="top5-row"][data-rank="3"][data-answer]', timeout=WAIT_MS
        )
        shot(tv, "tv-reveal")
    at(tv, "ofx-tv", "score", turn)
    assert tv.locator('[data-testid="top5-row"][data-answer]').count() == 6
    assert tv.locator('[data-testid="turn-points"]').count() == 3
    phone_at(reader, "score", turn)
    # The reader can read the real order out: #1 to #5, then the Fox.
    real = reader.locator('[data-testid="real-order"] [data-rank]')
    assert [real.nth(i).get_attribute("data-rank") for i in range(6)] == [*"12345", "0"]
    if turn == 2:
        settled(tv)  # the points appear once the Fox has landed
        shot(tv, "tv-score")
        shot(guessers[0], "phone-score")
    reader.click('[data-testid="next"]')


def test_outfox_full_game_in_browsers(tmp_path, chromium_path, daphne_factory):
    base = hub_start(tmp_path, daphne_factory)
    with party_open(chromium_path) as party:
        tv, errors = party.tv, party.errors
        code = room_create(tv, base)
        phones = [party.phone_join(base, code, name) for name in NAMES]
        tv.wait_for_function("() => document.querySelectorAll('#lobby-side li').length === 3")

        phones[0].click('[data-testid="start"]')  # the first to join is the VIP
        for turn in range(1, 7):
            play_turn(tv, phones, turn)

        # The podium: Ada and Bo share the win.
        tv.wait_for_selector('[data-testid="ofx-tv"][data-phase="over"]', timeout=WAIT_MS)
        winner = tv.locator('[data-testid="winner"]').inner_text()
        assert "Ada" in winner and "Bo" in winner and "Cy" not in winner
        scores = tv.locator('[data-testid="podium"]').inner_text()
        assert "32" in scores and "29" in scores
        for phone in phones:
            phone.wait_for_selector('[data-testid="phone-podium"]', timeout=WAIT_MS)
        assert phones[0].locator('[data-testid="my-place"]').inner_text().startswith("Place 1")
        assert phones[2].locator('[data-testid="my-score"]').inner_text().startswith("29")
        shot(tv, "tv-podium")
        shot(phones[0], "phone-podium")
        # The recap: the game's awards on the TV, each phone its own summary.
        recap_tv = tv.locator('[data-testid="recap"]')
        expect(recap_tv).to_be_visible(timeout=WAIT_MS)
        for key in ("best_fox", "double_down", "biggest_jump"):
            expect(recap_tv.locator(f'[data-testid="award-{key}"]')).to_be_visible()
        expect(recap_tv.locator('[data-testid="award-best_fox"]')).to_contain_text("Turn ")
        shot(tv, "tv-recap")
        mine = phones[0].locator('[data-testid="recap-mine"] li')
        expect(mine.first).to_have_text("You scored 32 points: place 1.", timeout=WAIT_MS)
        expect(mine).to_have_count(4)
        assert errors == []


@pytest.mark.django_db
def test_the_audience_ballot_asks_the_tvs_question_with_the_tvs_letters(chromium_path):
    """An audience phone's ballot shows the card's question as the TV does, and each answer
    with the letter the TV gives it (the audience talks about "B" with the room)."""
    view = outfox.view(to_read(new_game(3)), None)
    frame = {"type": "state", "version": 1, "room": {"status": "playing"},
             "you": {"audience": True}, "view": view}
    tally = {"open": {**audience.ballot(view), "voters": 0}}
    with screen_page(chromium_path, {"width": 390, "height": 844}, "outfox") as (
            page, page_data, errors):
        page.evaluate("a => window.__show(...a)", [page_data, frame, NAMES, True])
        question = view["card"]["question"]
        expect(page.locator('[data-testid="question"]')).to_have_text(question)
        letters = page.locator('[data-testid="answers"] .ofx-letter').all_inner_texts()
        assert letters == list("ABCDEF")[:len(view["answers"])]
        page.evaluate("a => window.__crowd(...a)", [page_data, frame, NAMES, tally])
        ballot = page.locator('[data-testid="audience-ballot"]')
        expect(ballot.locator('[data-testid="audience-prompt"]')).to_have_text(question)
        for name in ("fox", "top"):
            choices = ballot.locator(f'[data-question="{name}"] .crowd-choice')
            assert choices.locator(".ofx-letter").all_inner_texts() == letters
            texts = [" ".join(text.split()) for text in choices.all_inner_texts()]
            pairs = zip(letters, view["answers"], strict=True)
            assert texts == [f"{mark} {answer}" for mark, answer in pairs]
        shot(page, "audience-ballot")
        assert errors == []


# The phone's news for a screen reader (partyhub/js/announce.js says it before the phase), frame
# after frame, and the TV's words for each scored turn's result.
NEWS_HEARD = """async ([data, frames, boards, names]) => {
  const phone = await import("/static/outfox/phone.js");
  const common = await import("/static/outfox/common.js");
  const ctx = { page: data, nameOf: (p) => names[p] ?? "?" };
  const heard = frames.map((frame) => phone.news(frame, ctx));
  const tv = boards.map((view) => common.resultLines(view, ctx));
  return { heard, tv };
}"""


def scored(state: dict) -> dict:
    """The turn played to its score: the guessers place the answers in reading order and agree,
    each doubles down on the first, the reader reveals the six."""
    state = all_agree(played.column(to_rank(state), list(range(6))))
    for seat in guessers(state):
        state = act(state, seat, {"type": "double_down", "answer": 0})
    while state["phase"] == "reveal":
        state = act(state, readers(state)[0], {"type": "next"})
    assert state["phase"] == "score"
    return state


@pytest.mark.django_db
def test_a_screen_reader_hears_each_scored_turns_result_once(chromium_path):
    """A guesser's phone, frame after frame through two turns: its live region is told the
    scored turn's result as the TV words it (where the Fox hid, how many answers were right)
    when the turn is scored, once (a frame again at the score, a sync
    or a presence change, says nothing new), and the next turn's when that one is scored."""
    first = scored(new_game(3))
    second = scored(act(first, readers(first)[0], {"type": "next"}))
    assert (first["turn"], second["turn"]) == (0, 1)
    seat = 2  # a guesser in both turns
    assert seat in guessers(first) and seat in guessers(second)
    before = to_rank(new_game(3))
    states = [before, first, first, act(first, readers(first)[0], {"type": "next"}), second,
              second]
    frames = [{"type": "state", "version": i, "view": outfox.view(s, seat)}
              for i, s in enumerate(states)]
    boards = [outfox.view(s, None) for s in (first, second)]
    with screen_page(chromium_path, {"width": 390, "height": 844}, "outfox") as (
            page, data, errors):
        said = page.evaluate(NEWS_HEARD, [data, frames, boards, NAMES])
        assert not errors, errors
    heard, tv = said["heard"], said["tv"]
    assert all(tv) and tv[0] != tv[1], tv
    assert heard == [[], tv[0], [], [], tv[1], []], said


# Each track square's number and pieces that lie outside the square (a number of 28 px in a
# square of a 1440 px TV ran over its neighbours, "20", "25", "30" under the recap's podium).
TRACK_SPILLS = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom].map(Math.round);
  };
  return [...document.querySelectorAll(".ofx-track .ofx-square")].flatMap((square) => {
    const [left, top, right, bottom] = box(square);
    return [...square.querySelectorAll(".ofx-square-n, .ofx-token")].filter((el) => {
      const [l, t, r, b] = box(el);
      return l < left - 1 || r > right + 1 || t < top - 1 || b > bottom + 1;
    }).map((el) => `${el.className} "${el.textContent}" ${box(el)} in ${box(square)}`);
  });
}"""


@pytest.mark.django_db
@pytest.mark.parametrize("n", [2, 5, 10])
def test_the_tvs_track_keeps_its_numbers_and_pieces_in_their_squares(chromium_path, n):
    """The TV's end screen (the podium beside the track) at 1920×1080 and at 1440×900: every
    fifth square's number and every piece lies inside its square, with 2, 5 and 10 players."""
    state = random_game(n, 3)[0]
    view = outfox.view(state, None)
    frame = {"type": "state", "version": 1, "room": {"status": "over"}, "view": view}
    names = [f"Player {seat + 1}" for seat in range(n)]
    with screen_page(chromium_path, {"width": 1920, "height": 1080}, "outfox") as (
            page, page_data, errors):
        for size in ({"width": 1920, "height": 1080}, {"width": 1440, "height": 900}):
            page.set_viewport_size(size)
            page.evaluate("a => window.__show(...a)", [page_data, frame, names, True])
            page.wait_for_selector('[data-testid="ofx-tv"] .ofx-track .ofx-square-n',
                                   timeout=WAIT_MS)
            settled(page)
            assert page.evaluate(TRACK_SPILLS) == [], (n, size)
            shot(page, f"tv-track-over-{n}-{size['width']}")
        assert errors == []
