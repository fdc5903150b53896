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
  let wording = null;
  let loading = null;
  let closed = null; // the recap this TV's viewer closed
  let holding = null; // the recap whose end this TV is still letting be seen
  let playingSeen = false; // this screen drew the game running (so it watches the end)
  let last = null; // the last recap drawn
  // The TV's recap pages itself line by line: each award's lines (its title and winners with
  // them), the game's timeline's items and paragraphs (one holding others, a night holding its
  // lines, shows with them).
  const pages = ctx.role === "board" ? pager(el, ".recap-award, .recap-award li, .recap-timeline li, .recap-timeline p") : null;

  const load = () => {
    loading = loading || import(ctx.page.scripts.recap).then((module) => { wording = module; });
    return loading;
  };
  const same = (a, b) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

  // Who won, named: the game's own `winners(recap)` (its seats), else the recap's `winners`.
  function winnerLine(recap) {
    const seats = wording.winners ? wording.winners(recap) : (recap.winners || []);
    if (!seats.length) return null;
    const names = seats.map((seat) => ctx.nameOf(seat)).join(", ");
    return h("p", { class: "recap-winner", "data-testid": "recap-winner" },
      fmt(nt("Winner: %(names)s", "Winners: %(names)s", seats.length), { names }));
  }

  function awardCard(award, index) {
    return h("article", { class: "recap-award", style: `--i: ${index}`, "data-testid": `award-${award.key}` },
      h("h3", {}, award.title),
      h("p", { class: "recap-winners" }, award.seats.length ? award.seats.map((seat) => ctx.nameOf(seat)).join(", ") : t("Nobody this time.")),
      award.lines.length ? h("ul", {}, award.lines.map((line) => h("li", {}, line))) : null);
  }

  function draw(recap) {
    const awards = wording.awards(recap, ctx);
    if (ctx.role === "board") {
      const timeline = wording.timeline ? wording.timeline(recap, ctx) : null;
      // The heading, the winner and Close stay at the top; the rest, above the TV's fixed
      // controls (the mute, the join corner), never under them, a page at a time (pages.js).
      morph(el,
        h("header", { class: "recap-head" },
          h("h2", {}, t("Recap")), winnerLine(recap),
          h("button", { type: "button", class: "big recap-close", "data-testid": "recap-close",
            onclick: () => { closed = recap; el.hidden = true; ctx.redraw(); } }, t("Close the recap"))),
        h("div", { class: "recap-body pages" },
          h("div", { class: "recap-awards" }, awards.map(awardCard)),
          timeline ? h("div", { class: "recap-timeline", "data-testid": "recap-timeline" }, timeline) : null));
      pages.fit();
      return;
    }
    const me = recap.me;
    const won = awards.filter((award) => me && award.seats.includes(me.seat));
    morph(el,
      h("h2", {}, me ? t("Your game") : t("Recap")),
      winnerLine(recap),
      me ? h("ul", { class: "recap-mine", "data-testid": "recap-mine" }, wording.summary(me, recap, ctx).map((line) => h("li", {}, line))) : null,
      won.length ? h("p", { class: "recap-won" }, won.map((award) => h("span", { class: "badge vip" }, award.title))) : null,
      h("details", { class: "recap-all" }, h("summary", {}, t("Every award")), h("div", {}, awards.map(awardCard))));
  }

  function open() {
    closed = null;
    holding = null;
    shownSet(true);
    ctx.redraw();
  }

  // The recap shown or not; shown, its pages fit its box at once (the box had no size hidden).
  function shownSet(shown) {
    el.hidden = !shown;
    if (shown && pages) pages.fit();
  }

  // On the TV's end screen, while the recap is not showing: the way to it.
  function opener() {
    if (ctx.role !== "board" || !last || !el.hidden) return null;
    return h("button", { type: "button", class: "secondary recap-open", "data-testid": "recap-open", onclick: open },
      t("See the recap"));
  }

  return {
    el,
    opener,
    async update(frame) {
      const recap = frame.room.status === "over" ? frame.recap : null;
      if (!recap) {
        el.hidden = true;
        closed = null;
        holding = null;
        last = null;
        playingSeen = frame.room.status === "playing";
        return;
      }
      await load();
      if (frame !== ctx.frame()) return; // a newer frame has drawn since
      draw(recap);
      if (ctx.role === "board" && playingSeen) {
        // The end, watched: its moments, then the hold, then the recap (unless opened or
        // closed since).
        holding = recap;
        dramaQuiet().then(() => new Promise((resolve) => { setTimeout(resolve, END_HOLD_MS); })).then(() => {
          if (holding !== recap) return;
          holding = null;
          shownSet(!same(closed, recap));
          ctx.redraw();
        });
      }
      last = recap;
      playingSeen = false;
      shownSet(!(ctx.role === "board" && (same(closed, recap) || same(holding, recap))));
      ctx.redraw();
    },
  };
}
