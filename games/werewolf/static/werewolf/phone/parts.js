// Pieces several of the phone's screens share: this seat's legal moves and sending them, the big
// buttons, the refusal's line, a grid of players to tap, a question. Each takes the phone's state
// (phone.js: its view, frame, ctx and this hand's choices).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { promptText, seatToken } from "../common.js";

// The prompts whose pick stays on the phone until Confirm sends it as this action (the Thief's
// and the Witch's too, drawn apart); every other tap is sent at once and the server keeps it.
export const CONFIRM_SENDS = { seer: "seer_look", salvateur: "protect", hunter: "shoot", successor: "successor",
  settle: "settle" };
export const DECOYS = ["decoy", "wolf_asleep"];

export const actions = (s) => (s.view && s.view.me ? s.view.me.actions : []);
export const find = (s, type, target) => actions(s).find((a) => a.type === type && (target === undefined || a.target === target));
export const targets = (s, type) => actions(s).filter((a) => a.type === type).map((a) => a.target);
export const busy = (s) => s.pending !== null && s.frame && s.pending === s.frame.version;

export function send(s, action) {
  sendAll(s, [action]);
}

// Moves sent one after the other (the Witch's Confirm: her potions, then done).
export function sendAll(s, moves) {
  if (!moves.length || !moves.every(Boolean)) return;
  s.pending = s.frame.version;
  s.lastError = null;
  for (const action of moves) s.ctx.act({ type: action.type, target: action.target });
  s.render();
}

export function bigButton(s, label, testid, onclick, { disabled = false, cls = "" } = {}) {
  return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled: disabled || busy(s), onclick }, label);
}

export function errorLine(s) {
  return s.lastError ? h("p", { class: "error", role: "alert", "data-testid": "action-error" }, s.lastError) : null;
}

// A list of players to tap: `chosen` are marked; `other` is one more choice that names
// nobody ("No victim", "Abstain", "Don't shoot"): { label, testid, chosen, onPick, disabled }.
export function playerGrid(s, seats, { chosen = [], onPick, testid = "pick", other = null } = {}) {
  const { ctx } = s;
  return h("div", { class: "ww-grid", "data-testid": `${testid}-grid` },
    seats.map((seat) => h("button", { type: "button", class: `ww-pick ${chosen.includes(seat) ? "chosen" : ""}`,
      "data-testid": testid, "data-seat": seat, "aria-pressed": String(chosen.includes(seat)), disabled: busy(s),
      onclick: () => onPick(seat) }, seatToken(seat, ctx), h("span", { class: "ww-pick-name" }, ctx.nameOf(seat)))),
    other ? h("button", { type: "button", class: `ww-pick none ${other.chosen ? "chosen" : ""}`, "data-testid": other.testid,
      "aria-pressed": String(other.chosen), disabled: busy(s) || Boolean(other.disabled), onclick: other.onPick }, other.label) : null);
}

// The seats an action may name, with this phone's current picks among them (a pick already
// made is not offered again by the rules, yet stays on screen, marked).
export function seatsWith(s, type, picks) {
  return [...new Set([...targets(s, type), ...picks])].filter((seat) => typeof seat === "number").sort((a, b) => a - b);
}

export function potionsText(life, death) {
  return fmt("Potion of life: %(life)s · potion of death: %(death)s",
    { life: life ? t("yours") : t("used"), death: death ? t("yours") : t("used") });
}

// The question of a prompt kind: the server's text (admin data).
export function question(s, kind) {
  return h("h2", { class: "ww-question", "data-testid": "question", "data-kind": kind }, promptText(s.ctx, kind));
}
