// Double Down: each guesser secretly bets on the answer they think sits at exactly its rank.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { letter, slotLabel, FOX_SLOT } from "../common.js";

export function guesserDoubleDown(s) {
  const { view } = s;
  const mine = view.me.double_down;
  return [
    h("h2", {}, t("Double Down")),
    h("p", { class: "hint" }, t("Secretly pick the answer you think sits at exactly its rank: +3 if right. You can change it until the time is up.")),
    h("div", { class: "ofx-dd-list" }, view.guess.map((answer, slot) => {
      const fox = slot === FOX_SLOT;
      return h("button", { type: "button", class: `ofx-dd-pick ${mine === answer ? "mine" : ""}`, disabled: fox,
        "aria-pressed": String(mine === answer),
        "data-testid": "dd-answer", "data-answer": answer, "data-slot": slot,
        onclick: () => s.act({ type: "double_down", answer }) },
      h("span", { class: "ofx-slot-label" }, slotLabel(slot)),
      h("span", { class: "ofx-slot-text" }, h("b", { class: "ofx-letter" }, letter(answer)), view.answers[answer]),
      mine === answer ? h("span", { class: "ofx-dd-mark" }, t("◆ Your pick")) : null);
    })),
    h("p", { class: "ofx-agreed" }, fmt("Picked: %(n)s of %(total)s", { n: view.picked.length, total: view.guessers.length })),
  ];
}
