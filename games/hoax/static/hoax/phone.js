// Hoax on a phone: the player's own card (hold to peek), their reference sheet, and the controls
// the rules ask of them now: the starting pick, the claim builder, investigations and the
// accusation on their turn; "Hoax!" or pass, the vote, the immunity question and the Butler's
// gift on the others'. Every control is derived from `me.actions`, the legal actions the rules
// list for this seat, and sends one of them back unchanged; each phase or panel is drawn by its
// own module in phone/. The only local state is what this hand is doing right now (the claim
// being built, the accusation being confirmed, a peek).

import { h, replace, morph, t } from "../partyhub/js/dom.js";
import { hiddenUntil, waitingCard, holdToShow } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import { styleLoad, claimBanner, phaseTitle, winnerText, logList, logText } from "./common.js";
import { mySeat, actions } from "./phone/parts.js";
import { peekRender, statusBar } from "./phone/bar.js";
import { setupStage } from "./phone/setup.js";
import { turnStage } from "./phone/turn.js";
import { hoaxStage } from "./phone/hoax.js";
import { voteStage } from "./phone/vote.js";
import { immunityStage } from "./phone/immunity.js";
import { giftStage } from "./phone/gift.js";
import { overStage } from "./phone/over.js";
import { table } from "./phone/table.js";
import { notes } from "./phone/notes.js";
import { sheet } from "./phone/sheet.js";

// The main part of the phone's screen for the phase, from the modules in phone/ (each takes the
// phone's state).
function stageParts(s) {
  const { view, ctx } = s;
  const seat = mySeat(s);
  const out = seat !== null && view.players[seat].out;
  if (view.phase === "over") return overStage(s);
  if (seat === null) return [h("h2", {}, phaseTitle(view, ctx)), claimBanner(view, ctx)];
  if (out) {
    return [waitingCard(t("You are out of the game."), t("Keep watching: your identity stays secret until the end."),
      { testid: "you-are-out", cls: "out" }),
    h("h2", {}, phaseTitle(view, ctx)), claimBanner(view, ctx)];
  }
  switch (view.phase) {
    case "setup": return setupStage(s);
    case "turn": return turnStage(s);
    case "hoax_window": return hoaxStage(s);
    case "vote": return voteStage(s);
    case "immunity": return immunityStage(s);
    case "butler_gift": return giftStage(s);
    default: return [];
  }
}

// A new frame: this hand's choices reset when the step changes (and a chosen target that is no
// longer legal, or once a new investigation's result is in).
function frameTake(s, next) {
  s.frame = next;
  s.pending = null; // any answer from the server (a snapshot after a reconnect too) frees the buttons
  s.view = next.view;
  const { view } = s;
  if (!view) return;
  const challenge = view.challenge;
  const key = [view.turn.number, view.phase, view.active, view.turn.claimed, view.turn.accused,
    challenge ? `${challenge.kind}${challenge.seat}` : ""].join(":");
  if (key !== s.stepKey) {
    s.stepKey = key;
    s.lastError = null;
    s.build = { character: null, choices: {} };
    s.accuse = { target: null, character: null, confirm: false };
    s.invTarget = null;
    s.mode = view.phase === "turn" && view.active === mySeat(s) && !view.turn.claimed ? "claim"
      : (s.mode === "investigate" && view.phase === "turn" ? s.mode : null);
  }
  const investigations = view.me ? view.me.investigations.length : 0;
  if (investigations !== s.invCount) { s.invCount = investigations; s.invTarget = null; }
  if (s.invTarget !== null && !actions(s).some((a) => a.type === "investigate" && a.target === s.invTarget)) s.invTarget = null;
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The phone's state, which every piece in phone/ is given: the frame and its view, and what
  // this hand is doing right now.
  const s = {
    ctx,
    frame: null,
    view: null,
    stepKey: null,
    mode: null, // on my turn: "claim", "investigate", "accuse" or null
    build: { character: null, choices: {} }, // the claim being built
    invTarget: null,
    invCount: 0, // investigations seen: a new result clears the chosen target
    accuse: { target: null, character: null, confirm: false },
    lastError: null,
    pending: null, // the version in which a one-shot move was sent: its buttons wait
    peeking: false,
    // The card stays in the DOM between frames, so a peek survives a frame arriving mid-hold.
    // The status row (resources, the cards held, the clock) and, under it, whose turn it is: a
    // long name never pushes the clock onto a second row.
    bar: h("div", { class: "hx-bar" }),
    whoseEl: h("p", { class: "hx-whose", "data-testid": "whose-turn" }),
    // Named by its visible text ("Your character", "Press and hold to peek").
    peekEl: h("button", { type: "button", class: "hx-peek", "data-testid": "peek" }),
    render: () => render(),
  };
  const stage = h("div", { class: "hx-stage" });

  holdToShow(s.peekEl, (held) => {
    s.peeking = held;
    peekRender(s);
  });

  function render() {
    const { view, frame } = s;
    if (!view) return;
    const seat = mySeat(s);
    const watching = seat === null || view.players[seat].out || view.phase === "over";
    root.className = `game-root hx hx-phone phase-${view.phase}`;
    root.dataset.testid = "hx-phone";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn.number);
    root.dataset.active = String(view.active);
    root.dataset.seat = seat === null ? "" : String(seat);
    root.dataset.version = String(frame.version);
    if (s.bar.parentNode !== root) replace(root, s.bar, s.whoseEl, s.peekEl, stage);
    statusBar(s);
    peekRender(s);
    morph(stage,
      h("div", { class: "hx-main" }, stageParts(s)),
      notes(s),
      table(s, { open: watching }), // open at first for a player who only watches; then as they leave it
      h("div", { class: "hx-box hx-latest" }, h("h3", {}, t("Latest")), logList(view, ctx, { limit: watching ? 12 : 4, testid: "phone-log" })),
      sheet(s));
  }

  return {
    update(next) {
      frameTake(s, next);
      if (s.view) render();
    },
    // A refusal: shown once, by the controls that caused it (so the shell does not toast it).
    error(error) {
      s.pending = null;
      s.lastError = error.message || t("Something went wrong.");
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
