// On my turn, the Investigate panel: whom to investigate (if the player can pay), and the newest
// result.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned } from "../../partyhub/js/widgets.js";
import { seatToken } from "../common.js";
import { actions, bigButton, send, investigation } from "./parts.js";

export function investigatePanel(s) {
  const { view, ctx } = s;
  const targets = actions(s).filter((a) => a.type === "investigate");
  const mine = view.me.investigations;
  const newest = mine.length ? investigation(s, mine[mine.length - 1], mine.length - 1, true) : null;
  if (!targets.length) {
    return [h("p", { class: "hx-step" }, t("Investigating costs 1 cash, 1 prestige and 1 evidence.")),
      h("p", { class: "hint", "data-testid": "investigate-reason" }, t("You cannot pay for an investigation now.")),
      newest ? h("ol", { class: "hx-invs" }, newest) : null];
  }
  const chosen = targets.find((a) => a.target === s.invTarget);
  return [
    h("p", { class: "hx-step" }, t("Pay 1 of each and see 4 cards: one is theirs.")),
    h("div", { class: "hx-options target" }, targets.map((a) => h("button", { type: "button",
      class: `hx-option ${s.invTarget === a.target ? "chosen" : ""}`, "data-testid": "investigate-target", "data-seat": a.target,
      onclick: () => { s.invTarget = a.target; s.render(); } }, seatToken(a.target, ctx), ctx.nameOf(a.target)))),
    newest ? h("ol", { class: "hx-invs" }, newest) : null,
    pinned(bigButton(s, chosen ? fmt("Investigate %(name)s", { name: ctx.nameOf(chosen.target) }) : t("Investigate"),
      "investigate-send", () => send(s, chosen), { disabled: !chosen })),
  ];
}
