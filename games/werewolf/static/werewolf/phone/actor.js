// The phone's own night prompt, as the same screen as every other living phone's (phone/cells.js):
// what its cells and its Confirm do for the step's actor.

import { CONFIRM_SENDS, find, send } from "./parts.js";
import { draftGet, draftSet } from "./draft.js";
import { inert, lit, confirmOn, confirmOff, confirmDone, named, suspectCell } from "./cells.js";
import { witchModel } from "./witch.js";

export function actorModel(s, prompt) {
  const draft = draftGet(s);
  const me = s.view.me.seat;
  const done = prompt.done;
  const confirm = find(s, "confirm");
  const local = (value) => ({ chosen: draft === value, onPick: done ? null : () => draftSet(s, value) });
  switch (prompt.kind) {
    case "thief":
      return thiefModel(s, prompt, draft, local);
    case "cupid":
    case "piper": {
      const type = prompt.kind === "cupid" ? "cupid_pick" : "charm";
      return { row: null, nobody: inert,
        cell: (seat) => {
          const action = find(s, type, seat);
          return { chosen: prompt.chosen.includes(seat), onPick: action && !done ? () => send(s, action) : null };
        },
        confirm: done ? confirmDone : confirm ? confirmOn(confirm) : confirmOff };
    }
    case "seer":
    case "salvateur": {
      const type = CONFIRM_SENDS[prompt.kind];
      if (done) {
        return { row: null, cell: (seat) => lit(prompt.chosen.includes(seat)), nobody: lit(!prompt.chosen.length),
          confirm: confirmDone };
      }
      return { row: null, cell: (seat) => (find(s, type, seat) ? local(seat) : inert), nobody: local("none"),
        confirm: draft === null ? confirmOff : confirmOn(draft === "none" ? confirm : find(s, type, draft)) };
    }
    case "lovers":
    case "charmed": // nothing to choose: a name (or Nobody), then OK, as a decoy's hands go
      return { row: null, cell: (seat) => (seat === me ? inert : local(seat)), nobody: local("none"),
        confirm: done ? confirmDone : draft === null ? confirmOff : confirmOn(confirm) };
    case "wolf":
      return wolfModel(s, prompt, confirm);
    case "little_girl":
      return girlModel(s, prompt, draft, confirm);
    case "witch":
      return witchModel(s, prompt, draft);
    default:
      return null;
  }
}

// Done, what he tapped stays lit, as on a decoy's phone: "Nobody" when both cards were
// Werewolves (one was taken for him at random), else the card taken.
function thiefModel(s, prompt, draft, local) {
  const done = prompt.done;
  const took = prompt.result ? prompt.result[0] : undefined;
  const shown = draft === "stay" ? null : draft === 0 || draft === 1 ? draft : took;
  const card = (index) => (done ? lit(shown === index) : local(index));
  const stay = find(s, "thief_stay");
  return { row: [card(0), card(1)], cell: () => inert,
    nobody: done ? lit(shown === null) : stay ? local("stay") : inert,
    confirm: done ? confirmDone : draft === null ? confirmOff
      : confirmOn(draft === "stay" ? stay : find(s, "thief_take", draft)) };
}

function wolfModel(s, prompt, confirm) {
  const pointer = prompt.chosen.length ? prompt.chosen[0] : null;
  const awake = prompt.info.length > 0; // awake: he is on the pack's board
  const point = (target) => {
    const action = awake && find(s, "wolf_vote", target);
    return { chosen: pointer === (target === null ? "none" : target), onPick: action ? () => send(s, action) : null };
  };
  const wake = find(s, "wolf_wake");
  const sleep = find(s, "wolf_sleep");
  return { row: [{ chosen: awake, onPick: wake ? () => send(s, wake) : null }, { chosen: false, onPick: sleep ? () => send(s, sleep) : null }],
    cell: point, nobody: point(null),
    confirm: prompt.done || prompt.result ? confirmDone : confirm ? confirmOn(confirm) : confirmOff };
}

function girlModel(s, prompt, draft, confirm) {
  const done = prompt.done;
  const peeked = Boolean(prompt.result[0]);
  const shut = !peeked && (draft === "shut" || done);
  const undecided = !peeked && !shut;
  const peek = find(s, "peek");
  return { row: [{ chosen: peeked, onPick: undecided && peek ? () => send(s, peek) : null },
    { chosen: shut, onPick: undecided ? () => draftSet(s, "shut") : null }],
  cell: (seat) => (peeked ? suspectCell(s, prompt, seat) : inert), nobody: peeked ? suspectCell(s, prompt, null) : inert,
  confirm: done ? confirmDone : shut || (peeked && named(prompt).length) ? confirmOn(confirm) : confirmOff };
}
