// The TV's header: the turn, the phase's title, its clock and the voice's switch.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { phaseTitle, countdown } from "../common.js";
import { speechButton } from "./voice.js";

function clock(view) {
  const big = ["read", "rank", "double_down"].includes(view.timer);
  if (view.timer === "absent") {
    return h("span", { class: "ofx-wait" }, t("Waiting for phones…"), " ", countdown(view.deadline, "small"));
  }
  if (big && view.deadline) return countdown(view.deadline, "big");
  if (view.timer === "score") {
    return h("span", { class: "ofx-wait" }, view.turn >= view.turns ? t("The podium in") : t("Next turn in"), " ",
      countdown(view.deadline, "small"));
  }
  if (view.phase === "rank") return h("span", { class: "ofx-notimer" }, t("No timer"));
  return null;
}

export function header(s) {
  const { view, ctx } = s;
  return h("header", { class: "ofx-top" },
    h("span", { class: "ofx-turn" }, view.phase === "over" ? t("Outfox the Fox")
      : view.options.target_score ? fmt("Turn %(turn)s · first to %(target)s points", { turn: view.turn, target: view.options.target_score })
        : fmt("Turn %(turn)s of %(turns)s", { turn: view.turn, turns: view.turns })),
    h("h1", { class: "ofx-title", "data-testid": "phase-title" }, phaseTitle(view, ctx, { short: true })),
    clock(view), speechButton(s));
}
