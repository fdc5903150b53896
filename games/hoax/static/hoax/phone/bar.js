// The top of the phone: the status row (resources, the cards held, the clock), whose turn it is,
// and the player's own card, face down until held.

import { h, morph, t, fmt } from "../../partyhub/js/dom.js";
import { cardHeld, countdown } from "../../partyhub/js/widgets.js";
import { character, picture, resources } from "../common.js";
import { mySeat } from "./parts.js";

export function peekRender(s) {
  const { view, ctx, peekEl } = s;
  const me = view && view.me;
  cardHeld(peekEl, { shown: Boolean(me), held: s.peeking, prefix: "hx", title: t("Your character"),
    hint: t("Press and hold to peek"), face: () => {
      const c = character(ctx, me.character);
      return h("span", { class: "hx-peek-face", "data-testid": "peek-face", "data-character": me.character },
        picture(ctx, me.character, "hx-peek-pic"),
        h("span", { class: "hx-peek-info" },
          h("small", {}, t("You are")),
          h("b", { class: "hx-peek-name" }, c.name),
          h("span", { class: "hx-peek-text-small" }, c.privilege),
          c.immunity ? h("span", { class: "hx-peek-text-small muted" }, c.immunity) : null));
    } });
}

export function statusBar(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const player = seat === null ? null : view.players[seat];
  const over = view.phase === "over";
  let turnText;
  if (over) turnText = t("Game over");
  else if (view.phase === "setup") turnText = seat === view.active ? t("Your pick") : fmt("%(name)s picks", { name: ctx.nameOf(view.active) });
  else turnText = seat === view.active ? t("Your turn") : fmt("%(name)s's turn", { name: ctx.nameOf(view.active) });
  const clock = view.deadline && !over && view.phase !== "turn" ? countdown(view.deadline, "hx-clock pill") : null;
  morph(s.bar,
    player ? resources(player.resources, "hx-my-res") : h("span", { class: "hx-watch" }, t("You are watching")),
    player && view.hoax_card === seat ? h("span", { class: "hx-card hoax small", title: t("You hold the hoax card") }, t("Hoax card")) : null,
    player && view.accuser_card === seat ? h("span", { class: "hx-card accuser small" }, t("Accuser card")) : null,
    clock);
  s.whoseEl.classList.toggle("mine", seat === view.active && !over);
  morph(s.whoseEl, turnText);
}
