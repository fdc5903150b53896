// The end: who won, and this player's own line if it is them.

import { h, t } from "../../partyhub/js/dom.js";
import { winnerText } from "../common.js";
import { mySeat } from "./parts.js";

export function overStage(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  return [h("h2", { class: "hx-win", "data-testid": "phone-winner" }, winnerText(view, ctx)),
    seat !== null && seat === view.winner ? h("p", { class: "hx-you-won" }, t("You won!")) : null];
}
