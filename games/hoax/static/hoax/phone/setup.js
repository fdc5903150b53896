// The start: each player in turn takes a starting resource.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { has, errorLine, pickButtons, waitCard } from "./parts.js";

export function setupStage(s) {
  const { view, ctx } = s;
  if (has(s, "pick")) {
    return [h("h2", {}, t("Take a starting resource")), errorLine(s), pickButtons(s, "pick"),
      h("p", { class: "hint" }, t("Investigating costs one of each; the privileges bring more."))];
  }
  return [waitCard(fmt("%(name)s picks a starting resource.", { name: ctx.nameOf(view.active) }),
    t("Meanwhile, press and hold your card to see who you are."))];
}
