// Highest card's recap in words (the layout is partyhub/js/recap.js): its awards, every round's
// picks in the order made, and a player's own summary.

import { h, t, fmt, nt } from "../partyhub/js/dom.js";

const TITLES = {
  most_rounds: () => t("Most rounds won"),
  quickest: () => t("Quickest hand"),
};

export function awards(recap, ctx) {
  return recap.awards.map((award) => ({
    key: award.key,
    title: TITLES[award.key](),
    seats: award.seats,
    lines: award.seats.map((seat) => fmt(nt("%(name)s: %(n)s round", "%(name)s: %(n)s rounds", award.rounds),
      { name: ctx.nameOf(seat), n: award.rounds })),
  }));
}

function pickLine(entry, ctx) {
  const words = { name: ctx.nameOf(entry.seat), card: entry.card, shout: entry.shout };
  return entry.shout ? fmt("%(name)s: %(card)s, “%(shout)s”", words) : fmt("%(name)s: %(card)s", words);
}

export function timeline(recap, ctx) {
  return [
    h("h3", {}, t("The picks, in order")),
    h("ol", {}, recap.timeline.map((round) => h("li", {},
      fmt("Round %(n)s", { n: round.round }), ": ",
      round.picks.length ? round.picks.map((entry) => pickLine(entry, ctx)).join(" · ") : t("Nobody picked a card.")))),
  ];
}

export function summary(me) {
  return [
    fmt(nt("You won %(won)s round of %(n)s.", "You won %(won)s rounds of %(n)s.", me.won), { won: me.won, n: me.rounds }),
    fmt("Your cards: %(cards)s.", { cards: me.cards.map((card) => (card === null ? "–" : String(card))).join(", ") }),
    me.first ? fmt(nt("You picked first %(n)s time.", "You picked first %(n)s times.", me.first), { n: me.first }) : null,
  ].filter(Boolean);
}
