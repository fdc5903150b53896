// Outfox pieces the TV and the phones share: the stylesheet, labels, player tokens, standings,
// the phase headline, the GUESS and TOP 5 columns and the scoring track. Everything is drawn
// from the rules' view (frame.view) alone; text always goes in as text nodes.

import { h, t, fmt, nt } from "../partyhub/js/dom.js";
import { styleLoad as sheetLoad, countdown as clock, seatColor, namesJoin } from "../partyhub/js/widgets.js";

export { seatColor, namesJoin };

// The game's sizes come from the server with the page (the rules' FACTS).
const facts = JSON.parse(document.getElementById("page-data").textContent).facts;
export const SLOTS = facts.slots;
export const FOX_SLOT = facts.fox_slot;
export const TRACK_SQUARES = facts.track_squares;
const LETTERS = "ABCDEF";

// The stylesheet, once per page.
export function styleLoad() {
  return sheetLoad(new URL("./outfox.css", import.meta.url));
}

// Answers are named by their reading position; the letter helps players talk about them.
export const letter = (answer) => LETTERS[answer] || "?";
// The audience's ballot and tally (partyhub's audience.js) in the TV's terms: the card's
// question above the ballot, each answer with the letter the TV gives it.
// The audience's ballot in this game's words (partyhub/static/partyhub/js/audience.js): each
// question, its one-word form for the TV's strip, the truth once public, and each choice.
const QUESTIONS = {
  fox: () => t("Which answer is the Fox?"),
  top: () => t("Which answer is #1?"),
};
const SHORT = { fox: () => t("FOX"), top: () => "#1" };
export const ballot = {
  question: (name) => (QUESTIONS[name] ? QUESTIONS[name]() : null),
  short: (name) => (SHORT[name] ? SHORT[name]() : null),
  truth: (name, result) => (name in result ? String(result[name]) : null),
  prompt: (open, frame) => (frame.view && frame.view.card ? frame.view.card.question : null),
  choice(question, value, frame) {
    const answers = frame && frame.view ? frame.view.answers : null;
    if (!answers || answers[value] === undefined) return null;
    return [h("b", { class: "ofx-letter" }, letter(value)), " ", answers[value]];
  },
};
export const slotLabel = (slot) => (slot === FOX_SLOT ? t("FOX") : `#${slot + 1}`);
export const rankLabel = (rank) => (rank === 0 ? t("Fox") : `#${rank}`);
// The zone a slot belongs to (#2–#3 and #4–#5 score as zones).
export const slotZone = (slot) => facts.slot_zones[slot];

// A round player token: their colour and initial.
export function token(seat, ctx, { extra = "", title = null, initial = true } = {}) {
  const name = ctx.nameOf(seat);
  return h("span", { class: `ofx-token ${extra}`, style: `--c:${seatColor(seat)}`, title: title || name,
    "data-seat": seat }, initial ? Array.from(name.trim())[0] || "?" : null);
}

// The headline of the podium: one winner, or a shared win.
export function winnerText(view, ctx) {
  const names = view.podium.winners.map((seat) => ctx.nameOf(seat));
  return names.length > 1 ? fmt("%(names)s share the win!", { names: namesJoin(names) })
    : fmt("%(name)s wins!", { name: names[0] });
}

// "Alice", or "Alice and Bob" for a pair of readers.
export function readersName(view, ctx) {
  if (view.partner === null || view.partner === undefined) return ctx.nameOf(view.reader);
  return fmt("%(a)s and %(b)s", { a: ctx.nameOf(view.reader), b: ctx.nameOf(view.partner) });
}

// Who reads next turn ("Next: Bo reads."), or null after the last turn (the rules say who).
export function nextReaders(view, ctx) {
  if (!view.next_readers) return null;
  const [reader, partner] = view.next_readers;
  if (partner === null || partner === undefined) {
    return fmt("Next: %(name)s reads.", { name: ctx.nameOf(reader) });
  }
  return fmt("Next: %(a)s and %(b)s read.", { a: ctx.nameOf(reader), b: ctx.nameOf(partner) });
}

