// The immunity question: a target of the claim's privilege may claim the character immune to it.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { charName, claimBanner, phaseTitle } from "../common.js";
import { mySeat, has, busy, bigButton, send, errorLine, waitCard } from "./parts.js";

export function immunityStage(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const imm = view.immunity;
  const claim = view.claim;
  const parts = [claimBanner(view, ctx), errorLine(s)];
  const immune = charName(ctx, imm.character);
  if (seat !== null && imm.asked.includes(seat)) {
    const answer = imm.my_answer;
    if (answer === null || answer === undefined) {
      parts.push(h("div", { class: "hx-ask" },
        h("p", { class: "hx-step" }, fmt("%(name)s claims %(character)s: the privilege would take from you.", { name: ctx.nameOf(claim.seat), character: charName(ctx, claim.character) })),
        h("p", {}, fmt("%(immune)s is immune to it. Claim to be %(immune)s?", { immune })),
        h("p", { class: "hint" }, t("Everyone targeted is asked, whoever they are. A claim can be called Hoax like any other."))),
      h("div", { class: "hx-vote-row hx-decide" },
        bigButton(s, fmt("I am %(immune)s", { immune }), "immunity-claim", () => send(s, { type: "immunity", claim: true }), { disabled: !has(s, "immunity") }),
        h("button", { type: "button", class: "secondary", "data-testid": "immunity-decline", disabled: busy(s) || !has(s, "immunity"),
          onclick: () => send(s, { type: "immunity", claim: false }) }, t("Decline"))));
    } else {
      parts.push(waitCard(answer ? fmt("You claim %(immune)s.", { immune }) : t("You declined."), t("Waiting for the others to answer."), "immunity-answered"));
    }
  } else {
    parts.push(waitCard(phaseTitle(view, ctx)));
  }
  return parts;
}
