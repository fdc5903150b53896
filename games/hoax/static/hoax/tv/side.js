// The TV's side: the supply, and the public log (paged by tv.js).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { logList, RESOURCES, resIcon, resName } from "../common.js";

function supply(s) {
  const { view } = s;
  return h("div", { class: "hx-supply", "data-testid": "supply" },
    h("span", { class: "hx-supply-label" }, t("Supply")),
    RESOURCES.map((r) => h("span", { class: "hx-supply-pile", title: resName(r), "data-resource": r, role: "img",
      "aria-label": fmt("%(resource)s: %(n)s", { resource: resName(r), n: view.supply[r] }) },
    resIcon(r), h("b", {}, String(view.supply[r])))));
}

export function side(s) {
  const { view, ctx } = s;
  return h("aside", { class: "hx-side" }, supply(s), h("h2", {}, t("What happened")), logList(view, ctx, { limit: 16, cls: "pages" }));
}
