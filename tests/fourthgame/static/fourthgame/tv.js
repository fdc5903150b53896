// Highest card on the TV: who has picked (never what), then every card, shout and the winner.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil, countdown, namesJoin } from "../partyhub/js/widgets.js";
import { ballot, roundLine, lastLine } from "./common.js";

export { ballot };

function seatLine(view, seat, ctx) {
  const name = ctx.nameOf(seat);
  if (view.left[seat]) return fmt("%(name)s: left", { name });
  const score = view.rounds > 1 ? ` (${view.scores[seat]})` : "";
  if (!view.over) return `${name}${score} ${view.picked[seat] ? "✓" : "…"}`;
  const card = view.picks[seat] === null ? "–" : String(view.picks[seat]);
  const shout = view.shouts[seat];
  const line = shout ? fmt("%(name)s: %(card)s, “%(shout)s”", { name, card, shout }) : fmt("%(name)s: %(card)s", { name, card });
  return line + score;
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fourthgame.css", import.meta.url)));
  return {
    update(frame) {
      const view = frame.view;
      const players = view.picked.map((picked, seat) => h("li", { class: "hc-player", "data-testid": "seat",
        "data-seat": seat, "data-meaning": `picked:${picked}`, "data-sign": picked ? "✓" : "…" }, seatLine(view, seat, ctx)));
      const winners = namesJoin(view.winners.map((seat) => ctx.nameOf(seat)));
      morph(root, h("section", { class: "hc" },
        h("h2", {}, view.over ? (winners ? fmt("Highest card: %(names)s", { names: winners }) : t("Nobody picked a card."))
          : t("Everyone picks a card in secret."), " ", view.over ? null : countdown(view.deadline, "pill")),
        roundLine(view), lastLine(view, ctx),
        h("ul", { class: "hc-players" }, players)));
    },
    error() {},
  };
}
