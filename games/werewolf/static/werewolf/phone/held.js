// What "Hold to see" shows: one panel of one size for every phone. Its parts, the same on every
// phone at a step: the phone's own question, two card pictures at the Thief's step (his two
// cards; a decoy's two dreamt ones), and what this phone alone may know (a decoy's: that there is
// nothing to see).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { roleName, promptText, picture, names, seenText } from "../common.js";
import { DECOYS } from "./parts.js";
import { witchInfo } from "./witch.js";

export function holdParts(s, prompt) {
  const { ctx } = s;
  const decoy = DECOYS.includes(prompt.kind);
  return [h("p", { class: "ww-hold-question", "data-testid": "hold-question" }, decoy ? decoyQuestion(s, prompt) : promptText(ctx, prompt.kind)),
    prompt.step === "thief" ? holdCards(s, prompt.kind === "thief" ? prompt.info : dreamCards(s)) : null,
    h("div", { class: "ww-hold-info" }, decoy ? h("p", { "data-testid": prompt.kind === "wolf_asleep" ? "wolf-asleep" : "hold-nothing" },
      prompt.kind === "wolf_asleep" ? promptText(ctx, "wolf_asleep") : t("Nothing to see: you are asleep."))
      : holdContent(s, prompt))];
}

// A decoy's question at each step, about as long as the step's actor's (issue 34: the same
// lines in the held panel); "Who do you find suspicious?" (the admin's) at the Seer's.
function decoyQuestion(s, prompt) {
  switch (prompt.step) {
    case "thief": return t("You dream of two cards in the middle: take one, or stay as you are.");
    case "cupid": return t("Which two players would make a fine couple?");
    case "lovers": return t("Who do you find suspicious tonight? Name them, or nobody: your answer stays on your phone and changes nothing at all.");
    case "salvateur": return t("Whom do you find the most suspicious tonight?");
    case "werewolves": return t("Eyes shut, or open on someone you find suspicious tonight?");
    case "witch": return t("Who seems saved tonight, who seems doomed? Name one or two.");
    case "pied-piper": return t("Which players would follow a flute?");
    case "charmed": return t("Who do you find suspicious? Name them, or nobody.");
    default: return promptText(s.ctx, "decoy");
  }
}

// The questions of a step: each acting kind's (the admin's texts) and a decoy's.
const STEP_KINDS = { thief: ["thief"], cupid: ["cupid"], lovers: ["lovers"], seer: ["seer"], salvateur: ["salvateur"],
  werewolves: ["wolf", "little_girl"], witch: ["witch"], "pied-piper": ["piper"], charmed: ["charmed"] };
export function stepQuestions(s, prompt) {
  return [...(STEP_KINDS[prompt.step] || []).map((kind) => promptText(s.ctx, kind)), decoyQuestion(s, prompt)];
}

// Two cards from the deck a decoy dreams of at the Thief's step, the same all night.
function dreamCards(s) {
  const { view, ctx } = s;
  const deck = Object.keys(view.composition || {}).filter((card) => card !== "thief");
  const pool = deck.length > 1 ? deck : (ctx.page.roles || []).map((r) => r.id).filter((card) => card !== "thief");
  const first = (view.me.seat + view.night) % pool.length;
  return [pool[first], pool[(first + 1 + (view.me.seat % (pool.length - 1))) % pool.length]];
}

function holdCards(s, cards) {
  const { ctx } = s;
  return h("div", { class: "ww-hold-cards" }, cards.map((card, index) => h("span", { class: "ww-hold-card", "data-testid": "thief-spare", "data-card": card },
    picture(ctx, card, "ww-hold-pic"), h("b", {}, fmt("Card %(n)s", { n: index + 1 })),
    h("span", { class: "ww-hold-card-name" }, roleName(ctx, card)))));
}

