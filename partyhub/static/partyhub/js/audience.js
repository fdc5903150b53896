// The audience that plays along (games/audience.py): on an audience phone, the open ballot's
// questions and its own choices; on the TV and the audience phones, the audience's tally beside
// the players' result once that is public. The server sends only sums, never another phone's
// vote; while a ballot is open only how many have voted.

import { h, morph, t, fmt, nt } from "./dom.js";

const QUESTIONS = {
  fox: () => t("Which answer is the Fox?"),
  top: () => t("Which answer is #1?"),
  claim: () => t("Believe the claim, or call it a hoax?"),
  suspect: () => t("Who do you suspect?"),
};

// On the TV's strip, a question in a word (the Hoax and Werewolf ones need none).
const SHORT = { fox: () => t("FOX"), top: () => "#1" };

// A choice's words: the game's own, in the TV's terms (its module's ``ballot.choice``: Outfox's
// lettered answers), else a player's name (Werewolf) or believe/hoax.
function choiceLabel(question, value, frame, ctx, game) {
  const own = game && game.choice ? game.choice(question, value, frame, ctx) : null;
  if (own !== null && own !== undefined) return own;
  if (question === "suspect") return ctx.nameOf(value);
  if (question === "claim") return value === "down" ? t("Hoax!") : t("Believe");
  return String(value);
}

// The truth beside a question's tally, when the game has made it public.
function truthOf(question, result) {
  if (question === "fox") return String(result.fox);
  if (question === "top") return String(result.top);
  if (question === "claim") return result.players;
  return null;
}

function ballotView(open, votes, frame, ctx, game) {
  // What the TV asks about, in its words (the game module's ``ballot.prompt``): Outfox's
  // card, Hoax's claim.
  const prompt = game && game.prompt ? game.prompt(open, frame, ctx) : null;
  return h("div", { class: "crowd-ballot", "data-testid": "audience-ballot", dataset: { ballot: open.key } },
    prompt ? h("div", { class: "crowd-prompt", "data-testid": "audience-prompt" }, prompt) : null,
    open.questions.map((question) => {
      const mine = votes[`${open.key}/${question.name}`];
      return h("fieldset", { class: "crowd-question", "data-question": question.name },
        h("legend", {}, QUESTIONS[question.name] ? QUESTIONS[question.name]() : question.name),
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
      const truth = truthOf(question, last.result);
      const total = Object.values(counts).reduce((a, b) => a + b, 0) || 1;
      const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
      return h("div", { class: "crowd-question", "data-question": question },
        ctx.role === "board"
          ? (SHORT[question] ? h("p", { class: "crowd-asked" }, SHORT[question]()) : null)
          : h("p", { class: "crowd-asked" }, QUESTIONS[question] ? QUESTIONS[question]() : question),
        h("ul", { class: "crowd-bars" }, rows.map(([choice, n]) => {
          const value = question === "suspect" || question === "fox" || question === "top" ? Number(choice) : choice;
          const dead = question === "suspect" && last.result.dead.includes(value);
          return h("li", { class: truth === choice ? "crowd-bar right" : dead ? "crowd-bar dead" : "crowd-bar",
            style: `--share:${Math.round((100 * n) / total)}%`, "data-choice": choice },
          h("span", { class: "crowd-label" }, choiceLabel(question, value, frame, ctx, game), truth === choice ? " ✓" : dead ? " †" : ""),
          h("span", { class: "crowd-count" }, String(n)));
        })),
        question === "claim" && last.result.truth
          ? h("p", { class: "crowd-truth" }, last.result.truth === "lie" ? t("It was a lie.") : t("It was the truth."))
          : null);
    }));
}

// ``game``: the game module's ``ballot`` export, if any ({ prompt, choice }).
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
