// Werewolf on the TV: the village square and the narrator's voice, readable across a room. It
// draws only the public view (the board never receives a secret): day or night, the narrator's
// lines (spoken with the browser's speech in the page's language, unless switched off on this
// TV), who is alive or dead (with the card when the option reveals it), the Mayor, the timers
// (none at night), the composition, who has voted (never for whom) until the ballots are
// revealed, the public log, and at the end every card, the lovers, the charmed and the
// night-by-night timeline. Each panel (the header, the narrator, the seats, the phase's panels,
// the side), the voice and the lobby's part are modules in tv/.

import { h, morph } from "../partyhub/js/dom.js";
import { hiddenUntil, pageTouched } from "../partyhub/js/widgets.js";
import { pager } from "../partyhub/js/pages.js";
import { styleLoad } from "./common.js";
import { voiceStored, narrate } from "./tv/voice.js";
import { header } from "./tv/header.js";
import { narrator } from "./tv/narrator.js";
import { seatTile } from "./tv/seat.js";
import { phasePanel, scapegoatList, endMain } from "./tv/panel.js";
import { sideParts } from "./tv/side.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The TV's state, which every panel in tv/ is given: the view and what this TV keeps of it.
  const s = {
    ctx,
    view: null,
    spokenId: null, // the narration spoken already
    builtAt: null, // the server's time of the frame drawn: its lines are due by it (cue.js)
    voiceOn: voiceStored(),
    // Browsers speak only on a page someone has touched (tv/voice.js).
    heard: pageTouched(),
    render: () => render(),
  };

  function render() {
    const { view } = s;
    if (!view) return;
    s.heard = s.heard || pageTouched();
    const night = view.phase === "night";
    const many = view.players.length > 12; // a denser square: names only, no tokens
    root.className = `game-root ww ww-tv phase-${view.phase} ${night ? "ww-night" : "ww-day"} ${many ? "ww-many" : ""}`;
    root.dataset.testid = "ww-tv";
    root.dataset.phase = view.phase;
    root.dataset.night = String(view.night);
    root.dataset.day = String(view.day);
    root.dataset.step = view.step && view.step.key ? view.step.key : "";
    root.dataset.narration = String(view.narration.id);
    morph(root, header(s, many),
      h("div", { class: "ww-body" },
        h("main", { class: "ww-main" },
          view.over ? endMain(s, many) : [narrator(s), phasePanel(s), scapegoatList(s),
            h("ul", { class: `ww-seats n${view.players.length}`, "data-testid": "seats" }, view.players.map((p) => seatTile(s, p)))]),
        view.over && many ? null : h("aside", { class: "ww-side ww-pages pages" }, sideParts(s))));
    pages.fit();
  }

  // A list taller than its panel's room (a crowded vote's ballots and counts, the end's cards,
  // the log, the timeline) shows a page at a time (partyhub/js/pages.js).
  const pages = pager(root, ".ww-ballot, .ww-counts > li, .ww-reveal-card, .ww-log > li, .ww-timeline > li");
  styleLoad().then(() => pages.fit()); // what fits changes once the stylesheet has loaded

  return {
    update(frame) {
      s.view = frame.view;
      s.builtAt = frame.server_time;
      if (!s.view) return;
      render();
      narrate(s);
    },
  };
}

export const lobbyReady = () => styleLoad();
export { lobby } from "./tv/lobby.js";

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { hostTools, ballot } from "./common.js";
