// The bar at the top of a phone: this player's score and place, their part in the turn, the clock.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { places, placeText, lapText, countdown } from "../common.js";

function roleText(s) {
  const { view, ctx } = s;
  const me = view.me;
  if (me && view.phase !== "over") {
    if (me.role === "reader") {
      return me.partner === null ? t("You read") : fmt("You read with %(name)s", { name: ctx.nameOf(me.partner) });
    }
    return t("You guess");
  }
  return me ? null : t("You are watching");
}

export function meBar(s) {
  const { view, frame } = s;
  const me = view.me;
  const pos = frame.you ? frame.you.position : null;
  const player = pos === null || pos === undefined ? null : view.players[pos];
  const clockOn = ["read", "rank", "double_down"].includes(view.timer);
  const role = roleText(s);
  return h("div", { class: "ofx-mebar" },
    player ? h("span", { class: "ofx-myscore", "data-testid": "my-score" }, String(player.score),
      h("small", {}, t("pts"))) : null,
    player ? h("span", { class: "ofx-myplace", "data-testid": "my-place" },
      placeText(places(view)[pos], view.players.length),
      player.lap ? ` · ${lapText(player.lap)}` : "") : null,
    role ? h("span", { class: `ofx-role ${me ? me.role : ""}`, "data-testid": "my-role" }, role) : null,
    clockOn ? countdown(view.deadline, "pill") : null);
}
