// What an audience phone (or any seatless screen) sees: a compact board.

import { h } from "../../partyhub/js/dom.js";
import { phaseTitle, guessColumn, resultLines } from "../common.js";
import { questionBlock, answersList, agreedLine } from "./parts.js";
import { revealChip } from "./reveal.js";

export function audienceStage(s) {
  const { view, ctx } = s;
  const parts = [h("h2", {}, phaseTitle(view, ctx))];
  if (view.card) parts.push(questionBlock(view.card));
  if (view.phase === "read") parts.push(answersList(view));
  if (view.guess) parts.push(guessColumn(view, ctx, { extra: (slot, answer) => revealChip(view, slot, answer) }));
  if (view.phase === "rank") parts.push(agreedLine(s));
  if (view.phase === "score") parts.push(h("div", { class: "ofx-result" }, resultLines(view, ctx).map((line) => h("p", {}, line))));
  return parts;
}
