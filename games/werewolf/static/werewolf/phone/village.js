// The village: every player, alive or dead (with the card when the option reveals it), the
// Mayor, who has no vote; the cards in play; what happened.

import { h, t } from "../../partyhub/js/dom.js";
import { roleName, seatToken, composition, logList } from "../common.js";

export function village(s, open) {
  const { view, ctx } = s;
  return h("details", { class: "ww-box", open },
    h("summary", {}, t("The village")),
    h("ul", { class: "ww-village", "data-testid": "village" }, view.players.map((p) =>
      h("li", { class: `${p.alive ? "" : "dead"} ${view.me && p.seat === view.me.seat ? "me" : ""}`, "data-testid": "villager", "data-seat": p.seat,
        "data-alive": String(p.alive), "data-meaning": `life:${p.alive ? "alive" : "dead"}` },
      seatToken(p.seat, ctx), h("span", { class: "ww-village-name", "data-sign": "style" }, ctx.nameOf(p.seat)),
      p.mayor ? h("span", { class: "ww-badge mayor" }, t("Mayor")) : null,
      p.no_vote ? h("span", { class: "ww-badge" }, t("no vote")) : null,
      p.alive ? null : h("span", { class: "ww-badge dead", "data-sign": true }, t("dead")),
      p.card ? h("span", { class: "ww-village-card", "data-card": p.card }, roleName(ctx, p.card)) : null))),
    h("h3", {}, t("Cards in play")), composition(view, ctx, { testid: "phone-composition" }),
    view.log.length ? [h("h3", {}, t("What happened")), logList(view, ctx, { limit: 8, testid: "phone-log" })] : null);
}
