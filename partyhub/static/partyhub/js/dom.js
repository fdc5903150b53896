// Tiny DOM helpers. Text always goes in as text nodes, so names and answers are never HTML.

export const t = (msg) => (window.gettext ? window.gettext(msg) : msg);
export const fmt = (msg, params) =>
  window.interpolate ? window.interpolate(t(msg), params, true) : t(msg);
export const nt = (singular, plural, n) =>
  window.ngettext ? window.ngettext(singular, plural, n) : (n === 1 ? singular : plural);

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function replace(root, ...children) {
  root.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

// The server's clock as this screen estimates it (epoch seconds): every frame carries the
// server's time, so a phone whose own clock is off still counts down with the TV.
let clockSkew = 0;

export function serverClockSeen(serverTime) {
  if (typeof serverTime === "number") clockSkew = serverTime - Date.now() / 1000;
}

export function serverNow() {
  return Date.now() / 1000 + clockSkew;
}

// Seconds left until an absolute deadline (epoch seconds, the server's clock), never negative.
export function secondsLeft(deadline) {
  if (!deadline) return null;
  return Math.max(0, Math.ceil(deadline - serverNow()));
}

// One message at a time above the page (the newest replaces the last), in the page's flow so it
// never covers a control; it leaves after a few seconds.
export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.replaceChildren(el);
  setTimeout(() => el.remove(), 4000);
}
