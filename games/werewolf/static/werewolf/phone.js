// Werewolf on a phone: the player's secret card (press and hold), a notebook of what they have
// learnt, and the question the rules ask them now. At night every living phone shows the same
// screen with the same words, every living player and a Confirm button: the real prompt for
// those who act, a decoy of the same shape ("Who do you find suspicious?") for the others, so
// that nobody's hands give a role away; the question and what a phone alone may know show only
// under "Hold to see", in a panel of one size; no sound, no vibration. The dead get a ghost
// screen (everything, by option) and their own prompts; the audience gets the public view.
// Every control sends one of `me.actions` unchanged; each phase or panel is drawn by its own
// module in phone/.
//
// The only local state is what this hand is doing: the card held, and a pick not yet confirmed
// (kept in this tab's session storage, so a reloaded phone comes back to its prompt with it).

import { h, replace, morph, t } from "../partyhub/js/dom.js";
import { hiddenUntil } from "../partyhub/js/widgets.js";
import { sentences } from "../partyhub/js/announce.js";
import { styleLoad, promptText, clockTitle, phaseTitle, winnerText, lineText } from "./common.js";
import { errorLine } from "./phone/parts.js";
import { promptKey } from "./phone/draft.js";
import { peekMake, peekRender } from "./phone/peek.js";
import { nightBarMake, nightPrompt, holdRender } from "./phone/hold.js";
import { nightStage, nightConfirm } from "./phone/night.js";
import { dayPrompt } from "./phone/day.js";
import { waitStage, ballotsBox } from "./phone/wait.js";
import { ghostStage, overStage } from "./phone/over.js";
import { notebook } from "./phone/notebook.js";
import { village } from "./phone/village.js";
import { topBar } from "./phone/bar.js";

// The phone's screen for the phase, from the modules in phone/ (each takes the phone's state).
function stage(s) {
  const { view, ctx } = s;
  const me = view.me;
  if (view.over) return overStage(s);
  if (!me) return [h("h2", {}, phaseTitle(view, ctx)), waitStage(s).slice(1), ballotsBox(s)];
  const prompt = me.prompt;
  if (prompt && view.phase === "night") return nightStage(s, prompt);
  if (prompt) return dayPrompt(s, prompt);
  if (!me.alive) return ghostStage(s);
  return [waitStage(s), ballotsBox(s)];
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The phone's state, which every piece in phone/ is given: the frame and its view, what this
  // hand is doing, and the parts that stay in place between frames.
  const s = {
    ctx,
    frame: null,
    view: null,
    peeking: false, // the card is held
    peeked: false, // this page has shown the card at least once
    holding: false, // "Hold to see" is held
    pending: null, // the version in which a move was sent: its buttons wait for the next frame
    lastError: null,
    render: () => render(),
  };
  s.peekEl = peekMake(s);
  const barEl = h("div", { class: "ww-bar-slot" });
  const stageEl = h("div", { class: "ww-stage", "data-testid": "stage" });
  const notesEl = h("div", { class: "ww-notes-slot" });
  const villageEl = h("div", { class: "ww-village-slot" });
  nightBarMake(s);

  function render() {
    const { view, frame } = s;
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
    if (s.peekEl.parentNode !== root) replace(root, barEl, s.peekEl, stageEl, notesEl, villageEl, s.nightBarEl);
    morph(barEl, topBar(s));
    morph(stageEl, errorLine(s), stage(s));
    const prompt = nightPrompt(s);
    s.nightBarEl.hidden = !prompt;
    morph(s.confirmSlotEl, prompt ? nightConfirm(s, prompt) : null);
    holdRender(s);
    morph(notesEl, notebook(s));
    morph(villageEl, view.over ? null : village(s, watching));
    peekRender(s);
  }

  return {
    update(next) {
      s.frame = next;
      s.pending = null; // any answer from the server frees the buttons
      const before = promptKey(s);
      s.view = next.view;
      if (!s.view) return;
      if (promptKey(s) !== before) s.lastError = null;
      render();
    },
    // A refusal: shown once, above the controls that caused it (so the shell does not toast it).
    error(error) {
      s.pending = null;
      s.lastError = error.message || t("Something went wrong.");
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
