// The scores under every phase but the end: each player's place, this turn's points and total
// (folded away on a player's phone, open on an audience's).

import { h, t } from "../../partyhub/js/dom.js";
import { token, places } from "../common.js";

export function scoresBox(s, open) {
  const { view, frame, ctx } = s;
  const placeOf = places(view);
  const order = [...view.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  return h("details", { class: "ofx-scores-box", open },
    h("summary", {}, t("Scores")),
    h("ol", { class: "ofx-standings" }, order.map((p) =>
      h("li", { class: `${p.connected ? "" : "offline"} ${frame.you && frame.you.position === p.seat ? "me" : ""}` },
        h("span", { class: "ofx-place" }, String(placeOf[p.seat])), token(p.seat, ctx),
        h("span", { class: "ofx-name" }, ctx.nameOf(p.seat)),
        p.turn_points !== null && p.turn_points !== undefined
          ? h("span", { class: `ofx-plus ${p.turn_points ? "" : "zero"}` }, `+${p.turn_points}`) : null,
        h("span", { class: "ofx-points" }, String(p.score))))));
}
