// The main area's panels besides the narrator and the seats: the phase's own (how many have
// voted, the candidates, the ballots once revealed), the Scapegoat's list, and the end's cards.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { winnerText, ballotsToday, ballotsPanel, revealPanel, names, winnersShown } from "../common.js";

// A panel that may be taller than the room the seats leave it: shown a page at a time.
function paged(panel) {
  panel.classList.add("ww-pages", "pages");
  return panel;
}

// The phase's own panel: how many have voted, the candidates, the ballots once revealed.
export function phasePanel(s) {
  const { view, ctx } = s;
  const poll = view.poll;
  const entry = ballotsToday(view);
  if ((view.phase === "vote" || view.phase === "election") && poll) {
    // A revote shows the tied count it comes from beside its own progress.
    const tied = poll.revote && entry && entry.vote === poll.kind ? paged(ballotsPanel(entry, ctx)) : null;
    return [h("p", { class: "ww-progress", "data-testid": "vote-progress" },
      fmt("Voted: %(n)s of %(total)s. The ballots show when the vote closes.", { n: poll.locked.length, total: poll.voters.length }),
      poll.revote || poll.kind === "election" ? h("span", { class: "ww-candidates" }, " ",
        fmt("Candidates: %(names)s", { names: names(ctx, poll.candidates) })) : null), tied];
  }
  if (view.phase === "talk") {
    return h("p", { class: "ww-progress", "data-testid": "ready-progress", "data-needed": view.talk.needed },
      fmt("Ready to vote: %(n)s of %(needed)s needed", { n: view.talk.ready.length, needed: view.talk.needed }));
  }
  if (view.phase === "candidacy") {
    return h("p", { class: "ww-progress" }, poll.standing.length
      ? fmt("Standing: %(names)s", { names: names(ctx, poll.standing) }) : t("Nobody stands yet."));
  }
  return entry ? paged(ballotsPanel(entry, ctx)) : null;
}

// The Scapegoat's list, for the vote of its day: tomorrow's until that day comes (issue 34:
// the evening he named it, the TV said "today" while the narrator said tomorrow).
export function scapegoatList(s) {
  const { view, ctx } = s;
  const list = view.scapegoat_voters;
  if (!list) return null;
  const seats = list.seats;
  const today = list.day === view.day;
  const text = today
    ? (seats.length ? fmt("Only %(names)s may vote today.", { names: names(ctx, seats) }) : t("Nobody may vote today."))
    : (seats.length ? fmt("Tomorrow only %(names)s may vote.", { names: names(ctx, seats) }) : t("Nobody may vote tomorrow."));
  return h("p", { class: "ww-progress", "data-testid": "scapegoat-voters", "data-day": list.day }, text);
}

// The end: the winners first (named, and first among the cards), every card with its death's
// time and cause; a crowded TV names the winning side only, in the title (its cards say who), and gives the
// whole width to the cards (the timeline is in the recap).
export function endMain(s, many) {
  const { view, ctx } = s;
  const team = view.result ? view.result.team : "";
  return [
    many ? null : h("p", { class: "ww-win", "data-testid": "winner", "data-team": team }, winnerText(view, ctx)),
    paged(revealPanel(view, ctx, view.reveal, { winners: winnersShown(view), compact: many })),
  ];
}
