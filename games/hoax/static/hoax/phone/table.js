// The table, in a box under the stage: every seat's resources, cards, imposter tokens (and, at the
// end, identities), and the supply.

import { h, t } from "../../partyhub/js/dom.js";
import { charName, picture, resources, seatToken } from "../common.js";
import { mySeat } from "./parts.js";

export function table(s, { open }) {
  const { view, ctx } = s;
  const over = view.phase === "over";
  const rows = view.players.map((p) => h("li", { class: `hx-row-player ${p.out ? "out" : ""} ${p.seat === view.active && !over ? "active" : ""} ${p.seat === mySeat(s) ? "me" : ""}`,
    "data-testid": "table-row", "data-seat": p.seat },
  seatToken(p.seat, ctx),
  h("span", { class: "hx-row-name" }, ctx.nameOf(p.seat),
    p.seat === view.active && !over ? h("span", { class: "hx-badge turn" }, t("Turn")) : null,
    p.out ? h("span", { class: "hx-badge out" }, t("Out")) : null,
    view.hoax_card === p.seat ? h("span", { class: "hx-card hoax small" }, t("Hoax card")) : null,
    view.accuser_card === p.seat ? h("span", { class: "hx-card accuser small" }, t("Accuser card")) : null,
    over && p.character ? h("span", { class: "hx-row-char", "data-testid": "identity", "data-character": p.character },
      picture(ctx, p.character, "hx-row-pic"), charName(ctx, p.character)) : null,
    p.imposters.length ? h("span", { class: "hx-imposters" }, p.imposters.map((c) => h("span", { class: "hx-imposter", "data-character": c },
      h("span", { class: "hx-imposter-x", "aria-hidden": "true" }), charName(ctx, c)))) : null),
  resources(p.resources, "hx-row-res")));
  const supply = h("li", { class: "hx-row-player supply" }, h("span", { class: "hx-row-name" }, t("Supply")), resources(view.supply, "hx-row-res"));
  return h("details", { class: "hx-box", open },
    h("summary", {}, t("The table")), h("ul", { class: "hx-table-list", "data-testid": "phone-table" }, rows, supply));
}
