// On my turn, the Accuse panel: whom, as which character, then a confirmation.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { pinned } from "../../partyhub/js/widgets.js";
import { CHARACTERS, charName, picture, seatToken } from "../common.js";
import { actions, bigButton, send } from "./parts.js";

const unchosen = () => ({ target: null, character: null, confirm: false });

export function accusePanel(s) {
  const { view, ctx } = s;
  const legal = actions(s).filter((a) => a.type === "accuse");
  if (!legal.length) {
    const reason = view.turn.accused ? t("You have accused once this turn.")
      : t("You hold the accuser card: you cannot accuse until it leaves you.");
    return [h("p", { class: "hint", "data-testid": "accuse-reason" }, reason)];
  }
  const targets = [...new Set(legal.map((a) => a.target))];
  if (s.accuse.target === null) {
    return [h("p", { class: "hx-step" }, t("Whom do you accuse?")),
      h("div", { class: "hx-options target" }, targets.map((seat) => h("button", { type: "button", class: "hx-option",
        "data-testid": "accuse-target", "data-seat": seat, onclick: () => { s.accuse = { target: seat, character: null, confirm: false }; s.render(); } },
      seatToken(seat, ctx), ctx.nameOf(seat))))];
  }
  const name = ctx.nameOf(s.accuse.target);
  if (s.accuse.character === null) {
    return [h("p", { class: "hx-step" }, fmt("Who is %(name)s really?", { name })),
      h("div", { class: "hx-chars" }, CHARACTERS.map((id) => h("button", { type: "button", class: "hx-char",
        "data-testid": "accuse-char", "data-character": id,
        onclick: () => { s.accuse.character = id; s.accuse.confirm = true; s.render(); } },
      picture(ctx, id, "hx-char-pic"), h("span", { class: "hx-char-name" }, charName(ctx, id))))),
      h("button", { type: "button", class: "secondary", onclick: () => { s.accuse = unchosen(); s.render(); } }, t("Back"))];
  }
  return accuseConfirm(s, legal, name);
}

function accuseConfirm(s, legal, name) {
  const { ctx, accuse } = s;
  const action = legal.find((a) => a.target === accuse.target && a.character === accuse.character);
  return [h("div", { class: "hx-confirm", "data-testid": "accuse-confirm-box" },
    picture(ctx, accuse.character, "hx-char-pic"),
    h("p", { class: "hx-confirm-q" }, fmt("Accuse %(name)s of being %(character)s?", { name, character: charName(ctx, accuse.character) })),
    h("p", { class: "hint" }, fmt("Right: %(name)s is out and you get their resources. Wrong: you are out.", { name }))),
  pinned(h("div", { class: "hx-row" },
    h("button", { type: "button", class: "secondary", "data-testid": "accuse-cancel",
      onclick: () => { s.accuse = unchosen(); s.render(); } }, t("Cancel")),
    bigButton(s, t("Yes, accuse"), "accuse-confirm", () => send(s, action), { cls: "danger", disabled: !action })))];
}
