// Hoax's moments on the TV (partyhub/js/drama.js), from the public log's new events: the
// ballots turning over, an imposter token landing, a claim proved true, an accusation, an
// elimination, the win. Every one is already drawn by tv.js; this only stages it.

import { t, fmt } from "../partyhub/js/dom.js";

// The game's own stings (the others are the hub's, by name): an imposter token's fall, and an
// accusation's rising point.
const STINGS = {
  imposter: [{ freq: [600, 150], length: 0.45, wave: "sawtooth", gain: 0.12 }, { freq: 110, start: 0.4, length: 0.3, wave: "square", gain: 0.1 }],
  accuse: [{ freq: [200, 800], length: 0.25, wave: "sawtooth", gain: 0.1 }, { freq: 800, start: 0.25, length: 0.2, wave: "square", gain: 0.08 }],
};

function fresh(before, after) {
  const seen = before.log_from + before.log.length;
  return after.log.filter((_event, i) => after.log_from + i >= seen);
}

export function moments(before, after, ctx) {
  const found = [];
  const seat = (n) => `[data-testid="seat"][data-seat="${n}"]`;
  for (const event of fresh(before, after)) {
    switch (event.kind) {
      case "vote":
        found.push({
          kind: "ballots", sound: "ballots", icon: event.result === "down" ? "👎" : "👍",
          text: event.result === "down" ? t("Voted down: hoax!") : t("Believed!"),
          targets: [{ selector: ".hx-seat-vote", effect: "flip" }],
        });
        break;
      case "imposter":
        found.push({
          kind: "imposter", sound: STINGS.imposter, icon: "✖",
          text: fmt("%(name)s lied: an imposter token!", { name: ctx.nameOf(event.seat) }),
          targets: [{ selector: `${seat(event.seat)} .hx-imposter:last-child`, effect: "land" }],
        });
        break;
      case "truthful":
        found.push({ kind: "truthful", sound: "win", icon: "✔",
          text: fmt("%(name)s told the truth!", { name: ctx.nameOf(event.seat) }) });
        break;
      case "accuse":
        found.push({
          kind: "accuse", sound: STINGS.accuse, icon: "☝",
          text: fmt("%(name)s accuses %(target)s!", { name: ctx.nameOf(event.seat), target: ctx.nameOf(event.target) }),
          targets: [{ selector: seat(event.target), effect: "shake" }],
        });
        break;
      case "eliminated":
        found.push({
          kind: "out", sound: "out", icon: "⛔",
          text: fmt("%(name)s is out of the game!", { name: ctx.nameOf(event.seat) }),
          targets: [{ selector: seat(event.seat), effect: "fall" }],
        });
        break;
      case "win":
        found.push({ kind: "win", sound: "win", cue: t("Fanfare: the game is won") });
        break;
      default:
        break;
    }
  }
  return found;
}
