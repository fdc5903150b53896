// The TV's header: day or night, the time, the phase's title (at the end of a crowded game, the
// winning side), the day's clock (none at night) and the voice's switch.

import { h, t } from "../../partyhub/js/dom.js";
import { countdown } from "../../partyhub/js/widgets.js";
import { clockTitle, phaseTitle } from "../common.js";
import { voiceSwitch } from "./voice.js";

function winnerTitle(team) {
  return { village: t("The village wins!"), pack: t("The werewolves win!"), piper: t("The Pied Piper wins alone!"),
    couple: t("The lovers win together!"), nobody: t("Nobody is left alive: nobody wins.") }[team] || t("The end");
}

export function header(s, many) {
  const { view, ctx } = s;
  const night = view.phase === "night";
  const team = view.result ? view.result.team : "";
  const showClock = !night && !view.over && view.deadline;
  return h("header", { class: "ww-top" },
    h("span", { class: `ww-sky ${night ? "night" : "day"}`, "aria-hidden": "true" }),
    h("span", { class: "ww-when", "data-testid": "when" }, clockTitle(view)),
    h("h1", { class: "ww-title", "data-testid": "phase-title" }, view.over && many
      ? h("span", { class: "ww-win", "data-testid": "winner", "data-team": team }, winnerTitle(team)) : phaseTitle(view, ctx)),
    showClock ? countdown(view.deadline, "ww-clock big") : null,
    voiceSwitch(s));
}
