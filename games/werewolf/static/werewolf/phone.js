// Werewolf on a phone: the player's secret card (press and hold), a notebook of what they have
// learnt, and the question the rules ask them now. At night every living phone shows the same
// screen with the same words, every living player and a Confirm button: the real prompt for
// those who act, a decoy of the same shape ("Who do you find suspicious?") for the others, so
// that nobody's hands give a role away; the question and what a phone alone may know show only
// under "Hold to see", in a panel of one size; no sound, no vibration. The dead get a ghost
// screen (everything, by option) and their own prompts; the audience gets the public view.
// Every control sends one of `me.actions` unchanged.
//
// The only local state is what this hand is doing: the card held, and a pick not yet confirmed
// (kept in this tab's session storage, so a reloaded phone comes back to its prompt with it).

import { h, replace, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, pinned, hiddenUntil, waitingCard, holdToShow } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import {
  styleLoad, role, roleName, teamName, promptText, picture, seatToken, nameChip, names, clockTitle, phaseTitle,
  winnerText, winnersShown, lineText, composition, logList, lastBallots, ballotsPanel, revealPanel, timeline, seenText,
} from "./common.js";

// The prompts whose pick stays on the phone until Confirm sends it as this action (the Thief's
// and the Witch's too, drawn apart); every other tap is sent at once and the server keeps it.
const CONFIRM_SENDS = { seer: "seer_look", salvateur: "protect", hunter: "shoot", successor: "successor",
  settle: "settle" };
