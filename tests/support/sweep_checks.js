// The browser sweep's checks, run in the page in one go (tests/support/sweep.py): every problem
// found, as a line naming the element(s) with their text and boxes. axe-core is already loaded
// (an init script of the page's context).
async ({ tv, game, names, large, axe }) => {
  const problems = [];
  // A player's name may be longer than any box gives it (20 wide letters, one word): it alone
  // may be cut by an ellipsis (an element holding just the name, on its line or its last
  // clamped line) or broken across lines.
  const nameSet = new Set(names.map((n) => n.trim()));
  const nameWords = new Set(names.flatMap((n) => n.split(/\s+/)));
  const isName = (el) => nameSet.has((el.textContent || "").replace(/\s+/g, " ").trim());
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const SLACK = 1; // sub-pixel rounding

  const box = (r) => `[${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}]`;
  const text = (el) => (el.innerText || el.textContent || el.getAttribute("aria-label") || "")
    .replace(/\s+/g, " ").trim().slice(0, 50);
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.dataset && el.dataset.testid) s += `[data-testid=${el.dataset.testid}]`;
    if (el.classList && el.classList.length) s += "." + [...el.classList].join(".");
    return s;
  };
  const describe = (el) => `${name(el)} "${text(el)}" ${box(el.getBoundingClientRect())}`;
  const shown = (el) => {
    if (!el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const folded = el.closest("details:not([open])");  // a closed panel shows its summary only
    if (folded && !el.closest("summary") && el !== folded) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  // The screen's own parts: the page's app (the toasts and the connection bar are transient);
  // the TV's recap, once open, hides the game under it: then only its own content counts.
  const app = document.getElementById("app");
  const recap = document.querySelector(".recap-board");
  const screen = recap && shown(recap) ? recap : app;
  const all = [...screen.querySelectorAll("*")].filter((el) => !el.closest("svg") && shown(el));
  // The part of a box that shows inside every box that clips it, itself included (a name cut by
  // its ellipsis, a list scrolled inside the lobby): null when scrolled or clipped out of sight.
  const visible = (el, r) => {
    let { left, top, right, bottom } = r;
    for (let e = el; e && e !== app.parentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = e.getBoundingClientRect();
      left = Math.max(left, b.left); top = Math.max(top, b.top);
      right = Math.min(right, b.right); bottom = Math.min(bottom, b.bottom);
    }
    return right - left > 2 && bottom - top > 2
      ? { left, top, right, bottom, width: right - left, height: bottom - top } : null;
  };

  // 1. Nothing wider than the viewport, and on the TV (which cannot scroll, unless it stands
  // upright: then its screen, the app, scrolls) nothing below it.
  const doc = document.documentElement;
  if (doc.scrollWidth > vw + SLACK) problems.push(`the page is ${doc.scrollWidth} px wide, the viewport ${vw}`);
  const scrolled = (el) => {  // inside a box that scrolls (the app itself, maybe): reachable
    for (let e = el.parentElement; e && e !== app.parentElement; e = e.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(e).overflowY)) return true;
    }
    return false;
  };
  for (const el of all) {
    const r = el.getBoundingClientRect();
    if (r.right > vw + SLACK || r.left < -SLACK || (tv && r.bottom > vh + SLACK && !scrolled(el))) {
      problems.push(`outside the viewport (${vw}×${vh}): ${describe(el)}`);
    }
  }

  // 2. No element's content overflows its own box (a word sticking out, or cut off by an
  // ellipsis or a hidden overflow), and no element sticks out of the box it sits in, unless
  // that box scrolls.
  for (const el of all) {
    const s = getComputedStyle(el);
    if (el.tagName === "SELECT" || el.tagName === "INPUT" || el.tagName === "TEXTAREA") continue;
    const scrolls = /(auto|scroll)/.test(s.overflowX + s.overflowY);
    const ellipsized = (s.textOverflow === "ellipsis" || s.webkitLineClamp !== "none") && isName(el);
    if (!scrolls && !ellipsized && (el.scrollWidth > el.clientWidth + SLACK) && el.clientWidth > 0 && s.display !== "inline") {
      problems.push(`content wider than its box (${el.scrollWidth} > ${el.clientWidth} px): ${describe(el)}`);
    }
    if (/(hidden|clip)/.test(s.overflowY) && !ellipsized && el.scrollHeight > el.clientHeight + SLACK && el.clientHeight > 0) {
      problems.push(`content cut off at the bottom (${el.scrollHeight} > ${el.clientHeight} px): ${describe(el)}`);
    }
    const parent = el.parentElement;
    if (!parent || parent === app.parentElement || s.position === "fixed") continue;
    const ps = getComputedStyle(parent);
    if (/(auto|scroll)/.test(ps.overflowX + ps.overflowY) || ps.display === "contents") continue;
    const r = el.getBoundingClientRect();
    const p = parent.getBoundingClientRect();
    if (r.left < p.left - SLACK || r.right > p.right + SLACK) {
      problems.push(`sticks out of its container: ${describe(el)} in ${describe(parent)}`);
    }
  }

  // 3. No two pieces of text overlap, and no text is covered by another element: each piece
  // as far as it shows, inside every box that clips it (a name cut by its ellipsis, a list
  // scrolled inside the lobby).
  const runs = [];
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el || el.closest("svg, select, option, script, style") || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const whole of range.getClientRects()) {
      const r = whole.width > 2 && whole.height > 2 ? visible(el, whole) : null;
      if (r) runs.push({ el, r, whole });
    }
  }
  // A line may break between words, never inside one ("Approu-ver" with no hyphen), but for a
  // player's name wider than its whole line.
  const letters = /[\p{L}\p{N}]/u;
  const broken = new Set();
  const words = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT);
  for (let node = words.nextNode(); node; node = words.nextNode()) {
    const el = node.parentElement;
    const chars = node.textContent;
    if (!el || broken.has(el) || !chars.trim() || el.closest("svg, select, option") || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (range.getClientRects().length < 2) continue;
    // The first character of each line, found by halving (a few measures per line).
    const charTop = (i) => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getBoundingClientRect();
      return r.height ? r.top + r.height / 2 : null;
    };
    const starts = [];
    const split = (lo, hi, topLo, topHi) => {  // chars lo and hi sit on different lines
      if (hi - lo === 1) { starts.push(hi); return; }
      const mid = (lo + hi) >> 1;
      const topMid = charTop(mid);
      if (topMid === null) return;
      if (Math.abs(topMid - topLo) > 2) split(lo, mid, topLo, topMid);
      if (Math.abs(topHi - topMid) > 2) split(mid, hi, topMid, topHi);
    };
    const first = charTop(0);
    const last = charTop(chars.length - 1);
    if (first !== null && last !== null && Math.abs(last - first) > 2) split(0, chars.length - 1, first, last);
    // A break inside a name's word is let be when that word is wider than its whole line.
    const nameTooWide = (k) => {
      let a = k;
      let b = k;
      while (a > 0 && letters.test(chars[a - 1])) a--;
      while (b < chars.length && letters.test(chars[b])) b++;
      if (!nameWords.has(chars.slice(a, b))) return false;
      range.setStart(node, a);
      range.setEnd(node, b);
      const width = [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0);
      let line = el;
      while (line.parentElement && getComputedStyle(line).display.startsWith("inline")) line = line.parentElement;
      // (the line's content box to the fraction of a pixel, as the browser breaks the word:
      // clientWidth rounds, and a word a fraction wider than the box passed for one that fits)
      const ls = getComputedStyle(line);
      const inner = line.getBoundingClientRect().width - parseFloat(ls.paddingLeft) - parseFloat(ls.paddingRight)
        - parseFloat(ls.borderLeftWidth) - parseFloat(ls.borderRightWidth);
      return width > inner - SLACK;
    };
    const i = starts.find((k) => letters.test(chars[k - 1]) && letters.test(chars[k]) && !nameTooWide(k));
    if (i !== undefined) {
      broken.add(el);
      problems.push(`a word broken across lines ("${chars.slice(Math.max(0, i - 12), i)}|${chars.slice(i, i + 12)}"): ${describe(el)}`);
    }
  }
  // On a phone a bar stuck to the top or the bottom lies over the page as it scrolls by.
  const stuck = (e) => {
    for (; e && e !== app; e = e.parentElement) {
      if (/^(sticky|fixed)$/.test(getComputedStyle(e).position)) return true;
    }
    return false;
  };
  // A text box is its font's full height, taller than a tight line: two lines touch by a few
  // pixels without any letter touching, so an overlap counts from a quarter of a line.
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > Math.max(2, Math.min(a.height, b.height) / 4);
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      if (runs[i].el === runs[j].el || (!tv && stuck(runs[i].el) !== stuck(runs[j].el))) continue;
      if (overlap(runs[i].r, runs[j].r)) {
        problems.push(`text overlaps text: ${describe(runs[i].el)} and ${describe(runs[j].el)}`);
      }
    }
  }
  for (const { el, r } of runs) {
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el) && app.contains(top)
      && (tv || !stuck(top) || stuck(el))) {
      problems.push(`text covered: ${describe(el)} under ${describe(top)}`);
    }
  }

  // 4. Sizes: the TV's game text readable across a room; a phone's every control a finger wide.
  const gameRoot = document.querySelector("#game:not([hidden]) .game-root");
  // On the TV, the recap when it is open, or the game, or the lobby's side (its players, the
  // host's Start).
  const tvRoot = screen !== app ? screen
    : gameRoot || document.querySelector("#lobby:not([hidden]) #lobby-side");
  if (tv && tvRoot) {
    const seen = new Set();
    for (const { el } of runs) {
      if (seen.has(el) || !tvRoot.contains(el)) continue;
      seen.add(el);
      const size = parseFloat(getComputedStyle(el).fontSize);
      const least = game === "outfox" && el.closest(".ofx-answer-text") ? 36 : 28;
      if (size < least - 0.01) problems.push(`text of ${size.toFixed(1)} px (under ${least}): ${describe(el)}`);
    }
  }
  // The TV's captions (what it says aloud, written) are read across the room too.
  if (tv) {
    for (const el of [...document.querySelectorAll(".captions")].filter(shown)) {
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 28 - 0.01) problems.push(`caption text of ${size.toFixed(1)} px (under 28): ${describe(el)}`);
      if (el.scrollHeight > el.clientHeight + SLACK) {
        problems.push(`captions taller than their strip (${el.scrollHeight} > ${el.clientHeight} px): ${describe(el)}`);
      }
    }
  }
  // The TV's main actions (the lobby's Start) are in view whole, in no box's scrolled-off part.
  if (tv) {
    for (const el of all.filter((e) => e.matches("button.big"))) {
      const r = el.getBoundingClientRect();
      let hidden = r.top < -SLACK || r.bottom > vh + SLACK;
      for (let e = el.parentElement; e && e !== app && !hidden; e = e.parentElement) {
        if (!/(auto|scroll|hidden|clip)/.test(getComputedStyle(e).overflowY)) continue;
        const b = e.getBoundingClientRect();
        hidden = r.top < b.top - SLACK || r.bottom > b.bottom + SLACK;
      }
      if (hidden) problems.push(`a main action out of view without scrolling: ${describe(el)}`);
    }
  }
  if (!tv) {
    const controls = all.filter((el) => el.matches(
      "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])"));
    for (const el of controls) {
      // A checkbox inside its label is tapped through the whole label.
      const target = el.matches("input[type=checkbox], input[type=radio]") && el.closest("label") || el;
      const r = target.getBoundingClientRect();
      if (r.width < 44 - 0.5 || r.height < 44 - 0.5) problems.push(`tap target under 44×44: ${describe(el)}`);
    }
    // The phone's actions start above the fold (in landscape too); at the end the phone's own
    // recap comes first, by design, and the game has no move left. With its text at 160 %
    // (`large`) a phone scrolls to them, but for a choice on the clock (a countdown shows): Hoax's
    // seconds to call leave no time to look for it.
    const ended = all.some((el) => el.matches(".recap-seat"));
    const timed = all.some((el) => el.matches("[role=timer]"));
    const actions = gameRoot && !ended && (!large || timed)
      ? controls.filter((el) => gameRoot.contains(el) && el.matches("button:not([disabled]):not([data-hold])"))
      : [];
    if (actions.length && Math.min(...actions.map((el) => el.getBoundingClientRect().top)) >= vh) {
      problems.push(`no action above the fold (${vh} px): the first is ${describe(actions[0])}`);
    }
    // With its text at 160 %, a bar pinned to the screen (sticky or fixed) leaves the screen to
    // the game: a quarter of it at most (two stacked buttons took 246 of 844 px, two answers left
    // in view; a night's "Hold to see" over its Confirm 196 px in French, now a fifth at most:
    // tests/games/werewolf/test_night_alike.py).
    const pinnedBars = large && gameRoot ? all.filter((e) => gameRoot.contains(e)
      && /^(sticky|fixed)$/.test(getComputedStyle(e).position)) : [];
    for (const bar of pinnedBars) {
      const r = bar.getBoundingClientRect();
      if (r.height > vh / 4 + SLACK) problems.push(`a pinned bar ${Math.round(r.height)} px tall, over a quarter of the screen (${vh} px): ${describe(bar)}`);
    }
    // The phone's status row (resources, the cards held, the clock) stays one row (two at 160 %).
    for (const bar of all.filter((e) => !large && e.matches(".hx-bar"))) {
      const tops = [...bar.children].filter(shown).map((e) => e.getBoundingClientRect());
      if (tops.some((r) => r.top >= tops[0].bottom - 2)) problems.push(`the status row wraps: ${describe(bar)}`);
    }
    // A timer says what it counts.
    for (const el of all.filter((e) => e.matches("[role=timer]"))) {
      if (!el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby") && !el.title) {
        problems.push(`timer without a label: ${describe(el)}`);
      }
    }
  }

  // 5. The TV's fixed controls (the join code, the host gear and the language switch in the
  // corner, the mute, the audience's tally) and its captions lie over the screen: none may cover
  // anything painted on it (text, art, a button, a panel's edge), nor another of them.
  if (tv) {
    // (fixed indeed: an upright TV's corner comes after its game, in the page, as on a phone)
    const pinned = (el) => {
      for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
        if (getComputedStyle(e).position === "fixed") return true;
      }
      return false;
    };
    const fixedParts = [
      ...document.querySelectorAll(".tv-corner > *, .drama-mute-box, #app[data-role=board] .crowd, .captions"),
    ].filter((el) => shown(el) && pinned(el));
    const inFixed = (el) => fixedParts.some((f) => f.contains(el) || el.contains(f));
    const painted = (el) => {
      if (el.matches("img, svg, canvas, button, input, select, textarea, .qr")) return true;
      if (el.closest("svg")) return false;
      const s = getComputedStyle(el);
      const background = s.backgroundImage !== "none" || !/^(transparent|rgba\(.*,\s*0\))$/.test(s.backgroundColor);
      const border = ["Top", "Right", "Bottom", "Left"].some((side) => parseFloat(s[`border${side}Width`]) > 0
        && s[`border${side}Style`] !== "none" && !/rgba\(.*,\s*0\)$/.test(s[`border${side}Color`]));
      return background || border;
    };
    // A backdrop (the recap's, the paused screen's) fills the screen: the controls sit on it.
    const backdrop = (r) => r.width > vw * 0.6 && r.height > vh * 0.6;
    const texts = new Set(runs.map((run) => run.el));
    // (what a scrolling box shows of each part: the rest is out of sight, not under a control)
    const screenParts = [...screen.querySelectorAll("*")]
      .filter((el) => !inFixed(el) && shown(el) && (texts.has(el) || painted(el)))
      .map((el) => ({ el, r: visible(el, el.getBoundingClientRect()) }))
      .filter(({ r }) => r && !backdrop(r));
    const touch = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    fixedParts.forEach((part, i) => {
      const r = part.getBoundingClientRect();
      for (const other of fixedParts.slice(i + 1)) {
        if (touch(r, other.getBoundingClientRect())) problems.push(`fixed controls overlap: ${describe(part)} and ${describe(other)}`);
      }
      const covered = screenParts.filter((p) => touch(r, p.r));
      // The innermost only: a panel and the text in it are one report.
      for (const { el } of covered.filter((p) => !covered.some((q) => q !== p && p.el.contains(q.el)))) {
        problems.push(`a fixed control covers the screen: ${describe(part)} over ${describe(el)}`);
      }
    });
  }

  // 6. A TV is watched, never touched: nobody scrolls it, so a list that does not fit its box
  // shows a page at a time (partyhub/js/pages.js). On a TV no box scrolls, and no line of text is
  // cut by a box's edge (a list clipped mid-line). A board held upright (a remote phone's) is
  // scrolled in the hand: it may scroll.
  if (tv && vw > vh) {
    for (const el of all) {
      const s = getComputedStyle(el);
      if (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + SLACK) {
        problems.push(`a box that scrolls on a TV (${el.scrollHeight} > ${el.clientHeight} px), not paged: ${describe(el)}`);
      }
    }
    // (a quarter of a line or more: a text box is its font's full height, taller than a tight
    // line, and a box that fits its lines may clip that much of their boxes, no letter)
    const cut = new Set();
    for (const { el, r, whole } of runs) {
      if (cut.has(el) || whole.height - r.height <= Math.max(2, whole.height / 4)) continue;
      cut.add(el);
      problems.push(`a line cut mid-height (${Math.round(r.height)} of its ${Math.round(whole.height)} px shown): ${describe(el)}`);
    }
  }

  // 7. axe-core: no serious or critical violation (where the sweep asks for it: see sweep.py).
  const result = axe ? await window.axe.run(document, { resultTypes: ["violations"] }) : { violations: [] };
  for (const v of result.violations) {
    if (v.impact !== "serious" && v.impact !== "critical") continue;
    const nodes = v.nodes.slice(0, 4).map((n) => {
      const el = document.querySelector(n.target[0]);
      return el ? describe(el) : n.target.join(" ");
    });
    problems.push(`axe ${v.impact} ${v.id} (${v.help}): ${nodes.join("; ")}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ""}`);
  }
  return problems;
}
