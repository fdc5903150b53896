// Highest card on a phone: the cards to pick from, then the wait, then the result.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fourthgame.css", import.meta.url)));
  let problem = null; // the server's refusal of this phone's last move, until the next frame
  let last = null;
  function draw(frame) {
    const view = frame.view;
    const me = view.me;
    let body;
    if (view.over) {
      body = h("p", { "data-testid": "result" }, view.winners.includes(me && me.seat) ? t("You win!")
        : fmt("Highest card: %(names)s", { names: view.winners.map((seat) => ctx.nameOf(seat)).join(", ") }));
    } else if (me && me.actions.length) {
      body = h("div", { class: "hc-cards" }, me.actions.map((action) => h("button", {
        type: "button", "data-testid": `card-${action.card}`, onclick: () => ctx.act(action) }, String(action.card))));
    } else {
      body = h("p", {}, me && me.pick !== null ? fmt("You picked %(card)s. Waiting for the others…", { card: me.pick }) : t("Watching."));
    }
    morph(root, h("section", { class: "hc" }, h("h2", {}, t("Pick a card")), body,
      problem ? h("p", { role: "alert" }, problem) : null));
  }
  return {
    update(frame) { problem = null; last = frame; draw(frame); },
    error(error) { problem = error.message; if (last) draw(last); },
  };
}

// What a screen reader hears when the phase or this player's task changes (announce.js).
export function speech(frame, ctx) {
  const view = frame.view;
  if (view.over) return sentences(t("Game over"), fmt("Highest card: %(names)s",
    { names: view.winners.map((seat) => ctx.nameOf(seat)).join(", ") }));
  const me = view.me;
  return sentences(t("Pick a card"), me && me.actions.length ? t("Your turn: pick a card.") : null);
}
