// The end on the TV: who won, over the podium's steps.

import { h, fmt } from "../../partyhub/js/dom.js";
import { token, winnerText } from "../common.js";

// The steps hold the players still in the game (a removed player cannot win: rules.podium),
// placed among themselves; the track still shows everyone.
export function podium(s) {
  const { view, ctx } = s;
  const pod = view.podium;
  const scores = pod.scores;
  const standing = pod.standings.filter((seat) => !(view.removed || []).includes(seat));
  const distinct = [...new Set(standing.map((seat) => scores[seat]))].sort((a, b) => b - a).slice(0, 3);
  const step = (score, index) => {
    const seats = standing.filter((seat) => scores[seat] === score);
    return h("div", { class: `ofx-step step-${index + 1}` },
      h("div", { class: "ofx-step-names" }, seats.map((seat) => h("div", { class: "ofx-step-name" }, token(seat, ctx), ctx.nameOf(seat)))),
      h("div", { class: "ofx-step-block" }, h("span", { class: "ofx-step-place" }, String(1 + standing.filter((seat) => scores[seat] > score).length)),
        h("span", { class: "ofx-step-score" }, fmt("%(n)s points", { n: score }))));
  };
  const headline = winnerText(view, ctx);
  const steps = distinct.map(step);
  // Classic podium order: 2nd, 1st, 3rd.
  const arranged = [steps[1], steps[0], steps[2]].filter(Boolean);
  return h("div", { class: "ofx-podium", "data-testid": "podium" },
    h("p", { class: "ofx-winner", "data-testid": "winner" }, headline),
    h("div", { class: "ofx-steps" }, arranged));
}
