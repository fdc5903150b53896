// The day's questions: the look at the card, standing for Mayor, the election's and the
// execution's ballots, ready to vote, and the choices the Hunter, the Mayor's successor, the
// Mayor's tie and the Scapegoat make.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned, waitingCard } from "../../partyhub/js/widgets.js";
import { CONFIRM_SENDS, find, targets, busy, send, bigButton, playerGrid, seatsWith, question } from "./parts.js";
import { draftGet, draftSet } from "./draft.js";

function pollStage(s, prompt) {
  const mine = prompt.chosen.length ? prompt.chosen[0] : null;
  const abstain = find(s, "abstain");
  const confirm = find(s, "confirm");
  const seats = seatsWith(s, "vote", mine === null ? [] : [mine]);
  return [
    question(s, prompt.kind),
    prompt.info[0] ? h("p", { class: "ww-info", "data-testid": "double-vote" }, t("You are the Mayor: your ballot counts twice.")) : null,
    playerGrid(s, seats, { chosen: mine === null ? [] : [mine], testid: "vote", onPick: (seat) => send(s, find(s, "vote", seat)),
      other: abstain || mine === "abstain" ? { label: t("Abstain"), testid: "abstain", chosen: mine === "abstain",
        disabled: !abstain, onPick: () => send(s, abstain) } : null }),
    h("p", { class: "hint", "data-testid": "ballot-hint" }, prompt.done ? t("Your ballot is locked. Change it and confirm again if you wish.")
      : t("Your ballot can change until the vote closes.")),
    pinned(prompt.done ? bigButton(s, t("Locked ✓"), "confirm", null, { disabled: true, cls: "done" })
      : bigButton(s, t("Confirm my ballot"), "confirm", () => send(s, confirm), { disabled: !confirm })),
  ];
}

// The Hunter's shot, the Mayor's successor, the Mayor's tie: a pick kept on the phone until
// Confirm sends it.
function chooseStage(s, prompt, draft) {
  const { view } = s;
  const type = CONFIRM_SENDS[prompt.kind];
  const chosen = draft === "none" ? find(s, type, null) : find(s, type, draft);
  const spare = prompt.kind === "successor" ? null : find(s, type, null);
  // The Mayor may also pass the tie on (as his timeout does): to the revote, or to nobody.
  const revotes = (view.options["votes.revotes"] ?? 1) > (view.poll ? view.poll.revote : 0);
  const pass = prompt.kind === "hunter" ? [t("Don't shoot"), "no-shot"]
    : [revotes ? t("Let the village revote") : t("Execute nobody"), "revote"];
  return [question(s, prompt.kind),
    playerGrid(s, seatsWith(s, type, []), { chosen: draft === null ? [] : [draft], onPick: (seat) => draftSet(s, seat),
      other: spare ? { label: pass[0], testid: pass[1], chosen: draft === "none", onPick: () => draftSet(s, "none") } : null }),
    pinned(bigButton(s, t("Confirm"), "confirm", () => send(s, chosen), { disabled: !chosen, cls: prompt.kind === "hunter" ? "danger" : "" }))];
}

export function dayPrompt(s, prompt) {
  const { view } = s;
  const draft = draftGet(s);
  switch (prompt.kind) {
    case "look":
      return prompt.done ? [waitingCard(t("You have seen your card."), t("Night falls when everyone has looked."), { testid: "looked" })]
        : [question(s, "look"),
          pinned(bigButton(s, t("I have seen my card"), "look", () => send(s, find(s, "look")), { disabled: !s.peeked || !find(s, "look") })),
          s.peeked ? null : h("p", { class: "hint" }, t("Hold the card above, then come back here."))];
    case "candidacy": {
      const answer = prompt.chosen.length ? prompt.chosen[0] : null;
      const choice = (value, label, testid) => h("button", { type: "button", class: `ww-pick ${answer === value ? "chosen" : ""}`,
        "data-testid": testid, "aria-pressed": String(answer === value), disabled: busy(s), onclick: () => send(s, find(s, "stand", value)) }, label);
      return [question(s, "candidacy"),
        h("div", { class: "ww-grid two" }, choice(true, t("I stand"), "stand-yes"), choice(false, t("I don't"), "stand-no")),
        answer === null ? null : h("p", { class: "hint" }, answer ? t("You are a candidate.") : t("You are not a candidate."))];
    }
    case "election":
    case "vote":
      return pollStage(s, prompt);
    case "talk": {
      const talk = view.talk;
      const ready = prompt.done;
      return [question(s, "talk"),
        h("p", { class: "hint", "data-testid": "ready-count" }, fmt("Ready to vote: %(n)s of %(needed)s needed", { n: talk.ready.length, needed: talk.needed })),
        pinned(bigButton(s, ready ? t("Not ready after all") : t("Ready to vote"), "ready", () => send(s, find(s, "ready", !ready)),
          { cls: ready ? "done" : "" }))];
    }
    case "hunter":
    case "successor":
    case "settle":
      return chooseStage(s, prompt, draft);
    case "scapegoat":
      return [question(s, "scapegoat"),
        playerGrid(s, targets(s, "scapegoat_pick"), { chosen: prompt.chosen, onPick: (seat) => send(s, find(s, "scapegoat_pick", seat)) }),
        h("p", { class: "hint" }, t("Pick any number, or nobody: then nobody is executed tomorrow.")),
        pinned(bigButton(s, t("Confirm"), "confirm", () => send(s, find(s, "confirm")), { disabled: !find(s, "confirm") }))];
    default:
      return [];
  }
}
