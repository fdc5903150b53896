// The narrator's latest lines, with the picture of the card whose step it is.

import { h } from "../../partyhub/js/dom.js";
import { picture, lineText } from "../common.js";

export function narrator(s) {
  const { view, ctx } = s;
  const lines = view.narration.lines.map((line) => ({ key: line.key, text: lineText(ctx, line) })).filter((l) => l.text);
  const stepCard = view.step && view.step.key ? ((ctx.page.facts || {}).step_cards || {})[view.step.key] : null;
  return h("section", { class: "ww-narrator", "data-testid": "narrator", "data-id": view.narration.id },
    stepCard ? picture(ctx, stepCard, "ww-step-pic") : null,
    h("div", { class: "ww-lines" }, lines.map((line) => h("p", { "data-testid": "line", "data-key": line.key }, line.text))));
}
