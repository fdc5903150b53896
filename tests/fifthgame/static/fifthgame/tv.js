// Coin call on the TV: who has called (never what), then the coin and every call.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil, namesJoin } from "../partyhub/js/widgets.js";

const SIDE = { heads: () => t("Heads"), tails: () => t("Tails") };

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fifthgame.css", import.meta.url)));
  return {
    update(frame) {
      const view = frame.view;
      const players = view.called.map((called, seat) => h("li", { class: "cc-player", "data-testid": "seat",
        "data-seat": seat, "data-meaning": `called:${called}`, "data-sign": called ? "✓" : "…" },
      view.over ? fmt("%(name)s: %(side)s", { name: ctx.nameOf(seat), side: SIDE[view.calls[seat]]() })
        : `${ctx.nameOf(seat)} ${called ? "✓" : "…"}`));
      const names = namesJoin(view.winners.map((seat) => ctx.nameOf(seat)));
      const title = !view.over ? t("Everyone calls heads or tails in secret.")
        : names ? fmt("The coin shows %(side)s: %(names)s won.", { side: SIDE[view.coin](), names })
          : fmt("The coin shows %(side)s: nobody called it.", { side: SIDE[view.coin]() });
      morph(root, h("section", { class: "cc" }, h("h2", {}, title), h("ul", { class: "cc-players" }, players)));
    },
    error() {},
  };
}
