// The player's notes: past investigations stay visible all game (the newest shows in the
// Investigate panel when open), and their accusations.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { charName } from "../common.js";
import { investigation } from "./parts.js";

export function notes(s) {
  const { view, ctx } = s;
  const me = view.me;
  if (!me) return null;
  const shown = s.mode === "investigate" && view.phase === "turn" && view.active === me.seat;
  const past = me.investigations.map((entry, i) => ({ entry, i })).slice(0, shown ? -1 : undefined);
  if (!past.length && !me.accusations.length) return null;
  return h("div", { class: "hx-notes", "data-testid": "notes" },
    past.length ? [h("h3", {}, t("Your investigations")),
      h("ol", { class: "hx-invs" }, past.map(({ entry, i }) => investigation(s, entry, i, false)).reverse())] : null,
    me.accusations.length ? [h("h3", {}, t("Your accusations")), h("ul", { class: "hx-accs" }, me.accusations.map((a) =>
      h("li", { class: a.right ? "good" : "bad", "data-testid": "my-accusation" },
        a.right ? fmt("%(name)s is %(character)s: right.", { name: ctx.nameOf(a.target), character: charName(ctx, a.character) })
          : fmt("%(name)s is not %(character)s: wrong.", { name: ctx.nameOf(a.target), character: charName(ctx, a.character) }))))] : null);
}
