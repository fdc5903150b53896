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

// Seconds left until an absolute deadline (epoch seconds), never negative.
export function secondsLeft(deadline, skew = 0) {
  if (!deadline) return null;
  return Math.max(0, Math.ceil(deadline - (Date.now() / 1000 + skew)));
}

export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(el);
  setTimeout(() => el.remove(), 5000);
}
