// The TV's side: the scoring track with the scoreboard inside it (each player's place, their
// status in the phase, this turn's points and total) and, between turns, the last turn's points.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { token, places, lapText, track } from "../common.js";

// Ten names of twenty letters fit the track's inside on one line each only if a guesser's
// status is its sign alone (its words are its label); the reader keeps the word.
function mark(kind, sign, label, testid = null) {
  return h("span", { class: `ofx-status ${kind}`, role: "img", "aria-label": label, title: label,
    "data-testid": testid }, sign);
}

function status(view, player) {
  const seat = player.seat;
  if (seat === view.reader || seat === view.partner) {
    return view.phase === "over" ? null : h("span", { class: "ofx-status reader" }, t("Reader"));
  }
  if (view.phase === "rank" && view.agreed.includes(seat)) return mark("agreed", "✓", t("✓ Agreed"), "agreed");
  if (view.phase === "double_down") {
    return view.picked.includes(seat) ? mark("picked", "◆", t("◆ Doubled down"), "picked")
      : mark("thinking", "…", t("…"));
  }
  return null;
}

function scoreboard(s) {
  const { view, ctx, fresh } = s;
  const placeOf = places(view);
  const order = [...view.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
  return h("ol", { class: `ofx-scores n${view.players.length}`, "data-testid": "scores" }, order.map((player) =>
    h("li", { class: `ofx-score-row ${player.connected ? "" : "offline"}`, "data-seat": player.seat },
      h("span", { class: "ofx-place" }, String(placeOf[player.seat])),
      token(player.seat, ctx),
      h("span", { class: "ofx-name" }, ctx.nameOf(player.seat)),
      (view.removed || []).includes(player.seat) ? h("span", { class: "badge" }, t("Left the game")) : status(view, player),
      player.turn_points !== null && player.turn_points !== undefined
        ? h("span", { class: `ofx-plus ${player.turn_points ? "" : "zero"} ${fresh === 0 ? "ofx-later" : ""}`, "data-testid": "turn-points" }, `+${player.turn_points}`) : null,
      h("span", { class: "ofx-points" }, String(player.score),
        player.lap ? h("small", { class: "ofx-lap" }, lapText(player.lap)) : null))));
}

function lastTurn(s) {
  const { view, ctx } = s;
  const entry = view.history[view.history.length - 1];
  if (!entry) return null;
  const points = view.players.map((p) => ({ seat: p.seat, points: entry.points[p.seat] })).filter((p) => p.points);
  return h("p", {}, fmt("Last turn: %(list)s",
    { list: points.map((p) => `${ctx.nameOf(p.seat)} +${p.points}`).join(", ") || t("nobody scored") }));
}

// Under the track, while the next question is chosen and its Fox written: the last turn's points.
function sideNote(s) {
  const { view } = s;
  if (["draw", "fox"].includes(view.phase) && view.history.length) {
    return h("div", { class: "ofx-side-note" }, lastTurn(s));
  }
  return null;
}

export function side(s) {
  return h("aside", { class: "ofx-side" }, track(s.view, s.ctx, scoreboard(s)), sideNote(s));
}
