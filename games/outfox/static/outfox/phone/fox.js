// The reader writes the Fox: the field (its draft kept through a reload, the server's refusal
// under it), a pair's proposal to approve or reject, and the secret card below.

import { h, t, fmt } from "../../partyhub/js/dom.js";
import { questionBlock, secretList, bigButton } from "./parts.js";

const FOX_MAX = 60;

// What the phone keeps of the Fox being written (its ``fox``): the text typed, the server's last
// refusal of it, and the turn they belong to.
export function foxLocal() {
  return { text: "", error: null, turn: null };
}

// A half-typed Fox survives a reload: kept per room and turn in this tab's session storage.
const draftKey = (s) => `partyhub.fox-draft.${s.ctx.page.code}.${s.view.turn}`;
const draftSave = (s) => { try { sessionStorage.setItem(draftKey(s), s.fox.text); } catch { /* private mode */ } };
const draftRead = (s) => { try { return sessionStorage.getItem(draftKey(s)) || ""; } catch { return ""; } };

// What a pair's reader sees above the field: their proposal waiting, the partner's to judge, or
// the partner's refusal of theirs.
function pairBox(s, me) {
  const { ctx } = s;
  const proposal = me.proposal;
  if (proposal && proposal.by === me.seat) {
    return h("p", { class: "ofx-proposal", "data-testid": "fox-pending" },
      fmt("Waiting for %(name)s to approve “%(text)s”.", { name: ctx.nameOf(me.partner), text: proposal.text }));
  }
  if (proposal) {
    return h("div", { class: "ofx-proposal" },
      h("p", {}, fmt("%(name)s proposes “%(text)s”.", { name: ctx.nameOf(proposal.by), text: proposal.text })),
      h("div", { class: "ofx-row" },
        bigButton(t("Approve"), "fox-approve", () => s.act({ type: "approve_fox" }), { cls: "good" }),
        bigButton(t("Reject"), "fox-reject", () => s.act({ type: "reject_fox" }), { cls: "secondary" })));
  }
  if (me.rejected_by !== null && me.rejected_by !== undefined && me.rejected_by !== me.seat) {
    return h("p", { class: "ofx-proposal rejected", role: "status", "data-testid": "fox-rejected" },
      fmt("%(name)s rejected your Fox. Write another one.", { name: ctx.nameOf(me.rejected_by) }));
  }
  return null;
}

function foxForm(s, pair) {
  const fox = s.fox;
  const submit = (event) => {
    event.preventDefault();
    fox.error = null;
    s.act({ type: "fox", text: fox.text });
    s.render();
  };
  const typed = (event) => { fox.text = event.target.value; draftSave(s); s.render(); };
  return h("form", { class: "ofx-fox-form", onsubmit: submit },
    h("label", { class: "ofx-fox-label", for: "fox-input" }, h("span", {}, t("Your Fox answer")),
      h("span", { class: "ofx-counter" }, `${fox.text.length} / ${FOX_MAX}`)),
    h("input", { id: "fox-input", type: "text", value: fox.text, maxlength: FOX_MAX, autocomplete: "off",
      enterkeyhint: "send", "data-testid": "fox-input", "aria-label": t("Your Fox answer"), oninput: typed }),
    fox.error ? h("p", { class: "error", role: "alert", "data-testid": "fox-error" }, fox.error) : null,
    h("button", { type: "submit", class: "big", "data-testid": "fox-submit" },
      pair ? t("Propose this Fox") : t("Set the Fox")));
}

export function readerFox(s) {
  const { view } = s;
  const me = view.me;
  if (s.fox.turn !== view.turn) {
    s.fox.turn = view.turn;
    s.fox.text = draftRead(s);
    s.fox.error = null;
  }
  const proposal = me.proposal;
  return [
    h("h2", {}, t("Write the Fox")),
    h("p", { class: "hint" }, t("Make up a fake answer that could pass for one of the real Top 5.")),
    questionBlock(me.card),
    // What to do first (the partner's answer, the Fox to type), then the real ranks to read.
    pairBox(s, me),
    foxForm(s, me.partner !== null),
    secretList(me, { foxText: proposal ? proposal.text : null }),
  ];
}
