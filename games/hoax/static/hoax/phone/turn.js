// A player's turn: on theirs, the tabs (claim, investigate, accuse) and the end of the turn; on
// another's, what that player is doing.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned } from "../../partyhub/js/widgets.js";
import { claimBanner, lastVote, voteReveal } from "../common.js";
import { mySeat, has, bigButton, send, errorLine, waitCard } from "./parts.js";
import { claimBuilder } from "./claim.js";
import { investigatePanel } from "./investigate.js";
import { accusePanel } from "./accuse.js";

function othersTurn(s) {
  const { view, ctx } = s;
  const claimed = view.turn.claimed;
  return [waitCard(claimed ? fmt("%(name)s may investigate, accuse or end the turn.", { name: ctx.nameOf(view.active) })
    : fmt("%(name)s is thinking of a claim…", { name: ctx.nameOf(view.active) })),
  claimed ? claimBanner(view, ctx) : null, claimed && lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null];
}

export function turnStage(s) {
  const { view, ctx } = s;
  if (view.active !== mySeat(s)) return othersTurn(s);
  const claimed = view.turn.claimed;
  const tab = (key, label, done = false) => h("button", { type: "button", role: "tab", "aria-selected": String(s.mode === key),
    class: `hx-tab ${s.mode === key ? "on" : ""} ${done ? "done" : ""}`, "data-testid": `tab-${key}`, disabled: key === "claim" && claimed,
    onclick: () => { s.mode = s.mode === key ? null : key; s.render(); } }, label);
  let panel;
  if (s.mode === "claim" && !claimed) panel = claimBuilder(s);
  else if (s.mode === "investigate") panel = investigatePanel(s);
  else if (s.mode === "accuse") panel = accusePanel(s);
  else panel = [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
    h("p", { class: "hint" }, t("Investigate, accuse, or end your turn."))];
  return [
    h("h2", {}, claimed ? t("Your turn: claim made") : t("Your turn: make a claim")),
    errorLine(s),
    h("div", { class: "hx-tabs", role: "tablist" },
      tab("claim", claimed ? t("Claimed") : t("Claim"), claimed), tab("investigate", t("Investigate")), tab("accuse", t("Accuse"))),
    h("div", { class: "hx-panel" }, panel),
    has(s, "end_turn") && !(s.mode === "accuse" && s.accuse.confirm) && !(s.mode === "investigate" && s.invTarget !== null)
      ? pinned(bigButton(s, t("End turn"), "end-turn", () => send(s, { type: "end_turn" }))) : null,
  ];
}
