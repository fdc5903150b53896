// Pieces several of the phone's screens share: the card's question, the reader's secret card, the
// answers in reading order, the big buttons, the tray of answers still to place and who agreed.
// Each takes the phone's state (phone.js: its view, frame, ctx and this hand's local choices).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned } from "../../partyhub/js/widgets.js";
import { announce } from "../../partyhub/js/announce.js";
import { letter, rankLabel } from "../common.js";

export function questionBlock(card) {
  if (!card) return null;
  return h("div", { class: "ofx-question small" },
    h("p", { class: "ofx-q" }, card.question),
    h("p", { class: "ofx-source" }, card.source));
}

// A real rank, or the Fox's place, beside an answer.
export function rankTag(rank) {
  return h("span", { class: `ofx-rank ${rank === 0 ? "fox" : ""}` }, rank === 0 ? t("FOX") : rankLabel(rank));
}

// The reader's card: the six in reading order, real ranks shown, the Fox's place marked.
export function secretList(me, { foxText = null } = {}) {
  return h("ol", { class: "ofx-secret", "data-testid": "secret" }, me.secret.map((entry, i) => {
    const fox = entry.rank === 0;
    const text = fox ? (entry.text || foxText) : entry.text;
    return h("li", { class: `ofx-secret-row ${fox ? "fox" : ""}`, "data-rank": entry.rank },
      h("b", { class: "ofx-letter" }, letter(i)),
      h("span", { class: "ofx-answer-text" }, fox && !text ? h("em", {}, t("Your Fox is read here")) : text),
      rankTag(entry.rank));
  }));
}

export function answersList(view) {
  return h("ol", { class: "ofx-secret" }, view.answers.map((answer, i) =>
    h("li", { class: "ofx-secret-row" }, h("b", { class: "ofx-letter" }, letter(i)),
      h("span", { class: "ofx-answer-text" }, answer))));
}

// The main action stays at the bottom of the screen, under the thumb.
export const sticky = pinned;

export function bigButton(label, testid, onclick, { disabled = false, cls = "" } = {}) {
  return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled, onclick }, label);
}

// The answers not in the GUESS column yet; a guesser picks one up with a tap.
export function unplacedTray(s, { interactive }) {
  const { view } = s;
  const unplaced = view.unplaced || [];
  if (!unplaced.length) return h("p", { class: "ofx-tray empty hint" }, t("All six answers are placed."));
  return h("div", { class: "ofx-tray", "data-testid": "tray" }, unplaced.map((answer) => {
    const attrs = { class: `ofx-chip ${s.selected === answer ? "selected" : ""}`, "data-testid": "answer", "data-answer": answer };
    const content = [h("b", { class: "ofx-letter" }, letter(answer)), h("span", {}, view.answers[answer])];
    if (!interactive) return h("div", attrs, content);
    return h("button", { ...attrs, type: "button", "aria-pressed": String(s.selected === answer),
      onclick: () => { s.selected = s.selected === answer ? null : answer; pickSaid(s); s.render(); } }, content);
  }));
}

// For a screen reader: the answer in hand, or none (its move is said when the frame comes).
export function pickSaid(s) {
  if (s.selected !== null) announce(fmt("Answer %(letter)s picked up: now choose its position.", { letter: letter(s.selected) }));
}

export function agreedLine(s) {
  const { view, ctx } = s;
  const names = view.agreed.map((seat) => ctx.nameOf(seat));
  return h("p", { class: "ofx-agreed", "data-testid": "agreed-line" },
    fmt("Agreed: %(n)s of %(total)s", { n: view.agreed.length, total: view.guessers.length }),
    names.length ? ` — ${names.join(", ")}` : "");
}
