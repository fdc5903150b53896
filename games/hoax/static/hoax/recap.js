// Hoax's recap in words (the layout is partyhub/js/recap.js): the awards the server computed
// from the game's log, the timeline of every claim with who really was who, and a player's own
// summary.

import { h, t, fmt, nt } from "../partyhub/js/dom.js";

const TITLES = {
  best_bluffer: () => t("Best bluffer"),
  sharpest_caller: () => t("Sharpest caller"),
};
const OUTCOMES = {
  stood: () => t("it stood"),
  caught: () => t("caught"),
  proved: () => t("true, and voted down: the game won"),
};

const characterName = (ctx, id) => ((ctx.page.characters || []).find((c) => c.id === id) || { name: id }).name;

export function awards(recap, ctx) {
  return recap.awards.map((award) => ({
    key: award.key,
    title: TITLES[award.key](),
    seats: award.seats,
    lines: award.seats.map((seat) => {
      const n = award.counts[seat];
      return award.key === "best_bluffer"
        ? fmt(nt("%(name)s: %(n)s lie that stood", "%(name)s: %(n)s lies that stood", n), { name: ctx.nameOf(seat), n })
        : fmt(nt("%(name)s: %(n)s right call", "%(name)s: %(n)s right calls", n), { name: ctx.nameOf(seat), n });
    }),
  }));
}

// Who won (partyhub/js/recap.js names them): the one winner, if any.
export function winners(recap) {
  return recap.winner === null || recap.winner === undefined ? [] : [recap.winner];
}

export function timeline(recap, ctx) {
  return [
    h("h3", {}, t("Who really was who")),
    h("ol", { class: "recap-claims" }, recap.timeline.map((claim) => {
      const words = { name: ctx.nameOf(claim.seat), claimed: characterName(ctx, claim.character), truth: characterName(ctx, claim.truth) };
      return h("li", { class: claim.true ? "true" : "false" },
        claim.kind === "claim"
          ? fmt("%(name)s claimed %(claimed)s; really %(truth)s", words)
          : fmt("%(name)s claimed immunity as %(claimed)s; really %(truth)s", words),
        claim.caller !== null ? [" · ", fmt("Hoax! by %(name)s", { name: ctx.nameOf(claim.caller) })] : null,
        " · ", OUTCOMES[claim.outcome]());
    })),
  ];
}

export function summary(me, _recap, ctx) {
  return [
    fmt("You were %(character)s.", { character: characterName(ctx, me.character) }),
    fmt("Claims: %(n)s, lies: %(lies)s; lies that stood: %(bluffs)s; caught: %(caught)s.",
      { n: me.claims, lies: me.lies, bluffs: me.bluffs, caught: me.caught }),
    fmt("Your Hoax! calls: %(right)s right, %(wrong)s wrong.", { right: me.calls_right, wrong: me.calls_wrong }),
    fmt("Your votes: %(right)s right out of %(n)s.", { right: me.votes_right, n: me.votes }),
  ];
}
