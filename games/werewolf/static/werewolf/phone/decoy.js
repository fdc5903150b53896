// A phone without a part in the night's step: its question mirrors the actor's (issue 34), its
// cells and Confirm behave as the actor's do.

import { find } from "./parts.js";
import { draftGet, draftSet } from "./draft.js";
import { inert, lit, confirmOn, confirmOff, confirmDone, named, suspectCell } from "./cells.js";

export function decoyModel(s, prompt) {
  const draft = draftGet(s);
  const done = prompt.done;
  const names = named(prompt);
  const answered = names.length > 0;
  const count = prompt.info[0] || 1;
  const confirm = find(s, "confirm");
  const frozen = (cell) => (done ? lit(cell.chosen) : cell);
  switch (prompt.step) {
    case "thief": {
      const mine = (value) => ({ chosen: draft === value, onPick: done ? null : () => draftSet(s, value) });
      return { row: [mine(0), mine(1)], cell: () => inert, nobody: mine("none"),
        confirm: done ? confirmDone : draft === null ? confirmOff : confirmOn(confirm) };
    }
    case "werewolves": {
      if (prompt.kind === "wolf_asleep") { // he kept his eyes shut: nothing more to choose
        return { row: [inert, lit(true)], cell: () => inert, nobody: inert,
          confirm: done ? confirmDone : confirmOn(confirm) };
      }
      const choose = (value) => ({ chosen: draft === value, onPick: draft === null && !done ? () => draftSet(s, value) : null });
      const open = draft === "open";
      return { row: [choose("open"), choose("shut")],
        cell: (seat) => (open ? suspectCell(s, prompt, seat) : inert), nobody: open ? suspectCell(s, prompt, null) : inert,
        confirm: done ? confirmDone : draft === "shut" || (open && answered) ? confirmOn(confirm) : confirmOff };
    }
    default: // one name, or the step's count of them (Cupid's, the Piper's, the Witch's)
      return { row: null,
        cell: (seat) => frozen(suspectCell(s, prompt, seat)),
        nobody: count > 1 && prompt.step !== "witch" ? inert : frozen(suspectCell(s, prompt, null)),
        confirm: done ? confirmDone
          : (count > 1 && prompt.step !== "witch" ? names.length === count : answered) ? confirmOn(confirm) : confirmOff };
  }
}
