// The dead and the end: the ghost's screen (everything, by option), and who won with every card
// and the night-by-night timeline.

import { h, t } from "../../partyhub/js/dom.js";
import { waitingCard } from "../../partyhub/js/widgets.js";
import { winnerText, winnersShown, revealPanel, timeline } from "../common.js";

export function ghostStage(s) {
  const { view, ctx } = s;
  const me = view.me;
  return [waitingCard(t("You are dead: stay silent."), t("You may watch, but say nothing until the end."), { testid: "ghost", cls: "ghost" }),
    me.ghost ? h("div", { class: "ww-box", "data-testid": "ghost-sees" }, h("h3", {}, t("The dead see everything")),
      revealPanel(view, ctx, me.ghost, { testid: "ghost-reveal" }),
      h("h3", {}, t("Night by night")), timeline(me.ghost, ctx, { testid: "ghost-timeline", log: view.log })) : null];
}

export function overStage(s) {
  const { view, ctx } = s;
  const seat = view.me ? view.me.seat : null;
  const won = seat !== null && view.result && view.result.winners.includes(seat);
  return [h("h2", { class: "ww-win", "data-testid": "phone-winner", "data-team": view.result ? view.result.team : "" }, winnerText(view, ctx)),
    seat !== null ? h("p", { class: `ww-you ${won ? "good" : "bad"}` }, won ? t("You won!") : t("You lost.")) : null,
    revealPanel(view, ctx, view.reveal, { winners: winnersShown(view) }),
    h("details", { class: "ww-box" }, h("summary", {}, t("Night by night")), timeline(view.reveal, ctx, { log: view.log }))];
}
