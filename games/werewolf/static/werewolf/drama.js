// Werewolf's moments on the TV (partyhub/js/drama.js), from two public views: the dawn, each
// death in the public log, the execution, the end. tv.js draws every one of them; this stages
// them (the narrator's lines are spoken by tv.js as before).

import { t, fmt } from "../partyhub/js/dom.js";

export function moments(before, after, ctx) {
  const found = [];
  if (after.phase === "dawn" && before.phase !== "dawn") {
    found.push({ kind: "dawn", sound: "dawn", icon: "🌅", text: t("Dawn breaks over the village."),
      targets: [{ selector: ":scope", effect: "dawn" }] });
  }
  if (after.phase === "execution" && before.phase !== "execution") {
    found.push({ kind: "execution", sound: "execution", icon: "⚖", text: t("The village has decided.") });
  }
  const dead = new Set(before.players.filter((p) => !p.alive).map((p) => p.seat));
  for (const player of after.players) {
    if (player.alive || dead.has(player.seat)) continue;
    found.push({
      kind: "death", sound: "death", icon: "✝",
      text: fmt("%(name)s is dead.", { name: ctx.nameOf(player.seat) }),
      targets: [{ selector: `[data-testid="seat"][data-seat="${player.seat}"]`, effect: "fall", delay: 400 }],
    });
  }
  if (after.over && !before.over) found.push({ kind: "win", sound: "win" });
  return found;
}
