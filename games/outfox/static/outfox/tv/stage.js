// The TV's main area, by phase: who is choosing and hiding the Fox, the card and its answers, the
// group's GUESS column as it fills, the reveal into the TOP 5, the turn's result, the podium.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import {
  letter, slotLabel, readersName, nextReaders, guessColumn, topColumn, resultLines, isPair,
} from "../common.js";
import { podium } from "./podium.js";

function question(view) {
  if (!view.card) return null;
  return h("div", { class: "ofx-question" },
    h("p", { class: "ofx-q", "data-testid": "question" }, view.card.question),
    h("p", { class: "ofx-source" }, view.card.source));
}

// The six answers in reading order; during the ranking each shows where it sits now.
function answerList(view) {
  const guess = view.guess;
  return h("ol", { class: "ofx-answers", "data-testid": "answers" }, view.answers.map((answer, i) => {
    const slot = guess ? guess.indexOf(i) : -1;
    return h("li", { class: `ofx-answer ${slot >= 0 ? "placed" : ""}`, "data-answer": i },
      h("b", { class: "ofx-letter" }, letter(i)),
      h("span", { class: "ofx-answer-text" }, answer),
      guess ? h("span", { class: `ofx-where ${slot >= 0 ? "" : "none"}` }, slot >= 0 ? slotLabel(slot) : "—") : null);
  }));
}

function waiting(message, hint) {
  return h("div", { class: "ofx-waiting" },
    h("p", { class: "ofx-waiting-big" }, message),
    hint ? h("p", { class: "ofx-waiting-hint" }, hint) : null);
}

function progressLine(view) {
  const guessers = view.guessers;
  if (view.phase === "rank") {
    const agreed = view.agreed.length;
    return h("p", { class: "ofx-progress", "data-testid": "agreed-count" },
      view.unplaced.length ? fmt("Place all six answers, then agree. Agreed: %(n)s of %(total)s", { n: agreed, total: guessers.length })
        : fmt("Agreed: %(n)s of %(total)s", { n: agreed, total: guessers.length }));
  }
  return h("p", { class: "ofx-progress" }, fmt("Each guesser secretly bets on one exact answer. Picked: %(n)s of %(total)s",
    { n: view.picked.length, total: guessers.length }));
}

// The newest revealed rank animates once as it moves into the TOP 5; a TV that opens mid-reveal
// shows what is revealed as it stands (nothing animates on its first frame). The TV keeps what
// it has seen of the reveal in ``revealSeen``.
export function freshRank(s) {
  const { view } = s;
  const count = (view.revealed || []).length;
  if (s.revealSeen.turn === null) s.revealSeen = { turn: view.turn, count };
  if (s.revealSeen.turn !== view.turn) s.revealSeen = { turn: view.turn, count: 0 };
  const rank = count > s.revealSeen.count ? view.revealed[count - 1].rank : null;
  s.revealSeen.count = count;
  return rank;
}

// The TOP 5 says where each answer was placed, so the turn's result and who reads next take the
// GUESS column's place (the whole reveal and the result do not fit 1080).
function scored(s) {
  const { view, ctx, fresh } = s;
  return h("div", { class: "ofx-main reveal" }, question(view),
    h("div", { class: "ofx-board" }, topColumn(view, ctx, { fresh }),
      h("div", { class: "ofx-outcome" },
        h("div", { class: `ofx-result ${fresh === 0 ? "ofx-later" : ""}`, "data-testid": "result" },
          resultLines(view, ctx).map((line) => h("p", {}, line))),
        h("p", { class: "ofx-next", "data-testid": "next-reader" },
          nextReaders(view, ctx) || t("That was the last turn!")))));
}

export function mainArea(s) {
  const { view, ctx, fresh } = s;
  const who = readersName(view, ctx);
  const pair = isPair(view);
  switch (view.phase) {
    case "draw":
      return waiting(pair ? fmt("%(name)s pick one of three questions.", { name: who })
        : fmt("%(name)s picks one of three questions.", { name: who }),
      t("Everyone else: get ready to rank the Top 5."));
    case "fox":
      return waiting(pair ? fmt("%(name)s slip a fake answer, the Fox, among the real Top 5.", { name: who })
        : fmt("%(name)s slips a fake answer, the Fox, among the real Top 5.", { name: who }),
      t("Shh… no peeking at the reader's phone."));
    case "read":
      return h("div", { class: "ofx-main read" }, question(view), answerList(view),
        h("p", { class: "ofx-hint" }, view.deadline ? t("The debate starts when the time is up.")
          : pair ? fmt("%(name)s start the clock after reading.", { name: who })
            : fmt("%(name)s starts the clock after reading.", { name: who })));
    case "rank":
    case "double_down":
      return h("div", { class: "ofx-main rank" }, question(view),
        h("div", { class: "ofx-board" }, answerList(view), guessColumn(view, ctx, { testid: "tv-slot" })),
        progressLine(view));
    case "reveal":
      return h("div", { class: "ofx-main reveal" }, question(view),
        h("div", { class: "ofx-board" }, guessColumn(view, ctx, { testid: "tv-slot" }),
          topColumn(view, ctx, { fresh })));
    case "score":
      return scored(s);
    case "over":
      return podium(s);
    default:
      return null;
  }
}
