// Hoax on a phone: the player's own card (hold to peek), their reference sheet, and the controls
// the rules ask of them now: the starting pick, the claim builder, investigations and the
// accusation on their turn; "Hoax!" or pass, the vote, the immunity question and the Butler's
// gift on the others'. Every control is derived from `me.actions`, the legal actions the rules
// list for this seat, and sends one of them back unchanged. The only local state is what this
// hand is doing right now (the claim being built, the accusation being confirmed, a peek).

import { h, replace, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, pinned, hiddenUntil, waitingCard, holdToShow } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import {
  styleLoad, CHARACTERS, CLAIM_FIELDS, IMMUNE_TO, SUPPLY, character, charName, picture, resName, resIcon,
  resources, seatToken, claimBanner, lastVote, voteReveal, hoaxBlocked, phaseTitle, winnerText, effectText,
  logList, logText, thumb, unhoaxable,
} from "./common.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let frame = null;
  let view = null;
  let stepKey = null;
  let mode = null; // on my turn: "claim", "investigate", "accuse" or null
  let build = { character: null, choices: {} }; // the claim being built
  let invTarget = null;
  let invCount = 0; // investigations seen: a new result clears the chosen target
  let accuse = { target: null, character: null, confirm: false };
  let lastError = null;
  let pending = null; // the version in which a one-shot move was sent: its buttons wait
  let peeking = false;

  // The card stays in the DOM between frames, so a peek survives a frame arriving mid-hold.
  // The status row (resources, the cards held, the clock) and, under it, whose turn it is: a
  // long name never pushes the clock onto a second row.
  const bar = h("div", { class: "hx-bar" });
  const whoseEl = h("p", { class: "hx-whose", "data-testid": "whose-turn" });
  // Named by its visible text ("Your character", "Press and hold to peek").
  const peekEl = h("button", { type: "button", class: "hx-peek", "data-testid": "peek" });
  const stage = h("div", { class: "hx-stage" });

  holdToShow(peekEl, (held) => {
    peeking = held;
    peekRender();
  });

  const mySeat = () => (frame && frame.you && view && view.me ? view.me.seat : null);
  const actions = () => (view && view.me ? view.me.actions : []);
  const has = (type) => actions().some((a) => a.type === type);
  const busy = () => pending !== null && frame && pending === frame.version;

  function send(action) {
    pending = frame.version;
    lastError = null;
    ctx.act(action);
    render();
  }

  // --- pieces -------------------------------------------------------------------------------------

  function peekRender() {
    const me = view && view.me;
    peekEl.hidden = !me;
    if (!me) return;
    peekEl.classList.toggle("open", peeking);
    if (!peeking) {
      morph(peekEl, h("span", { class: "hx-cardback", "aria-hidden": "true" }, h("span", {}, "?")),
        h("span", { class: "hx-peek-text" }, h("b", {}, t("Your character")), h("small", {}, t("Press and hold to peek"))));
      return;
    }
    const c = character(ctx, me.character);
    morph(peekEl, h("span", { class: "hx-peek-face", "data-testid": "peek-face", "data-character": me.character },
      picture(ctx, me.character, "hx-peek-pic"),
      h("span", { class: "hx-peek-info" },
        h("small", {}, t("You are")),
        h("b", { class: "hx-peek-name" }, c.name),
        h("span", { class: "hx-peek-text-small" }, c.privilege),
        c.immunity ? h("span", { class: "hx-peek-text-small muted" }, c.immunity) : null)));
  }

  function statusBar() {
    const seat = mySeat();
    const player = seat === null ? null : view.players[seat];
    const over = view.phase === "over";
    let turnText;
    if (over) turnText = t("Game over");
    else if (view.phase === "setup") turnText = seat === view.active ? t("Your pick") : fmt("%(name)s picks", { name: ctx.nameOf(view.active) });
    else turnText = seat === view.active ? t("Your turn") : fmt("%(name)s's turn", { name: ctx.nameOf(view.active) });
    const clock = view.deadline && !over && view.phase !== "turn" ? countdown(view.deadline, "hx-clock pill") : null;
    morph(bar,
      player ? resources(player.resources, "hx-my-res") : h("span", { class: "hx-watch" }, t("You are watching")),
      player && view.hoax_card === seat ? h("span", { class: "hx-card hoax small", title: t("You hold the hoax card") }, t("Hoax card")) : null,
      player && view.accuser_card === seat ? h("span", { class: "hx-card accuser small" }, t("Accuser card")) : null,
      clock);
    whoseEl.classList.toggle("mine", seat === view.active && !over);
    morph(whoseEl, turnText);
  }

  function bigButton(label, testid, onclick, { disabled = false, cls = "", extra = {} } = {}) {
    return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled: disabled || busy(), onclick, ...extra }, label);
  }

  function errorLine() {
    return lastError ? h("p", { class: "error", role: "alert", "data-testid": "action-error" }, lastError) : null;
  }

  const waitCard = (title, hint = null, testid = "waiting") => waitingCard(title, hint, { testid });

  // Three big buttons, one per resource, for the legal `pick` actions (setup and the Butler's gift).
  function pickButtons(testid) {
    const picks = actions().filter((a) => a.type === "pick");
    return h("div", { class: "hx-picks" }, ["cash", "prestige", "evidence"].map((r) => {
      const action = picks.find((a) => a.resource === r);
      return h("button", { type: "button", class: "hx-pick", "data-testid": testid, "data-resource": r,
        disabled: !action || busy(), onclick: () => send(action) },
      resIcon(r), h("span", {}, resName(r)), h("small", {}, fmt("%(n)s left", { n: view.supply[r] })));
    }));
  }

  // --- setup ---------------------------------------------------------------------------------------

  function setupStage() {
    if (has("pick")) {
      return [h("h2", {}, t("Take a starting resource")), errorLine(), pickButtons("pick"),
        h("p", { class: "hint" }, t("Investigating costs one of each; the privileges bring more."))];
    }
    return [waitCard(fmt("%(name)s picks a starting resource.", { name: ctx.nameOf(view.active) }),
      t("Meanwhile, press and hold your card to see who you are."))];
  }

  // --- my turn ---------------------------------------------------------------------------------------

  const claims = () => actions().filter((a) => a.type === "claim");

  function valueLabel(field, value) {
    if (field === "option") return value === "supply" ? t("From the supply") : t("From my neighbours");
    if (field === "target") return value === SUPPLY ? t("The supply") : ctx.nameOf(value);
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
  function claimsMatching(characterId, choices) {
    return claims().filter((a) => a.character === characterId
      && Object.entries(choices).every(([k, v]) => a[k] === v));
  }

  function claimBuilder() {
    const legal = claims();
    const claimable = new Set(legal.map((a) => a.character));
    const me = view.me;
    const myTokens = view.players[me.seat].imposters;
    if (!build.character) {
      return [h("p", { class: "hx-step" }, t("Who do you claim to be?")),
        h("div", { class: "hx-chars" }, CHARACTERS.map((id) => {
          const covered = myTokens.includes(id);
          return h("button", { type: "button", class: `hx-char ${covered ? "covered" : ""}`, "data-testid": "claim-char",
            "data-character": id, disabled: !claimable.has(id),
            onclick: () => { build = { character: id, choices: {} }; autoChoose(); render(); } },
          picture(ctx, id, "hx-char-pic"), h("span", { class: "hx-char-name" }, charName(ctx, id)),
          covered ? h("span", { class: "hx-stamp" }, t("Imposter")) : null);
        }))];
    }
    const id = build.character;
    const fields = CLAIM_FIELDS[id];
    const rows = [];
    for (let i = 0; i < fields.length; i += 1) {
      const field = fields[i];
      const before = Object.fromEntries(fields.slice(0, i).filter((f) => f in build.choices).map((f) => [f, build.choices[f]]));
      if (Object.keys(before).length < i) break; // an earlier field is still open
      const values = [...new Set(claimsMatching(id, before).map((a) => a[field]))];
      // The choices a group named by its question: the Chef's two rows of "cash", "prestige"
      // read alike without it ("You give all your" / "You receive their").
      const label = fieldLabel(id, field, build.choices);
      rows.push(h("div", { class: "hx-field" }, h("p", { class: "hx-field-label", "aria-hidden": "true" }, label),
        h("div", { class: `hx-options ${field}`, role: "group", "aria-label": label }, values.map((value) => h("button", { type: "button",
          class: `hx-option ${build.choices[field] === value ? "chosen" : ""}`, "data-testid": "choice",
          "data-field": field, "data-value": String(value), "aria-pressed": String(build.choices[field] === value),
          onclick: () => choose(field, value) }, valueLabel(field, value))))));
    }
    const done = fields.every((f) => f in build.choices);
    const action = done ? claimsMatching(id, build.choices)[0] : null;
    return [
      h("div", { class: "hx-chosen" }, picture(ctx, id, "hx-char-pic"),
        h("div", {}, h("b", {}, charName(ctx, id)), h("small", {}, character(ctx, id).privilege)),
        h("button", { type: "button", class: "small secondary", "data-testid": "claim-change",
          onclick: () => { build = { character: null, choices: {} }; render(); } }, t("Change"))),
      rows,
      action ? h("p", { class: "hx-summary", "data-testid": "claim-summary" },
        fmt("Your claim: %(character)s, who %(effect)s.", { character: charName(ctx, id),
          effect: effectText(view, ctx, me.seat, id, build.choices) })) : null,
      action && unhoaxable(view, me.seat)
        ? h("p", { class: "hint" }, t("You hold the hoax card: nobody can call Hoax on your claim.")) : null,
      pinned(bigButton(t("Claim!"), "claim-send", () => send(action), { disabled: !action })),
    ];
  }

  function choose(field, value) {
    const fields = CLAIM_FIELDS[build.character];
    const index = fields.indexOf(field);
    const choices = {};
    for (const f of fields.slice(0, index)) if (f in build.choices) choices[f] = build.choices[f];
    choices[field] = value;
    // Keep later choices that still fit.
    for (const f of fields.slice(index + 1)) {
      if (f in build.choices && claimsMatching(build.character, { ...choices, [f]: build.choices[f] }).length) choices[f] = build.choices[f];
    }
    build.choices = choices;
    autoChoose();
    render();
  }

  // A field with a single possible value is chosen for the player.
  function autoChoose() {
    for (const field of CLAIM_FIELDS[build.character]) {
      if (field in build.choices) continue;
      const values = [...new Set(claimsMatching(build.character, build.choices).map((a) => a[field]))];
      if (values.length !== 1) return;
      build.choices[field] = values[0];
    }
  }

  function investigation(entry, index, latest) {
    return h("li", { class: `hx-inv ${latest ? "latest" : ""}`, "data-testid": "investigation", "data-target": entry.target, "data-index": index },
      h("p", {}, fmt("%(name)s is one of these:", { name: ctx.nameOf(entry.target) })),
      h("div", { class: "hx-inv-cards" }, entry.cards.map((c) => h("span", { class: "hx-inv-card", "data-testid": "inv-card", "data-character": c },
        picture(ctx, c, "hx-inv-pic"), h("span", {}, charName(ctx, c))))));
  }

  function investigatePanel() {
    const targets = actions().filter((a) => a.type === "investigate");
    const mine = view.me.investigations;
    const newest = mine.length ? investigation(mine[mine.length - 1], mine.length - 1, true) : null;
    if (!targets.length) {
      return [h("p", { class: "hx-step" }, t("Investigating costs 1 cash, 1 prestige and 1 evidence.")),
        h("p", { class: "hint", "data-testid": "investigate-reason" }, t("You cannot pay for an investigation now.")),
        newest ? h("ol", { class: "hx-invs" }, newest) : null];
    }
    const chosen = targets.find((a) => a.target === invTarget);
    return [
      h("p", { class: "hx-step" }, t("Pay 1 of each and see 4 cards: one is theirs.")),
      h("div", { class: "hx-options target" }, targets.map((a) => h("button", { type: "button",
        class: `hx-option ${invTarget === a.target ? "chosen" : ""}`, "data-testid": "investigate-target", "data-seat": a.target,
        onclick: () => { invTarget = a.target; render(); } }, seatToken(a.target, ctx), ctx.nameOf(a.target)))),
      newest ? h("ol", { class: "hx-invs" }, newest) : null,
      pinned(bigButton(chosen ? fmt("Investigate %(name)s", { name: ctx.nameOf(chosen.target) }) : t("Investigate"),
        "investigate-send", () => send(chosen), { disabled: !chosen })),
    ];
  }

  function accusePanel() {
    const legal = actions().filter((a) => a.type === "accuse");
    if (!legal.length) {
      const reason = view.turn.accused ? t("You have accused once this turn.")
        : t("You hold the accuser card: you cannot accuse until it leaves you.");
      return [h("p", { class: "hint", "data-testid": "accuse-reason" }, reason)];
    }
    const targets = [...new Set(legal.map((a) => a.target))];
    if (accuse.target === null) {
      return [h("p", { class: "hx-step" }, t("Whom do you accuse?")),
        h("div", { class: "hx-options target" }, targets.map((seat) => h("button", { type: "button", class: "hx-option",
          "data-testid": "accuse-target", "data-seat": seat, onclick: () => { accuse = { target: seat, character: null, confirm: false }; render(); } },
        seatToken(seat, ctx), ctx.nameOf(seat))))];
    }
    const name = ctx.nameOf(accuse.target);
    if (accuse.character === null) {
      return [h("p", { class: "hx-step" }, fmt("Who is %(name)s really?", { name })),
        h("div", { class: "hx-chars" }, CHARACTERS.map((id) => h("button", { type: "button", class: "hx-char",
          "data-testid": "accuse-char", "data-character": id,
          onclick: () => { accuse.character = id; accuse.confirm = true; render(); } },
        picture(ctx, id, "hx-char-pic"), h("span", { class: "hx-char-name" }, charName(ctx, id))))),
        h("button", { type: "button", class: "secondary", onclick: () => { accuse = { target: null, character: null, confirm: false }; render(); } }, t("Back"))];
    }
    const action = legal.find((a) => a.target === accuse.target && a.character === accuse.character);
    return [h("div", { class: "hx-confirm", "data-testid": "accuse-confirm-box" },
      picture(ctx, accuse.character, "hx-char-pic"),
      h("p", { class: "hx-confirm-q" }, fmt("Accuse %(name)s of being %(character)s?", { name, character: charName(ctx, accuse.character) })),
      h("p", { class: "hint" }, fmt("Right: %(name)s is out and you get their resources. Wrong: you are out.", { name }))),
    pinned(h("div", { class: "hx-row" },
      h("button", { type: "button", class: "secondary", "data-testid": "accuse-cancel",
        onclick: () => { accuse = { target: null, character: null, confirm: false }; render(); } }, t("Cancel")),
      bigButton(t("Yes, accuse"), "accuse-confirm", () => send(action), { cls: "danger", disabled: !action })))];
  }

  function turnStage() {
    if (view.active !== mySeat()) {
      const claimed = view.turn.claimed;
      return [waitCard(claimed ? fmt("%(name)s may investigate, accuse or end the turn.", { name: ctx.nameOf(view.active) })
        : fmt("%(name)s is thinking of a claim…", { name: ctx.nameOf(view.active) })),
      claimed ? claimBanner(view, ctx) : null, claimed && lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null];
    }
    const claimed = view.turn.claimed;
    const tab = (key, label, done = false) => h("button", { type: "button", role: "tab", "aria-selected": String(mode === key),
      class: `hx-tab ${mode === key ? "on" : ""} ${done ? "done" : ""}`, "data-testid": `tab-${key}`, disabled: key === "claim" && claimed,
      onclick: () => { mode = mode === key ? null : key; render(); } }, label);
    let panel;
    if (mode === "claim" && !claimed) panel = claimBuilder();
    else if (mode === "investigate") panel = investigatePanel();
    else if (mode === "accuse") panel = accusePanel();
    else panel = [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
      h("p", { class: "hint" }, t("Investigate, accuse, or end your turn."))];
    return [
      h("h2", {}, claimed ? t("Your turn: claim made") : t("Your turn: make a claim")),
      errorLine(),
      h("div", { class: "hx-tabs", role: "tablist" },
        tab("claim", claimed ? t("Claimed") : t("Claim"), claimed), tab("investigate", t("Investigate")), tab("accuse", t("Accuse"))),
      h("div", { class: "hx-panel" }, panel),
      has("end_turn") && !(mode === "accuse" && accuse.confirm) && !(mode === "investigate" && invTarget !== null)
        ? pinned(bigButton(t("End turn"), "end-turn", () => send({ type: "end_turn" }))) : null,
    ];
  }

  // --- the others' moments: hoax window, vote, immunity, gift ------------------------------------------------

  function hoaxStage() {
    const seat = mySeat();
    const reason = hoaxBlocked(view, ctx, seat);
    const parts = [claimBanner(view, ctx), errorLine()];
    if (seat === null) return [...parts, waitCard(t("Anyone call Hoax?"))];
    // The claimant gets no (greyed-out) Hoax! button on their own claim, only the wait.
    if (view.challenge && view.challenge.seat === seat) return [...parts, waitCard(reason)];
    parts.push(h("div", { class: "hx-decide" },
      bigButton(t("Hoax!"), "hoax", () => send({ type: "hoax" }), { cls: "hx-hoax", disabled: Boolean(reason) || !has("hoax") }),
      reason ? h("p", { class: "hx-reason", "data-testid": "hoax-reason" }, reason)
        : h("button", { type: "button", class: "secondary hx-pass", "data-testid": "pass", disabled: busy(),
          onclick: () => send({ type: "pass" }) }, t("Let it pass"))));
    return parts;
  }

  function voteStage() {
    const seat = mySeat();
    const challenge = view.challenge;
    const parts = [claimBanner(view, ctx),
      h("p", { class: "hx-called" }, fmt("%(name)s calls Hoax!", { name: ctx.nameOf(challenge.caller) })), errorLine()];
    const progress = h("p", { class: "hint", "data-testid": "voted-count" },
      fmt("Voted: %(n)s of %(total)s. The votes show when all are in.", { n: challenge.voted.length, total: challenge.voters.length }));
    if (seat !== null && challenge.voters.includes(seat)) {
      const mine = challenge.my_vote || null;
      const voteButton = (up) => h("button", { type: "button", class: `hx-vote-btn ${up ? "up" : "down"} ${mine === (up ? "up" : "down") ? "mine" : ""}`,
        "data-testid": up ? "vote-up" : "vote-down", disabled: mine !== null || busy() || !has("vote"),
        onclick: () => send({ type: "vote", vote: up ? "up" : "down" }) },
      thumb(up), h("span", {}, up ? t("Believe") : t("Hoax")));
      parts.push(h("p", { class: "hx-step" }, fmt("Is %(name)s telling the truth?", { name: ctx.nameOf(challenge.seat) })),
        h("div", { class: "hx-vote-row hx-decide" }, voteButton(true), voteButton(false)));
      if (mine) {
        parts.push(h("p", { class: "hx-myvote", "data-testid": "my-vote", "data-vote": mine },
          mine === "up" ? t("You voted: believe. Votes cannot change.") : t("You voted: hoax. Votes cannot change.")));
      }
    } else if (seat === challenge.seat) {
      parts.push(waitCard(t("They are voting on your claim."), t("Strictly more hoax than believe votes: if you told the truth you win; if not, an imposter token.")));
    }
    parts.push(progress);
    return parts;
  }

  function immunityStage() {
    const seat = mySeat();
    const imm = view.immunity;
    const claim = view.claim;
    const parts = [claimBanner(view, ctx), errorLine()];
    const immune = charName(ctx, imm.character);
    if (seat !== null && imm.asked.includes(seat)) {
      const answer = imm.my_answer;
      if (answer === null || answer === undefined) {
        parts.push(h("div", { class: "hx-ask" },
          h("p", { class: "hx-step" }, fmt("%(name)s claims %(character)s: the privilege would take from you.", { name: ctx.nameOf(claim.seat), character: charName(ctx, claim.character) })),
          h("p", {}, fmt("%(immune)s is immune to it. Claim to be %(immune)s?", { immune })),
          h("p", { class: "hint" }, t("Everyone targeted is asked, whoever they are. A claim can be called Hoax like any other."))),
        h("div", { class: "hx-vote-row hx-decide" },
          bigButton(fmt("I am %(immune)s", { immune }), "immunity-claim", () => send({ type: "immunity", claim: true }), { disabled: !has("immunity") }),
          h("button", { type: "button", class: "secondary", "data-testid": "immunity-decline", disabled: busy() || !has("immunity"),
            onclick: () => send({ type: "immunity", claim: false }) }, t("Decline"))));
      } else {
        parts.push(waitCard(answer ? fmt("You claim %(immune)s.", { immune }) : t("You declined."), t("Waiting for the others to answer."), "immunity-answered"));
      }
    } else {
      parts.push(waitCard(phaseTitle(view, ctx)));
    }
    return parts;
  }

  function giftStage() {
    const seat = mySeat();
    const gift = view.gift;
    if (seat === gift.seat && has("pick")) {
      // The pick first, on the clock, then why, and the claim it comes from.
      return [h("h2", {}, t("A free pick for you")), errorLine(), pickButtons("gift-pick"),
        h("p", { class: "hint" }, fmt("%(name)s, as the Butler, lets you take one resource.", { name: ctx.nameOf(gift.from) })),
        claimBanner(view, ctx)];
    }
    return [claimBanner(view, ctx), waitCard(fmt("%(name)s picks a free resource.", { name: ctx.nameOf(gift.seat) }))];
  }

  // --- the end, the table, notes, the sheet -----------------------------------------------------------------

  function overStage() {
    const seat = mySeat();
    return [h("h2", { class: "hx-win", "data-testid": "phone-winner" }, winnerText(view, ctx)),
      seat !== null && seat === view.winner ? h("p", { class: "hx-you-won" }, t("You won!")) : null];
  }

  function table({ open }) {
    const over = view.phase === "over";
    const rows = view.players.map((p) => h("li", { class: `hx-row-player ${p.out ? "out" : ""} ${p.seat === view.active && !over ? "active" : ""} ${p.seat === mySeat() ? "me" : ""}`,
      "data-testid": "table-row", "data-seat": p.seat },
    seatToken(p.seat, ctx),
    h("span", { class: "hx-row-name" }, ctx.nameOf(p.seat),
      p.seat === view.active && !over ? h("span", { class: "hx-badge turn" }, t("Turn")) : null,
      p.out ? h("span", { class: "hx-badge out" }, t("Out")) : null,
      view.hoax_card === p.seat ? h("span", { class: "hx-card hoax small" }, t("Hoax card")) : null,
      view.accuser_card === p.seat ? h("span", { class: "hx-card accuser small" }, t("Accuser card")) : null,
      over && p.character ? h("span", { class: "hx-row-char", "data-testid": "identity", "data-character": p.character },
        picture(ctx, p.character, "hx-row-pic"), charName(ctx, p.character)) : null,
      p.imposters.length ? h("span", { class: "hx-imposters" }, p.imposters.map((c) => h("span", { class: "hx-imposter", "data-character": c },
        h("span", { class: "hx-imposter-x", "aria-hidden": "true" }), charName(ctx, c)))) : null),
    resources(p.resources, "hx-row-res")));
    const supply = h("li", { class: "hx-row-player supply" }, h("span", { class: "hx-row-name" }, t("Supply")), resources(view.supply, "hx-row-res"));
    return h("details", { class: "hx-box", open },
      h("summary", {}, t("The table")), h("ul", { class: "hx-table-list", "data-testid": "phone-table" }, rows, supply));
  }

  // Past investigations stay visible all game (the newest shows in the Investigate panel when open).
  function notes() {
    const me = view.me;
    if (!me) return null;
    const shown = mode === "investigate" && view.phase === "turn" && view.active === me.seat;
    const past = me.investigations.map((entry, i) => ({ entry, i })).slice(0, shown ? -1 : undefined);
    if (!past.length && !me.accusations.length) return null;
    return h("div", { class: "hx-notes", "data-testid": "notes" },
      past.length ? [h("h3", {}, t("Your investigations")),
        h("ol", { class: "hx-invs" }, past.map(({ entry, i }) => investigation(entry, i, false)).reverse())] : null,
      me.accusations.length ? [h("h3", {}, t("Your accusations")), h("ul", { class: "hx-accs" }, me.accusations.map((a) =>
        h("li", { class: a.right ? "good" : "bad", "data-testid": "my-accusation" },
          a.right ? fmt("%(name)s is %(character)s: right.", { name: ctx.nameOf(a.target), character: charName(ctx, a.character) })
            : fmt("%(name)s is not %(character)s: wrong.", { name: ctx.nameOf(a.target), character: charName(ctx, a.character) }))))] : null);
  }

  // The seven characters, with this player's own imposter tokens on them.
  function sheet() {
    const me = view.me;
    if (!me) return null;
    const tokens = view.players[me.seat].imposters;
    const immuneOf = (id) => Object.keys(IMMUNE_TO).find((k) => IMMUNE_TO[k] === id);
    return h("details", { class: "hx-box hx-sheet", "data-testid": "sheet" },
    h("summary", {}, t("Your sheet"), tokens.length ? h("span", { class: "hx-badge bad" }, fmt("%(n)s imposter", { n: tokens.length })) : null),
    h("ul", { class: "hx-sheet-list" }, CHARACTERS.map((id) => {
      const c = character(ctx, id);
      const covered = tokens.includes(id);
      return h("li", { class: `hx-sheet-row ${covered ? "covered" : ""}`, "data-character": id },
        picture(ctx, id, "hx-sheet-pic"),
        h("div", {}, h("b", {}, c.name), covered ? h("span", { class: "hx-stamp" }, t("Imposter")) : null,
          h("p", {}, c.privilege),
          c.immunity ? h("p", { class: "muted" }, c.immunity) : null,
          immuneOf(id) && !c.immunity ? h("p", { class: "muted" }, fmt("Immune to %(character)s.", { character: charName(ctx, immuneOf(id)) })) : null));
    })));
  }

  function stageParts() {
    const seat = mySeat();
    const out = seat !== null && view.players[seat].out;
    if (view.phase === "over") return overStage();
    if (seat === null) return [h("h2", {}, phaseTitle(view, ctx)), claimBanner(view, ctx)];
    if (out) {
      return [waitingCard(t("You are out of the game."), t("Keep watching: your identity stays secret until the end."),
        { testid: "you-are-out", cls: "out" }),
      h("h2", {}, phaseTitle(view, ctx)), claimBanner(view, ctx)];
    }
    switch (view.phase) {
      case "setup": return setupStage();
      case "turn": return turnStage();
      case "hoax_window": return hoaxStage();
      case "vote": return voteStage();
      case "immunity": return immunityStage();
      case "butler_gift": return giftStage();
      default: return [];
    }
  }

  function render() {
    if (!view) return;
    const seat = mySeat();
    const watching = seat === null || view.players[seat].out || view.phase === "over";
    root.className = `game-root hx hx-phone phase-${view.phase}`;
    root.dataset.testid = "hx-phone";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn.number);
    root.dataset.active = String(view.active);
    root.dataset.seat = seat === null ? "" : String(seat);
    root.dataset.version = String(frame.version);
    if (bar.parentNode !== root) replace(root, bar, whoseEl, peekEl, stage);
    statusBar();
    peekRender();
    morph(stage,
      h("div", { class: "hx-main" }, stageParts()),
      notes(),
      table({ open: watching }), // open at first for a player who only watches; then as they leave it
      h("div", { class: "hx-box hx-latest" }, h("h3", {}, t("Latest")), logList(view, ctx, { limit: watching ? 12 : 4, testid: "phone-log" })),
      sheet());
  }

  return {
    update(next) {
      frame = next;
      pending = null; // any answer from the server (a snapshot after a reconnect too) frees the buttons
      view = next.view;
      if (!view) return;
      const challenge = view.challenge;
      const key = [view.turn.number, view.phase, view.active, view.turn.claimed, view.turn.accused,
        challenge ? `${challenge.kind}${challenge.seat}` : ""].join(":");
      if (key !== stepKey) {
        stepKey = key;
        lastError = null;
        build = { character: null, choices: {} };
        accuse = { target: null, character: null, confirm: false };
        invTarget = null;
        mode = view.phase === "turn" && view.active === mySeat() && !view.turn.claimed ? "claim"
          : (mode === "investigate" && view.phase === "turn" ? mode : null);
      }
      const investigations = view.me ? view.me.investigations.length : 0;
      if (investigations !== invCount) { invCount = investigations; invTarget = null; }
      if (invTarget !== null && !actions().some((a) => a.type === "investigate" && a.target === invTarget)) invTarget = null;
      render();
    },
    // A refusal: shown once, by the controls that caused it (so the shell does not toast it).
    error(error) {
      pending = null;
      lastError = error.message || t("Something went wrong.");
      render();
      return true;
    },
  };
}
// What a screen reader says when it changes (the platform's announce.js): the phase, and this
// player's task in it, from the moves the rules offer this seat.
export function speech(frame, ctx) {
  const view = frame.view;
  if (!view) return null;
  if (view.phase === "over") return sentences(t("Game over"), winnerText(view, ctx));
  const me = view.me;
  const has = (type) => Boolean(me && me.actions.some((action) => action.type === type));
  let task = null;
  if (me && view.players[me.seat].out) task = t("You are out of the game.");
  else if (view.phase === "setup" && has("pick")) task = t("Your turn: take a starting resource.");
  else if (view.phase === "turn" && view.active === (me && me.seat)) {
    task = view.turn.claimed ? t("Your turn: investigate, accuse or end your turn.") : t("Your turn: make a claim.");
  } else if (view.phase === "hoax_window" && (has("hoax") || has("pass"))) task = t("Call Hoax, or let it pass.");
  else if (view.phase === "vote" && has("vote")) task = t("Your vote: believe or hoax.");
  else if (view.phase === "immunity" && has("immunity")) task = t("Your answer: claim the immunity, or decline.");
  else if (view.phase === "butler_gift" && has("pick")) task = t("Your turn: take a free resource.");
  return sentences(phaseTitle(view, ctx), task);
}
export { ballot } from "./common.js";

// What happened since the last frame, for the screen reader (partyhub/js/announce.js): the
// public log's new entries as the TV words them (the claim made, Hoax! called, the votes' result,
// an imposter token…), at most the last four; a phone coming in hears its newest only.
const NEWS_MAX = 4;
let newsSeen = null; // the index of the last log entry said
export function news(frame, ctx) {
  const view = frame.view;
  const last = view.log_from + view.log.length - 1;
  const from = newsSeen === null || newsSeen > last ? last : newsSeen + 1;
  newsSeen = last;
  return view.log.slice(Math.max(0, from - view.log_from))
    .filter((entry) => entry.kind !== "turn" && entry.kind !== "setup")
    .slice(-NEWS_MAX).map((entry) => logText(entry, ctx, view));
}

// The phone's player picks or plays now (the shell vibrates the phone when this becomes true).
export function yourTurn(view) {
  return Boolean(view.me && view.active === view.me.seat && (view.phase === "setup" || view.phase === "turn"));
}