// Place of each seat (1 = best); tied scores share a place.
export function places(view) {
  const scores = view.players.map((p) => p.score);
  return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

export function placeText(place, n) {
  return fmt("Place %(place)s of %(n)s", { place, n });
}

export function lapText(lap) {
  return lap > 0 ? fmt(nt("%(n)s lap", "%(n)s laps", lap), { n: lap }) : "";
}

export const isPair = (view) => view.partner !== null && view.partner !== undefined;

// The headline of the current phase, for the TV and the audience (`short`: without the names,
// for the TV's header when the names are the big text below).
export function phaseTitle(view, ctx, { short = false } = {}) {
  const who = readersName(view, ctx);
  const pair = isPair(view);
  if (short && view.phase === "draw") return t("A new question");
  if (short && view.phase === "fox") return t("The Fox sneaks in");
  switch (view.phase) {
    case "draw":
      return pair ? fmt("%(name)s are choosing a question", { name: who })
        : fmt("%(name)s is choosing a question", { name: who });
    case "fox":
      return pair ? fmt("%(name)s are writing the Fox", { name: who })
        : fmt("%(name)s is writing the Fox", { name: who });
    case "read":
      return pair ? fmt("%(name)s are reading", { name: who }) : fmt("%(name)s is reading", { name: who });
    case "rank":
      return t("Rank the Top 5 together!");
    case "double_down":
      return t("Double Down!");
    case "reveal":
      return t("The reveal");
    case "score":
      return t("Points");
    case "over":
      return t("Game over");
    default:
      return "";
  }
}

// A countdown element for a deadline (the shell refreshes its text), or null.
export function countdown(deadline, cls = "") {
  return clock(deadline, `ofx-clock ${cls}`);
}

// Who put a Double Down on which answer (public from the reveal on).
function ddTokensOn(view, answer, ctx, { except = [] } = {}) {
  if (!view.double_downs) return [];
  const seats = [];
  view.double_downs.forEach((pick, seat) => { if (pick === answer && !except.includes(seat)) seats.push(seat); });
  return seats.map((seat) => token(seat, ctx, { extra: "ofx-dd", title: fmt("%(name)s doubled down", { name: ctx.nameOf(seat) }) }));
}

// The revealed step of an answer, if any.
export function revealedOf(view, answer) {
  return (view.revealed || []).find((step) => step.answer === answer) || null;
}

// The GUESS column: six slots, zones drawn. `slotContent(slot, answer)` may add controls;
// `onSlot(slot)` makes slots tappable; `marks` shows ✓/✗ as the reveal goes.
export function guessColumn(view, ctx, { onSlot = null, selected = null, extra = null, testid = "slot",
  showTokens = true, mine = null } = {}) {
  const guess = view.guess || Array(SLOTS).fill(null);
  const rows = guess.map((answer, slot) => {
    const step = answer === null ? null : revealedOf(view, answer);
    const exactSeats = step ? step.double_downs : [];
    const cls = ["ofx-slot", `zone-${slotZone(slot)}`];
    if (answer === null) cls.push("empty");
    if (selected !== null && answer === selected) cls.push("selected");
    if (step) cls.push(step.correct ? "good" : "bad", "revealed");
    if (mine !== null && answer === mine) cls.push("mine");
    const body = answer === null ? h("span", { class: "ofx-slot-empty" }, "—")
      : h("span", { class: "ofx-slot-text" }, h("b", { class: "ofx-letter" }, letter(answer)), view.answers[answer]);
    const tokens = showTokens && answer !== null ? ddTokensOn(view, answer, ctx, { except: exactSeats }) : [];
    const attrs = { class: cls.join(" "), "data-testid": testid, "data-slot": slot,
      "data-answer": answer === null ? "" : answer, "data-meaning": step ? `answer:${step.correct ? "right" : "wrong"}` : null };
    const content = [h("span", { class: "ofx-slot-label" }, slotLabel(slot)), body,
      tokens.length ? h("span", { class: "ofx-tokens" }, tokens) : null,
      step ? h("span", { class: "ofx-mark", "data-sign": true }, step.correct ? "✓" : "✗") : null,
      extra ? extra(slot, answer) : null];
    if (onSlot) {
      // Named by what it shows (its position, its answer's letter and text); an empty one,
      // whose dash says nothing to a screen reader, as "#2: empty".
      const name = answer === null ? fmt("%(slot)s: empty", { slot: slotLabel(slot) }) : null;
      return h("button", { ...attrs, type: "button", "aria-label": name, "aria-pressed": String(selected !== null && answer === selected),
        onclick: () => onSlot(slot, answer) }, content);
    }
    return h("div", attrs, content);
  });
  return h("div", { class: "ofx-column ofx-guess" },
    h("div", { class: "ofx-column-head" }, t("GUESS")),
    rows[0],
    h("div", { class: "ofx-zone" }, rows[1], rows[2]),
    h("div", { class: "ofx-zone" }, rows[3], rows[4]),
    rows[5]);
}

// The TOP 5 column: each revealed answer arrives in its real place (#1..#5, then the Fox).
// `fresh` is the rank revealed by the newest frame, which gets the arrival animation.
export function topColumn(view, ctx, { fresh = null } = {}) {
  const byRank = new Map((view.revealed || []).map((step) => [step.rank, step]));
  const row = (rank) => {
    const step = byRank.get(rank);
    const label = rank === 0 ? t("FOX") : `#${rank}`;
    const zone = rank === 0 ? "fox" : slotZone(rank - 1);
    if (!step) {
      return h("div", { class: `ofx-slot zone-${zone} empty`, "data-testid": "top5-row", "data-rank": rank },
        h("span", { class: "ofx-slot-label" }, label), h("span", { class: "ofx-slot-empty" }, "?"));
    }
    let note;
    if (rank === 0) note = step.correct ? t("Caught!") : fmt("Outfoxed at %(slot)s", { slot: slotLabel(step.slot) });
    else note = step.correct ? null : fmt("placed at %(slot)s", { slot: slotLabel(step.slot) });
    return h("div", { class: `ofx-slot zone-${zone} revealed ${step.correct ? "good" : "bad"} ${fresh === rank ? "arrive" : ""}`,
      "data-testid": "top5-row", "data-rank": rank, "data-answer": step.answer, "data-meaning": `answer:${step.correct ? "right" : "wrong"}` },
      h("span", { class: "ofx-slot-label" }, label),
      h("span", { class: "ofx-slot-text" }, h("b", { class: "ofx-letter" }, letter(step.answer)),
        h("span", {}, view.answers[step.answer], note ? h("small", { class: "ofx-note" }, note) : null)),
      step.double_downs.length ? h("span", { class: "ofx-tokens" }, step.double_downs.map((seat) =>
        token(seat, ctx, { extra: `ofx-dd exact ${fresh === rank ? "arrive" : ""}`,
          title: fmt("%(name)s: Double Down +3", { name: ctx.nameOf(seat) }) }))) : null,
      h("span", { class: "ofx-mark", "data-sign": true }, step.correct ? "✓" : "✗"));
  };
  return h("div", { class: "ofx-column ofx-top5" },
    h("div", { class: "ofx-column-head" }, t("TOP 5")),
    row(1), h("div", { class: "ofx-zone" }, row(2), row(3)), h("div", { class: "ofx-zone" }, row(4), row(5)), row(0));
}

// A one-line summary of the scored turn.
export function resultLines(view, ctx) {
  const result = view.result;
  if (!result || result.skipped) return result ? [t("This turn was skipped: nobody scores.")] : [];
  const pair = result.partner !== null && result.partner !== undefined;
  const who = pair ? fmt("%(a)s and %(b)s", { a: ctx.nameOf(result.reader), b: ctx.nameOf(result.partner) })
    : ctx.nameOf(result.reader);
  const params = { slot: slotLabel(result.fox_slot), name: who, n: result.points[result.reader] };
  const lines = [];
  if (result.fox_slot === FOX_SLOT) {
    lines.push(pair ? fmt("The Fox was caught: %(name)s score 0.", params) : fmt("The Fox was caught: %(name)s scores 0.", params));
  } else {
    lines.push(pair ? fmt("The Fox hid at %(slot)s: %(name)s score %(n)s each.", params)
      : fmt("The Fox hid at %(slot)s: %(name)s scores %(n)s.", params));
  }
  lines.push(fmt(nt("The group placed %(n)s answer right.", "The group placed %(n)s answers right.", result.correct), { n: result.correct }));
  for (const seat of result.double_downs) lines.push(fmt("%(name)s's Double Down was exact: +3", { name: ctx.nameOf(seat) }));
  return lines;
}

// The scoring track: 40 squares (0–39) drawn as a loop around `inside`, each player's token on
// their square (score mod 40) and their lap count beside their name.
export function track(view, ctx, inside) {
  const cols = 12;
  const rows = 10;
  const cells = [];
  const position = (square) => {
    if (square < cols) return [1, square + 1];
    if (square < cols + rows - 2) return [square - cols + 2, cols];
    if (square < 2 * cols + rows - 2) return [rows, cols - (square - (cols + rows - 2))];
    return [rows - (square - (2 * cols + rows - 2)) - 1, 1];
  };
  const bySquare = new Map();
  for (const player of view.players) {
    if (!bySquare.has(player.square)) bySquare.set(player.square, []);
    bySquare.get(player.square).push(player);
  }
  for (let square = 0; square < TRACK_SQUARES; square += 1) {
    const [row, col] = position(square);
    const here = bySquare.get(square) || [];
    cells.push(h("div", { class: `ofx-square ${square % 5 === 0 ? "five" : ""} ${square === 0 ? "start" : ""}`,
      style: `grid-row:${row};grid-column:${col}`, "data-square": square },
      square % 5 === 0 ? h("span", { class: "ofx-square-n" }, String(square)) : null,
      // On the track a piece is a disc of its colour (the score list inside names each one);
      // the TV moves it to its new square (drama.js).
      here.length ? h("span", { class: `ofx-square-tokens ${here.length > 2 ? "ofx-many" : ""}` }, here.map((p) => {
        const piece = token(p.seat, ctx, { extra: p.lap ? "lapped" : "", title: `${ctx.nameOf(p.seat)} ${p.score}`, initial: false });
        piece.dataset.flip = `track-${p.seat}`;
        return piece;
      })) : null));
  }
  cells.push(h("div", { class: "ofx-track-inside", style: `grid-row:2 / ${rows};grid-column:2 / ${cols}` }, inside));
  return h("div", { class: "ofx-track", "data-testid": "track" }, cells);
}

