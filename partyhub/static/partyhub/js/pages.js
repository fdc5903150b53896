// A list on a screen nobody touches (the TV, and the board a remote device shows) that does not
// fit its box shows a page at a time: the items that fit whole, then the next ones every
// PAGE_MS, back to the first once all were shown. Nobody scrolls a TV, and no item is ever cut
// in half (one taller than the whole box is left to the phones). A list whose first item
// changed (a log's newest entry, new ballots) starts again from its first page: the newest is
// always what a new event shows.
//
// A box that pages is any element of the screen with the class `pages` (its CSS keeps it from
// growing past its room: `overflow: hidden`, `min-height: 0`); its items are the elements the
// screen's selector names. An item holding other items (a night holding its lines) is a group:
// it shows while one of its own items does, as does every element around items (a list, its
// panel) and a heading, while what it heads shows. The items out of this page are marked
// `data-paged-out` (hub.css hides them), so that a screen's own `hidden` is never touched; a
// numbered list (`ol`) on a later page starts at its first item's number.

export const PAGE_MS = 7000;

const OUT = "data-paged-out";
const HEADING = /^H[1-6]$/;

// Pages the `.pages` boxes inside `root`, whose items `items` (a selector) names. `fit()` after
// each drawing; the pager also fits on its own when a box changes size (shown, the window
// resized), the page's fonts and pictures load, and turns the pages every PAGE_MS. `fitted(paged)`,
// if given, is told after each fit whether some item is on another page (the screen may then lay
// itself out tighter, and fit again).
export function pager(root, items, fitted = null) {
  const shown = new Map(); // per box (its key): the first and last item shown, the first's text
  const watched = new WeakSet();
  const resized = new ResizeObserver(() => fit());

  // Each box's page: the one it showed, or (`turn`) the next, or its first once its first item
  // changed; the items that fit from there.
  function fit(turn = false) {
    for (const box of root.querySelectorAll(".pages")) {
      if (!watched.has(box)) {
        watched.add(box);
        resized.observe(box);
      }
      const key = box.dataset.pages || box.className;
      const all = [...box.querySelectorAll(items)];
      const leaves = all.filter((item) => !all.some((other) => other !== item && item.contains(other)));
      const head = leaves.length ? leaves[0].textContent : "";
      const kept = shown.get(key);
      const now = kept && kept.head === head ? kept : { first: 0, last: -1 };
      let first = turn ? Math.max(now.first + 1, now.last + 1) : now.first;
      if (first >= leaves.length) first = 0;
      shown.set(key, { ...pageShow(box, leaves, first), head });
    }
    if (fitted) fitted(Boolean(root.querySelector(`.pages [${OUT}]`)));
  }

  setInterval(() => fit(true), PAGE_MS);
  window.addEventListener("resize", () => fit());
  document.fonts.ready.then(() => fit());
  root.addEventListener("load", () => fit(), true); // a picture loaded
  return { fit };
}

// The page of `box` that starts at item `from`, or at the first one after it that fits whole
// alone, with as many items after it as fit: shown, and its `{ first, last }`. When not one item
// fits whole, none shows (`last` is -1) and the next fit starts again from the first.
function pageShow(box, leaves, from) {
  for (let first = from; first < leaves.length; first += 1) {
    if (!show(box, leaves, first, first)) continue;
    const last = mostThatFit(box, leaves, first);
    show(box, leaves, first, last);
    return { first, last };
  }
  show(box, leaves, 0, -1); // not one item fits whole
  return { first: 0, last: -1 };
}

// The last item that fits shown with those from `first` (which fits alone). More items are never
// shorter, so the range is halved.
function mostThatFit(box, leaves, first) {
  let low = first;
  let high = leaves.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (show(box, leaves, first, mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

// The box with items `first`..`last` shown (`last` < `first`: none), the rest paged out; whether
// it fits its box so.
function show(box, leaves, first, last) {
  for (const el of box.querySelectorAll(`[${OUT}]`)) el.removeAttribute(OUT);
  leaves.forEach((leaf, i) => { if (i < first || i > last) leaf.setAttribute(OUT, ""); });
  aroundPageOut(box, leaves);
  headingsPageOut(box);
  listsNumber(box);
  return box.scrollHeight <= box.clientHeight + 1;
}

// Around the items, innermost first: an element (a group, a list, its panel) none of whose items
// shows goes too.
function aroundPageOut(box, leaves) {
  const around = new Set();
  for (const leaf of leaves) {
    for (let el = leaf.parentElement; el && el !== box; el = el.parentElement) around.add(el);
  }
  const depth = (el) => { let n = 0; for (let e = el; e !== box; e = e.parentElement) n += 1; return n; };
  for (const el of [...around].sort((a, b) => depth(b) - depth(a))) {
    const inner = leaves.filter((leaf) => el.contains(leaf));
    if (inner.every((leaf) => leaf.hasAttribute(OUT))) el.setAttribute(OUT, "");
  }
}

// A heading goes with what it heads (the next element that is not a heading).
function headingsPageOut(box) {
  for (const heading of [...box.querySelectorAll("h1, h2, h3, h4, h5, h6")].reverse()) {
    if (heading.hasAttribute(OUT) || heading.closest(`[${OUT}]`)) continue;
    let next = heading.nextElementSibling;
    while (next && HEADING.test(next.tagName)) next = next.nextElementSibling;
    if (next && next.hasAttribute(OUT)) heading.setAttribute(OUT, "");
  }
}

// A numbered list counts its items paged out before the first shown: item 4 stays "4."
function listsNumber(box) {
  for (const list of box.querySelectorAll("ol")) {
    let before = 0;
    for (const item of list.children) {
      if (!item.hasAttribute(OUT)) break;
      if (item.tagName === "LI") before += 1;
    }
    if (before) list.setAttribute("start", String(before + 1));
    else list.removeAttribute("start");
  }
}
