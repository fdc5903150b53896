// Small pieces every game screen uses: its stylesheet, countdowns, the pinned bottom bar, seat
// colours and lists of names. Text always goes in as text nodes (see dom.js).

import { h, morph, t, fmt, secondsLeft } from "./dom.js";

const SEAT_COLORS = ["#ffb400", "#38d98a", "#4ab3ff", "#ff6bd6", "#b58cff", "#ff7a59", "#00d1c1",
  "#e8e36a", "#ff5c7a", "#9fe870"];

const sheets = new Map(); // href -> a promise settled once the sheet has loaded (or failed)

// A game's stylesheet, once per page (`url` is usually the sheet beside the game's module, made
// from its import.meta.url).
// The promise lets a screen stay invisible until it is styled, instead of flashing raw markup.
export function styleLoad(url) {
  const href = String(url);
  if (!sheets.has(href)) {
    sheets.set(href, new Promise((resolve) => {
      const link = h("link", { rel: "stylesheet", href });
      link.addEventListener("load", resolve);
      link.addEventListener("error", resolve);
      document.head.append(link);
    }));
  }
  return sheets.get(href);
}

// Keep `root` hidden until `loading` (a styleLoad promise) settles.
export function hiddenUntil(root, loading) {
  root.style.visibility = "hidden";
  loading.then(() => { root.style.visibility = ""; });
}

// A countdown to an absolute deadline (epoch seconds); the shell refreshes its text every 250 ms
// (and marks it `urgent` for the last five seconds). Null without a deadline. Its label says
// what the bare number counts.
export function countdown(deadline, cls = "") {
  if (!deadline) return null;
  const left = secondsLeft(deadline);
  return h("span", { class: `clock ${cls}`, "data-deadline": deadline, "data-testid": "countdown",
    role: "timer", "aria-label": t("Seconds left"), title: t("Seconds left") }, String(left));
}

// A phone's "nothing to do now" card: what is happening, and what comes next.
export function waitingCard(title, hint = null, { testid = "waiting", cls = "" } = {}) {
  return h("div", { class: `wait-card ${cls}`, "data-testid": testid }, h("p", { class: "wait-title" }, title),
    hint ? h("p", { class: "hint" }, hint) : null);
}

// The main action of a phone screen, pinned at the bottom under the thumb.
export function pinned(...children) {
  return h("div", { class: "pinned" }, children);
}

export function seatColor(seat) {
  return SEAT_COLORS[seat % SEAT_COLORS.length];
}

// "Ada", "Ada and Bo", "Ada, Bo and Cy".
export function namesJoin(names) {
  if (names.length < 2) return names[0] || "";
  return fmt("%(list)s and %(last)s", { list: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

// Press-and-hold to see a secret (a phone's card): `onChange(true)` while the element is held
// (pointer, or Space/Enter), `onChange(false)` once it is let go, the focus leaves, or the page
// is hidden, so a card never stays shown on a phone put down mid-hold. Only the finger that
// pressed it lets it go: another finger may tap elsewhere meanwhile (a wolf holding the pack's
// board while pointing at a victim).
export function holdToShow(el, onChange) {
  el.dataset.hold = ""; // (the browser sweep holds each one, to check what it shows)
  let held = null; // the pointer holding it, "key" for the keyboard, null when let go
  const show = (event, by) => {
    if (event) event.preventDefault();
    if (held !== null) return;
    held = by;
    onChange(true);
  };
  const hide = (event) => {
    if (held === null) return;
    if (event && event.pointerId !== undefined && event.pointerId !== held) return;
    held = null;
    onChange(false);
  };
  el.addEventListener("pointerdown", (event) => show(event, event.pointerId));
  el.addEventListener("contextmenu", (event) => event.preventDefault());
  el.addEventListener("keydown", (event) => { if (event.key === " " || event.key === "Enter") show(event, "key"); });
  el.addEventListener("keyup", () => hide());
  el.addEventListener("blur", () => hide());
  window.addEventListener("pointerup", hide);
  window.addEventListener("pointercancel", hide);
  window.addEventListener("blur", () => hide());
  document.addEventListener("visibilitychange", () => hide());
}

// A phone's secret card, drawn into its holdToShow button `el` (which stays in place between
// frames, so a hold survives a frame arriving mid-hold): hidden when the phone has no card
// (`shown` false), its back while let go (a "?" and the game's `title` and `hint`), `face()`
// while `held`. The game's classes are `<prefix>-cardback` and `<prefix>-peek-text`; the button
// has `open` while held.
export function cardHeld(el, { shown, held, prefix, title, hint, face }) {
  el.hidden = !shown;
  if (!shown) return;
  el.classList.toggle("open", held);
  if (held) {
    morph(el, face());
    return;
  }
  morph(el, h("span", { class: `${prefix}-cardback`, "aria-hidden": "true" }, h("span", {}, "?")),
    h("span", { class: `${prefix}-peek-text` }, h("b", {}, title), h("small", {}, hint)));
}

// Whether someone has touched this page: until then the browser refuses to speak.
export const pageTouched = () => !navigator.userActivation || navigator.userActivation.hasBeenActive;

// The TV's own voice (a narrator, a card read aloud), one control in every game: "Voice: on" or
// "Voice: off"; while the browser will not speak (`asking`: nobody has touched the page yet, or
// it refused a line), gold, "Tap to hear the TV", and that tap speaks what is due.
export function voiceButton({ on, asking, onclick, testid = "voice" }) {
  return h("button", { type: "button", class: `voice-switch ${on ? "on" : "off"} ${on && asking ? "ask" : ""}`,
    "data-testid": testid, "aria-pressed": String(on), "data-heard": String(!asking), onclick },
  !on ? t("Voice: off") : asking ? t("Tap to hear the TV") : t("Voice: on"));
}
