// Outfox on a phone: the reader's secret card and Fox, the guessers' shared GUESS column, Double
// Down, the reveal and the scores, each drawn by its own module in phone/. Every frame redraws the
// whole screen from the view (morphed into the page, so an open box, focus and typed text stay);
// the only local state is what this hand is doing right now (the answer picked up, the Fox being
// typed).

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { hiddenUntil } from "../partyhub/js/widgets.js";
import { announce, sentences } from "../partyhub/js/announce.js";
import { styleLoad, letter, slotLabel, phaseTitle, resultLines, winnerText, ballot } from "./common.js";
import { meBar } from "./phone/mebar.js";
import { readerDraw, readerRead, guesserWait } from "./phone/read.js";
import { foxLocal, readerFox } from "./phone/fox.js";
import { readerWatch, guesserRank } from "./phone/rank.js";
import { dragSet } from "./phone/drag.js";
import { guesserDoubleDown } from "./phone/double_down.js";
import { revealStage } from "./phone/reveal.js";
import { podiumStage } from "./phone/over.js";
import { scoresBox } from "./phone/scores.js";
import { audienceStage } from "./phone/audience.js";
// SortableJS's UMD build: as a module it defines window.Sortable (with its Swap plugin mounted).
import "../vendor/sortablejs/Sortable.min.js";

// The phone's screen for the phase, from the modules in phone/ (each takes the phone's state).
function stage(s) {
  const { view } = s;
  const me = view.me;
  if (view.phase === "over") return podiumStage(s);
  if (!me) return audienceStage(s);
  if (view.phase === "reveal" || view.phase === "score") return revealStage(s);
  if (me.role === "reader") {
    if (view.phase === "draw") return readerDraw(s);
    if (view.phase === "fox") return readerFox(s);
    if (view.phase === "read") return readerRead(s);
    return readerWatch(s);
  }
  if (view.phase === "rank") return guesserRank(s);
  if (view.phase === "double_down") return guesserDoubleDown(s);
  return guesserWait(s);
}

// A new frame: its ranking's moves said, and this hand's choices reset when the step changes.
function frameTake(s, next) {
  s.frame = next;
  const was = s.view;
  const view = next.view;
  s.view = view;
  if (!view) return;
  if (was && was.phase === "rank" && view.phase === "rank" && was.turn === view.turn && was.guess && view.guess) {
    announce(movesSaid(was.guess, view.guess));
  }
  const key = `${view.turn}:${view.phase}`;
  if (key !== s.stepKey) {
    s.stepKey = key;
    s.selected = null;
    if (view.phase !== "fox") s.fox.error = null;
  }
  if (s.selected !== null && view.phase !== "rank") s.selected = null;
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  // The phone's state, which every piece in phone/ is given: the frame and its view, and what
  // this hand is doing right now.
  const s = {
    ctx,
    frame: null,
    view: null,
    selected: null, // the answer this phone picked up during the ranking
    stepKey: null, // turn and phase: local choices reset when it changes
    sent: null, // the step in which a one-shot move (pick a card, start the clock) was sent
    fox: foxLocal(), // the Fox being typed (its draft), and the server's last refusal of it
    peeking: false, // the reader holds the button that shows the real ranks
    dragging: false, // a drag is under way (phone/drag.js): frames wait for its end
    sortables: [],
    act: (action, options) => ctx.act(action, options),
    // A move that can only happen once per step: its buttons wait for the next step (or a refusal).
    once: (action) => {
      s.sent = s.stepKey;
      s.act(action);
      render();
    },
    render: () => render(),
  };

  function render() {
    const { view } = s;
    if (!view) return;
    root.className = `game-root ofx ofx-phone phase-${view.phase}`;
    root.dataset.testid = "ofx-phone";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn);
    root.dataset.role = view.me ? view.me.role : "audience";
    const audience = !view.me;
    morph(root, meBar(s), h("div", { class: "ofx-stage" }, stage(s)),
      view.phase === "over" ? null : scoresBox(s, audience));
    dragSet(s, root, view.phase === "rank" && Boolean(view.me) && view.me.role === "guesser");
  }

  return {
    update(next) {
      frameTake(s, next);
      if (s.view && !s.dragging) render();
    },
    // A refusal from the server: by the Fox field while writing the Fox (then the shell does
    // not toast it), else a toast.
    error(error) {
      if (s.sent !== null) {
        s.sent = null;
        render();
      }
      const view = s.view;
      if (view && view.phase === "fox" && view.me && view.me.role === "reader") {
        s.fox.error = error.message || t("Something went wrong.");
        render();
        return true;
      }
      return false;
    },
  };
}
// What a screen reader says when it changes (the platform's announce.js): the phase, and this
// player's task in it.
// What happened, for the screen reader (partyhub/js/announce.js): the scored turn's result as
// the TV shows it (where the Fox hid, who scored, the exact Double Downs), once per turn.
let newsTurn = null; // the turn whose result was said
export function news(frame, ctx) {
  const view = frame.view;
  if (view.phase !== "score" || !view.result || newsTurn === view.turn) return [];
  newsTurn = view.turn;
  return resultLines(view, ctx);
}

export function speech(frame, ctx) {
  const view = frame.view;
  if (!view) return null;
  if (view.phase === "over") return sentences(t("Game over"), winnerText(view, ctx));
  const me = view.me;
  let task = null;
  if (me && me.role === "reader") {
    task = {
      draw: t("Your turn: choose a question."),
      fox: t("Your turn: write the Fox."),
      read: t("Your turn: read the question and the six answers aloud, then start the clock."),
      rank: t("The guessers are ranking. You may hold the button to see the real ranks."),
      double_down: t("The guessers are doubling down."),
      reveal: t("Your turn: reveal the answers one by one."),
      score: t("Your turn: go on when everyone has seen the points."),
    }[view.phase];
  } else if (me) {
    task = {
      read: t("Listen to the question and the six answers."),
      rank: t("Your turn: rank the answers with the others. Pick an answer, then a position; agree when the column is right."),
      double_down: t("Your turn: pick the answer you think sits at exactly its rank."),
    }[view.phase];
  }
  return sentences(phaseTitle(view, ctx), task);
}

// What the ranking's moves did, said as they arrive: "Answer B moved to #2", "Answer C taken out".
function movesSaid(before, after) {
  const lines = [];
  for (let answer = 0; answer < after.length; answer += 1) {
    const was = before.indexOf(answer);
    const now = after.indexOf(answer);
    if (was === now) continue;
    if (now === -1) lines.push(fmt("Answer %(letter)s taken out.", { letter: letter(answer) }));
    else lines.push(fmt("Answer %(letter)s moved to %(slot)s.", { letter: letter(answer), slot: slotLabel(now) }));
  }
  return lines.join(" ");
}

// Not ``export … from``: after the side-effect import above, Django's module-import rewriting
// (collectstatic) reads the two as one statement and hashes common.js's name twice.
export { ballot };

// The phone's player reads now: picks the card and writes the Fox (the shell vibrates the phone
// when this becomes true; the guessers all rank together, nobody's turn).
export function yourTurn(view) {
  return Boolean(view.me && view.me.role === "reader" && view.phase === "draw");
}
