// Hoax on the TV: the table, readable across a room. It draws only the public view (the board
// never receives a secret): seats with their resources, imposter tokens and cards, the supply, the
// claim in play, who has passed, voted or answered (never how) until the votes show all at once,
// the public log, and every identity once the game is over. Each panel (the header, the seats,
// the felt, the side) is a module in tv/.

import { h, morph } from "../partyhub/js/dom.js";
import { hiddenUntil } from "../partyhub/js/widgets.js";
import { pager } from "../partyhub/js/pages.js";
import { styleLoad } from "./common.js";
import { header } from "./tv/header.js";
import { seatCard } from "./tv/seat.js";
import { feltMain } from "./tv/felt.js";
import { side } from "./tv/side.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The TV's state, which every panel in tv/ is given: the view.
  const s = { ctx, view: null };

  function render() {
    const { view } = s;
    if (!view) return;
    root.className = `game-root hx hx-tv phase-${view.phase}`;
    root.dataset.testid = "hx-tv";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn.number);
    root.dataset.active = String(view.active);
    const players = view.players;
    const topCount = Math.ceil(players.length / 2);
    // Clockwise round the table: along the top left to right, then back along the bottom.
    const top = players.slice(0, topCount);
    const bottom = players.slice(topCount).reverse();
    const seat = (player) => seatCard(s, player);
    morph(root, header(s),
      h("div", { class: "hx-body" },
        h("main", { class: `hx-table n${players.length}` },
          h("div", { class: "hx-seats top" }, top.map(seat)),
          h("div", { class: "hx-felt", "data-testid": "felt" }, h("div", { class: "hx-felt-main" }, feltMain(s))),
          h("div", { class: "hx-seats bottom" }, bottom.map(seat))),
        side(s)));
    pages.fit();
  }

  // The log, newest first, shows the events that fit its panel whole (one cut at the panel's
  // foot would read as another), the older ones a page at a time (partyhub/js/pages.js).
  const pages = pager(root, ".hx-log > li");
  styleLoad().then(() => pages.fit());

  return {
    update(frame) {
      s.view = frame.view;
      if (!s.view) return;
      render();
    },
  };
}

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { ballot } from "./common.js";
