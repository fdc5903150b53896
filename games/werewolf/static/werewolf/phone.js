// Werewolf on a phone: the player's secret card (press and hold), a notebook of what they have
// learnt, and the question the rules ask them now. At night every living phone shows the same
// screen, every living player and a Confirm button: the real prompt for those who act, a decoy
// ("Who do you find suspicious?") for the others, so that nobody's hands give a role away, and
// what a phone alone may know only under "Hold to see"; no sound, no vibration. The dead get a ghost screen (everything, by option) and their own prompts;
// the audience gets the public view. Every control sends one of `me.actions` unchanged.
//
// The only local state is what this hand is doing: the card held, and a pick not yet confirmed
// (kept in this tab's session storage, so a reloaded phone comes back to its prompt with it).

import { h, replace, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, pinned, hiddenUntil, waitingCard, holdToShow } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import {
  styleLoad, role, roleName, teamName, promptText, picture, seatToken, names, clockTitle, phaseTitle,
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
    // The question whole first (three lines of it fit the screen's), then what it showed.
    const asked = prompt && !DECOYS.includes(prompt.kind) ? h("p", { class: "ww-hold-question" }, promptText(ctx, prompt.kind)) : null;
    morph(holdPanelEl, prompt && holding ? [asked, holdContent(prompt)] : null);
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
    if (!action) return;
    pending = frame.version;
    lastError = null;
    ctx.act({ type: action.type, target: action.target });
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

  // Every living phone shows one screen at every step (issue 25): the question; two choices side
  // by side at the Thief's and the pack's step; one grid of every living player and a last cell;
  // and at the bottom "Hold to see" beside Confirm. What this phone alone may know (a result,
  // the pack's board, the Witch's victim, a decoy's "nothing to see") shows only while "Hold to
  // see" is held, above it. A cell or choice that means nothing to this phone looks the same and
  // does nothing (aria-disabled), so no screen gives its holder's role away at a glance.

  // A cell of the night grid: { chosen, onPick } (no onPick: it does nothing here).
  const inert = { chosen: false, onPick: null };

  function nightCell(seat, label, testid, { chosen, onPick }, cls = "") {
    return h("button", { type: "button", class: `ww-pick ${cls} ${chosen ? "chosen" : ""}`, "data-testid": testid,
      "data-seat": seat === null ? null : seat, "aria-pressed": String(chosen), "aria-disabled": onPick ? null : "true",
      disabled: busy(), onclick: onPick || null }, label);
  }

  function nightGrid(cell, other, testid) {
    const living = view.players.filter((p) => p.alive).map((p) => p.seat);
    return h("div", { class: "ww-grid", "data-testid": `${testid}-grid` },
      living.map((seat) => nightCell(seat, [seatToken(seat, ctx), h("span", { class: "ww-pick-name" }, ctx.nameOf(seat))],
        testid, cell(seat))),
      nightCell(null, other.label, other.testid || `${testid}-none`, other, "none"));
  }

  // The two choices of the Thief's and the pack's step (each { label, testid, chosen, onPick }).
  function nightRow(left, right) {
    return h("div", { class: "ww-grid ww-night-row" }, [left, right].map((c) => nightCell(null, c.label, c.testid, c)));
  }

  // A decoy's two choices at those steps: kept on this phone only (answers are discarded).
  function decoyRow(draft) {
    const local = (value, label) => ({ label, testid: "decoy-row", chosen: draft === value,
      onPick: () => draftSet(draft === value ? null : value) });
    return nightRow(local("calm", t("I sleep soundly")), local("restless", t("I toss and turn")));
  }

  // What the phone's own prompt asks: the question, the row, the grid and what Confirm sends.
  function nightAsk(prompt) {
    const draft = draftGet();
    const me = view.me.seat;
    const pickDraft = (type) => (seat) => (find(type, seat) ? { chosen: draft === seat, onPick: () => draftSet(seat) } : inert);
    const toggle = (type) => (seat) => ({ chosen: prompt.chosen.includes(seat),
      onPick: find(type, seat) ? () => send(find(type, seat)) : null });
    const nobody = { label: t("Nobody"), ...inert };
    const confirm = find("confirm");
    switch (prompt.kind) {
      case "thief": {
        const stay = find("thief_stay");
        const card = (index) => ({ label: fmt("Card %(n)s", { n: index + 1 }), testid: "thief-card",
          chosen: draft === index, onPick: () => draftSet(index) });
        return { row: nightRow(card(0), card(1)), cell: () => inert,
          other: { label: t("Stay a simple Villager"), testid: "thief-stay", chosen: draft === "stay",
            onPick: stay ? () => draftSet("stay") : null },
          action: draft === "stay" ? stay : find("thief_take", draft) };
      }
      case "cupid":
        return { cell: toggle("cupid_pick"), other: nobody, action: confirm };
      case "piper":
        return { cell: toggle("charm"), other: nobody, action: confirm };
      case "seer":
      case "salvateur":
        return { cell: pickDraft(CONFIRM_SENDS[prompt.kind]), other: nobody,
          action: find(CONFIRM_SENDS[prompt.kind], draft) };
      case "lovers":
      case "charmed": // nothing to choose: a tap anywhere, then OK, as a decoy's hands go
        return { cell: (seat) => (seat === me ? inert : { chosen: draft === seat, onPick: () => draftSet(seat) }),
          other: { label: t("Nobody"), chosen: draft === "none", onPick: () => draftSet("none") },
          action: draft === null ? null : confirm };
      case "wolf": {
        const pointer = prompt.chosen.length ? prompt.chosen[0] : null;
        const noVictim = find("wolf_vote", null);
        return { row: nightRow( // awake: he is on the pack's board
          { label: t("Open your eyes"), testid: "wolf-wake", chosen: prompt.info.length > 0,
            onPick: find("wolf_wake") ? () => send(find("wolf_wake")) : null },
          { label: t("Stay asleep"), testid: "wolf-sleep", chosen: false,
            onPick: find("wolf_sleep") ? () => send(find("wolf_sleep")) : null }),
        cell: (seat) => ({ chosen: pointer === seat, onPick: find("wolf_vote", seat) ? () => send(find("wolf_vote", seat)) : null }),
        other: { label: t("No victim"), testid: "wolf-none", chosen: pointer === "none", onPick: noVictim ? () => send(noVictim) : null },
        testid: "wolf-target", action: confirm, done: prompt.done };
      }
      case "little_girl":
        return { row: nightRow(
          { label: t("Peek"), testid: "peek-wolves", chosen: false, onPick: find("peek") ? () => send(find("peek")) : null },
          { label: t("Keep your eyes shut"), testid: "eyes-shut", chosen: draft === "shut", onPick: () => draftSet("shut") }),
        cell: () => inert, other: nobody, action: draft === "shut" ? confirm : null };
      case "witch": {
        const victim = prompt.info[0];
        const heal = find("witch_heal");
        return { cell: (seat) => (seat === victim && heal ? { chosen: draft === "heal", onPick: () => draftSet("heal") }
          : find("witch_poison", seat) ? { chosen: draft === seat, onPick: () => draftSet(seat) } : inert),
        other: { label: t("Nobody"), chosen: draft === "none", onPick: () => draftSet("none") },
        testid: "poison", action: draft === "heal" ? heal : draft === "none" ? confirm : find("witch_poison", draft) };
      }
      default:
        return null;
    }
  }

  // The decoy question, also on a phone that has answered its own prompt: hands move alike.
  function nightDecoy(prompt) {
    const suspect = (seat) => ({ chosen: prompt.suspect === seat,
      onPick: find("suspect", seat) ? () => send(find("suspect", seat)) : null });
    return { cell: suspect, testid: "suspect", action: prompt.suspect === null ? null : find("confirm"),
      done: !find("confirm"), other: { label: t("Nobody"), testid: "suspect-none", ...suspect(null), chosen: prompt.suspect === "none" } };
  }

  // The row of a phone that has answered (or a decoy's) at the Thief's and the pack's step: what
  // it chose, marked; a decoy's pair is its own to tap.
  function nightRowAnswered(prompt) {
    const done = (left, right) => nightRow({ label: left[0], testid: left[1], chosen: left[2], onPick: null },
      { label: right[0], testid: right[1], chosen: right[2], onPick: null });
    switch (prompt.kind) {
      case "wolf":
      case "wolf_asleep":
        return done([t("Open your eyes"), "wolf-wake", prompt.kind === "wolf"], [t("Stay asleep"), "wolf-sleep", prompt.kind === "wolf_asleep"]);
      case "little_girl":
        return done([t("Peek"), "peek-wolves", Boolean(prompt.result[0])], [t("Keep your eyes shut"), "eyes-shut", !prompt.result[0]]);
      case "thief": {
        const took = prompt.result ? prompt.result[0] : null;
        return done([fmt("Card %(n)s", { n: 1 }), "thief-card", took === 0], [fmt("Card %(n)s", { n: 2 }), "thief-card", took === 1]);
      }
      default:
        return decoyRow(draftGet());
    }
  }

  function nightAnswer(prompt) {
    const answered = DECOYS.includes(prompt.kind) || targets("suspect").length > 0;
    return answered ? nightDecoy(prompt) : nightAsk(prompt);
  }

  function nightStage(prompt) {
    const answered = DECOYS.includes(prompt.kind) || targets("suspect").length > 0;
    const ask = nightAnswer(prompt);
    const row = ["thief", "werewolves"].includes(prompt.step) ? ask.row || nightRowAnswered(prompt) : null;
    return [question(answered ? "decoy" : prompt.kind), row, nightGrid(ask.cell, ask.other, ask.testid || "pick")];
  }

  // Confirm, beside "Hold to see": one button in one place, greyed once this phone is done.
  function nightConfirm(prompt) {
    const ask = nightAnswer(prompt);
    if (ask.action) return bigButton(t("Confirm"), "confirm", () => send(ask.action));
    if (ask.done) return bigButton(t("Done ✓"), "confirm", null, { disabled: true, cls: "done" });
    return bigButton(t("Confirm"), "confirm", null, { disabled: true });
  }

  // What "Hold to see" shows this phone: its own secret of the step, or a decoy's line.
  function holdContent(prompt) {
    const me = view.me;
    switch (prompt.kind) {
      case "wolf_asleep":
        return h("p", { "data-testid": "wolf-asleep" }, t("The pack hunts without you tonight."));
      case "thief":
        return [h("div", { class: "ww-hold-cards" }, prompt.info.map((card, index) => h("span", { class: "ww-hold-card", "data-testid": "thief-spare", "data-card": card },
          picture(ctx, card, "ww-pick-pic"), h("b", {}, fmt("Card %(n)s", { n: index + 1 })), roleName(ctx, card)))),
        prompt.result ? h("p", { "data-testid": "thief-result" }, prompt.result[0] === null ? t("You stay a simple Villager.")
          : fmt("You take the card: %(card)s.", { card: roleName(ctx, prompt.info[prompt.result[0]]) }))
          : h("p", { class: "hint" }, find("thief_stay") ? t("Tap Card 1 or Card 2 to take it, or stay a simple Villager; then Confirm.")
            : t("Both cards are Werewolves: you must take one."))];
      case "cupid":
        return [h("p", { "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: 2 })),
          prompt.chosen.length ? h("p", {}, fmt("Your arrows: %(names)s", { names: names(ctx, prompt.chosen) })) : null];
      case "lovers":
        return h("p", { "data-testid": "lover" },
          fmt("You are in love with %(name)s. If one of you dies, so does the other.", { name: ctx.nameOf(prompt.info[0]) }));
      case "seer":
        return prompt.result ? h("p", { "data-testid": "seer-result", "data-seat": prompt.result[0], "data-seen": prompt.result[1] },
          fmt("%(name)s is: %(seen)s", { name: ctx.nameOf(prompt.result[0]), seen: seenText(ctx, prompt.result[1]) }))
          : h("p", { class: "hint" }, t("Tap a player, then Confirm: their card shows here."));
      case "salvateur":
        return [prompt.info[0] !== null ? h("p", {}, fmt("Last night you protected %(name)s.", { name: ctx.nameOf(prompt.info[0]) })) : null,
          prompt.chosen.length ? h("p", {}, fmt("You protect %(name)s tonight.", { name: ctx.nameOf(prompt.chosen[0]) }))
            : h("p", { class: "hint" }, t("Tap the player to protect, then Confirm."))];
      case "wolf":
        return [packBoard(prompt.info, (wolf) => ctx.nameOf(wolf)) || h("p", { class: "hint" }, t("Open your eyes, or point at a victim, to see the pack.")),
          !prompt.result && packSplit(prompt.info) ? h("p", { "data-testid": "pack-disagrees" },
            t("The pack disagrees: point at the same victim, then confirm.")) : null,
          prompt.result ? h("p", { "data-testid": "pack-victim" }, prompt.result[0] === "none"
            ? t("The pack chose no victim tonight.") : fmt("Tonight's victim: %(name)s", { name: ctx.nameOf(prompt.result[0]) })) : null];
      case "little_girl":
        return prompt.result[0] ? [h("p", { "data-testid": "peeking" }, t("You peek through your fingers…")),
          packBoard(prompt.info, (letter) => fmt("Wolf %(letter)s", { letter }))]
          : h("p", { class: "hint" }, t("The more wolves are awake, the more you may see, and the more you risk being caught."));
      case "witch":
        return witchInfo(prompt);
      case "piper":
        return [h("p", { "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: prompt.info[0] })),
          prompt.chosen.length ? h("p", {}, fmt("You charm %(names)s.", { names: names(ctx, prompt.chosen) })) : null];
      case "charmed":
        return h("p", { "data-testid": "charmed-list" }, fmt("The charmed players: %(names)s", { names: names(ctx, prompt.info) }));
      default:
        return [h("p", { "data-testid": "hold-nothing" }, t("Nothing to see: you are asleep.")),
          me.notebook.powerless ? h("p", {}, t("Your card has lost its power.")) : null];
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

  function witchInfo(prompt) {
    const [victim, life, death] = prompt.info;
    const [healed, poisoned] = prompt.result;
    return [
      h("p", { "data-testid": "witch-victim", "data-seat": victim === null ? "" : victim },
        victim === null ? t("Nobody was attacked tonight.") : fmt("Tonight the werewolves attacked %(name)s.", { name: ctx.nameOf(victim) })),
      h("p", { class: "hint" }, potionsText(life, death)),
      healed ? h("p", { "data-testid": "witch-healed" }, fmt("You heal %(name)s.", { name: ctx.nameOf(victim) })) : null,
      poisoned !== null ? h("p", { "data-testid": "witch-poisoned" }, fmt("You poison %(name)s.", { name: ctx.nameOf(poisoned) })) : null,
      h("p", { class: "hint" }, find("witch_heal")
        ? fmt("Tap %(name)s to heal them, someone else to poison them, or Nobody; then Confirm.", { name: ctx.nameOf(victim) })
        : targets("witch_poison").length ? t("Tap someone to poison them, or Nobody; then Confirm.")
          : t("Tap Nobody, then Confirm.")),
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
        const spare = prompt.kind === "hunter" ? find("shoot", null) : null;
        return [question(prompt.kind),
          playerGrid(seatsWith(type, []), { chosen: draft === null ? [] : [draft], onPick: (seat) => draftSet(seat),
            other: spare ? { label: t("Don't shoot"), testid: "no-shot", chosen: draft === "none", onPick: () => draftSet("none") } : null }),
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
    const clock = view.phase !== "night" && !view.over ? countdown(view.deadline, "pill") : null;
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
// every living phone").
export function speech(frame, ctx) {
  const view = frame.view;
  if (!view) return null;
  if (view.over) return sentences(clockTitle(view), winnerText(view, ctx));
  const me = view.me;
  const when = clockTitle(view);
  if (me && me.alive && view.phase === "night") {
    return sentences(when, phaseTitle(view, ctx), t("Answer the question on your screen, then confirm."));
  }
  if (me && !me.alive && !me.prompt) return sentences(when, phaseTitle(view, ctx), t("You are dead: stay silent."));
  const prompt = me && me.prompt;
  return sentences(when, phaseTitle(view, ctx), prompt ? promptText(ctx, prompt.kind) : null);
}
export { hostTools, ballot } from "./common.js";
