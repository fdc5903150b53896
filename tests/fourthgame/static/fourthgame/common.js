// What both of Highest card's screens share: the round and the scores, the last round's cards,
// and the audience's ballot in the game's words.

import { h, t, fmt } from "../partyhub/js/dom.js";

export const ballot = {
  question: (name) => (name === "winner" ? t("Who will hold the highest card?") : null),
  short: (name) => (name === "winner" ? t("Highest card?") : null),
  choice: (name, value, frame, ctx) => (name === "winner" ? ctx.nameOf(value) : null),
  truth: (name, result) => (name === "winner" && result && result.winners.length ? String(result.winners[0]) : null),
};

// "Round 2 of 5", when the game has more than one.
export function roundLine(view) {
  return view.rounds > 1 ? h("p", { class: "hc-round", "data-testid": "round" },
    fmt("Round %(n)s of %(rounds)s", { n: view.round, rounds: view.rounds })) : null;
}

// The last round's winners, while the next is picked.
export function lastLine(view, ctx) {
  if (!view.last || view.over) return null;
  const names = view.last.winners.map((seat) => ctx.nameOf(seat)).join(", ");
  return h("p", { class: "hc-last" }, names ? fmt("Last round: %(names)s", { names }) : t("Last round: nobody picked."));
}


