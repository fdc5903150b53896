// The pick not yet confirmed, kept across a reload: in this tab's session storage, under the
// room's code, for the prompt it answers (a new prompt finds none).

const draftStore = (s) => `partyhub.werewolf.${s.ctx.page.code}.draft`;

// The prompt a draft belongs to: the night or day, the phase, the step and the kind.
export function promptKey(s) {
  const { view } = s;
  const prompt = view && view.me && view.me.prompt;
  if (!prompt) return null;
  return [view.night, view.day, view.phase, prompt.step || "", prompt.kind].join(":");
}

export function draftGet(s) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(draftStore(s)) || "null");
    return saved && saved.key === promptKey(s) ? saved.value : null;
  } catch { return null; }
}

export function draftSet(s, value) {
  try { sessionStorage.setItem(draftStore(s), JSON.stringify({ key: promptKey(s), value })); } catch { /* private mode */ }
  s.render();
}
