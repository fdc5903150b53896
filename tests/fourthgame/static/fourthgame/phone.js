// Highest card on a phone: the shout and the cards to pick from, then the wait, then the result.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil, countdown, waitingCard, namesJoin } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import { ballot, roundLine, lastLine } from "./common.js";

export { ballot };

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fourthgame.css", import.meta.url)));
  let problem = null; // the server's refusal of this phone's last move, until the next frame
  let last = null;
  // The typed shout, read when a card is tapped (morphing keeps what was typed in the field).
  const shouted = () => (root.querySelector("#hc-shout") || { value: "" }).value.trim();
  function draw(frame) {
    const view = frame.view;
    const me = view.me;
    let body;
    if (view.over) {
      const names = namesJoin(view.winners.map((seat) => ctx.nameOf(seat)));
      body = h("p", { "data-testid": "result" }, me && view.winners.includes(me.seat) ? t("You win!")
        : view.winners.length ? fmt("Highest card: %(names)s", { names }) : t("Nobody picked a card."));
    } else if (me && me.actions.length) {
      body = [
        h("label", { class: "hc-shout-label", for: "hc-shout" }, t("Your shout (optional)")),
        h("input", { type: "text", class: "hc-shout", "data-testid": "shout", id: "hc-shout",
          maxlength: String(ctx.page.facts.shout_max), autocomplete: "off" }),
        h("div", { class: "hc-cards" }, me.actions.map((action) => h("button", {
          type: "button", "data-testid": `card-${action.card}`,
          onclick: () => ctx.act(shouted() ? { ...action, shout: shouted() } : action) },
        String(action.card)))),
      ];
    } else if (me && view.left[me.seat]) {
      body = waitingCard(t("You have left this game."));
    } else {
      body = waitingCard(me && me.pick !== null ? fmt("You picked %(card)s.", { card: me.pick }) : t("Watching."),
        t("Waiting for the others…"));
    }
    morph(root, h("section", { class: "hc" },
      h("h2", {}, t("Pick a card"), " ", view.over ? null : countdown(view.deadline, "pill")),
      roundLine(view), lastLine(view, ctx), body,
      problem ? h("p", { class: "error", role: "alert" }, problem) : null));
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
    { names: namesJoin(view.winners.map((seat) => ctx.nameOf(seat))) }));
  const me = view.me;
  return sentences(t("Pick a card"), me && me.actions.length ? t("Your turn: pick a card.") : null);
}

// The phone buzzes when there is a card to pick.
export function yourTurn(view) {
  return Boolean(view.me && view.me.actions.length);
}
