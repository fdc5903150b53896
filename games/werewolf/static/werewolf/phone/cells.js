// The night screen's cells (issues 25 and 34): one screen for every living phone at every step,
// whoever acts: the same words on it (one line saying where the question is; at the Thief's and
// the pack's step the same two choices; every living player and "Nobody"), and what each tap
// lights, each in the same place, and a Confirm in the same state at the same moment. A tap
// lights what it names; a phone names as many as the step's actor does (two at Cupid's, the
// Piper's count at his); Confirm turns gold once the answer is whole, and grey ("Done ✓") once
// sent, after which the answer stays lit and the grid does nothing, at every step, a wolf's as
// a decoy's (a Confirm is final: phone/night.js). What the phone's own
// question is and what it alone may know show only while "Hold to see" is held, in one panel of
// one size (phone/hold.js).
//
// A cell: { chosen, onPick } (no onPick: it does nothing here, and looks the same).

import { h } from "../../partyhub/js/dom.js";
import { busy, find, send } from "./parts.js";

export const inert = { chosen: false, onPick: null };
export const lit = (chosen) => ({ chosen, onPick: null });

// At night no button is greyed while a move is on its way (a greyed grid for an instant would
// tell a tap the server keeps from one kept on the phone): a tap then is ignored.
export const tapped = (s, onPick) => (onPick ? () => { if (!busy(s)) onPick(); } : null);

export function nightCell(s, seat, label, testid, { chosen, onPick }, cls = "") {
  return h("button", { type: "button", class: `ww-pick ${cls} ${chosen ? "chosen" : ""}`, "data-testid": testid,
    "data-seat": seat === null ? null : seat, "aria-pressed": String(chosen), "aria-disabled": onPick ? null : "true",
    onclick: tapped(s, onPick) }, label);
}

// Confirm: "off" (greyed), "on" (gold: sends `actions`, in order) or "done" (grey, "Done ✓").
export const confirmOn = (...actions) => ({ state: actions.every(Boolean) ? "on" : "off", actions });
export const confirmOff = { state: "off", actions: [] };
export const confirmDone = { state: "done", actions: [] };

// What a decoy names (the server keeps it): seats, or ["none"].
export function named(prompt) {
  return prompt.suspect || [];
}

export function suspectCell(s, prompt, seat) {
  const action = find(s, "suspect", seat);
  return { chosen: named(prompt).includes(seat === null ? "none" : seat), onPick: action ? () => send(s, action) : null };
}
