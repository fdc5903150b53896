// The phone's top bar: the time (night or day), alive, dead or watching, and the clock.

import { h, t } from "../../partyhub/js/dom.js";
import { countdown } from "../../partyhub/js/widgets.js";
import { clockTitle } from "../common.js";

export function topBar(s) {
  const { view } = s;
  const me = view.me;
  // At night the step's end, the same on every living phone (drawn when it began: it tells
  // nothing, and nobody is cut off unwarned); the TV shows none.
  const clock = view.over ? null : countdown(view.phase === "night" ? me && me.deadline : view.deadline, "pill");
  return h("div", { class: "ww-bar" },
    h("span", { class: "ww-when", "data-testid": "when" }, clockTitle(view)),
    me ? h("span", { class: `ww-state ${me.alive ? "" : "dead"}` }, me.alive ? t("alive") : t("dead"))
      : h("span", { class: "ww-state" }, t("You are watching")),
    clock);
}