const DECOYS = ["decoy", "wolf_asleep"];

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let frame = null;
  let view = null;
  let peeking = false;
  let pending = null; // the version in which a move was sent: its buttons wait for the next frame
  let lastError = null;

  // --- the pick not yet confirmed, kept across a reload ----------------------------------------

  const draftStore = () => `partyhub.werewolf.${ctx.page.code}.draft`;
  function promptKey() {
    const prompt = view && view.me && view.me.prompt;
    if (!prompt) return null;
    return [view.night, view.day, view.phase, prompt.step || "", prompt.kind].join(":");
  }
  function draftGet() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(draftStore()) || "null");
      return saved && saved.key === promptKey() ? saved.value : null;
    } catch { return null; }
  }
  function draftSet(value) {
    try { sessionStorage.setItem(draftStore(), JSON.stringify({ key: promptKey(), value })); } catch { /* private mode */ }
    render();
  }

  // --- the card, held to be seen --------------------------------------------------------------

  // Named by its visible text ("Your card", "Press and hold to see it").
  const peekEl = h("button", { type: "button", class: "ww-peek", "data-testid": "peek" });
  holdToShow(peekEl, (held) => {
    peeking = held;
    peekRender();
    if (!held) render();
  });
  let peeked = false; // this page has shown the card at least once
  const barEl = h("div", { class: "ww-bar-slot" });
  const stageEl = h("div", { class: "ww-stage", "data-testid": "stage" });
  const notesEl = h("div", { class: "ww-notes-slot" });
  const villageEl = h("div", { class: "ww-village-slot" });

  // At night, at the bottom of every living phone: "Hold to see" (what this phone alone may
  // know, shown above it while held) beside Confirm. Kept in place between frames, like the card.
  let holding = false;
  const holdEl = h("button", { type: "button", class: "ww-hold", "data-testid": "hold" },
    h("b", {}, t("Hold to see")));
  holdToShow(holdEl, (held) => {
    holding = held;
    holdRender();
  });
  const holdPanelEl = h("div", { class: "ww-hold-panel", "data-testid": "hold-panel", hidden: true });
  const confirmSlotEl = h("div", { class: "ww-confirm-slot" });
  const nightBarEl = h("div", { class: "pinned ww-nightbar", "data-testid": "night-bar", hidden: true },
    holdPanelEl, holdEl, confirmSlotEl);

  function nightPrompt() {
    const me = view && view.me;
    return me && me.alive && view.phase === "night" && !view.over ? me.prompt : null;
  }

  function holdRender() {
    const prompt = nightPrompt();
    holdEl.classList.toggle("open", Boolean(prompt) && holding);
    holdPanelEl.hidden = !prompt || !holding;
    morph(holdPanelEl, prompt && holding ? holdParts(prompt) : null);
    const asked = holdPanelEl.querySelector(".ww-hold-question");
    if (prompt && holding && asked) linesMatch(asked, stepQuestions(prompt));
  }

  // The lines of a block of text as drawn.
  function linesOf(el) {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.top))).size;
  }

  // Every question a phone may be asked at this step (each acting kind's and a decoy's): the
  // held question takes as many lines as the longest of them, on every phone (issue 34), its
  // lines made shorter (a margin inside its box, which keeps its size) until it does; the words
  // stay whole.
  function linesMatch(el, questions) {
    el.style.paddingRight = "";
    const probe = el.cloneNode(false);
    Object.assign(probe.style, { position: "absolute", visibility: "hidden", width: `${el.offsetWidth}px` });
    el.after(probe);
    let most = 0;
    for (const text of questions) {
      probe.textContent = text;
      most = Math.max(most, linesOf(probe));
    }
    probe.remove();
    if (linesOf(el) >= most) return;
    let [none, all] = [0, el.clientWidth];
    while (all - none > 1) {
      const margin = (none + all) / 2;
      el.style.paddingRight = `${margin}px`;
      if (linesOf(el) >= most) all = margin;
      else none = margin;
    }
    el.style.paddingRight = `${all}px`;
  }

  function peekRender() {
    const me = view && view.me;
    peekEl.hidden = !me;
    if (!me) return;
    peekEl.classList.toggle("open", peeking);
    if (!peeking) {
      morph(peekEl, h("span", { class: "ww-cardback", "aria-hidden": "true" }, h("span", {}, "?")),
        h("span", { class: "ww-peek-text" }, h("b", {}, t("Your card")), h("small", {}, t("Press and hold to see it"))));
      return;
    }
    peeked = true;
    const r = role(ctx, me.card);
    morph(peekEl, h("span", { class: "ww-peek-face", "data-testid": "peek-face", "data-card": me.card, "data-team": me.team },
      picture(ctx, me.card, "ww-peek-pic"),
      h("span", { class: "ww-peek-info" },
        h("small", {}, t("You are")),
        h("b", { class: "ww-peek-name" }, r.name),
        h("span", { class: "ww-peek-team" }, fmt("Team: %(team)s", { team: teamName(ctx, me.team) })),
        h("span", { class: "ww-peek-power" }, r.power),
        me.notebook.powerless ? h("span", { class: "ww-peek-power bad" }, t("Your card has lost its power.")) : null)));
  }

  // --- sending --------------------------------------------------------------------------------

  const actions = () => (view && view.me ? view.me.actions : []);
  const find = (type, target) => actions().find((a) => a.type === type && (target === undefined || a.target === target));
  const targets = (type) => actions().filter((a) => a.type === type).map((a) => a.target);
  const busy = () => pending !== null && frame && pending === frame.version;

  function send(action) {
    sendAll([action]);
  }

  // Moves sent one after the other (the Witch's Confirm: her potions, then done).
  function sendAll(moves) {
    if (!moves.length || !moves.every(Boolean)) return;
    pending = frame.version;
    lastError = null;
    for (const action of moves) ctx.act({ type: action.type, target: action.target });
    render();
  }

  function bigButton(label, testid, onclick, { disabled = false, cls = "" } = {}) {
    return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled: disabled || busy(), onclick }, label);
  }

  function errorLine() {
    return lastError ? h("p", { class: "error", role: "alert", "data-testid": "action-error" }, lastError) : null;
  }

  // A list of players to tap: `chosen` are marked; `other` is one more choice that names
  // nobody ("No victim", "Abstain", "Don't shoot"): { label, testid, chosen, onPick, disabled }.
  function playerGrid(seats, { chosen = [], onPick, testid = "pick", other = null } = {}) {
    return h("div", { class: "ww-grid", "data-testid": `${testid}-grid` },
      seats.map((seat) => h("button", { type: "button", class: `ww-pick ${chosen.includes(seat) ? "chosen" : ""}`,
        "data-testid": testid, "data-seat": seat, "aria-pressed": String(chosen.includes(seat)), disabled: busy(),
        onclick: () => onPick(seat) }, seatToken(seat, ctx), h("span", { class: "ww-pick-name" }, ctx.nameOf(seat)))),
      other ? h("button", { type: "button", class: `ww-pick none ${other.chosen ? "chosen" : ""}`, "data-testid": other.testid,
        "aria-pressed": String(other.chosen), disabled: busy() || Boolean(other.disabled), onclick: other.onPick }, other.label) : null);
  }

  // The seats an action may name, with this phone's current picks among them (a pick already
  // made is not offered again by the rules, yet stays on screen, marked).
  function seatsWith(type, picks) {
    return [...new Set([...targets(type), ...picks])].filter((seat) => typeof seat === "number").sort((a, b) => a - b);
  }

  function potionsText(life, death) {
    return fmt("Potion of life: %(life)s · potion of death: %(death)s",
      { life: life ? t("yours") : t("used"), death: death ? t("yours") : t("used") });
  }

  // The question of a prompt kind: the server's text (admin data).
  function question(kind) {
    return h("h2", { class: "ww-question", "data-testid": "question", "data-kind": kind }, promptText(ctx, kind));
  }

  // --- the night --------------------------------------------------------------------------------

  // One screen for every living phone at every step (issues 25 and 34), whoever acts: the same
  // words on it (one line saying where the question is; at the Thief's and the pack's step the
  // same two choices; every living player and "Nobody"), and what each tap lights, each in the
  // same place, and a Confirm in the same state at the same moment. A tap lights what it names;
  // a phone names as many as the step's actor does (two at Cupid's, the Piper's count at his);
  // Confirm turns gold once the answer is whole, and grey ("Done ✓") once sent, after which the
  // answer stays lit and the grid does nothing (but at the pack's step, where a wolf may point
  // again until the pack agrees, and so may anyone). What the phone's own question is and what
  // it alone may know show only while "Hold to see" is held, in one panel of one size.
  //
  // A cell: { chosen, onPick } (no onPick: it does nothing here, and looks the same).
  const inert = { chosen: false, onPick: null };
  const lit = (chosen) => ({ chosen, onPick: null });

  // At night no button is greyed while a move is on its way (a greyed grid for an instant would
  // tell a tap the server keeps from one kept on the phone): a tap then is ignored.
  const tapped = (onPick) => (onPick ? () => { if (!busy()) onPick(); } : null);

  function nightCell(seat, label, testid, { chosen, onPick }, cls = "") {
    return h("button", { type: "button", class: `ww-pick ${cls} ${chosen ? "chosen" : ""}`, "data-testid": testid,
      "data-seat": seat === null ? null : seat, "aria-pressed": String(chosen), "aria-disabled": onPick ? null : "true",
      onclick: tapped(onPick) }, label);
  }

  function nightGrid(model) {
    const living = view.players.filter((p) => p.alive).map((p) => p.seat);
    const crowd = living.length > 18 ? "many most" : living.length > 12 ? "many" : "";
    return h("div", { class: `ww-grid ww-night-grid ${crowd}`, "data-testid": "pick-grid" },
      living.map((seat) => nightCell(seat, [seatToken(seat, ctx), h("span", { class: "ww-pick-name" }, ctx.nameOf(seat))],
        "pick", model.cell(seat))),
      nightCell(null, t("Nobody"), "pick-none", model.nobody, "none"));
  }

  // The two choices of the Thief's and the pack's step, worded alike for every phone.
  function nightRow(step, [left, right]) {
    const labels = step === "thief" ? [fmt("Card %(n)s", { n: 1 }), fmt("Card %(n)s", { n: 2 })]
      : [t("Open my eyes"), t("Keep my eyes shut")];
    return h("div", { class: "ww-grid ww-night-row" },
      nightCell(null, labels[0], "night-choice", left), nightCell(null, labels[1], "night-choice", right));
  }

  // Confirm: "off" (greyed), "on" (gold: sends `actions`, in order) or "done" (grey, "Done ✓").
  const confirmOn = (...actions) => ({ state: actions.every(Boolean) ? "on" : "off", actions });
  const confirmOff = { state: "off", actions: [] };
  const confirmDone = { state: "done", actions: [] };

  // What a decoy names (the server keeps it): seats, or ["none"].
  function named(prompt) {
    return prompt.suspect || [];
  }

  function suspectCell(prompt, seat) {
    const action = find("suspect", seat);
    return { chosen: named(prompt).includes(seat === null ? "none" : seat), onPick: action ? () => send(action) : null };
  }

  // A phone without a part in the step: its question mirrors the actor's (issue 34).
  function decoyModel(prompt) {
    const draft = draftGet();
    const done = prompt.done;
    const names = named(prompt);
    const answered = names.length > 0;
    const count = prompt.info[0] || 1;
    const confirm = find("confirm");
    const frozen = (cell) => (done ? lit(cell.chosen) : cell);
    switch (prompt.step) {
      case "thief": {
        const mine = (value) => ({ chosen: draft === value, onPick: done ? null : () => draftSet(value) });
        return { row: [mine(0), mine(1)], cell: () => inert, nobody: mine("none"),
          confirm: done ? confirmDone : draft === null ? confirmOff : confirmOn(confirm) };
      }
      case "werewolves": {
        if (prompt.kind === "wolf_asleep") { // he kept his eyes shut: nothing more to choose
          return { row: [inert, lit(true)], cell: () => inert, nobody: inert,
            confirm: done ? confirmDone : confirmOn(confirm) };
        }
        const choose = (value) => ({ chosen: draft === value, onPick: draft === null && !done ? () => draftSet(value) : null });
        const open = draft === "open";
        return { row: [choose("open"), choose("shut")],
          cell: (seat) => (open ? suspectCell(prompt, seat) : inert), nobody: open ? suspectCell(prompt, null) : inert,
          confirm: done ? confirmDone : draft === "shut" || (open && answered) ? confirmOn(confirm) : confirmOff };
      }
      default: // one name, or the step's count of them (Cupid's, the Piper's, the Witch's)
        return { row: null,
          cell: (seat) => frozen(suspectCell(prompt, seat)),
          nobody: count > 1 && prompt.step !== "witch" ? inert : frozen(suspectCell(prompt, null)),
          confirm: done ? confirmDone
            : (count > 1 && prompt.step !== "witch" ? names.length === count : answered) ? confirmOn(confirm) : confirmOff };
    }
  }

  // The phone's own prompt, as the same screen.
  function actorModel(prompt) {
    const draft = draftGet();
    const me = view.me.seat;
    const done = prompt.done;
    const confirm = find("confirm");
    const local = (value) => ({ chosen: draft === value, onPick: done ? null : () => draftSet(value) });
    switch (prompt.kind) {
      case "thief": {
        // Done, what he tapped stays lit, as on a decoy's phone: "Nobody" when both cards were
        // Werewolves (one was taken for him at random), else the card taken.
        const took = prompt.result ? prompt.result[0] : undefined;
        const shown = draft === "stay" ? null : draft === 0 || draft === 1 ? draft : took;
        const card = (index) => (done ? lit(shown === index) : local(index));
        const stay = find("thief_stay");
        return { row: [card(0), card(1)], cell: () => inert,
          nobody: done ? lit(shown === null) : stay ? local("stay") : inert,
          confirm: done ? confirmDone : draft === null ? confirmOff
            : confirmOn(draft === "stay" ? stay : find("thief_take", draft)) };
      }
      case "cupid":
      case "piper": {
        const type = prompt.kind === "cupid" ? "cupid_pick" : "charm";
        return { row: null, nobody: inert,
          cell: (seat) => {
            const action = find(type, seat);
            return { chosen: prompt.chosen.includes(seat), onPick: action && !done ? () => send(action) : null };
          },
          confirm: done ? confirmDone : confirm ? confirmOn(confirm) : confirmOff };
      }
      case "seer":
      case "salvateur": {
        const type = CONFIRM_SENDS[prompt.kind];
        if (done) {
          return { row: null, cell: (seat) => lit(prompt.chosen.includes(seat)), nobody: lit(!prompt.chosen.length),
            confirm: confirmDone };
        }
        return { row: null, cell: (seat) => (find(type, seat) ? local(seat) : inert), nobody: local("none"),
          confirm: draft === null ? confirmOff : confirmOn(draft === "none" ? confirm : find(type, draft)) };
      }
      case "lovers":
      case "charmed": // nothing to choose: a name (or Nobody), then OK, as a decoy's hands go
        return { row: null, cell: (seat) => (seat === me ? inert : local(seat)), nobody: local("none"),
          confirm: done ? confirmDone : draft === null ? confirmOff : confirmOn(confirm) };
      case "wolf": {
        const pointer = prompt.chosen.length ? prompt.chosen[0] : null;
        const awake = prompt.info.length > 0; // awake: he is on the pack's board
        const point = (target) => {
          const action = awake && find("wolf_vote", target);
          return { chosen: pointer === (target === null ? "none" : target), onPick: action ? () => send(action) : null };
        };
        const wake = find("wolf_wake");
        const sleep = find("wolf_sleep");
        return { row: [{ chosen: awake, onPick: wake ? () => send(wake) : null }, { chosen: false, onPick: sleep ? () => send(sleep) : null }],
          cell: point, nobody: point(null),
          confirm: done || prompt.result ? confirmDone : confirm ? confirmOn(confirm) : confirmOff };
      }
      case "little_girl": {
        const peeked = Boolean(prompt.result[0]);
        const shut = !peeked && (draft === "shut" || done);
        const undecided = !peeked && !shut;
        const peek = find("peek");
        return { row: [{ chosen: peeked, onPick: undecided && peek ? () => send(peek) : null },
          { chosen: shut, onPick: undecided ? () => draftSet("shut") : null }],
        cell: (seat) => (peeked ? suspectCell(prompt, seat) : inert), nobody: peeked ? suspectCell(prompt, null) : inert,
        confirm: done ? confirmDone : shut || (peeked && named(prompt).length) ? confirmOn(confirm) : confirmOff };
      }
      case "witch":
        return witchModel(prompt, draft);
      default:
        return null;
    }
  }

  // The Witch: tonight's victim healed, someone else poisoned (both, by option), or Nobody; her
  // one Confirm sends them and ends her turn (issue 34: healing asked for a second Confirm).
  function witchModel(prompt, draft) {
    const victim = prompt.info[0];
    if (prompt.done) {
      const [healed, poisoned] = prompt.result;
      return { row: null, cell: (seat) => lit((healed && seat === victim) || seat === poisoned),
        nobody: lit(!healed && poisoned === null), confirm: confirmDone };
    }
    const potions = draft && typeof draft === "object" ? draft : { heal: false, poison: null };
    const both = view.options["witch.bothSameNight"] !== false;
    const heal = find("witch_heal");
    const choose = (next) => {
      const chosen = { ...potions, ...next };
      if (!both && next.heal) chosen.poison = null;
      if (!both && next.poison !== undefined && next.poison !== null) chosen.heal = false;
      draftSet(chosen.heal || chosen.poison !== null ? chosen : null);
    };
    const cell = (seat) => {
      if (seat === victim && heal) return { chosen: potions.heal, onPick: () => choose({ heal: !potions.heal }) };
      if (find("witch_poison", seat)) {
        return { chosen: potions.poison === seat, onPick: () => choose({ poison: potions.poison === seat ? null : seat }) };
      }
      return inert;
    };
    const actions = [potions.heal ? heal : null, potions.poison !== null ? find("witch_poison", potions.poison) : null].filter(Boolean);
    return { row: null, cell, nobody: { chosen: draft === "none", onPick: () => draftSet("none") },
      confirm: draft === null ? confirmOff : confirmOn(...actions, find("confirm")) };
  }

  function nightModel(prompt) {
    return (DECOYS.includes(prompt.kind) ? null : actorModel(prompt)) || decoyModel(prompt);
  }

  function nightStage(prompt) {
    const model = nightModel(prompt);
    return [h("h2", { class: "ww-question", "data-testid": "question" }, t("Your question is under “Hold to see”.")),
      model.row ? nightRow(prompt.step, model.row) : null, nightGrid(model)];
  }

  // Confirm, beside "Hold to see": one button in one place, in the same state on every phone.
  function nightConfirm(prompt) {
    const { state, actions } = nightModel(prompt).confirm;
    if (state === "done") return h("button", { type: "button", class: "big done", "data-testid": "confirm", disabled: true }, t("Done ✓"));
    return h("button", { type: "button", class: "big", "data-testid": "confirm", disabled: state !== "on",
      onclick: tapped(() => sendAll(actions)) }, t("Confirm"));
  }

  // --- what "Hold to see" shows: one panel of one size for every phone ----------------------------

  // Its parts, the same on every phone at a step: the phone's own question, two card pictures
  // at the Thief's step (his two cards; a decoy's two dreamt ones), and what this phone alone
  // may know (a decoy's: that there is nothing to see).
  function holdParts(prompt) {
    const decoy = DECOYS.includes(prompt.kind);
    return [h("p", { class: "ww-hold-question", "data-testid": "hold-question" }, decoy ? decoyQuestion(prompt) : promptText(ctx, prompt.kind)),
      prompt.step === "thief" ? holdCards(prompt.kind === "thief" ? prompt.info : dreamCards()) : null,
      h("div", { class: "ww-hold-info" }, decoy ? h("p", { "data-testid": prompt.kind === "wolf_asleep" ? "wolf-asleep" : "hold-nothing" },
        prompt.kind === "wolf_asleep" ? promptText(ctx, "wolf_asleep") : t("Nothing to see: you are asleep."))
        : holdContent(prompt))];
  }

  // A decoy's question at each step, about as long as the step's actor's (issue 34: the same
  // lines in the held panel); "Who do you find suspicious?" (the admin's) at the Seer's.
  function decoyQuestion(prompt) {
    switch (prompt.step) {
      case "thief": return t("You dream of two cards in the middle: take one, or stay as you are.");
      case "cupid": return t("Which two players would make a fine couple?");
      case "lovers": return t("Who do you find suspicious tonight? Name them, or nobody: your answer stays on your phone and changes nothing at all.");
      case "salvateur": return t("Whom do you find the most suspicious tonight?");
      case "werewolves": return t("Eyes shut, or open on someone you find suspicious tonight?");
      case "witch": return t("Who seems saved tonight, who seems doomed? Name one or two.");
      case "pied-piper": return t("Which players would follow a flute?");
      case "charmed": return t("Who do you find suspicious? Name them, or nobody.");
      default: return promptText(ctx, "decoy");
    }
  }

  // The questions of a step: each acting kind's (the admin's texts) and a decoy's.
  const STEP_KINDS = { thief: ["thief"], cupid: ["cupid"], lovers: ["lovers"], seer: ["seer"], salvateur: ["salvateur"],
    werewolves: ["wolf", "little_girl"], witch: ["witch"], "pied-piper": ["piper"], charmed: ["charmed"] };
  function stepQuestions(prompt) {
    return [...(STEP_KINDS[prompt.step] || []).map((kind) => promptText(ctx, kind)), decoyQuestion(prompt)];
  }

  // Two cards from the deck a decoy dreams of at the Thief's step, the same all night.
  function dreamCards() {
    const deck = Object.keys(view.composition || {}).filter((card) => card !== "thief");
    const pool = deck.length > 1 ? deck : (ctx.page.roles || []).map((r) => r.id).filter((card) => card !== "thief");
    const first = (view.me.seat + view.night) % pool.length;
    return [pool[first], pool[(first + 1 + (view.me.seat % (pool.length - 1))) % pool.length]];
  }

  function holdCards(cards) {
    return h("div", { class: "ww-hold-cards" }, cards.map((card, index) => h("span", { class: "ww-hold-card", "data-testid": "thief-spare", "data-card": card },
      picture(ctx, card, "ww-hold-pic"), h("b", {}, fmt("Card %(n)s", { n: index + 1 })),
      h("span", { class: "ww-hold-card-name" }, roleName(ctx, card)))));
  }

  // What "Hold to see" shows an acting phone: its own secret of the step.
  function holdContent(prompt) {
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
        return [packBoard(prompt.info, (wolf) => ctx.nameOf(wolf)) || h("p", { class: "hint" }, t("Open your eyes to see the pack, then point at a victim (or Nobody) and confirm.")),
          !prompt.result && packSplit(prompt.info) ? h("p", { "data-testid": "pack-disagrees" },
            t("The pack disagrees: point at the same victim, then confirm.")) : null,
          prompt.result ? h("p", { "data-testid": "pack-victim" }, prompt.result[0] === "none"
            ? t("The pack chose no victim tonight.") : fmt("Tonight's victim: %(name)s", { name: ctx.nameOf(prompt.result[0]) })) : null];
      case "little_girl":
        return prompt.result[0] ? [h("p", { "data-testid": "peeking" }, t("You peek through your fingers… Name someone (or Nobody), then Confirm.")),
          packBoard(prompt.info, (letter) => fmt("Wolf %(letter)s", { letter }))]
          : h("p", { class: "hint" }, t("Open my eyes: you peek, and may glimpse a wolf or be caught (the more wolves awake, the more of both). Keep my eyes shut: no risk."));
      case "witch":
        return witchInfo(prompt);
      case "piper":
        return [h("p", { "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: prompt.info[0] })),
          prompt.chosen.length ? h("p", {}, fmt("You charm %(names)s.", { names: names(ctx, prompt.chosen) })) : null];
      case "charmed":
        return h("p", { "data-testid": "charmed-list" }, fmt("The charmed players: %(names)s", { names: names(ctx, prompt.info) }));
      default:
        return null;
    }
  }

  // Awake wolves confirmed different choices: no victim is locked until they agree.
  function packSplit(rows) {
    return new Set(rows.filter(([, pointer, done]) => done && pointer !== null).map(([, pointer]) => String(pointer))).size > 1;
  }

  // The awake wolves and where each points (by name for the pack, by letter for the Little Girl).
  function packBoard(rows, label) {
    if (!rows.length) return null;
    return h("ul", { class: "ww-pack", "data-testid": "pack-board" }, rows.map(([who, pointer, done]) =>
      h("li", { class: done ? "done" : "" }, h("b", {}, label(who)), h("span", { class: "ww-arrow", "aria-hidden": "true" }, "→"),
        pointer === null ? h("span", { class: "hint" }, t("undecided")) : pointer === "none" ? t("No victim") : ctx.nameOf(pointer),
        done ? h("span", { class: "ww-tick", title: t("confirmed") }, "✓") : null)));
  }

  // The Witch's part: tonight's victim (marked here, with the token her grid shows), her potions,
  // and what her Confirm will do, or did.
  function witchInfo(prompt) {
    const [victim, life, death] = prompt.info;
    const [healed, poisoned] = prompt.result;
    const draft = draftGet();
    const potions = !prompt.done && draft && typeof draft === "object" ? draft : { heal: healed, poison: poisoned };
    const nothing = prompt.done ? !healed && poisoned === null : draft === "none";
    return [
      h("p", { "data-testid": "witch-victim", "data-seat": victim === null ? "" : victim },
        victim === null ? t("Nobody was attacked tonight.")
          : [t("Attacked tonight:"), " ", nameChip(victim, ctx, "ww-victim")]),
      potions.heal ? h("p", { "data-testid": "witch-healed" }, fmt("You heal %(name)s.", { name: ctx.nameOf(victim) })) : null,
      potions.poison !== null ? h("p", { "data-testid": "witch-poisoned" }, fmt("You poison %(name)s.", { name: ctx.nameOf(potions.poison) })) : null,
      nothing ? h("p", { "data-testid": "witch-nothing" }, t("You use no potion tonight.")) : null,
      prompt.done ? null : h("p", { class: "hint" }, find("witch_heal")
        ? fmt("Tap %(name)s to heal them, someone else to poison them, or Nobody; then Confirm.", { name: ctx.nameOf(victim) })
        : targets("witch_poison").length ? t("Tap someone to poison them, or Nobody; then Confirm.")
          : t("No potion left to use: tap Nobody, then Confirm.")),
      h("p", { class: "hint" }, potionsText(life, death)),
    ];
  }

  // --- the day ----------------------------------------------------------------------------------

  function pollStage(prompt) {
    const mine = prompt.chosen.length ? prompt.chosen[0] : null;
    const abstain = find("abstain");
    const confirm = find("confirm");
    const seats = seatsWith("vote", mine === null ? [] : [mine]);
    return [
      question(prompt.kind),
      prompt.info[0] ? h("p", { class: "ww-info", "data-testid": "double-vote" }, t("You are the Mayor: your ballot counts twice.")) : null,
      playerGrid(seats, { chosen: mine === null ? [] : [mine], testid: "vote", onPick: (seat) => send(find("vote", seat)),
        other: abstain || mine === "abstain" ? { label: t("Abstain"), testid: "abstain", chosen: mine === "abstain",
          disabled: !abstain, onPick: () => send(abstain) } : null }),
      h("p", { class: "hint", "data-testid": "ballot-hint" }, prompt.done ? t("Your ballot is locked. Change it and confirm again if you wish.")
        : t("Your ballot can change until the vote closes.")),
      pinned(prompt.done ? bigButton(t("Locked ✓"), "confirm", null, { disabled: true, cls: "done" })
        : bigButton(t("Confirm my ballot"), "confirm", () => send(confirm), { disabled: !confirm })),
    ];
  }

  function dayPrompt(prompt) {
    const draft = draftGet();
    switch (prompt.kind) {
      case "look":
        return prompt.done ? [waitingCard(t("You have seen your card."), t("Night falls when everyone has looked."), { testid: "looked" })]
          : [question("look"),
            pinned(bigButton(t("I have seen my card"), "look", () => send(find("look")), { disabled: !peeked || !find("look") })),
            peeked ? null : h("p", { class: "hint" }, t("Hold the card above, then come back here."))];
      case "candidacy": {
        const answer = prompt.chosen.length ? prompt.chosen[0] : null;
        const choice = (value, label, testid) => h("button", { type: "button", class: `ww-pick ${answer === value ? "chosen" : ""}`,
          "data-testid": testid, "aria-pressed": String(answer === value), disabled: busy(), onclick: () => send(find("stand", value)) }, label);
        return [question("candidacy"),
          h("div", { class: "ww-grid two" }, choice(true, t("I stand"), "stand-yes"), choice(false, t("I don't"), "stand-no")),
          answer === null ? null : h("p", { class: "hint" }, answer ? t("You are a candidate.") : t("You are not a candidate."))];
      }
      case "election":
      case "vote":
        return pollStage(prompt);
      case "talk": {
        const talk = view.talk;
        const ready = prompt.done;
        return [question("talk"),
          h("p", { class: "hint", "data-testid": "ready-count" }, fmt("Ready to vote: %(n)s of %(needed)s needed", { n: talk.ready.length, needed: talk.needed })),
          pinned(bigButton(ready ? t("Not ready after all") : t("Ready to vote"), "ready", () => send(find("ready", !ready)),
            { cls: ready ? "done" : "" }))];
      }
      case "hunter":
      case "successor":
      case "settle": {
        const type = CONFIRM_SENDS[prompt.kind];
        const chosen = draft === "none" ? find(type, null) : find(type, draft);
        const spare = prompt.kind === "successor" ? null : find(type, null);
        // The Mayor may also pass the tie on (as his timeout does): to the revote, or to nobody.
        const revotes = (view.options["votes.revotes"] ?? 1) > (view.poll ? view.poll.revote : 0);
        const pass = prompt.kind === "hunter" ? [t("Don't shoot"), "no-shot"]
          : [revotes ? t("Let the village revote") : t("Execute nobody"), "revote"];
        return [question(prompt.kind),
          playerGrid(seatsWith(type, []), { chosen: draft === null ? [] : [draft], onPick: (seat) => draftSet(seat),
            other: spare ? { label: pass[0], testid: pass[1], chosen: draft === "none", onPick: () => draftSet("none") } : null }),
          pinned(bigButton(t("Confirm"), "confirm", () => send(chosen), { disabled: !chosen, cls: prompt.kind === "hunter" ? "danger" : "" }))];
      }
      case "scapegoat":
        return [question("scapegoat"),
          playerGrid(targets("scapegoat_pick"), { chosen: prompt.chosen, onPick: (seat) => send(find("scapegoat_pick", seat)) }),
          h("p", { class: "hint" }, t("Pick any number, or nobody: then nobody is executed tomorrow.")),
          pinned(bigButton(t("Confirm"), "confirm", () => send(find("confirm")), { disabled: !find("confirm") }))];
      default:
        return [];
    }
  }

  // What a phone without a question sees: what the village is doing.
  function waitStage() {
    const lines = view.narration.lines.map((line) => lineText(ctx, line)).filter(Boolean);
    const seat = view.me ? view.me.seat : null;
    let hint = null;
    if (view.phase === "vote" && seat !== null && !view.poll.voters.includes(seat)) hint = t("You have no vote today.");
    return [waitingCard(phaseTitle(view, ctx), hint, { testid: "waiting" }),
      lines.length ? h("div", { class: "ww-narration small", "data-testid": "phone-narration" }, lines.map((line) => h("p", {}, line))) : null];
  }

  function ballotsBox() {
    const entry = lastBallots(view);
    if (!entry || view.phase === "night" || view.phase === "vote" || view.phase === "election") return null;
    if (entry.clock[0] !== "day" || entry.clock[1] !== view.day) return null;
    return ballotsPanel(entry, ctx);
  }

  // --- the dead, the audience, the end -------------------------------------------------------------

  function ghostStage() {
    const me = view.me;
    return [waitingCard(t("You are dead: stay silent."), t("You may watch, but say nothing until the end."), { testid: "ghost", cls: "ghost" }),
      me.ghost ? h("div", { class: "ww-box", "data-testid": "ghost-sees" }, h("h3", {}, t("The dead see everything")),
        revealPanel(view, ctx, me.ghost, { testid: "ghost-reveal" }),
        h("h3", {}, t("Night by night")), timeline(me.ghost, ctx, { testid: "ghost-timeline", log: view.log })) : null];
  }

  function overStage() {
    const seat = view.me ? view.me.seat : null;
    const won = seat !== null && view.result && view.result.winners.includes(seat);
    return [h("h2", { class: "ww-win", "data-testid": "phone-winner", "data-team": view.result ? view.result.team : "" }, winnerText(view, ctx)),
      seat !== null ? h("p", { class: `ww-you ${won ? "good" : "bad"}` }, won ? t("You won!") : t("You lost.")) : null,
      revealPanel(view, ctx, view.reveal, { winners: winnersShown(view) }),
      h("details", { class: "ww-box" }, h("summary", {}, t("Night by night")), timeline(view.reveal, ctx, { log: view.log }))];
  }

  // --- the notebook and the village ---------------------------------------------------------------

  // Its summary carries no count of lines: the Werewolves' and the Witch's notebooks have lines
  // from the look at the cards on, a Villager's none, so a count told them apart (issue 25).
  function notebook() {
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

  function village(open) {
    return h("details", { class: "ww-box", open },
      h("summary", {}, t("The village")),
      h("ul", { class: "ww-village", "data-testid": "village" }, view.players.map((p) =>
        h("li", { class: `${p.alive ? "" : "dead"} ${view.me && p.seat === view.me.seat ? "me" : ""}`, "data-testid": "villager", "data-seat": p.seat,
          "data-alive": String(p.alive), "data-meaning": `life:${p.alive ? "alive" : "dead"}` },
        seatToken(p.seat, ctx), h("span", { class: "ww-village-name", "data-sign": "style" }, ctx.nameOf(p.seat)),
        p.mayor ? h("span", { class: "ww-badge mayor" }, t("Mayor")) : null,
        p.no_vote ? h("span", { class: "ww-badge" }, t("no vote")) : null,
        p.alive ? null : h("span", { class: "ww-badge dead", "data-sign": true }, t("dead")),
        p.card ? h("span", { class: "ww-village-card", "data-card": p.card }, roleName(ctx, p.card)) : null))),
      h("h3", {}, t("Cards in play")), composition(view, ctx, { testid: "phone-composition" }),
      view.log.length ? [h("h3", {}, t("What happened")), logList(view, ctx, { limit: 8, testid: "phone-log" })] : null);
  }

  // --- the whole screen ------------------------------------------------------------------------------

  function stage() {
    const me = view.me;
    if (view.over) return overStage();
    if (!me) return [h("h2", {}, phaseTitle(view, ctx)), waitStage().slice(1), ballotsBox()];
    const prompt = me.prompt;
    if (prompt && view.phase === "night") return nightStage(prompt);
    if (prompt) return dayPrompt(prompt);
    if (!me.alive) return ghostStage();
    return [waitStage(), ballotsBox()];
  }

  function topBar() {
    const me = view.me;
    // At night the step's end, the same on every living phone (drawn when it began: it tells
    // nothing, and nobody is cut off unwarned); the TV shows none.
    const clock = view.over ? null : countdown(view.phase === "night" ? me && me.deadline : view.deadline, "pill");
    return h("div", { class: "ww-bar" },
      h("span", { class: "ww-when", "data-testid": "when" }, clockTitle(view)),
      me ? h("span", { class: `ww-state ${me.alive ? "" : "dead"}` }, me.alive ? t("alive") : t("dead"))
        : h("span", { class: "ww-state" }, t("You are watching")),
      clock);
  }

  function render() {
    if (!view) return;
    const me = view.me;
    const night = view.phase === "night";
    root.className = `game-root ww ww-phone phase-${view.phase} ${night ? "ww-night" : "ww-day"} ${me && !me.alive ? "ww-dead" : ""}`;
    document.body.classList.toggle("ww-night-page", night);
    root.dataset.testid = "ww-phone";
    root.dataset.phase = view.phase;
    root.dataset.night = String(view.night);
    root.dataset.day = String(view.day);
    root.dataset.kind = me && me.prompt ? me.prompt.kind : "";
    root.dataset.step = view.step && view.step.key ? view.step.key : "";
    root.dataset.version = String(frame.version);
    // The village list starts open for whoever only watches (a ghost who sees all has more in
    // its own panel); then each panel stays as the player left it (frames are morphed in).
    const watching = !me || (!me.alive && !me.ghost);
    // The card stays in place between frames, so a hold survives a frame arriving mid-hold.
    if (peekEl.parentNode !== root) replace(root, barEl, peekEl, stageEl, notesEl, villageEl, nightBarEl);
    morph(barEl, topBar());
    morph(stageEl, errorLine(), stage());
    const prompt = nightPrompt();
    nightBarEl.hidden = !prompt;
    morph(confirmSlotEl, prompt ? nightConfirm(prompt) : null);
    holdRender();
    morph(notesEl, notebook());
    morph(villageEl, view.over ? null : village(watching));
    peekRender();
  }

  return {
    update(next) {
      frame = next;
      pending = null; // any answer from the server frees the buttons
      const before = promptKey();
      view = next.view;
      if (!view) return;
      if (promptKey() !== before) lastError = null;
      render();
    },
    // A refusal: shown once, above the controls that caused it (so the shell does not toast it).
    error(error) {
      pending = null;
      lastError = error.message || t("Something went wrong.");
      render();
      return true;
    },
  };
}
// What a screen reader says when it changes (the platform's announce.js): the time, the phase
// and this player's question. At night every living phone says the same words at the same
// moments, actor or decoy: only what the TV shows too (the night, the step), never its own
// question, which the player reads on the screen (docs/rules-werewolf.md, "One screen for
// every living phone"). At the dawn, an execution and a prompt's outcome, what the TV's
// narrator says, in its order (issue 34: "The village wakes up", but not who had died): the
// deaths, with their cards as the TV shows them, never a cause.
const TOLD = ["dawn", "execution", "outcome"];

export function speech(frame, ctx) {
  const view = frame.view;
  if (!view) return null;
  if (view.over) return sentences(clockTitle(view), winnerText(view, ctx));
  const me = view.me;
  const when = clockTitle(view);
  if (TOLD.includes(view.phase)) return sentences(...view.narration.lines.map((line) => lineText(ctx, line)));
  if (me && me.alive && view.phase === "night") {
    return sentences(when, phaseTitle(view, ctx), t("Answer the question on your screen, then confirm."));
  }
  if (me && !me.alive && !me.prompt) return sentences(when, phaseTitle(view, ctx), t("You are dead: stay silent."));
  const prompt = me && me.prompt;
  return sentences(when, phaseTitle(view, ctx), prompt ? promptText(ctx, prompt.kind) : null);
}
export { hostTools, ballot } from "./common.js";
