// The Witch at night: her cells and Confirm (tonight's victim healed, someone else poisoned, both
// by option, or Nobody), and what "Hold to see" tells her.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { nameChip } from "../common.js";
import { find, targets, potionsText } from "./parts.js";
import { draftGet, draftSet } from "./draft.js";
import { inert, lit, confirmOn, confirmOff, confirmDone } from "./cells.js";

// Her one Confirm sends her potions and ends her turn (issue 34: healing asked for a second
// Confirm).
export function witchModel(s, prompt, draft) {
  const victim = prompt.info[0];
  if (prompt.done) {
    const [healed, poisoned] = prompt.result;
    return { row: null, cell: (seat) => lit((healed && seat === victim) || seat === poisoned),
      nobody: lit(!healed && poisoned === null), confirm: confirmDone };
  }
  const potions = draft && typeof draft === "object" ? draft : { heal: false, poison: null };
  const both = s.view.options["witch.bothSameNight"] !== false;
  const heal = find(s, "witch_heal");
  const choose = (next) => {
    const chosen = { ...potions, ...next };
    if (!both && next.heal) chosen.poison = null;
    if (!both && next.poison !== undefined && next.poison !== null) chosen.heal = false;
    draftSet(s, chosen.heal || chosen.poison !== null ? chosen : null);
  };
  const cell = (seat) => {
    if (seat === victim && heal) return { chosen: potions.heal, onPick: () => choose({ heal: !potions.heal }) };
    if (find(s, "witch_poison", seat)) {
      return { chosen: potions.poison === seat, onPick: () => choose({ poison: potions.poison === seat ? null : seat }) };
    }
    return inert;
  };
  const actions = [potions.heal ? heal : null, potions.poison !== null ? find(s, "witch_poison", potions.poison) : null].filter(Boolean);
  return { row: null, cell, nobody: { chosen: draft === "none", onPick: () => draftSet(s, "none") },
    confirm: draft === null ? confirmOff : confirmOn(...actions, find(s, "confirm")) };
}

// Her part of "Hold to see": tonight's victim (marked here, with the token her grid shows), her
// potions, and what her Confirm will do, or did.
export function witchInfo(s, prompt) {
  const { ctx } = s;
  const [victim, life, death] = prompt.info;
  const [healed, poisoned] = prompt.result;
  const draft = draftGet(s);
  const potions = !prompt.done && draft && typeof draft === "object" ? draft : { heal: healed, poison: poisoned };
  const nothing = prompt.done ? !healed && poisoned === null : draft === "none";
  return [
    h("p", { "data-testid": "witch-victim", "data-seat": victim === null ? "" : victim },
      victim === null ? t("Nobody was attacked tonight.")
        : [t("Attacked tonight:"), " ", nameChip(victim, ctx, "ww-victim")]),
    potions.heal ? h("p", { "data-testid": "witch-healed" }, fmt("You heal %(name)s.", { name: ctx.nameOf(victim) })) : null,
    potions.poison !== null ? h("p", { "data-testid": "witch-poisoned" }, fmt("You poison %(name)s.", { name: ctx.nameOf(potions.poison) })) : null,
    nothing ? h("p", { "data-testid": "witch-nothing" }, t("You use no potion tonight.")) : null,
    prompt.done ? null : h("p", { class: "hint" }, find(s, "witch_heal")
      ? fmt("Tap %(name)s to heal them, someone else to poison them, or Nobody; then Confirm.", { name: ctx.nameOf(victim) })
      : targets(s, "witch_poison").length ? t("Tap someone to poison them, or Nobody; then Confirm.")
        : t("No potion left to use: tap Nobody, then Confirm.")),
    h("p", { class: "hint" }, potionsText(life, death)),
  ];
}
