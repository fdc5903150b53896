// The ranking: the guessers fill the GUESS column together (tap an answer, then a slot; or drag
// it, phone/drag.js) and agree; the reader watches, the real ranks shown only while held.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { letter, guessColumn } from "../common.js";
import { questionBlock, rankTag, bigButton, unplacedTray, agreedLine, pickSaid } from "./parts.js";

// The reader watches the ranking; the real ranks show beside the group's column only while the
// reader holds the peek button (a neighbour must not read them off the screen).
function peekButton(s) {
  const peek = (on) => { if (s.peeking !== on) { s.peeking = on; s.render(); } };
  return h("button", { type: "button", class: "secondary ofx-peek", "data-testid": "peek", "data-hold": "", "aria-pressed": String(s.peeking),
    onpointerdown: (event) => { event.preventDefault(); peek(true); }, onpointerup: () => peek(false),
    onpointerleave: () => peek(false), onpointercancel: () => peek(false), oncontextmenu: (event) => event.preventDefault(),
    onkeydown: (event) => { if (event.key === " " || event.key === "Enter") { event.preventDefault(); peek(true); } },
    onkeyup: () => peek(false), onblur: () => peek(false) },
  s.peeking ? t("Release to hide") : t("Hold to see the real ranks"));
}

function rankChip(s, answer) {
  const entry = answer === null || !s.peeking ? null : s.view.me.secret[answer];
  if (!entry) return null;
  return rankTag(entry.rank);
}

// The reader during the ranking and the Double Down.
export function readerWatch(s) {
  const { view, ctx } = s;
  const ranking = view.phase === "rank";
  return [
    h("h2", {}, ranking ? t("The guessers are ranking") : t("The guessers are doubling down")),
    h("p", { class: "hint" }, ranking ? t("You watch: only the guessers move answers. Hold the button to see the real ranks.")
      : fmt("Picked: %(n)s of %(total)s", { n: view.picked.length, total: view.guessers.length })),
    questionBlock(view.me.card),
    ranking ? unplacedTray(s, { interactive: false }) : null,
    guessColumn(view, ctx, { extra: (slot, answer) => rankChip(s, answer), showTokens: false }),
    ranking ? agreedLine(s) : null,
    peekButton(s),
  ];
}

// A tap on a slot: picks up its answer, puts the answer in hand there, or puts it down.
function slotTap(s, slot, answer) {
  if (s.selected === null) {
    if (answer !== null) s.selected = answer;
  } else if (s.selected === answer) {
    s.selected = null;
  } else {
    s.act({ type: "place", answer: s.selected, slot });
    s.selected = null;
  }
  pickSaid(s);
  s.render();
}

function rankHint(s, full) {
  if (s.selected !== null) return fmt("Now tap a slot for %(letter)s.", { letter: letter(s.selected) });
  if (full) return t("Happy with the column? Agree. Any move clears every agreement.");
  return t("Drag an answer onto a slot, or tap it, then the slot. A filled slot swaps.");
}

export function guesserRank(s) {
  const { view, ctx } = s;
  const full = view.unplaced.length === 0;
  const agreed = view.agreed.includes(view.me.seat);
  const placed = s.selected !== null && view.guess.includes(s.selected);
  return [
    questionBlock(view.card),
    unplacedTray(s, { interactive: true }),
    h("p", { class: "ofx-hint-line", "data-testid": "rank-hint" }, rankHint(s, full)),
    guessColumn(view, ctx, { onSlot: (slot, answer) => slotTap(s, slot, answer), selected: s.selected }),
    h("div", { class: "ofx-row pinned" },
      h("button", { type: "button", class: "ofx-takeout", "data-testid": "take-out", disabled: !placed,
        onclick: () => { s.act({ type: "unplace", answer: s.selected }); s.selected = null; s.render(); } }, t("Take out")),
      bigButton(agreed ? t("✓ Agreed") : t("Agree"), "agree",
        () => s.act({ type: "agree", guess: view.guess }),
        { disabled: !full || agreed, cls: agreed ? "done" : "" })),
    agreedLine(s),
  ];
}
