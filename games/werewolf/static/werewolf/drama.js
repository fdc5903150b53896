// Werewolf's moments on the TV (partyhub/js/drama.js), from two public views: the dawn, the
// execution, a day prompt opening (the Hunter raising the rifle…), and every public event the
// move added to the log, in its order: a shot before the death it causes, the new Mayor (drawn
// by lot or not), the Scapegoat's list, the Idiot's pardon, the curse, each death. tv.js draws
// every one of them and the rules hold each on the TV (the `outcome` phase); this stages them
// (the narrator's lines are spoken by tv.js as before). Icons are characters every TV's fonts
// have (no colour emoji: a TV without an emoji font shows a box).

import { t, fmt } from "../partyhub/js/dom.js";
import { arpeggio } from "../partyhub/js/sound.js";
import { logText, phaseTitle } from "./common.js";

// The game's own stings (the others are the hub's, by name).
const STINGS = {
  shot: [{ freq: [200, 800], length: 0.25, wave: "sawtooth", gain: 0.1 }, { freq: 800, start: 0.25, length: 0.2, wave: "square", gain: 0.08 }],
  dawn: arpeggio([262, 330, 392, 523], 0.22, "sine", 0.15),
  death: [{ freq: 110, length: 0.9, wave: "sine", gain: 0.3 }, { freq: [220, 110], start: 0.05, length: 0.8, wave: "triangle", gain: 0.1 }],
  execution: [{ freq: 98, length: 0.12, wave: "square", gain: 0.12 }, { freq: 98, start: 0.25, length: 0.12, wave: "square", gain: 0.12 }, { freq: [147, 73], start: 0.5, length: 0.7, wave: "sawtooth", gain: 0.12 }],
};

const seat = (position) => `[data-testid="seat"][data-seat="${position}"]`;

// A day prompt's banner: what the TV's title says, with its sting and icon.
const PROMPTS = {
  hunter: { sound: STINGS.shot, icon: "➶" },
  successor: { sound: "reveal", icon: "★" },
  scapegoat: { sound: "reveal", icon: "☝" },
  settle: { sound: "reveal", icon: "⚖" },
};

// A logged event's banner (its words are the log's own), or null.
function eventMoment(entry, ctx) {
  const text = logText(entry, ctx);
  switch (entry.kind) {
    case "death":
      return { kind: "death", sound: STINGS.death, icon: "✝",
        text: fmt("%(name)s is dead.", { name: ctx.nameOf(entry.seat) }),
        targets: [{ selector: seat(entry.seat), effect: "fall", delay: 400 }] };
    case "shot":
      return { kind: "shot", sound: entry.target === null ? "reveal" : STINGS.shot, icon: "➶", text,
        targets: entry.target === null ? [] : [{ selector: seat(entry.target), effect: "shake" }] };
    case "mayor":
      return { kind: "mayor", sound: "reveal", icon: "★", text,
        targets: [{ selector: `${seat(entry.seat)} [data-testid="mayor"]`, effect: "land" }] };
    case "scapegoat_voters":
      return { kind: "scapegoat", sound: "reveal", icon: "☝", text,
        targets: [{ selector: '[data-testid="scapegoat-voters"]', effect: "pop" }] };
    case "pardon":
      return { kind: "pardon", sound: "reveal", icon: "⚖", text, targets: [{ selector: seat(entry.seat), effect: "flip" }] };
    case "curse":
      return { kind: "curse", sound: "wrong", icon: "☠", text };
    default:
      return null;
  }
}

export function moments(before, after, ctx) {
  const found = [];
  if (after.phase === "dawn" && before.phase !== "dawn") {
    found.push({ kind: "dawn", sound: STINGS.dawn, icon: "☀", text: t("Dawn breaks over the village."),
      targets: [{ selector: ":scope", effect: "brighten" }] });
  }
  if (after.phase === "execution" && before.phase !== "execution") {
    found.push({ kind: "execution", sound: STINGS.execution, icon: "⚖", text: t("The village has decided.") });
  }
  const prompt = after.phase === "prompt" ? after.prompt : null;
  const was = before.phase === "prompt" ? before.prompt : null;
  if (prompt && PROMPTS[prompt.kind] && !(was && was.kind === prompt.kind && was.seat === prompt.seat)) {
    found.push({ kind: `prompt-${prompt.kind}`, ...PROMPTS[prompt.kind], text: phaseTitle(after, ctx),
      targets: [{ selector: seat(prompt.seat), effect: "pop" }] });
  }
  // The events this move logged (a view that lost its log, a new game, has none to show).
  const fresh = after.log.length >= before.log.length ? after.log.slice(before.log.length) : [];
  for (const entry of fresh) {
    const moment = eventMoment(entry, ctx);
    if (moment) found.push(moment);
  }
  if (after.over && !before.over) found.push({ kind: "win", sound: "win", cue: t("Fanfare: the game is won") });
  return found;
}
