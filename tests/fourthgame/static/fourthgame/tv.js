// Highest card on the TV: who has picked, then every card and the winner.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil } from "../partyhub/js/widgets.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fourthgame.css", import.meta.url)));
  return {
    update(frame) {
      const view = frame.view;
      const players = view.picked.map((picked, seat) => h("li", { class: "hc-player", "data-testid": "seat", "data-seat": seat },
        view.over ? fmt("%(name)s: %(card)s", { name: ctx.nameOf(seat), card: view.picks[seat] })
          : `${ctx.nameOf(seat)} ${picked ? "✓" : "…"}`));
      const winners = view.winners.map((seat) => ctx.nameOf(seat)).join(", ");
      morph(root, h("section", { class: "hc" },
        h("h2", {}, view.over ? fmt("Highest card: %(names)s", { names: winners }) : t("Everyone picks a card.")),
        h("ul", { class: "hc-players" }, players)));
    },
    error() {},
  };
}
