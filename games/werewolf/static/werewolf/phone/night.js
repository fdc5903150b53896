// The night's screen, one for every living phone (phone/cells.js): a line saying where the
// question is, the Thief's or the pack's two choices, every living player and "Nobody", and
// Confirm beside "Hold to see" (phone/hold.js). The actor's model or a decoy's says what each
// cell and Confirm does.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { seatToken } from "../common.js";
import { DECOYS, sendAll } from "./parts.js";
import { nightCell, tapped, lit } from "./cells.js";
import { actorModel } from "./actor.js";
import { decoyModel } from "./decoy.js";

function nightGrid(s, model) {
  const { view, ctx } = s;
  const living = view.players.filter((p) => p.alive).map((p) => p.seat);
  const crowd = living.length > 18 ? "many most" : living.length > 12 ? "many" : "";
  return h("div", { class: `ww-grid ww-night-grid ${crowd}`, "data-testid": "pick-grid" },
    living.map((seat) => nightCell(s, seat, [seatToken(seat, ctx), h("span", { class: "ww-pick-name" }, ctx.nameOf(seat))],
      "pick", model.cell(seat))),
    nightCell(s, null, t("Nobody"), "pick-none", model.nobody, "none"));
}

// The two choices of the Thief's and the pack's step, worded alike for every phone.
function nightRow(s, step, [left, right]) {
  const labels = step === "thief" ? [fmt("Card %(n)s", { n: 1 }), fmt("Card %(n)s", { n: 2 })]
    : [t("Open my eyes"), t("Keep my eyes shut")];
  return h("div", { class: "ww-grid ww-night-row" },
    nightCell(s, null, labels[0], "night-choice", left), nightCell(s, null, labels[1], "night-choice", right));
}

// After its Confirm a phone's taps change nothing, on every phone alike (ruling "locked": a
// Confirm is final at night): what it named stays lit, and a tap does nothing, without a toast.
const freeze = (cell) => lit(cell.chosen);

function nightModel(s, prompt) {
  const model = (DECOYS.includes(prompt.kind) ? null : actorModel(s, prompt)) || decoyModel(s, prompt);
  if (!prompt.done) return model;
  return { ...model, row: model.row && model.row.map(freeze), cell: (seat) => freeze(model.cell(seat)),
    nobody: freeze(model.nobody) };
}

export function nightStage(s, prompt) {
  const model = nightModel(s, prompt);
  return [h("h2", { class: "ww-question", "data-testid": "question" }, t("Your question is under “Hold to see”.")),
    model.row ? nightRow(s, prompt.step, model.row) : null, nightGrid(s, model)];
}

// Confirm, beside "Hold to see": one button in one place, in the same state on every phone.
export function nightConfirm(s, prompt) {
  const { state, actions } = nightModel(s, prompt).confirm;
  if (state === "done") return h("button", { type: "button", class: "big done", "data-testid": "confirm", disabled: true }, t("Done ✓"));
  return h("button", { type: "button", class: "big", "data-testid": "confirm", disabled: state !== "on",
    onclick: tapped(s, () => sendAll(s, actions)) }, t("Confirm"));
}
