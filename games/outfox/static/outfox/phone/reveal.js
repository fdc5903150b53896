// The reveal and the turn's points: the group's column with each answer's real rank as it comes,
// the reader's real order to read out and their button on, a guesser's Double Down.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { letter, rankLabel, nextReaders, guessColumn, resultLines, revealedOf } from "../common.js";
import { questionBlock, rankTag, sticky, bigButton } from "./parts.js";

// Beside a revealed answer: its real rank.
export function revealChip(view, slot, answer) {
  const step = answer === null ? null : revealedOf(view, answer);
  if (!step) return null;
  return h("span", { class: `ofx-rank ${step.rank === 0 ? "fox" : ""}` }, step.rank === 0 ? t("Fox") : rankLabel(step.rank));
}

// The real Top 5 and the Fox, in rank order, for the reader to read out during the reveal.
function realOrder(me) {
  const byRank = [...me.secret].sort((a, b) => (a.rank || 6) - (b.rank || 6));
  return h("div", { class: "ofx-real", "data-testid": "real-order" },
    h("h3", {}, t("The real order, to read out")),
    h("ol", { class: "ofx-secret" }, byRank.map((entry) => h("li", { class: `ofx-secret-row ${entry.rank === 0 ? "fox" : ""}`,
      "data-rank": entry.rank },
      rankTag(entry.rank),
      h("span", { class: "ofx-answer-text" }, entry.text)))));
}

// A guesser's Double Down: the letter bet on, then whether it was exact once revealed.
function doubleDownLine(view, mine, pos) {
  const step = revealedOf(view, mine);
  let text = fmt("Your Double Down: %(letter)s", { letter: letter(mine) });
  if (step && step.double_downs.includes(pos)) text = fmt("Your Double Down on %(letter)s was exact: +3", { letter: letter(mine) });
  else if (step) text = fmt("Your Double Down on %(letter)s missed.", { letter: letter(mine) });
  return h("p", { class: "ofx-hint-line", "data-testid": "my-double-down" }, text);
}

// Under the column: the turn's result and who reads next (score), and the reader's button on.
function revealEnd(s, reader) {
  const { view, ctx } = s;
  const next = () => s.act({ type: "next" });
  if (view.phase === "score") {
    const nextWho = nextReaders(view, ctx);
    return [
      h("div", { class: "ofx-result" }, resultLines(view, ctx).map((line) => h("p", {}, line))),
      h("p", { class: "hint" }, nextWho || t("That was the last turn!")),
      reader ? sticky(bigButton(nextWho ? t("Next turn") : t("See the podium"), "next", next)) : null,
    ];
  }
  // At the automatic pace the reader may still go faster.
  const manual = view.options.reveal_pace === "manual";
  return reader ? [sticky(bigButton(manual ? t("Next") : t("Next answer now"), "next", next))] : [];
}

export function revealStage(s) {
  const { view, frame, ctx } = s;
  const me = view.me;
  const reader = me && me.role === "reader";
  const mine = me && me.role === "guesser" ? me.double_down : null;
  const pos = frame.you ? frame.you.position : null;
  const myPoints = pos !== null && pos !== undefined ? view.players[pos].turn_points : null;
  const scored = view.phase === "score" && myPoints !== null && myPoints !== undefined;
  return [
    h("h2", {}, view.phase === "score" ? t("Points") : t("The reveal")),
    scored ? h("p", { class: "ofx-mypoints", "data-testid": "my-turn-points" }, fmt("+%(n)s this turn", { n: myPoints })) : null,
    questionBlock(view.card),
    guessColumn(view, ctx, { extra: (slot, answer) => revealChip(view, slot, answer), mine, showTokens: false }),
    reader && me.secret ? realOrder(me) : null,
    mine !== null && mine !== undefined ? doubleDownLine(view, mine, pos) : null,
    ...revealEnd(s, reader),
  ];
}
