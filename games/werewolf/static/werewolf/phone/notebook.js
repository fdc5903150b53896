// The notebook: what this player has learnt (their pack, their hunts, the Seer's looks, the
// Little Girl's glimpses, the lovers, the charmed, the potions, the Thief's cards, the curse).
// Its summary carries no count of lines: the Werewolves' and the Witch's notebooks have lines
// from the look at the cards on, a Villager's none, so a count told them apart (issue 25).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { roleName, names, seenText } from "../common.js";
import { potionsText } from "./parts.js";

export function notebook(s) {
  const { view, ctx } = s;
  const me = view.me;
  if (!me || view.over) return null;
  const book = me.notebook;
  const rows = [];
  const row = (testid, text) => rows.push(h("li", { "data-testid": testid }, text));
  if (me.card === "werewolf") {
    row("nb-pack", book.pack.length > 1 ? fmt("Your pack: %(names)s", { names: names(ctx, book.pack) })
      : t("You have not seen another werewolf awake yet."));
  }
  for (const [night, victim, caught] of book.hunts) {
    row("nb-hunt", caught ? fmt("Night %(n)s: you caught the Little Girl, %(name)s.", { n: night, name: ctx.nameOf(victim) })
      : victim === null ? fmt("Night %(n)s: the pack chose no victim.", { n: night })
        : fmt("Night %(n)s: the pack chose %(name)s.", { n: night, name: ctx.nameOf(victim) }));
  }
  for (const [night, seat, seen] of book.seen) row("nb-seen", fmt("Night %(n)s: %(name)s is %(seen)s.", { n: night, name: ctx.nameOf(seat), seen: seenText(ctx, seen) }));
  for (const [night, seat] of book.glimpses) row("nb-glimpse", fmt("Night %(n)s: you glimpsed %(name)s among the werewolves.", { n: night, name: ctx.nameOf(seat) }));
  for (const night of book.caught) row("nb-caught", fmt("Night %(n)s: the werewolves caught you peeking.", { n: night }));
  if (book.lover !== null) {
    row("nb-lover", book.lover_card ? fmt("You are in love with %(name)s (%(card)s).", { name: ctx.nameOf(book.lover), card: roleName(ctx, book.lover_card) })
      : fmt("You are in love with %(name)s.", { name: ctx.nameOf(book.lover) }));
  }
  if (book.cupid) row("nb-cupid", fmt("Your arrows struck %(names)s.", { names: names(ctx, book.cupid) }));
  if (book.charmed.length) row("nb-charmed", fmt("Charmed: %(names)s", { names: names(ctx, book.charmed) }));
  if (book.potions) {
    row("nb-potions", potionsText(book.potions[0], book.potions[1]));
  }
  if (book.protected !== null) row("nb-protected", fmt("Last protected: %(name)s (not twice running).", { name: ctx.nameOf(book.protected) }));
  if (book.thief) {
    const [first, second, took] = book.thief;
    row("nb-thief", took === null ? fmt("The cards in the middle: %(a)s and %(b)s. You kept none.", { a: roleName(ctx, first), b: roleName(ctx, second) })
      : fmt("The cards in the middle: %(a)s and %(b)s. You took %(card)s.", { a: roleName(ctx, first), b: roleName(ctx, second), card: roleName(ctx, book.thief[took]) }));
  }
  if (book.powerless) row("nb-powerless", t("The Elder's curse: your card has lost its power."));
  return h("details", { class: "ww-box", "data-testid": "notebook" },
    h("summary", {}, t("My notebook")),
    rows.length ? h("ul", { class: "ww-notes" }, rows) : h("p", { class: "hint" }, t("Nothing yet.")));
}
