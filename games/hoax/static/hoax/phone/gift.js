// The Butler's gift: the player given a free pick takes one resource; the others wait.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { claimBanner } from "../common.js";
import { mySeat, has, errorLine, pickButtons, waitCard } from "./parts.js";

export function giftStage(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const gift = view.gift;
  if (seat === gift.seat && has(s, "pick")) {
    // The pick first, on the clock, then why, and the claim it comes from.
    return [h("h2", {}, t("A free pick for you")), errorLine(s), pickButtons(s, "gift-pick"),
      h("p", { class: "hint" }, fmt("%(name)s, as the Butler, lets you take one resource.", { name: ctx.nameOf(gift.from) })),
      claimBanner(view, ctx)];
  }
  return [claimBanner(view, ctx), waitCard(fmt("%(name)s picks a free resource.", { name: ctx.nameOf(gift.seat) }))];
}
