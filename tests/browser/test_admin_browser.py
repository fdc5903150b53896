"""The curators' admin in a real browser: the Fox editor (drag, keys, taps) with its live TV
preview, and a deck import through the admin's page.

One Daphne on a fresh SQLite file holding the starter decks and a superuser; Chromium at a
1440 px wide desktop. Screenshots of the card editor, the card list, a deck page and the import
page go to /tmp/shots/admin-*.png (and to ADMIN_SHOTS when set).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.support.browser import CHROMIUM_ARGS, WAIT_MS, shot
from tests.support.servers import manage, sqlite_prepared

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1440, "height": 900}}
PASSWORD = "curator-pw-1"


@pytest.fixture
def hub(tmp_path, daphne_factory) -> tuple[str, Path]:
    """A hub with the starter decks and a superuser "curator"; its URL and database file."""
    database = tmp_path / "admin.db"
    url = sqlite_prepared(database, ["load_starter_decks"], ["createsuperuser", "--noinput"], env={
        "DJANGO_SUPERUSER_USERNAME": "curator", "DJANGO_SUPERUSER_EMAIL": "curator@example.org",
        "DJANGO_SUPERUSER_PASSWORD": PASSWORD})
    return daphne_factory({"DATABASE_URL": url, "REDIS_URL": ""}), database


@pytest.fixture
def admin_page(hub, chromium_path):
    """A logged-in admin page; fails the test on any script error."""
    base, _database = hub
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(**DESKTOP).new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on(
                "response",
                lambda response: errors.append(f"{response.status} {response.url}")
                if response.status >= 400
                else None,
            )
            page.goto(f"{base}/admin/login/?next=/admin/")
            page.fill("#id_username", "curator")
            page.fill("#id_password", PASSWORD)
            page.click("input[type=submit]")
            expect(page.locator("#site-name")).to_have_text("PartyHub administration")
            yield page
            assert errors == []
        finally:
            browser.close()


def screenshot(page: Page, name: str) -> None:
    """Full-page screenshots, kept with the run's others and, when asked, elsewhere too."""
    shot(page, f"admin-{name}")
    if os.environ.get("ADMIN_SHOTS"):
        folder = Path(os.environ["ADMIN_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / f"admin-{name}.png"), full_page=True)


def reading_order(page: Page) -> list[int]:
    return [int(place) for place in page.input_value("#id_reading_order").split()]


def fox_moved(before: list[int], after: list[int], place: int) -> bool:
    """The Fox moved to ``place``, the five real answers keeping their order."""
    return after.index(0) == place and [p for p in after if p] == [p for p in before if p]


def fox_drag(page: Page, target: int) -> None:
    """Drag the Fox by its handle over each answer on the way to ``target``, as a hand would:
    a pause on each lets the list's 150 ms animation finish (items moving ignore the pointer)."""
    page.locator('[data-testid="tv-card"]').scroll_into_view_if_needed()
    items = page.locator('[data-testid="fox-list"] li')
    handle = page.locator('[data-testid="fox"] .fox-handle').bounding_box()
    start = reading_order(page).index(0)
    page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
    page.mouse.down()
    step = 1 if target > start else -1
    for place in range(start + step, target + step, step):
        box = items.nth(place).bounding_box()
        page.mouse.move(box["x"] + 40, box["y"] + box["height"] * (0.75 if step > 0 else 0.25),
                        steps=8)
        # The list animates each swap (SortableJS): a pointer that moves on before the swap's
        # animation ends is read as no swap, so the drag goes at a hand's pace.
        page.wait_for_timeout(250)
    page.mouse.up()


def test_fox_editor_drag_keys_taps_and_live_preview(admin_page: Page, hub):
    base, database = hub
    with sqlite3.connect(database) as connection:
        card_id, order_text = connection.execute(
            "SELECT id, reading_order FROM questions_card ORDER BY id LIMIT 1"
        ).fetchone()
    saved_order = json.loads(order_text)
    page = admin_page
    page.goto(f"{base}/admin/questions/card/{card_id}/change/")
    fox = page.locator('[data-testid="fox"]')
    expect(fox).to_be_visible(timeout=WAIT_MS)
    items = page.locator('[data-testid="fox-list"] li')
    expect(items).to_have_count(6)
    assert reading_order(page) == saved_order
    assert int(fox.get_attribute("data-rank")) == 0
    assert items.nth(saved_order.index(0)).get_attribute("data-testid") == "fox"
    screenshot(page, "card-editor")

    # Drag the Fox by its handle onto the last place, then onto the first.
    for target in (5, 0):
        before = reading_order(page)
        if before.index(0) != target:
            fox_drag(page, target)
            expect(items.nth(target)).to_have_attribute("data-testid", "fox", timeout=WAIT_MS)
            assert fox_moved(before, reading_order(page), target), (before, reading_order(page))

    # The keyboard: the Fox keeps the focus while the arrow keys move it.
    before = reading_order(page)
    page.locator('[data-testid="fox"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert fox_moved(before, reading_order(page), 2)
    page.keyboard.press("End")
    assert fox_moved(before, reading_order(page), 5)
    page.keyboard.press("ArrowUp")
    assert fox_moved(before, reading_order(page), 4)
    expect(page.locator("#fox-announce")).to_have_text("The Fox's answer is now read 5 of 6.")
    # Taps: the Fox's own arrows.
    page.locator('[data-testid="fox"] .fox-earlier').click()
    assert fox_moved(before, reading_order(page), 3)

    # The preview follows the form as it is typed, and says it is not saved.
    page.fill("#id_question", "Tallest waterfalls on Earth")
    expect(page.locator(".tv-question")).to_have_text("Tallest waterfalls on Earth")
    page.fill("#id_answers-0-text", "Angel Falls")
    expect(page.locator('[data-testid="fox-list"] li[data-rank="1"] .tv-text')).to_have_text(
        "Angel Falls"
    )
    expect(page.locator("#card-editor-state")).to_contain_text("Not saved yet")
    expect(page.locator(".field-reset_statistics")).to_have_class(re.compile("attention"))
    # A typed order that gives the ranking away is pointed out at once.
    page.fill("#id_reading_order", "1 2 3 0 4 5")
    expect(page.locator(".reading-problem")).to_contain_text("gives the ranking away")
    page.fill("#id_reading_order", "5 4 3 0 2 1")
    expect(page.locator(".reading-problem")).to_contain_text("reverse rank order (#5 first)")
    # One swap of neighbours from either is accepted, with a warning.
    page.fill("#id_reading_order", "2 1 3 0 4 5")
    expect(page.locator(".reading-problem")).to_have_count(0)
    expect(page.locator(".reading-warning")).to_contain_text("one swap away from rank order")
    page.fill("#id_reading_order", "5 3 4 0 2 1")
    expect(page.locator(".reading-warning")).to_contain_text("one swap away from reverse rank")
    page.fill("#id_reading_order", " ".join(map(str, before)))
    page.locator('[data-testid="fox"] .fox-later').click()
    chosen = reading_order(page)
    assert fox_moved(before, chosen, before.index(0) + 1)
    screenshot(page, "card-editor-edited")

    page.click("input[name=_continue]")
    expect(page.locator(".messagelist .success")).to_be_visible(timeout=WAIT_MS)
    with sqlite3.connect(database) as connection:
        question, order_text = connection.execute(
            "SELECT question, reading_order FROM questions_card WHERE id = ?", [card_id]
        ).fetchone()
    assert (question, json.loads(order_text)) == ("Tallest waterfalls on Earth", chosen)
    expect(page.locator("#card-editor-state")).to_contain_text("matches the saved card")


def test_import_through_the_admin_page(admin_page: Page, hub, tmp_path):
    base, database = hub
    page = admin_page
    deck = {
        "format": "partyhub-deck",
        "version": 1,
        "deck": {"slug": "en-browser", "name": "Browser deck", "language": "en"},
        "cards": [
            {
                "question": f"Browser question {number}",
                "source": "According to the test, 2025",
                "category": "science",
                "family_friendly": True,
                "answers": [f"Answer {number}-{rank}" for rank in range(1, 6)],
                "reading_order": [3, 0, 5, 1, 4, 2],
            }
            for number in (1, 2)
        ],
    }
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps({**deck, "cards": [{**deck["cards"][0], "category": "sciense"}]}))
    good = tmp_path / "browser.json"
    good.write_text(json.dumps(deck))

    page.goto(f"{base}/admin/questions/deck/")
    page.click("text=Import a deck")
    expect(page.locator("h1")).to_have_text("Import a deck")
    expect(page.locator("#import-format")).to_contain_text("reading_order")
    with page.expect_download() as download:
        page.click("text=CSV template")
    assert download.value.suggested_filename == "deck-template.csv"
    screenshot(page, "import")

    page.set_input_files("#id_file", str(bad))
    page.click("input[type=submit][value=Import]")
    expect(page.locator("#import-problems")).to_contain_text("Did you mean “science”?")
    screenshot(page, "import-problems")

    page.set_input_files("#id_file", str(good))
    page.check("#id_dry_run")
    page.click("input[type=submit][value=Import]")
    expect(page.locator("#import-summary")).to_contain_text("Nothing was saved")
    page.set_input_files("#id_file", str(good))
    page.uncheck("#id_dry_run")
    page.click("input[type=submit][value=Import]")
    expect(page.locator("#import-summary")).to_contain_text("Imported.")
    expect(page.locator("#import-result")).to_contain_text("new deck")
    screenshot(page, "import-done")

    page.click("#import-result a:text('Browser deck')")
    expect(page.locator("#deck-cards tbody tr")).to_have_count(2)
    expect(page.locator("#deck-cards")).to_contain_text("Browser question 1")
    page.click("text=History")
    expect(page.locator("#change-history")).to_contain_text("Imported from browser.json")
    with sqlite3.connect(database) as connection:
        count = connection.execute(
            "SELECT COUNT(*) FROM questions_card_decks JOIN questions_deck "
            "ON questions_deck.id = deck_id WHERE slug = 'en-browser'"
        ).fetchone()[0]
    assert count == 2


def test_screens_of_the_card_list_a_deck_and_a_new_card(admin_page: Page, hub):
    """The card list keeps its statistics on a 1440 px screen; the deck page and a new card's
    page render (screenshots to look at)."""
    base, database = hub
    with sqlite3.connect(database) as connection:  # a few turns played, for the statistics
        connection.executemany(
            "INSERT INTO questions_cardplay (card_id, played_at, fox_zone, correct, room_code) "
            "SELECT id, CURRENT_TIMESTAMP, ?, ?, 'ROOM' FROM questions_card",
            [("1", 5), ("2-3", 3), ("caught", 2), ("caught", 4)],
        )
    page = admin_page
    page.goto(f"{base}/admin/questions/card/")
    last_column = page.locator("#result_list thead th").last
    expect(last_column).to_have_text(re.compile("avg. correct", re.I))
    # Every column in sight: none scrolled away to the right of the list's box.
    column, frame = last_column.bounding_box(), page.locator("#changelist .results").bounding_box()
    assert column["x"] + column["width"] <= frame["x"] + frame["width"] + 1
    screenshot(page, "card-list")
    page.goto(f"{base}/admin/questions/deck/")
    page.locator("#result_list tbody tr th a").first.click()
    expect(page.locator("#deck-statistics")).to_be_visible()
    screenshot(page, "deck")
    # A new card: the preview follows the form from the first letter, and says it is a draft.
    page.goto(f"{base}/admin/questions/card/add/")
    expect(page.locator(".fieldset-heading + .description")).to_contain_text(
        "A new card stays a draft until you add it to a deck."
    )
    expect(page.locator('[data-testid="fox"]')).to_be_visible()
    page.fill("#id_question", "Brightest stars")
    page.fill("#id_answers-2-text", "Canopus")
    expect(page.locator(".tv-question")).to_have_text("Brightest stars")
    expect(page.locator('[data-testid="fox-list"] li[data-rank="3"] .tv-text')).to_have_text(
        "Canopus"
    )
    expect(page.locator("#card-editor-state")).to_contain_text("Nothing is saved yet")


def test_a_hoax_character_page_fits_a_1440_px_screen(admin_page: Page, hub):
    """Its long texts and three translations stack instead of widening the page (it was 2,295 px
    wide), and a translation's language is picked from the hub's languages."""
    base, database = hub
    manage(["load_starter"], {"DATABASE_URL": f"sqlite:///{database}"})
    page = admin_page
    page.goto(f"{base}/admin/hoax/hoaxcharacter/")
    page.get_by_role("link", name="The Chef").click()
    expect(page.locator("#translations-group")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1440
    options = page.locator("#id_translations-0-language option").all_inner_texts()
    assert [text for text in options if text.strip("-")] == ["Spanish", "French", "Indonesian"]
    screenshot(page, "hoax-character")


# Every box and every line of text on the page inside the viewport, and inside its fieldset (a
# fieldset's rows hide what overflows them, so the page's scrollWidth does not show it; a word too
# long for its box overflows the text, not the box). What sits in a box that scrolls on purpose
# (a wide table's wrapper) is that box's business: the box itself must fit.
OVERFLOWING_BOXES = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX);
  // How far right a node may reach, or null inside a box that scrolls.
  const limitOf = (node) => {
    let limit = width;
    for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
      if (scrolls(el)) return null;
      if (el.tagName === "FIELDSET" && limit === width) {
        limit = Math.min(width, el.getBoundingClientRect().right);
      }
    }
    return limit;
  };
  const name = (el) => `${el.tagName.toLowerCase()}#${el.id}.${[...el.classList].join(".")}`;
  const found = [];
  const check = (node, boxes, label) => {
    const limit = limitOf(node);
    const right = Math.max(...boxes.filter((box) => box.width).map((box) => box.right));
    if (limit !== null && right > limit + 1) {
      found.push(`${label}: right ${Math.round(right)} > ${Math.round(limit)}`);
    }
  };
  const container = document.getElementById("container");
  for (const el of container.querySelectorAll("*")) {
    if (el.closest(".visually-hidden")) continue;
    check(el, [el.getBoundingClientRect()], name(el));
  }
  const texts = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    if (!text.textContent.trim() || text.parentElement.closest(".visually-hidden")) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    check(text, [...range.getClientRects()], `text in ${name(text.parentElement)}`);
  }
  return [...new Set(found)].slice(0, 12);
}"""


@pytest.mark.parametrize("width", [1280, 1440])
def test_the_card_and_deck_pages_fit_the_screen_with_an_unbroken_question(
    admin_page: Page, hub, width
):
    """A 255-character question with no space made the card page 3,807 px wide, and the deck
    page's statistics and cards were cut off at its fieldsets' edge."""
    base, database = hub
    question = "Pneumonoultramicroscopicsilicovolcanoconiosis" * 5 + "x" * 30
    assert len(question) == 255
    with sqlite3.connect(database) as connection:
        card_id, deck_id = connection.execute(
            "SELECT card_id, deck_id FROM questions_card_decks ORDER BY card_id LIMIT 1"
        ).fetchone()
        connection.execute(
            "UPDATE questions_card SET question = ?, question_key = ?, source = ? WHERE id = ?",
            [question, question.lower(), "According to " + "x" * 187, card_id],
        )
        connection.executemany(  # a few turns played, so the statistics have figures
            "INSERT INTO questions_cardplay (card_id, played_at, fox_zone, correct, room_code) "
            "SELECT card_id, CURRENT_TIMESTAMP, ?, ?, 'ROOM' FROM questions_card_decks "
            "WHERE deck_id = ?",
            [("1", 5, deck_id), ("2-3", 3, deck_id), ("caught", 2, deck_id)],
        )
    page = admin_page
    page.set_viewport_size({"width": width, "height": 900})
    pages = {
        "card": f"{base}/admin/questions/card/{card_id}/change/",
        "deck": f"{base}/admin/questions/deck/{deck_id}/change/",
        "card-list": f"{base}/admin/questions/card/?deck={deck_id}",
    }
    overflowing = {}
    for name, url in pages.items():
        page.goto(url)
        expect(page.locator("#content")).to_be_visible(timeout=WAIT_MS)
        if name == "card":
            expect(page.locator(".tv-question")).to_have_text(question, timeout=WAIT_MS)
        page_width = page.evaluate("document.documentElement.scrollWidth")
        boxes = page.evaluate(OVERFLOWING_BOXES)
        if name == "card-list" and width >= 1440:
            # Beside both sidebars the list fits from 1440 px; narrower, it scrolls in its box.
            column = page.locator("#result_list thead th").last.bounding_box()
            frame = page.locator("#changelist .results").bounding_box()
            if column["x"] + column["width"] > frame["x"] + frame["width"] + 1:
                boxes.append("the last column is scrolled out of the list's box")
        if page_width > width or boxes:
            overflowing[name] = [f"page {page_width} px wide", *boxes]
        screenshot(page, f"{name}-long-question-{width}")
    assert overflowing == {}
