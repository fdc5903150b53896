// The player's reference sheet: the seven characters, with this player's own imposter tokens on
// them.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { CHARACTERS, IMMUNE_TO, character, charName, picture } from "../common.js";

export function sheet(s) {
  const { view, ctx } = s;
  const me = view.me;
  if (!me) return null;
  const tokens = view.players[me.seat].imposters;
  const immuneOf = (id) => Object.keys(IMMUNE_TO).find((k) => IMMUNE_TO[k] === id);
  return h("details", { class: "hx-box hx-sheet", "data-testid": "sheet" },
  h("summary", {}, t("Your sheet"), tokens.length ? h("span", { class: "hx-badge bad" }, fmt("%(n)s imposter", { n: tokens.length })) : null),
  h("ul", { class: "hx-sheet-list" }, CHARACTERS.map((id) => {
    const c = character(ctx, id);
    const covered = tokens.includes(id);
    return h("li", { class: `hx-sheet-row ${covered ? "covered" : ""}`, "data-character": id },
      picture(ctx, id, "hx-sheet-pic"),
      h("div", {}, h("b", {}, c.name), covered ? h("span", { class: "hx-stamp" }, t("Imposter")) : null,
        h("p", {}, c.privilege),
        c.immunity ? h("p", { class: "muted" }, c.immunity) : null,
        immuneOf(id) && !c.immunity ? h("p", { class: "muted" }, fmt("Immune to %(character)s.", { character: charName(ctx, immuneOf(id)) })) : null));
  })));
}
