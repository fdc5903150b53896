// Before the ranking: the reader picks a card (draw) and reads it aloud (read); the guessers wait
// for it (draw, fox) and listen (read).

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { waitingCard } from "../../partyhub/js/widgets.js";
import { readersName, phaseTitle, isPair } from "../common.js";
import { questionBlock, secretList, answersList, sticky, bigButton } from "./parts.js";

export function readerDraw(s) {
  const { view, ctx } = s;
  const me = view.me;
  return [
    h("h2", {}, t("Choose a question")),
    me.partner !== null ? h("p", { class: "hint" }, fmt("%(name)s can choose too.", { name: ctx.nameOf(me.partner) })) : null,
    h("div", { class: "ofx-offers" }, (me.offer || []).map((card) =>
      h("button", { type: "button", class: "ofx-offer", "data-testid": "offer-card", "data-card": card.id,
        disabled: s.sent === s.stepKey, onclick: () => s.once({ type: "pick_card", card: card.id }) },
      h("span", { class: "ofx-q" }, card.question), h("span", { class: "ofx-source" }, card.source)))),
  ];
}

export function readerRead(s) {
  const { view, ctx } = s;
  const me = view.me;
  // A remote party's devices each read the card aloud themselves (their board speaks it): the
  // reader only starts the clock.
  const frame = ctx.frame();
  const spoken = Boolean(frame && frame.room && frame.room.remote_party && view.options.speech);
  return [
    spoken ? h("h2", {}, t("Every device reads it aloud")) : h("h2", {}, t("Read it all aloud")),
    h("p", { class: "hint" }, spoken ? t("Each player's board reads the question, the source and the six answers. Start the clock once they are read.")
      : t("The question, the source, then the six answers in this order.")),
    questionBlock(me.card),
    secretList(me),
    sticky(bigButton(t("Start the clock"), "start-clock", () => s.once({ type: "start_clock" }),
      { disabled: s.sent === s.stepKey })),
  ];
}

// A guesser before the ranking: waiting for the card and its Fox, then listening to it.
export function guesserWait(s) {
  const { view, ctx } = s;
  const who = readersName(view, ctx);
  switch (view.phase) {
    case "draw":
      return [waitingCard(phaseTitle(view, ctx), t("Get ready to rank the Top 5 together."))];
    case "fox":
      return [waitingCard(phaseTitle(view, ctx), isPair(view)
        ? fmt("%(name)s are hiding a fake answer among the real ones.", { name: who })
        : fmt("%(name)s is hiding a fake answer among the real ones.", { name: who }))];
    case "read":
      return [h("h2", {}, t("Listen!")), questionBlock(view.card), answersList(view),
        h("p", { class: "hint" }, t("One of these is the Fox: a fake. The ranking starts soon."))];
    default:
      return [];
  }
}
