// The recap of a game that has ended (the frame's `recap`, computed by the server from the
// game's action log): on the TV, the awards one after the other and the game's timeline; on a
// player's phone, that player's own summary. The game's module (games/<game>/static/<game>/
// recap.js) words each award and line; this file lays them out.

import { h, morph, t } from "./dom.js";

export function recapMount(ctx) {
  const el = h("section", { class: `recap recap-${ctx.role}`, "data-testid": "recap", hidden: true });
  let wording = null;
  let loading = null;
  let closed = null; // the recap this TV's viewer closed

  const load = () => {
    loading = loading || import(ctx.page.scripts.recap).then((module) => { wording = module; });
    return loading;
  };

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
      morph(el,
        h("h2", {}, t("Recap")),
        h("div", { class: "recap-awards" }, awards.map(awardCard)),
        timeline ? h("div", { class: "recap-timeline", "data-testid": "recap-timeline" }, timeline) : null,
        h("button", { type: "button", class: "big recap-close", "data-testid": "recap-close",
          onclick: () => { closed = recap; el.hidden = true; } }, t("Close the recap")));
      return;
    }
    const me = recap.me;
    const won = awards.filter((award) => me && award.seats.includes(me.seat));
    morph(el,
      h("h2", {}, me ? t("Your game") : t("Recap")),
      me ? h("ul", { class: "recap-mine", "data-testid": "recap-mine" }, wording.summary(me, recap, ctx).map((line) => h("li", {}, line))) : null,
      won.length ? h("p", { class: "recap-won" }, won.map((award) => h("span", { class: "badge vip" }, award.title))) : null,
      h("details", { class: "recap-all" }, h("summary", {}, t("Every award")), h("div", {}, awards.map(awardCard))));
  }

  return {
    el,
    async update(frame) {
      const recap = frame.room.status === "over" ? frame.recap : null;
      if (!recap) {
        el.hidden = true;
        closed = null;
        return;
      }
      await load();
      if (frame !== ctx.frame()) return; // a newer frame has drawn since
      draw(recap);
      el.hidden = ctx.role === "board" && closed !== null && JSON.stringify(closed) === JSON.stringify(recap);
    },
  };
}
