// Pieces several of the phone's screens share: this seat and its legal moves, sending one, the big
// buttons, the refusal's line, the waiting card, the three resource picks and an investigation's
// result. Each takes the phone's state (phone.js: its view, frame, ctx and this hand's choices).

import { h, fmt } from "../../partyhub/js/dom.js";
import { waitingCard } from "../../partyhub/js/widgets.js";
import { charName, picture, resName, resIcon } from "../common.js";

export const mySeat = (s) => (s.frame && s.frame.you && s.view && s.view.me ? s.view.me.seat : null);
export const actions = (s) => (s.view && s.view.me ? s.view.me.actions : []);
export const has = (s, type) => actions(s).some((a) => a.type === type);
export const busy = (s) => s.pending !== null && s.frame && s.pending === s.frame.version;

export function send(s, action) {
  s.pending = s.frame.version;
  s.lastError = null;
  s.ctx.act(action);
  s.render();
}

export function bigButton(s, label, testid, onclick, { disabled = false, cls = "", extra = {} } = {}) {
  return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled: disabled || busy(s), onclick, ...extra }, label);
}

export function errorLine(s) {
  return s.lastError ? h("p", { class: "error", role: "alert", "data-testid": "action-error" }, s.lastError) : null;
}

export const waitCard = (title, hint = null, testid = "waiting") => waitingCard(title, hint, { testid });

// Three big buttons, one per resource, for the legal `pick` actions (setup and the Butler's gift).
export function pickButtons(s, testid) {
  const picks = actions(s).filter((a) => a.type === "pick");
  return h("div", { class: "hx-picks" }, ["cash", "prestige", "evidence"].map((r) => {
    const action = picks.find((a) => a.resource === r);
    return h("button", { type: "button", class: "hx-pick", "data-testid": testid, "data-resource": r,
      disabled: !action || busy(s), onclick: () => send(s, action) },
    resIcon(r), h("span", {}, resName(r)), h("small", {}, fmt("%(n)s left", { n: s.view.supply[r] })));
  }));
}

// What an investigation showed: four cards, one of them the target's.
export function investigation(s, entry, index, latest) {
  const { ctx } = s;
  return h("li", { class: `hx-inv ${latest ? "latest" : ""}`, "data-testid": "investigation", "data-target": entry.target, "data-index": index },
    h("p", {}, fmt("%(name)s is one of these:", { name: ctx.nameOf(entry.target) })),
    h("div", { class: "hx-inv-cards" }, entry.cards.map((c) => h("span", { class: "hx-inv-card", "data-testid": "inv-card", "data-character": c },
      picture(ctx, c, "hx-inv-pic"), h("span", {}, charName(ctx, c))))));
}
