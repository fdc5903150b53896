// Outfox's moments on the TV (partyhub/js/drama.js), from two public views: each answer of the
// reveal with its sting (the row itself arrives by tv.js's own animation), the Fox's unmasking
// with a banner, and the scoring, when the tokens move on the track (track tokens carry
// data-flip, see common.js). A moment without a banner has a `cue`, the captions' words for its sting.

import { t } from "../partyhub/js/dom.js";
import { arpeggio } from "../partyhub/js/sound.js";

// The Fox unmasked: a climb and a leap (the game's own sting; the others are the hub's).
const FOX_STING = [...arpeggio([392, 494, 587, 784], 0.07, "square", 0.1),
  { freq: [784, 1568], start: 0.3, length: 0.3, wave: "triangle" }];

export function moments(before, after) {
  const found = [];
  const sameTurn = before.turn === after.turn;
  const was = sameTurn && before.revealed ? before.revealed.length : 0;
  const now = after.revealed || [];
  for (const step of now.slice(was)) {
    if (step.rank === 0) {
      found.push({
        kind: "fox", sound: FOX_STING, icon: "🦊",
        text: step.correct ? t("The Fox is caught!") : t("The Fox got away!"),
      });
    } else {
      found.push({ kind: "answer", sound: step.correct ? "right" : "wrong", icon: step.correct ? "✓" : "✗",
        cue: step.correct ? t("Right") : t("Wrong") });
    }
  }
  if (after.phase === "score" && before.phase !== "score") {
    found.push({ kind: "score", sound: "move", cue: t("The scores move") });
  }
  if (after.phase === "over" && before.phase !== "over") {
    found.push({ kind: "win", sound: "win", cue: t("Fanfare: the game is won"), targets: [{ selector: ".ofx-step", effect: "pop" }] });
  }
  return found;
}
