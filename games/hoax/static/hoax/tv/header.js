// The TV's header: the game's name, the turn, the phase's title and its clock.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { countdown } from "../../partyhub/js/widgets.js";
import { phaseTitle } from "../common.js";

export function header(s) {
  const { view, ctx } = s;
  const showClock = view.deadline && view.phase !== "turn" && view.phase !== "over";
  return h("header", { class: "hx-top" },
    h("span", { class: "hx-brand" }, t("Hoax")),
    view.turn.number ? h("span", { class: "hx-turn" }, fmt("Turn %(n)s", { n: view.turn.number })) : null,
    h("h1", { class: "hx-title", "data-testid": "phase-title" }, phaseTitle(view, ctx)),
    showClock ? countdown(view.deadline, "hx-clock big") : null);
}
