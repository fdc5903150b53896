// Tiny DOM helpers. Text always goes in as text nodes, so names and answers are never HTML.

import { Idiomorph } from "../../vendor/idiomorph/idiomorph.esm.min.js";

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
    else if (key.startsWith("on") && typeof value === "function") listen(el, key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const present = (children) => children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false);

// Put these nodes in `root` in place of what it had (mounting a screen's fixed parts).
export function replace(root, ...children) {
  root.replaceChildren(...present(children));
}

// Handlers given to h() live here, not as listeners of their own: a morph keeps the page's
// element and hands it the new drawing's handlers, so a button never runs the last frame's.
const handlers = new WeakMap(); // element -> { event type: handler }

function dispatch(event) {
  const own = handlers.get(event.currentTarget);
  if (own && own[event.type]) own[event.type].call(event.currentTarget, event);
}

function listen(el, type, handler) {
  if (!handlers.has(el)) handlers.set(el, {});
  handlers.get(el)[type] = handler;
  el.addEventListener(type, dispatch);
}

function handlersTake(target, source) {
  const own = handlers.get(source);
  if (!own && !handlers.has(target)) return;
  handlers.set(target, { ...own });
  for (const type of Object.keys(own || {})) target.addEventListener(type, dispatch);
}

// The same for a whole subtree the morph inserted as a copy of the drawing (same shape).
function handlersTakeTree(target, source) {
  const targets = [target, ...target.querySelectorAll("*")];
  const sources = [source, ...source.querySelectorAll("*")];
  targets.forEach((el, i) => handlersTake(el, sources[i]));
}

let drawn = null; // the drawing's node the morph is inserting a copy of

const MORPH = {
  morphStyle: "innerHTML",
  callbacks: {
    beforeNodeMorphed(old, next) {
      if (old.nodeType === Node.ELEMENT_NODE) handlersTake(old, next);
      return true;
    },
    beforeNodeAdded(next) {
      drawn = next;
      return true;
    },
    afterNodeAdded(added) {
      if (drawn && added !== drawn && added.nodeType === Node.ELEMENT_NODE) handlersTakeTree(added, drawn);
      drawn = null;
    },
    // What belongs to the user, not to the frame: whether a panel is open, the text of the
    // field being typed in, and of a field drawn without a value (a fake answer being typed, say).
    beforeAttributeUpdated(name, el, change) {
      if (name === "open" && el.localName === "details") return false;
      if (name === "value" && (change === "remove" || el === document.activeElement)) return false;
      return true;
    },
  },
};

// Redraw `root` as these children: the page keeps its elements where they match (open panels,
// typed text, focus and scroll survive a frame) and changes only what differs.
export function morph(root, ...children) {
  const nodes = present(children).map((c) => (c instanceof Node ? c : document.createTextNode(String(c))));
  Idiomorph.morph(root, nodes, MORPH);
}

// The server's clock as this screen estimates it (epoch seconds): every frame carries the
// server's time, so a phone whose own clock is off still counts down with the TV, and every
// board plays its cues together (cue.js). A frame's time less this screen's when it arrives is
// the clocks' difference less the frame's time on the way: the largest seen (the quickest
// frame) is the estimate, so frames that arrive late (a slow device catching up) pull it no
// lower. It loosens by CLOCK_DRIFT a second to follow a drifting clock, and a frame more than
// CLOCK_JUMP behind it means this device's clock was set: the estimate starts again.
const CLOCK_DRIFT = 0.002;
const CLOCK_JUMP = 30;
let clockSkew = null;
let clockSkewAt = 0;

let clockFrozen = null; // the server's time a paused game stands at, else null

export function serverClockSeen(serverTime, paused = false) {
  if (typeof serverTime !== "number") return;
  clockFrozen = paused ? serverTime : null;
  if (paused) return;
  const now = Date.now() / 1000;
  const seen = serverTime - now;
  const kept = clockSkew === null ? null : clockSkew - (now - clockSkewAt) * CLOCK_DRIFT;
  clockSkew = kept === null || seen > kept || seen < kept - CLOCK_JUMP ? seen : kept;
  clockSkewAt = now;
}

export function serverNow() {
  return clockFrozen ?? Date.now() / 1000 + (clockSkew ?? 0);
}

// Seconds left until an absolute deadline (epoch seconds, the server's clock), never negative.
export function secondsLeft(deadline) {
  if (!deadline) return null;
  return Math.max(0, Math.ceil(deadline - serverNow()));
}

// One message at a time above the page (the newest replaces the last), in the page's flow so it
// covers no control at rest, and stuck to the viewport's top on a scrolled page (hub.css), said
// by screen readers (an alert, or a status for news); it leaves after a few seconds.
export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.replaceChildren(el);
  setTimeout(() => el.remove(), 4000);
}
