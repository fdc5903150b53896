// The vote on a claim called Hoax: believe or hoax, once; the claimant waits.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { claimBanner, thumb } from "../common.js";
import { mySeat, has, busy, send, errorLine, waitCard } from "./parts.js";

export function voteStage(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const challenge = view.challenge;
  const parts = [claimBanner(view, ctx),
    h("p", { class: "hx-called" }, fmt("%(name)s calls Hoax!", { name: ctx.nameOf(challenge.caller) })), errorLine(s)];
  const progress = h("p", { class: "hint", "data-testid": "voted-count" },
    fmt("Voted: %(n)s of %(total)s. The votes show when all are in.", { n: challenge.voted.length, total: challenge.voters.length }));
  if (seat !== null && challenge.voters.includes(seat)) {
    const mine = challenge.my_vote || null;
    const voteButton = (up) => h("button", { type: "button", class: `hx-vote-btn ${up ? "up" : "down"} ${mine === (up ? "up" : "down") ? "mine" : ""}`,
      "data-testid": up ? "vote-up" : "vote-down", disabled: mine !== null || busy(s) || !has(s, "vote"),
      onclick: () => send(s, { type: "vote", vote: up ? "up" : "down" }) },
    thumb(up), h("span", {}, up ? t("Believe") : t("Hoax")));
    parts.push(h("p", { class: "hx-step" }, fmt("Is %(name)s telling the truth?", { name: ctx.nameOf(challenge.seat) })),
      h("div", { class: "hx-vote-row hx-decide" }, voteButton(true), voteButton(false)));
    if (mine) {
      parts.push(h("p", { class: "hx-myvote", "data-testid": "my-vote", "data-vote": mine },
        mine === "up" ? t("You voted: believe. Votes cannot change.") : t("You voted: hoax. Votes cannot change.")));
    }
  } else if (seat === challenge.seat) {
    parts.push(waitCard(t("They are voting on your claim."), t("Strictly more hoax than believe votes: if you told the truth you win; if not, an imposter token.")));
  }
  parts.push(progress);
  return parts;
}
