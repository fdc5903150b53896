// At night, at the bottom of every living phone: "Hold to see" (what this phone alone may know,
// shown above it while held, phone/held.js) beside Confirm. Kept in place between frames, like
// the card.

import { h, morph, t } from "../../partyhub/js/dom.js";
import { holdToShow } from "../../partyhub/js/widgets.js";
import { holdParts, stepQuestions } from "./held.js";

// The bar's elements, kept on the phone's state: the button, the panel it shows and the slot
// Confirm is drawn in.
export function nightBarMake(s) {
  s.holdEl = h("button", { type: "button", class: "ww-hold", "data-testid": "hold" },
    h("b", {}, t("Hold to see")));
  holdToShow(s.holdEl, (held) => {
    s.holding = held;
    holdRender(s);
  });
  s.holdPanelEl = h("div", { class: "ww-hold-panel", "data-testid": "hold-panel", hidden: true });
  s.confirmSlotEl = h("div", { class: "ww-confirm-slot" });
  s.nightBarEl = h("div", { class: "pinned ww-nightbar", "data-testid": "night-bar", hidden: true },
    s.holdPanelEl, s.holdEl, s.confirmSlotEl);
}

// The night's prompt of a living phone (a decoy's too), else null.
export function nightPrompt(s) {
  const { view } = s;
  const me = view && view.me;
  return me && me.alive && view.phase === "night" && !view.over ? me.prompt : null;
}

export function holdRender(s) {
  const { holdEl, holdPanelEl, holding } = s;
  const prompt = nightPrompt(s);
  holdEl.classList.toggle("open", Boolean(prompt) && holding);
  holdPanelEl.hidden = !prompt || !holding;
  morph(holdPanelEl, prompt && holding ? holdParts(s, prompt) : null);
  const asked = holdPanelEl.querySelector(".ww-hold-question");
  if (prompt && holding && asked) linesMatch(asked, stepQuestions(s, prompt));
}

// The lines of a block of text as drawn.
function linesOf(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top))).size;
}

// Every question a phone may be asked at this step (each acting kind's and a decoy's): the
// held question takes as many lines as the longest of them, on every phone (issue 34), its
// lines made shorter (a margin inside its box, which keeps its size) until it does; the words
// stay whole.
function linesMatch(el, questions) {
  el.style.paddingRight = "";
  const probe = el.cloneNode(false);
  Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: `${el.offsetWidth}px` });
  el.after(probe);
  let most = 0;
  for (const text of questions) {
    probe.textContent = text;
    most = Math.max(most, linesOf(probe));
  }
  probe.remove();
  if (linesOf(el) >= most) return;
  let [none, all] = [0, el.clientWidth];
  while (all - none > 1) {
    const margin = (none + all) / 2;
    el.style.paddingRight = `${margin}px`;
    if (linesOf(el) >= most) all = margin;
    else none = margin;
  }
  el.style.paddingRight = `${all}px`;
}
