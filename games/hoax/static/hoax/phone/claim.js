// On my turn, the claim builder: the character claimed, then each of its privilege's choices, as
// the legal claims allow (a field with one possible value is chosen for the player).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned } from "../../partyhub/js/widgets.js";
import { CHARACTERS, CLAIM_FIELDS, SUPPLY, character, charName, picture, resName, resIcon, effectText, unhoaxable } from "../common.js";
import { actions, bigButton, send } from "./parts.js";

const claims = (s) => actions(s).filter((a) => a.type === "claim");

function valueLabel(s, field, value) {
  if (field === "option") return value === "supply" ? t("From the supply") : t("From my neighbours");
  if (field === "target") return value === SUPPLY ? t("The supply") : s.ctx.nameOf(value);
  return [resIcon(value), h("span", {}, resName(value))];
}

function fieldLabel(characterId, field, choices) {
  const labels = {
    option: t("Take from"),
    resource: {
      ex: choices.option === "neighbours" ? t("Which resource from each neighbour?") : t("Which resource?"),
      gardener: t("Which resource? (up to 2)"),
      butler: t("You take"),
      son_in_law: t("Everyone else gives you"),
    }[characterId] || t("Which resource?"),
    target: { chef: t("Swap with"), gardener: t("Take from"), butler: t("Who gets a free pick?") }[characterId] || t("Who?"),
    give: t("You give all your"),
    take: t("You receive their"),
  };
  return labels[field];
}

// The legal claims that agree with every choice made so far.
function claimsMatching(s, characterId, choices) {
  return claims(s).filter((a) => a.character === characterId
    && Object.entries(choices).every(([k, v]) => a[k] === v));
}

// The first step: who the player claims to be.
function characterPick(s) {
  const { view, ctx } = s;
  const claimable = new Set(claims(s).map((a) => a.character));
  const myTokens = view.players[view.me.seat].imposters;
  return [h("p", { class: "hx-step" }, t("Who do you claim to be?")),
    h("div", { class: "hx-chars" }, CHARACTERS.map((id) => {
      const covered = myTokens.includes(id);
      return h("button", { type: "button", class: `hx-char ${covered ? "covered" : ""}`, "data-testid": "claim-char",
        "data-character": id, disabled: !claimable.has(id),
        onclick: () => { s.build = { character: id, choices: {} }; autoChoose(s); s.render(); } },
      picture(ctx, id, "hx-char-pic"), h("span", { class: "hx-char-name" }, charName(ctx, id)),
      covered ? h("span", { class: "hx-stamp" }, t("Imposter")) : null);
    }))];
}

// The chosen character's fields, each open once the fields before it are chosen.
function fieldRows(s, id) {
  const { build } = s;
  const fields = CLAIM_FIELDS[id];
  const rows = [];
  for (let i = 0; i < fields.length; i += 1) {
    const field = fields[i];
    const before = Object.fromEntries(fields.slice(0, i).filter((f) => f in build.choices).map((f) => [f, build.choices[f]]));
    if (Object.keys(before).length < i) break; // an earlier field is still open
    const values = [...new Set(claimsMatching(s, id, before).map((a) => a[field]))];
    // The choices a group named by its question: the Chef's two rows of "cash", "prestige"
    // read alike without it ("You give all your" / "You receive their").
    const label = fieldLabel(id, field, build.choices);
    rows.push(h("div", { class: "hx-field" }, h("p", { class: "hx-field-label", "aria-hidden": "true" }, label),
      h("div", { class: `hx-options ${field}`, role: "group", "aria-label": label }, values.map((value) => h("button", { type: "button",
        class: `hx-option ${build.choices[field] === value ? "chosen" : ""}`, "data-testid": "choice",
        "data-field": field, "data-value": String(value), "aria-pressed": String(build.choices[field] === value),
        onclick: () => choose(s, field, value) }, valueLabel(s, field, value))))));
  }
  return rows;
}

export function claimBuilder(s) {
  const { view, ctx, build } = s;
  const me = view.me;
  if (!build.character) return characterPick(s);
  const id = build.character;
  const fields = CLAIM_FIELDS[id];
  const rows = fieldRows(s, id);
  const done = fields.every((f) => f in build.choices);
  const action = done ? claimsMatching(s, id, build.choices)[0] : null;
  return [
    h("div", { class: "hx-chosen" }, picture(ctx, id, "hx-char-pic"),
      h("div", {}, h("b", {}, charName(ctx, id)), h("small", {}, character(ctx, id).privilege)),
      h("button", { type: "button", class: "small secondary", "data-testid": "claim-change",
        onclick: () => { s.build = { character: null, choices: {} }; s.render(); } }, t("Change"))),
    rows,
    action ? h("p", { class: "hx-summary", "data-testid": "claim-summary" },
      fmt("Your claim: %(character)s, who %(effect)s.", { character: charName(ctx, id),
        effect: effectText(view, ctx, me.seat, id, build.choices) })) : null,
    action && unhoaxable(view, me.seat)
      ? h("p", { class: "hint" }, t("You hold the hoax card: nobody can call Hoax on your claim.")) : null,
    pinned(bigButton(s, t("Claim!"), "claim-send", () => send(s, action), { disabled: !action })),
  ];
}

function choose(s, field, value) {
  const { build } = s;
  const fields = CLAIM_FIELDS[build.character];
  const index = fields.indexOf(field);
  const choices = {};
  for (const f of fields.slice(0, index)) if (f in build.choices) choices[f] = build.choices[f];
  choices[field] = value;
  // Keep later choices that still fit.
  for (const f of fields.slice(index + 1)) {
    if (f in build.choices && claimsMatching(s, build.character, { ...choices, [f]: build.choices[f] }).length) choices[f] = build.choices[f];
  }
  build.choices = choices;
  autoChoose(s);
  s.render();
}

// A field with a single possible value is chosen for the player.
function autoChoose(s) {
  const { build } = s;
  for (const field of CLAIM_FIELDS[build.character]) {
    if (field in build.choices) continue;
    const values = [...new Set(claimsMatching(s, build.character, build.choices).map((a) => a[field]))];
    if (values.length !== 1) return;
    build.choices[field] = values[0];
  }
}
