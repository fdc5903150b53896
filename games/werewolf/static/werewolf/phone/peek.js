// The card, held to be seen: a button that stays in place between frames (so a hold survives a
// frame arriving mid-hold), its back while let go, the card's face while held.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { cardHeld, holdToShow } from "../../partyhub/js/widgets.js";
import { role, teamName, picture } from "../common.js";

// The button (named by its visible text: "Your card", "Press and hold to see it").
export function peekMake(s) {
  const el = h("button", { type: "button", class: "ww-peek", "data-testid": "peek" });
  holdToShow(el, (held) => {
    s.peeking = held;
    peekRender(s);
    if (!held) s.render();
  });
  return el;
}

export function peekRender(s) {
  const { view, ctx, peekEl } = s;
  const me = view && view.me;
  cardHeld(peekEl, { shown: Boolean(me), held: s.peeking, prefix: "ww", title: t("Your card"),
    hint: t("Press and hold to see it"), face: () => {
      s.peeked = true;
      const r = role(ctx, me.card);
      return h("span", { class: "ww-peek-face", "data-testid": "peek-face", "data-card": me.card, "data-team": me.team },
        picture(ctx, me.card, "ww-peek-pic"),
        h("span", { class: "ww-peek-info" },
          h("small", {}, t("You are")),
          h("b", { class: "ww-peek-name" }, r.name),
          h("span", { class: "ww-peek-team" }, fmt("Team: %(team)s", { team: teamName(ctx, me.team) })),
          h("span", { class: "ww-peek-power" }, r.power),
          me.notebook.powerless ? h("span", { class: "ww-peek-power bad" }, t("Your card has lost its power.")) : null));
    } });
}
