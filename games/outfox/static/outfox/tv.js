// Outfox on the TV: the board, readable across a room. It draws only the public view (what the
// board may see); the reader's fronts and the Fox's place stay on the phones. Each panel (the
// header, the main area by phase, the side's track and scores) and the voice are modules in tv/.

import { h, morph } from "../partyhub/js/dom.js";
import { hiddenUntil, pageTouched } from "../partyhub/js/widgets.js";
import { styleLoad } from "./common.js";
import { speechLocal, speechMaybe } from "./tv/voice.js";
import { header } from "./tv/header.js";
import { mainArea, freshRank } from "./tv/stage.js";
import { side } from "./tv/side.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The TV's state, which every panel in tv/ is given: the view and what this TV keeps of it.
  const s = {
    ctx,
    view: null,
    speechOn: speechLocal(),
    spokenTurn: null, // the turn whose answers were read aloud already
    builtAt: null, // the server's time of the frame drawn: its reading is due by it (cue.js)
    revealSeen: { turn: null, count: 0 },
    fresh: null, // the rank that just moved into the TOP 5 (animated once)
    // Browsers refuse to speak on a page nobody has touched yet (tv/voice.js).
    speechBlocked: false,
    heard: pageTouched(), // someone touched the page (a frame drawn since tells; the asking tap)
    render: () => render(),
  };

  function render() {
    const { view } = s;
    if (!view) return;
    s.heard = s.heard || pageTouched();
    root.dataset.testid = "ofx-tv";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn);
    root.className = `game-root ofx ofx-tv phase-${view.phase}`;
    morph(root, header(s), h("div", { class: "ofx-body" }, h("main", { class: "ofx-stage" }, mainArea(s)), side(s)));
  }

  return {
    update(frame) {
      s.view = frame.view;
      s.builtAt = frame.server_time;
      if (!s.view) return;
      s.fresh = freshRank(s);
      render();
      speechMaybe(s);
    },
  };
}

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { ballot } from "./common.js";