// What "Hold to see" shows an acting phone: its own secret of the step.
function holdContent(s, prompt) {
  const { ctx } = s;
  switch (prompt.kind) {
    case "thief":
      return prompt.result ? h("p", { "data-testid": "thief-result" }, prompt.result[0] === null ? t("You stay a simple Villager.")
        : fmt("You take the card: %(card)s.", { card: roleName(ctx, prompt.info[prompt.result[0]]) }))
        : h("p", { class: "hint" }, prompt.info.some((card) => card !== "werewolf") ? t("Tap Card 1 or Card 2 to take it, or Nobody to stay a simple Villager; then Confirm.")
          : t("Both cards are Werewolves: you must take one. Nobody takes one of them at random."));
    case "cupid":
      return [h("p", { "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: 2 })),
        prompt.chosen.length ? h("p", {}, fmt("Your arrows: %(names)s", { names: names(ctx, prompt.chosen) })) : null];
    case "lovers":
      return h("p", { "data-testid": "lover" }, fmt("You are in love with %(name)s.", { name: ctx.nameOf(prompt.info[0]) }));
    case "seer":
      return prompt.result ? h("p", { "data-testid": "seer-result", "data-seat": prompt.result[0], "data-seen": prompt.result[1] },
        fmt("%(name)s is: %(seen)s", { name: ctx.nameOf(prompt.result[0]), seen: seenText(ctx, prompt.result[1]) }))
        : h("p", { class: "hint" }, prompt.done ? t("You look at nobody tonight.") : t("Tap a player, then Confirm: their card shows here."));
    case "salvateur":
      return [prompt.info[0] !== null ? h("p", {}, fmt("Last night you protected %(name)s.", { name: ctx.nameOf(prompt.info[0]) })) : null,
        prompt.chosen.length ? h("p", {}, fmt("You protect %(name)s tonight.", { name: ctx.nameOf(prompt.chosen[0]) }))
          : h("p", { class: "hint" }, prompt.done ? t("You protect nobody tonight.") : t("Tap the player to protect, then Confirm."))];
    case "wolf":
    case "little_girl":
      return packContent(s, prompt);
    case "witch":
      return witchInfo(s, prompt);
    case "piper":
      return [h("p", { "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: prompt.info[0] })),
        prompt.chosen.length ? h("p", {}, fmt("You charm %(names)s.", { names: names(ctx, prompt.chosen) })) : null,
        // Who is charmed already (his grid cannot tell: he may name them, to no effect, ruling "piper").
        s.view.me.notebook.charmed.length
          ? h("p", { "data-testid": "piper-charmed" }, fmt("Charmed: %(names)s", { names: names(ctx, s.view.me.notebook.charmed) })) : null];
    case "charmed":
      return h("p", { "data-testid": "charmed-list" }, fmt("The charmed players: %(names)s", { names: names(ctx, prompt.info) }));
    default:
      return null;
  }
}

// A wolf's: the pack's board, whether it agrees, its victim; the Little Girl's: what she glimpses.
function packContent(s, prompt) {
  const { ctx } = s;
  if (prompt.kind === "little_girl") {
    return prompt.result[0] ? [h("p", { "data-testid": "peeking" }, t("You peek through your fingers… Name someone (or Nobody), then Confirm.")),
      packBoard(s, prompt.info, (letter) => fmt("Wolf %(letter)s", { letter }))]
      : h("p", { class: "hint" }, t("Open my eyes: you peek, and may glimpse a wolf or be caught (the more wolves awake, the more of both). Keep my eyes shut: no risk."));
  }
  return [packBoard(s, prompt.info, (wolf) => ctx.nameOf(wolf)) || h("p", { class: "hint" }, t("Open your eyes to see the pack, then point at a victim (or Nobody) and confirm.")),
    !prompt.result && !prompt.done && packSplit(prompt.info) ? h("p", { "data-testid": "pack-disagrees" },
      t("The pack disagrees: point at the same victim, then confirm.")) : null,
    prompt.result ? h("p", { "data-testid": "pack-victim" }, prompt.result[0] === "none"
      ? t("The pack chose no victim tonight.") : fmt("Tonight's victim: %(name)s", { name: ctx.nameOf(prompt.result[0]) })) : null];
}

// Awake wolves confirmed different choices: no victim is locked until they agree.
function packSplit(rows) {
  return new Set(rows.filter(([, pointer, done]) => done && pointer !== null).map(([, pointer]) => String(pointer))).size > 1;
}

// The awake wolves and where each points (by name for the pack, by letter for the Little Girl).
function packBoard(s, rows, label) {
  if (!rows.length) return null;
  return h("ul", { class: "ww-pack", "data-testid": "pack-board" }, rows.map(([who, pointer, done]) =>
    h("li", { class: done ? "done" : "" }, h("b", {}, label(who)), h("span", { class: "ww-arrow", "aria-hidden": "true" }, "→"),
      pointer === null ? h("span", { class: "hint" }, t("undecided")) : pointer === "none" ? t("No victim") : s.ctx.nameOf(pointer),
      done ? h("span", { class: "ww-tick", title: t("confirmed") }, "✓") : null)));
}
