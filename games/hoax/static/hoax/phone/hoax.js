// The hoax window, after another's claim: call "Hoax!" or let it pass (or why one cannot).

import { h, t } from "../../partyhub/js/dom.js";
import { claimBanner, hoaxBlocked } from "../common.js";
import { mySeat, has, busy, bigButton, send, errorLine, waitCard } from "./parts.js";

export function hoaxStage(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const reason = hoaxBlocked(view, ctx, seat);
  const parts = [claimBanner(view, ctx), errorLine(s)];
  if (seat === null) return [...parts, waitCard(t("Anyone call Hoax?"))];
  // The claimant gets no (greyed-out) Hoax! button on their own claim, only the wait.
  if (view.challenge && view.challenge.seat === seat) return [...parts, waitCard(reason)];
  parts.push(h("div", { class: "hx-decide" },
    bigButton(s, t("Hoax!"), "hoax", () => send(s, { type: "hoax" }), { cls: "hx-hoax", disabled: Boolean(reason) || !has(s, "hoax") }),
    reason ? h("p", { class: "hx-reason", "data-testid": "hoax-reason" }, reason)
      : h("button", { type: "button", class: "secondary hx-pass", "data-testid": "pass", disabled: busy(s),
        onclick: () => send(s, { type: "pass" }) }, t("Let it pass"))));
  return parts;
}
