// What a phone without a question sees: what the village is doing (the narrator's lines), and
// today's ballots once shown.

import { h, t } from "../../partyhub/js/dom.js";
import { waitingCard } from "../../partyhub/js/widgets.js";
import { phaseTitle, lineText, lastBallots, ballotsPanel } from "../common.js";

export function waitStage(s) {
  const { view, ctx } = s;
  const lines = view.narration.lines.map((line) => lineText(ctx, line)).filter(Boolean);
  const seat = view.me ? view.me.seat : null;
  let hint = null;
  if (view.phase === "vote" && seat !== null && !view.poll.voters.includes(seat)) hint = t("You have no vote today.");
  return [waitingCard(phaseTitle(view, ctx), hint, { testid: "waiting" }),
    lines.length ? h("div", { class: "ww-narration small", "data-testid": "phone-narration" }, lines.map((line) => h("p", {}, line))) : null];
}

export function ballotsBox(s) {
  const { view, ctx } = s;
  const entry = lastBallots(view);
  if (!entry || view.phase === "night" || view.phase === "vote" || view.phase === "election") return null;
  if (entry.clock[0] !== "day" || entry.clock[1] !== view.day) return null;
  return ballotsPanel(entry, ctx);
}
