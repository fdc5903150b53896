// The audience that plays along (games/live/audience.py): on an audience phone, the open ballot's
// questions and its own choices; on the TV and the audience phones, the audience's tally beside
// the players' result once that is public. The server sends only sums, never another phone's
// vote; while a ballot is open only how many have voted.

import { h, morph, fmt, nt } from "./dom.js";

// ``game``: the game module's ``ballot`` export, which words the ballot in the game's terms:
// ``question(name)``, ``short(name)`` (a word on the TV's strip), ``choice(name, value, frame,
// ctx)``, ``truth(name, result)`` (the answer once public), ``out(name, value, result)`` (a
// choice no longer in the game: true), ``verdict(name, result)`` (a line under the tally) and
// ``prompt(open, frame, ctx)``.
// Each may be missing or answer null: the platform then shows the raw name or value.
function word(game, hook, ...args) {
  const said = game && game[hook] ? game[hook](...args) : null;
  return said === undefined ? null : said;
}

const questionText = (name, game) => word(game, "question", name) ?? name;
const choiceLabel = (name, value, frame, ctx, game) =>
  word(game, "choice", name, value, frame, ctx) ?? String(value);

function ballotView(open, votes, frame, ctx, game) {
  // What the TV asks about, in its words (the game module's ``ballot.prompt``): a card,
  // a claim.
  const prompt = word(game, "prompt", open, frame, ctx);
  return h("div", { class: "crowd-ballot", "data-testid": "audience-ballot", dataset: { ballot: open.key } },
    prompt ? h("div", { class: "crowd-prompt", "data-testid": "audience-prompt" }, prompt) : null,
    open.questions.map((question) => {
      const mine = votes[`${open.key}/${question.name}`];
      return h("fieldset", { class: "crowd-question", "data-question": question.name },
        h("legend", {}, questionText(question.name, game)),
        h("div", { class: "crowd-choices" }, question.choices.map((choice) =>
          h("button", {
            type: "button",
            class: mine === choice.value ? "crowd-choice chosen" : "crowd-choice",
            "aria-pressed": mine === choice.value ? "true" : "false",
            "data-choice": String(choice.value),
            onclick: () => ctx.vote(open.key, question.name, choice.value),
          }, choiceLabel(question.name, choice.value, frame, ctx, game)))));
    }),
    h("p", { class: "hint" }, fmt(nt("%(n)s in the audience has voted.", "%(n)s in the audience have voted.", open.voters), { n: open.voters })));
}

function resultView(last, frame, ctx, game) {
  return h("div", { class: "crowd-result", "data-testid": "audience-tally", dataset: { ballot: last.key } },
    h("h3", {}, fmt(nt("The audience (%(n)s vote)", "The audience (%(n)s votes)", last.voters), { n: last.voters })),
    Object.entries(last.counts).map(([question, counts]) => {
      const truth = word(game, "truth", question, last.result);
      const total = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
      const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
      return h("div", { class: "crowd-question", "data-question": question },
        ctx.role === "board"
          ? (word(game, "short", question) !== null ? h("p", { class: "crowd-asked" }, word(game, "short", question)) : null)
          : h("p", { class: "crowd-asked" }, questionText(question, game)),
        h("ul", { class: "crowd-bars" }, rows.map(([choice, n]) => {
          const value = /^\d+$/.test(choice) ? Number(choice) : choice;  // a seat or an answer's place
          const dead = word(game, "out", question, value, last.result) === true;
          return h("li", { class: truth === choice ? "crowd-bar right" : dead ? "crowd-bar dead" : "crowd-bar",
            style: `--share:${Math.round((100 * n) / total)}%`, "data-choice": choice },
          h("span", { class: "crowd-label" }, choiceLabel(question, value, frame, ctx, game), truth === choice ? " ✓" : dead ? " †" : ""),
          h("span", { class: "crowd-count" }, String(n)));
        })),
        word(game, "verdict", question, last.result) !== null
          ? h("p", { class: "crowd-truth" }, word(game, "verdict", question, last.result))
          : null);
    }));
}

// ``game``: the game module's ``ballot`` export, if any (see ``word`` above).
export function audienceRender(el, { frame, tally, votes, ctx, game }) {
  const playing = frame && frame.room.status !== "lobby";
  if (!playing || !tally) {
    morph(el);
    return;
  }
  const audiencePhone = ctx.role === "seat" && frame.you && frame.you.audience;
  const parts = [];
  if (tally.last) parts.push(resultView(tally.last, frame, ctx, game));
  if (audiencePhone && tally.open) parts.push(ballotView(tally.open, votes, frame, ctx, game));
  if (ctx.role === "board" && tally.open && tally.open.voters) {
    parts.push(h("p", { class: "crowd-voting" }, fmt(nt("%(n)s in the audience has voted.", "%(n)s in the audience have voted.", tally.open.voters), { n: tally.open.voters })));
  }
  morph(el, ...parts);
}
