// The TV lobby's part (partyhub/js/lobby.js), re-exported by tv.js: the cards in play for the
// players seated (or that the deck is secret), and the options (§7), those a table would ask about
// and every one the host changed. The deck for the count is the server's (`facts.decks`); a
// custom deck is what the host's counts and switches say.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { composition } from "../common.js";

// The options the lobby always shows (with every one the host changed).
const LOBBY_OPTIONS = ["revealOnDeath", "mayor.enabled", "votes.ballots", "ghosts.seeAll"];

export function lobby(frame, ctx) {
  const options = frame.room.options || {};
  const facts = ctx.page.facts || {};
  const n = frame.room.players.length;
  let deck = null;
  if (options.composition === "custom") {
    deck = { werewolf: options["composition.werewolves"], villager: options["composition.villagers"] };
    for (const card of facts.specials || []) if (options[`composition.${card}`]) deck[card] = 1;
    deck = Object.fromEntries(Object.entries(deck).filter(([, count]) => count));
  } else {
    deck = (facts.decks || {})[n] || null;
  }
  const secret = options["composition.public"] === false;
  const fields = (ctx.page.fields || []).filter((field) => !field.name.startsWith("composition"));
  const shownOptions = fields.filter((field) => LOBBY_OPTIONS.includes(field.name)
    || JSON.stringify(options[field.name]) !== JSON.stringify(field.default));
  const valueText = (field) => {
    const value = options[field.name];
    if (field.kind === "bool") return value ? t("on") : t("off");
    const choice = (field.choices || []).find(([v]) => String(v) === String(value));
    return choice ? choice[1] : String(value);
  };
  return h("section", { class: "ww ww-lobby", "data-testid": "ww-lobby" },
    h("h2", {}, t("Cards in play")),
    secret ? h("p", { class: "hint", "data-testid": "lobby-deck" }, t("The cards in play are secret."))
      : deck ? h("div", { "data-testid": "lobby-deck" }, composition({ composition: deck }, ctx, { testid: "lobby-composition" }))
        : h("p", { class: "hint", "data-testid": "lobby-deck" }, fmt("The deck is dealt for the players seated (%(min)s to %(max)s).",
          { min: frame.room.min_players, max: frame.room.max_players })),
    h("h2", {}, t("Options")),
    h("ul", { class: "ww-lobby-options", "data-testid": "lobby-options" }, shownOptions.map((field) =>
      h("li", { "data-option": field.name }, fmt("%(label)s: %(value)s", { label: field.label, value: valueText(field) })))));
}
