// The felt, the middle of the table: what the phase is about (the claim in play, the call, the
// votes' count, the immunity question, the Butler's gift), and the winner at the end.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { charName, picture, claimBanner, lastVote, voteReveal, winnerText, winHow } from "../common.js";

export function feltMain(s) {
  const { view, ctx } = s;
  const active = ctx.nameOf(view.active);
  switch (view.phase) {
    case "setup":
      return [h("p", { class: "hx-felt-big" }, fmt("%(name)s picks a starting resource.", { name: active })),
        h("p", { class: "hx-felt-hint" }, t("In turn order, everyone takes one resource from the supply."))];
    case "turn":
      if (!view.turn.claimed) {
        return [h("p", { class: "hx-felt-big" }, fmt("%(name)s is thinking of a claim…", { name: active })),
          h("p", { class: "hx-felt-hint" }, t("Claim once; investigate while you can pay; accuse at most once."))];
      }
      return [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
        h("p", { class: "hx-felt-hint" }, fmt("%(name)s may investigate, accuse or end the turn.", { name: active }))];
    case "hoax_window":
      return [claimBanner(view, ctx), h("p", { class: "hx-felt-call" }, t("Call Hoax! on your phone, or let it pass."))];
    case "vote": {
      const challenge = view.challenge;
      return [claimBanner(view, ctx),
        h("p", { class: "hx-felt-call alert" }, fmt("%(name)s calls Hoax!", { name: ctx.nameOf(challenge.caller) })),
        h("p", { class: "hx-felt-hint", "data-testid": "voted-count" },
          fmt("Voted: %(n)s of %(total)s. The votes show when all are in.", { n: challenge.voted.length, total: challenge.voters.length }))];
    }
    case "immunity": {
      const imm = view.immunity;
      return [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
        h("p", { class: "hx-felt-call" }, fmt("Targets may claim %(character)s to be spared.", { character: charName(ctx, imm.character) })),
        h("p", { class: "hx-felt-hint" }, fmt("Answered: %(n)s of %(total)s", { n: imm.answered.length, total: imm.asked.length }))];
    }
    case "butler_gift":
      return [claimBanner(view, ctx),
        h("p", { class: "hx-felt-call" }, fmt("%(name)s picks a free resource from the supply.", { name: ctx.nameOf(view.gift.seat) }))];
    case "over":
      return endPanel(s);
    default:
      return [];
  }
}

function endPanel(s) {
  const { view, ctx } = s;
  const how = winHow(view);
  return [
    // (a truthful claim's vote is said by the winner's line, and each seat shows its ballot)
    h("p", { class: "hx-felt-win", "data-testid": "winner", "data-seat": view.winner, "data-how": how }, winnerText(view, ctx)),
    view.unused && view.unused.length ? h("div", { class: "hx-unused", "data-testid": "unused" },
      h("span", { class: "hx-supply-label" }, t("Nobody was")),
      view.unused.map((c) => h("span", { class: "hx-unused-card", "data-character": c }, picture(ctx, c, "hx-unused-pic"), charName(ctx, c)))) : null,
  ];
}
