// A seat of the village square: the player's token (or card, once shown), name, badges, and what
// the village may know they are doing now (never what they chose).

import { h, t } from "../../partyhub/js/dom.js";
import { roleName, picture, seatToken } from "../common.js";

// Per seat, what the village may know it is doing now (never what it chose).
function status(s, p) {
  const { view } = s;
  const poll = view.poll;
  const chip = (text, cls, testid = "seat-status") => h("span", { class: `ww-status ${cls}`, "data-testid": testid }, text);
  if (!p.alive && !(view.prompt && view.prompt.seat === p.seat)) return null;
  switch (view.phase) {
    case "look":
      return p.looked ? chip(t("✓ looked"), "done", "seat-looked") : chip(t("looking…"), "busy");
    case "candidacy":
      if (poll.standing.includes(p.seat)) return chip(t("candidate"), "alert", "seat-standing");
      return poll.answered.includes(p.seat) ? chip(t("answered"), "done") : null;
    case "election":
    case "vote":
      if (!poll.voters.includes(p.seat)) return chip(t("no vote"), "muted");
      if (poll.locked.includes(p.seat)) return chip(t("voted ✓"), "done", "seat-locked");
      return poll.voted.includes(p.seat) ? chip(t("choosing…"), "busy", "seat-voted") : chip(t("to vote"), "muted");
    case "talk":
      return view.talk.ready.includes(p.seat) ? chip(t("ready to vote"), "done", "seat-ready") : null;
    case "prompt":
      return view.prompt.seat === p.seat ? chip(t("choosing…"), "alert") : null;
    default:
      return null;
  }
}

export function seatTile(s, p) {
  const { view, ctx } = s;
  const winner = view.result && view.result.winners.includes(p.seat);
  const poll = view.poll;
  const narrowed = poll && poll.candidates && (poll.kind === "election" || poll.revote); // a choice among a few
  const candidate = narrowed && poll.candidates.includes(p.seat);
  return h("li", { class: `ww-seat ${p.alive ? "alive" : "dead"} ${p.connected ? "" : "offline"} ${winner ? "winner" : ""} ${candidate ? "candidate" : ""}`,
    "data-testid": "seat", "data-seat": p.seat, "data-alive": String(p.alive), "data-card": p.card || "",
    "data-meaning": `life:${p.alive ? "alive" : "dead"}` },
  p.card ? picture(ctx, p.card, "ww-seat-pic") : seatToken(p.seat, ctx, "big"),
  h("span", { class: "ww-seat-text" },
    h("b", { class: "ww-seat-name", "data-sign": "style" }, ctx.nameOf(p.seat)),
    p.card ? h("span", { class: "ww-seat-card" }, roleName(ctx, p.card)) : null,
    h("span", { class: "ww-seat-badges" },
      p.mayor ? h("span", { class: "ww-badge mayor", "data-testid": "mayor" }, t("Mayor")) : null,
      p.no_vote ? h("span", { class: "ww-badge" }, t("no vote")) : null,
      p.alive ? null : h("span", { class: "ww-badge dead", "data-sign": true }, t("dead")),
      winner ? h("span", { class: "ww-badge win" }, t("winner")) : null,
      p.connected ? null : h("span", { class: "ww-badge offline" }, t("offline")),
      status(s, p))));
}
