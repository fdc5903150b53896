// Werewolf on a phone: the player's secret card (press and hold), a notebook of what they have
// learnt, and the question the rules ask them now. At night every living phone shows the same
// screen, a list of players and a Confirm button: the real prompt for those who act, a decoy
// ("Who do you find suspicious?") for the others, so that nobody's hands give a role away; no
// sound, no vibration. The dead get a ghost screen (everything, by option) and their own prompts;
// the audience gets the public view. Every control sends one of `me.actions` unchanged.
//
// The only local state is what this hand is doing: the card held, and a pick not yet confirmed
// (kept in this tab's session storage, so a reloaded phone comes back to its prompt with it).

import { h, replace, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, pinned, hiddenUntil, waitingCard, holdToShow } from "../partyhub/js/widgets.js";
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

  // The decoy question, also on a phone that has answered its own prompt: hands move alike.
  function suspectBlock(prompt) {
    const confirm = find("confirm");
    return [
      question("decoy"),
      playerGrid(targets("suspect"), { chosen: prompt.suspect === null ? [] : [prompt.suspect], testid: "suspect",
        onPick: (seat) => send(find("suspect", seat)) }),
      pinned(confirm ? bigButton(t("Confirm"), "confirm", () => send(confirm), { disabled: prompt.suspect === null && DECOYS.includes(prompt.kind) })
        : bigButton(t("Done ✓"), "confirm", null, { disabled: true, cls: "done" })),
    ];
  }

  // What this phone's own night prompt showed or gave: kept on screen once answered.
  function nightInfo(prompt) {
    const me = view.me;
    switch (prompt.kind) {
      case "wolf_asleep":
        return h("p", { class: "ww-info", "data-testid": "wolf-asleep" }, t("The pack hunts without you tonight."));
      case "thief":
        return prompt.result ? h("p", { class: "ww-info", "data-testid": "thief-result" },
          prompt.result[0] === null ? t("You stay a simple Villager.")
            : fmt("You take the card: %(card)s.", { card: roleName(ctx, prompt.info[prompt.result[0]]) })) : null;
      case "cupid":
        return prompt.chosen.length === 2 ? h("p", { class: "ww-info" }, fmt("Your arrows: %(names)s", { names: names(ctx, prompt.chosen) })) : null;
      case "lovers":
        return h("p", { class: "ww-info love", "data-testid": "lover" },
          fmt("You are in love with %(name)s. If one of you dies, so does the other.", { name: ctx.nameOf(prompt.info[0]) }));
      case "seer":
        return prompt.result ? h("p", { class: "ww-info", "data-testid": "seer-result", "data-seat": prompt.result[0], "data-seen": prompt.result[1] },
          fmt("%(name)s is: %(seen)s", { name: ctx.nameOf(prompt.result[0]), seen: seenText(ctx, prompt.result[1]) })) : null;
      case "salvateur":
        return prompt.chosen.length ? h("p", { class: "ww-info" }, fmt("You protect %(name)s tonight.", { name: ctx.nameOf(prompt.chosen[0]) })) : null;
      case "wolf":
        return [packBoard(prompt.info, (wolf) => ctx.nameOf(wolf)),
          !prompt.result && packSplit(prompt.info) ? h("p", { class: "ww-info alert", "data-testid": "pack-disagrees", role: "status" },
            t("The pack disagrees: point at the same victim, then confirm.")) : null,
          prompt.result ? h("p", { class: "ww-info bad", "data-testid": "pack-victim" }, prompt.result[0] === "none"
            ? t("The pack chose no victim tonight.") : fmt("Tonight's victim: %(name)s", { name: ctx.nameOf(prompt.result[0]) })) : null];
      case "little_girl":
        return prompt.result && prompt.result[0] ? [h("p", { class: "ww-info", "data-testid": "peeking" }, t("You peek through your fingers…")),
          packBoard(prompt.info, (letter) => fmt("Wolf %(letter)s", { letter }))] : null;
      case "witch":
        return witchInfo(prompt);
      case "piper":
        return prompt.chosen.length ? h("p", { class: "ww-info" }, fmt("You charm %(names)s.", { names: names(ctx, prompt.chosen) })) : null;
      case "charmed":
        return h("p", { class: "ww-info charm", "data-testid": "charmed-list" },
          fmt("The charmed players: %(names)s", { names: names(ctx, prompt.info) }));
      default:
        return me.notebook.powerless ? h("p", { class: "ww-info" }, t("Your card has lost its power.")) : null;
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
    return h("div", { class: "ww-info", "data-testid": "witch-info" },
      h("p", { "data-testid": "witch-victim", "data-seat": victim === null ? "" : victim },
        victim === null ? t("Nobody was attacked tonight.") : fmt("Tonight the werewolves attacked %(name)s.", { name: ctx.nameOf(victim) })),
      h("p", { class: "hint" }, potionsText(life, death)),
      healed ? h("p", { "data-testid": "witch-healed" }, fmt("You heal %(name)s.", { name: ctx.nameOf(victim) })) : null,
      poisoned !== null ? h("p", { "data-testid": "witch-poisoned" }, fmt("You poison %(name)s.", { name: ctx.nameOf(poisoned) })) : null);
  }

  // The real prompt, not answered yet: a list of players (or the step's own choices) and Confirm.
  function nightPrompt(prompt) {
    const draft = draftGet();
    const confirm = find("confirm");
    const parts = [nightInfo(prompt)];
    switch (prompt.kind) {
      case "thief": {
        const stay = find("thief_stay");
        const pickedAction = draft === "stay" ? stay : find("thief_take", draft);
        return [question("thief"),
          h("div", { class: "ww-grid" }, prompt.info.map((card, index) => h("button", { type: "button",
            class: `ww-pick card ${draft === index ? "chosen" : ""}`, "data-testid": "thief-card", "data-index": index, "data-card": card,
            "aria-pressed": String(draft === index), onclick: () => draftSet(index) }, picture(ctx, card, "ww-pick-pic"),
          h("span", { class: "ww-pick-name" }, roleName(ctx, card)))),
          stay ? h("button", { type: "button", class: `ww-pick ${draft === "stay" ? "chosen" : ""}`, "data-testid": "thief-stay",
            "aria-pressed": String(draft === "stay"), onclick: () => draftSet("stay") }, t("Stay a simple Villager"))
            : h("p", { class: "hint" }, t("Both cards are Werewolves: you must take one."))),
          pinned(bigButton(t("Confirm"), "confirm", () => send(pickedAction), { disabled: !pickedAction }))];
      }
      case "cupid":
      case "piper": {
        const type = prompt.kind === "cupid" ? "cupid_pick" : "charm";
        const need = prompt.kind === "cupid" ? 2 : prompt.info[0];
        const seats = seatsWith(type, prompt.chosen);
        return [question(prompt.kind), parts,
        playerGrid(seats, { chosen: prompt.chosen, onPick: (seat) => send(find(type, seat)) }),
        h("p", { class: "hint", "data-testid": "picked-count" }, fmt("Picked: %(n)s of %(total)s", { n: prompt.chosen.length, total: need })),
        pinned(bigButton(t("Confirm"), "confirm", () => send(confirm), { disabled: !confirm }))];
      }
      case "lovers":
      case "charmed":
        return [question(prompt.kind),
          parts, pinned(bigButton(t("OK"), "confirm", () => send(confirm), { disabled: !confirm }))];
      case "seer":
      case "salvateur": {
        const type = CONFIRM_SENDS[prompt.kind];
        const chosenAction = find(type, draft);
        return [question(prompt.kind),
          prompt.kind === "salvateur" && prompt.info[0] !== null
            ? h("p", { class: "hint" }, fmt("Last night you protected %(name)s.", { name: ctx.nameOf(prompt.info[0]) })) : null,
          playerGrid(targets(type), { chosen: draft === null ? [] : [draft], onPick: (seat) => draftSet(seat) }),
          pinned(bigButton(t("Confirm"), "confirm", () => send(chosenAction), { disabled: !chosenAction }))];
      }
      case "wolf": {
        const pointer = prompt.chosen.length ? prompt.chosen[0] : null;
        const noVictim = find("wolf_vote", null);
        const sleep = find("wolf_sleep");
        const wake = find("wolf_wake");
        return [question("wolf"), parts,
          playerGrid(seatsWith("wolf_vote", []), { chosen: pointer === null ? [] : [pointer],
            testid: "wolf-target", onPick: (seat) => send(find("wolf_vote", seat)),
            other: noVictim ? { label: t("No victim"), testid: "wolf-none", chosen: pointer === "none", onPick: () => send(noVictim) } : null }),
          wake || sleep ? h("div", { class: "ww-row" },
            wake ? h("button", { type: "button", class: "secondary", "data-testid": "wolf-wake", disabled: busy(), onclick: () => send(wake) }, t("Open your eyes")) : null,
            sleep ? h("button", { type: "button", class: "secondary", "data-testid": "wolf-sleep", disabled: busy(), onclick: () => send(sleep) }, t("Stay asleep")) : null) : null,
          pinned(confirm ? bigButton(t("Confirm"), "confirm", () => send(confirm))
            : bigButton(prompt.done ? t("Waiting for the pack…") : t("Confirm"), "confirm", null, { disabled: true }))];
      }
      case "little_girl":
        return [question("little_girl"),
          h("div", { class: "ww-grid" },
            h("button", { type: "button", class: "ww-pick", "data-testid": "peek-wolves", disabled: busy() || !find("peek"),
              onclick: () => send(find("peek")) }, t("Peek")),
            h("p", { class: "hint ww-wide" }, t("The more wolves are awake, the more you may see, and the more you risk being caught."))),
          pinned(bigButton(t("Keep your eyes shut"), "confirm", () => send(confirm), { disabled: !confirm }))];
      case "witch": {
        const heal = find("witch_heal");
        const poison = find("witch_poison", draft);
        const victim = prompt.info[0];
        return [question("witch"), parts,
          heal ? h("button", { type: "button", class: "ww-potion life", "data-testid": "witch-heal", disabled: busy(), onclick: () => send(heal) },
            fmt("Heal %(name)s", { name: ctx.nameOf(victim) })) : null,
          targets("witch_poison").length ? [h("p", { class: "ww-sub" }, t("Or poison someone:")),
            playerGrid(targets("witch_poison"), { chosen: draft === null ? [] : [draft], testid: "poison",
              onPick: (seat) => draftSet(draft === seat ? null : seat) })] : null,
          pinned(poison ? bigButton(fmt("Poison %(name)s", { name: ctx.nameOf(draft) }), "confirm", () => send(poison), { cls: "danger" })
            : bigButton(t("Done"), "confirm", () => send(confirm), { disabled: !confirm }))];
      }
      default:
        return suspectBlock(prompt);
    }
  }

  function nightStage(prompt) {
    const answered = DECOYS.includes(prompt.kind) || targets("suspect").length > 0;
    if (answered) return [nightInfo(prompt), suspectBlock(prompt)];
    return nightPrompt(prompt);
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
      h("summary", {}, t("My notebook"), rows.length ? h("span", { class: "ww-badge" }, String(rows.length)) : null),
      rows.length ? h("ul", { class: "ww-notes" }, rows) : h("p", { class: "hint" }, t("Nothing yet.")));
  }

  function village(open) {
    return h("details", { class: "ww-box", open },
      h("summary", {}, t("The village")),
      h("ul", { class: "ww-village", "data-testid": "village" }, view.players.map((p) =>
        h("li", { class: `${p.alive ? "" : "dead"} ${view.me && p.seat === view.me.seat ? "me" : ""}`, "data-testid": "villager", "data-seat": p.seat,
          "data-alive": String(p.alive) },
        seatToken(p.seat, ctx), h("span", { class: "ww-village-name" }, ctx.nameOf(p.seat)),
        p.mayor ? h("span", { class: "ww-badge mayor" }, t("Mayor")) : null,
        p.no_vote ? h("span", { class: "ww-badge" }, t("no vote")) : null,
        p.alive ? null : h("span", { class: "ww-badge dead" }, t("dead")),
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
    if (peekEl.parentNode !== root) replace(root, barEl, peekEl, stageEl, notesEl, villageEl);
    morph(barEl, topBar());
    morph(stageEl, errorLine(), stage());
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
export { hostTools } from "./common.js";
