// The recap of a game that has ended (the frame's `recap`, computed by the server from the
// game's action log): on the TV, who won, the awards one after the other and the game's
// timeline; on a player's phone, that player's own summary. The game's module (games/<game>/
// static/<game>/recap.js) words each award and line; this file lays them out.
//
// A TV that watched the game end lets the end be seen first (its last moments, the win, the
// podium: the drama's moments played, then END_HOLD_MS more) before the recap covers the board;
// a TV opened after the end shows the recap at once. Closed, it opens again from its button
// ("See the recap") on the end screen, which also opens it during the hold.

import { h, morph, t, fmt, nt } from "./dom.js";
import { dramaQuiet } from "./drama.js";
import { pager } from "./pages.js";

const END_HOLD_MS = 4000;

export function recapMount(ctx) {
  const el = h("section", { class: `recap recap-${ctx.role}`, "data-testid": "recap", hidden: true });
  // The recap's state, which the functions below are given: its section, the game's wording (its
  // recap.js, once loaded), and which recap this screen drew, holds or had closed.
  const r = {
    ctx,
    el,
    wording: null,
    loading: null,
    closed: null, // the recap this TV's viewer closed
    holding: null, // the recap whose end this TV is still letting be seen
    playingSeen: false, // this screen drew the game running (so it watches the end)
    last: null, // the last recap drawn
    // The TV's recap pages itself line by line: each award's lines (its title and winners with
    // them), the game's timeline's items and paragraphs (one holding others, a night holding its
    // lines, shows with them).
    pages: ctx.role === "board" ? pager(el, ".recap-award, .recap-award li, .recap-timeline li, .recap-timeline p") : null,
  };

  function open() {
    r.closed = null;
    r.holding = null;
    shownSet(r, true);
    ctx.redraw();
  }

  // On the TV's end screen, while the recap is not showing: the way to it.
  function opener() {
    if (ctx.role !== "board" || !r.last || !el.hidden) return null;
    return h("button", { type: "button", class: "secondary recap-open", "data-testid": "recap-open", onclick: open },
      t("See the recap"));
  }

  return {
    el,
    opener,
    update: (frame) => recapUpdate(r, frame),
  };
}

// A new frame: the recap drawn once the game is over (its wording loaded first), else none and
// its state reset. A TV that watched the end holds it first (endHold).
async function recapUpdate(r, frame) {
  const { ctx } = r;
  const recap = frame.room.status === "over" ? frame.recap : null;
  if (!recap) {
    r.el.hidden = true;
    r.closed = null;
    r.holding = null;
    r.last = null;
    r.playingSeen = frame.room.status === "playing";
    return;
  }
  await wordingLoad(r);
  if (frame !== ctx.frame()) return; // a newer frame has drawn since
  if (ctx.role === "board") boardDraw(r, recap);
  else seatDraw(r, recap);
  if (ctx.role === "board" && r.playingSeen) endHold(r, recap);
  r.last = recap;
  r.playingSeen = false;
  shownSet(r, !(ctx.role === "board" && (same(r.closed, recap) || same(r.holding, recap))));
  ctx.redraw();
}

// The end, watched: its moments, then the hold, then the recap (unless opened or closed since).
function endHold(r, recap) {
  r.holding = recap;
  dramaQuiet().then(() => new Promise((resolve) => { setTimeout(resolve, END_HOLD_MS); })).then(() => {
    if (r.holding !== recap) return;
    r.holding = null;
    shownSet(r, !same(r.closed, recap));
    r.ctx.redraw();
  });
}

// The game's recap.js, loaded once (the first recap waits for it).
function wordingLoad(r) {
  r.loading = r.loading || import(r.ctx.page.scripts.recap).then((module) => { r.wording = module; });
  return r.loading;
}

// The same recap (each frame brings its own copy).
const same = (a, b) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

// The recap shown or not; shown, its pages fit its box at once (the box had no size hidden).
function shownSet(r, shown) {
  r.el.hidden = !shown;
  if (shown && r.pages) r.pages.fit();
}

// The TV's recap: the heading, the winner and Close stay at the top; the rest, above the TV's
// fixed controls (the mute, the join corner), never under them, a page at a time (pages.js).
function boardDraw(r, recap) {
  const { ctx, wording, el } = r;
  const awards = wording.awards(recap, ctx);
  const timeline = wording.timeline ? wording.timeline(recap, ctx) : null;
  morph(el,
    h("header", { class: "recap-head" },
      h("h2", {}, t("Recap")), winnerLine(r, recap),
      h("button", { type: "button", class: "big recap-close", "data-testid": "recap-close",
        onclick: () => { r.closed = recap; el.hidden = true; ctx.redraw(); } }, t("Close the recap"))),
    h("div", { class: "recap-body pages" },
      h("div", { class: "recap-awards" }, awardCards(r, awards)),
      timeline ? h("div", { class: "recap-timeline", "data-testid": "recap-timeline" }, timeline) : null));
  r.pages.fit();
}

// A phone's recap: its player's own summary and the awards they won, every award folded below.
function seatDraw(r, recap) {
  const { ctx, wording } = r;
  const awards = wording.awards(recap, ctx);
  const me = recap.me;
  const won = awards.filter((award) => me && award.seats.includes(me.seat));
  morph(r.el,
    h("h2", {}, me ? t("Your game") : t("Recap")),
    winnerLine(r, recap),
    me ? h("ul", { class: "recap-mine", "data-testid": "recap-mine" }, wording.summary(me, recap, ctx).map((line) => h("li", {}, line))) : null,
    won.length ? h("p", { class: "recap-won" }, won.map((award) => h("span", { class: "badge vip" }, award.title))) : null,
    h("details", { class: "recap-all" }, h("summary", {}, t("Every award")), h("div", {}, awardCards(r, awards))));
}

// Who won, named: the game's own `winners(recap)` (its seats), else the recap's `winners`.
function winnerLine(r, recap) {
  const seats = r.wording.winners ? r.wording.winners(recap) : (recap.winners || []);
  if (!seats.length) return null;
  const names = seats.map((seat) => r.ctx.nameOf(seat)).join(", ");
  return h("p", { class: "recap-winner", "data-testid": "recap-winner" },
    fmt(nt("Winner: %(names)s", "Winners: %(names)s", seats.length), { names }));
}

// Each award's card, its place in the list (`--i`) staggering its entrance.
function awardCards(r, awards) {
  return awards.map((award, index) => h("article", { class: "recap-award", style: `--i: ${index}`, "data-testid": `award-${award.key}` },
    h("h3", {}, award.title),
    h("p", { class: "recap-winners" }, award.seats.length ? award.seats.map((seat) => r.ctx.nameOf(seat)).join(", ") : t("Nobody this time.")),
    award.lines.length ? h("ul", {}, award.lines.map((line) => h("li", {}, line))) : null));
}
