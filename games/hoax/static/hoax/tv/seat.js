// A seat round the table: its name, resources, badges, cards, imposter tokens, what it is doing in
// the phase (a short public status), its vote once all are out, and its identity at the end.

import { h, t } from "../../partyhub/js/dom.js";
import { charName, picture, resources, seatToken, lastVote, thumb } from "../common.js";

// What this seat is doing in the current phase: a short public status.
function status(s, player) {
  const { view } = s;
  const seat = player.seat;
  const challenge = view.challenge;
  const chip = (text, cls, testid = "seat-status") => h("span", { class: `hx-status ${cls}`, "data-testid": testid }, text);
  if (player.out) return null;
  switch (view.phase) {
    case "setup":
      return seat === view.active ? chip(t("picking…"), "busy") : null;
    case "hoax_window":
      if (seat === challenge.seat) return chip(t("claiming"), "claimant");
      if (challenge.passed.includes(seat)) return chip(t("pass"), "done", "seat-passed");
      if (challenge.callers.includes(seat)) return chip(t("Hoax?"), "busy");
      return chip(t("cannot call"), "muted");
    case "vote":
      if (seat === challenge.caller) {
        return h("span", { class: "hx-statuses" }, chip(t("called Hoax!"), "alert"),
          challenge.voted.includes(seat) ? chip(t("voted"), "done", "seat-voted") : chip(t("voting…"), "busy"));
      }
      if (seat === challenge.seat) return chip(t("on trial"), "claimant");
      if (challenge.voted.includes(seat)) return chip(t("voted"), "done", "seat-voted");
      return chip(t("voting…"), "busy");
    case "immunity":
      if (!view.immunity.asked.includes(seat)) return null;
      return view.immunity.answered.includes(seat) ? chip(t("answered"), "done") : chip(t("immunity?"), "busy");
    case "butler_gift":
      return seat === view.gift.seat ? chip(t("picking…"), "busy") : null;
    default:
      break;
  }
  return null;
}

// The newest vote's choice of this seat, shown on the seat once all votes are out and until
// another question opens (a hoax window, a vote or immunities: old thumbs would mislead).
function shownVote(s, seat) {
  const { view } = s;
  if (view.phase !== "turn" && view.phase !== "over") return null;
  const entry = lastVote(view);
  if (!entry) return null;
  const i = entry.voters.indexOf(seat);
  if (i < 0) return null;
  const up = entry.votes[i] === "up";
  return h("span", { class: `hx-seat-vote ${up ? "up" : "down"}`, "data-testid": "seat-vote", "data-vote": entry.votes[i],
    "data-meaning": `vote:${up ? "up" : "down"}` },
    thumb(up), up ? t("believe") : t("hoax"));
}

export function seatCard(s, player) {
  const { view, ctx } = s;
  const seat = player.seat;
  const over = view.phase === "over";
  const active = !over && seat === view.active;
  const winner = over && seat === view.winner;
  const cls = ["hx-seat", active ? "active" : "", player.out ? "out" : "", player.connected ? "" : "offline",
    winner ? "winner" : ""].join(" ");
  const badges = [
    active ? h("span", { class: "hx-badge turn" }, view.phase === "setup" ? t("Picking") : t("Turn")) : null,
    winner ? h("span", { class: "hx-badge win", "data-testid": "winner-badge" }, t("Winner")) : null,
    player.out ? h("span", { class: "hx-badge out" }, t("Out")) : null,
    player.connected ? null : h("span", { class: "hx-badge offline" }, t("offline")),
  ];
  const cards = [
    view.hoax_card === seat ? h("span", { class: "hx-card hoax", "data-testid": "hoax-card" }, t("Hoax card")) : null,
    view.accuser_card === seat ? h("span", { class: "hx-card accuser", "data-testid": "accuser-card" }, t("Accuser card")) : null,
  ];
  return h("div", { class: cls, "data-testid": "seat", "data-seat": seat, "data-out": String(player.out),
    "data-character": over && player.character ? player.character : null },
  h("div", { class: "hx-seat-head" }, seatToken(seat, ctx), h("span", { class: "hx-seat-name" }, ctx.nameOf(seat))),
  over && player.character ? h("div", { class: "hx-seat-reveal", "data-testid": "identity" },
    picture(ctx, player.character, "hx-reveal-pic"), h("span", {}, charName(ctx, player.character))) : null,
  // One wrapping row under the name: the seat stays short enough for six round the felt.
  h("div", { class: "hx-seat-row" }, resources(player.resources, "hx-seat-res"), badges, cards,
    player.imposters.length ? h("span", { class: "hx-imposters", "data-testid": "imposters" },
      player.imposters.map((c) => h("span", { class: "hx-imposter", "data-character": c, title: t("Imposter token") },
        h("span", { class: "hx-imposter-x", "aria-hidden": "true" }), charName(ctx, c)))) : null,
    status(s, player), shownVote(s, seat)));
}
