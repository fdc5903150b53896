// Outfox's recap in words (the layout is partyhub/js/recap.js): the awards the server computed
// from the game's log, and a player's own summary.

import { t, fmt, nt } from "../partyhub/js/dom.js";

const TITLES = {
  best_fox: () => t("Best Fox"),
  double_down: () => t("Exact Double Downs"),
  biggest_jump: () => t("Biggest jump on the track"),
};

function lines(award, ctx) {
  if (award.key === "best_fox") {
    return award.entries.map((fox) => fmt(nt("Turn %(turn)s: “%(fox)s” fooled %(n)s guesser", "Turn %(turn)s: “%(fox)s” fooled %(n)s guessers", fox.fooled),
      { turn: fox.turn, fox: fox.fox, n: fox.fooled }));
  }
  if (award.key === "double_down") {
    return award.entries.map((entry) => fmt("Turn %(turn)s: %(name)s, “%(answer)s” at #%(rank)s",
      { turn: entry.turn, name: ctx.nameOf(entry.seat), answer: entry.answer, rank: entry.slot + 1 }));
  }
  return award.entries.map((jump) => fmt("Turn %(turn)s: %(name)s +%(points)s (%(from)s → %(to)s)",
    { turn: jump.turn, name: ctx.nameOf(jump.seat), points: jump.points, from: jump.from, to: jump.to }));
}

export function awards(recap, ctx) {
  return recap.awards.map((award) => ({ key: award.key, title: TITLES[award.key](), seats: award.seats, lines: lines(award, ctx) }));
}

export function summary(me) {
  return [
    fmt(nt("You scored %(score)s point: place %(place)s.", "You scored %(score)s points: place %(place)s.", me.score), { score: me.score, place: me.place }),
    fmt(nt("Your Foxes fooled %(n)s guesser.", "Your Foxes fooled %(n)s guessers.", me.fooled), { n: me.fooled }),
    fmt("Exact Double Downs: %(n)s.", { n: me.exact }),
    fmt("Your best turn: +%(n)s.", { n: me.best_turn }),
  ];
}
