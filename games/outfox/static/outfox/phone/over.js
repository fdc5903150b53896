// The end: who won, and the final standings with this player's line marked.

import { h, t } from "../../partyhub/js/dom.js";
import { token, places, winnerText } from "../common.js";

export function podiumStage(s) {
  const { view, frame, ctx } = s;
  const pod = view.podium;
  const placeOf = places(view);
  const pos = frame.you ? frame.you.position : null;
  const iWon = pos !== null && pos !== undefined && pod.winners.includes(pos);
  return [
    h("h2", { "data-testid": "phone-podium" }, winnerText(view, ctx)),
    iWon ? h("p", { class: "ofx-mypoints" }, pod.winners.length > 1 ? t("You share the win!") : t("You won!")) : null,
    h("ol", { class: "ofx-standings" }, pod.standings.map((seat) =>
      h("li", { class: pos === seat ? "me" : "" }, h("span", { class: "ofx-place" }, String(placeOf[seat])),
        token(seat, ctx), h("span", { class: "ofx-name" }, ctx.nameOf(seat)),
        h("span", { class: "ofx-points" }, String(pod.scores[seat]))))),
  ];
}
