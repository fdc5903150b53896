// Werewolf's recap in words (the layout is partyhub/js/recap.js): the awards the server
// computed from the game's log; the winners (a player the host removed named apart), the
// deaths in order with their cards and causes, and the game night by night and day by day;
// and a player's own summary.

import { h, t, fmt, nt } from "../partyhub/js/dom.js";
import { causeText, names, timeline as gameTimeline, winnerText } from "./common.js";

const TITLES = {
  sharpest_voter: () => t("Sharpest voter"),
  last_wolf: () => t("The wolf who lasted longest"),
};

const cardName = (ctx, id) => ((ctx.page.roles || []).find((r) => r.id === id) || { name: id }).name;

export function awards(recap, ctx) {
  return recap.awards.map((award) => ({
    key: award.key,
    title: TITLES[award.key](),
    seats: award.seats,
    lines: award.key === "sharpest_voter"
      ? award.seats.map((seat) => fmt(nt("%(name)s: %(n)s vote against werewolves", "%(name)s: %(n)s votes against werewolves", award.counts[seat]),
        { name: ctx.nameOf(seat), n: award.counts[seat] }))
      : award.seats.map((seat) => (award.alive.includes(seat)
        ? fmt("%(name)s: alive at the end", { name: ctx.nameOf(seat) })
        : fmt("%(name)s: the last werewolf to die", { name: ctx.nameOf(seat) }))),
  }));
}

export function timeline(recap, ctx) {
  const left = recap.left || [];
  return [
    h("p", { class: "recap-winners", "data-testid": "recap-winners" },
      winnerText({ result: recap.team ? { team: recap.team, winners: recap.winners } : null }, ctx)),
    left.length ? h("p", { "data-testid": "recap-left" }, fmt("Left the village (not among the winners): %(names)s", { names: names(ctx, left) })) : null,
    recap.deaths.length ? [h("h3", {}, t("The dead, in order")),
      h("ol", { class: "recap-deaths" }, recap.deaths.map((death) => h("li", {},
        fmt("%(name)s, %(card)s: %(cause)s", { name: ctx.nameOf(death.seat), card: cardName(ctx, death.card), cause: causeText(death.cause) }))))] : null,
    recap.nights ? [h("h3", {}, t("Night by night, day by day")),
      gameTimeline({ timeline: recap.nights, deaths: recap.deaths }, ctx, { testid: "recap-days", log: recap.log })] : null,
  ];
}

export function summary(me, _recap, ctx) {
  return [
    fmt("You were %(card)s.", { card: cardName(ctx, me.card) }),
    me.won ? t("Your side won.") : t("Your side lost."),
    me.alive ? t("You survived.") : t("You died."),
    fmt("Your day votes: %(n)s, against werewolves: %(wolves)s.", { n: me.ballots, wolves: me.on_wolves }),
  ];
}
