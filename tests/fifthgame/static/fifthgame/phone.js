// Coin call on a phone: heads or tails, then the wait, then the coin.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad, hiddenUntil, waitingCard, namesJoin } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";

const SIDE = { heads: () => t("Heads"), tails: () => t("Tails") };

function result(view, ctx) {
  const names = namesJoin(view.winners.map((seat) => ctx.nameOf(seat)));
  return names ? fmt("The coin shows %(side)s: %(names)s won.", { side: SIDE[view.coin](), names })
    : fmt("The coin shows %(side)s: nobody called it.", { side: SIDE[view.coin]() });
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad(new URL("./fifthgame.css", import.meta.url)));
  let problem = null; // the server's refusal of this phone's last move, until the next frame
  let last = null;
  function draw(frame) {
    const view = frame.view;
    const me = view.me;
    let body;
    if (view.over) {
      body = h("p", { "data-testid": "result" }, result(view, ctx));
    } else if (me && me.actions.length) {
      body = h("div", { class: "cc-sides" }, me.actions.map((action) => h("button", {
        type: "button", "data-testid": `call-${action.side}`, onclick: () => ctx.act(action) }, SIDE[action.side]())));
    } else {
      body = waitingCard(me && me.call ? fmt("You called %(side)s.", { side: SIDE[me.call]() }) : t("Watching."),
        t("Waiting for the others…"));
    }
    morph(root, h("section", { class: "cc" }, h("h2", {}, t("Call the coin")), body,
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
  if (view.over) return sentences(t("Game over"), result(view, ctx));
  const me = view.me;
  return sentences(t("Call the coin"), me && me.actions.length ? t("Your turn: call heads or tails.") : null);
}
