// The TV's side: the cards in play, the curse, and what happened; at the end, the night-by-night
// timeline (paged by tv.js).

import { h, t } from "../../partyhub/js/dom.js";
import { composition, logList, timeline } from "../common.js";

export function sideParts(s) {
  const { view, ctx } = s;
  return view.over
    ? [h("h2", {}, t("Night by night")), timeline(view.reveal, ctx, { log: view.log })]
    : [h("h2", {}, t("Cards in play")), composition(view, ctx),
      view.cursed ? h("p", { class: "ww-curse", "data-testid": "cursed" }, t("The village has lost its wisdom: the villagers have no powers.")) : null,
      h("h2", {}, t("What happened")), logList(view, ctx, { limit: 9 })];
}
