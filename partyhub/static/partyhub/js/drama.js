// Drama on the TV: the moments that matter, told by the game's own module
// (games/<game>/static/<game>/drama.js: moments(before, after, ctx) from two public views),
// each with a synthesised sting (sound.js), a short banner, and effects on the elements it
// names, played with the Web Animations API; tokens marked data-flip glide to their new place
// (FLIP). The game's screen already shows the end state of every moment: the banner repeats it
// and the animations only lead to it, so nothing waits for them. A screen that joins mid-way has
// no "before": no moment, it shows the end state at once. With prefers-reduced-motion there is
// neither banner nor motion; the stings still play. A sting is never heard alone: its moment's
// banner shows it, or, without a banner, its cue is written in the captions (captions.js):
// "♪", the moment's icon and its `cue` (or its text), for the players who cannot hear it.
//
// Moments take turns: one banner and one sting at a time, each held its time, then the next
// (two deaths at dawn are the dawn, then one death, then the other), whether they came in one
// frame or in frames close together. A moment's effects play with its banner. Each turn is due
// by the server's clock (cue.js): its frame's time plus the cue's lead, or the end of the turn
// before; so the TV and every remote player's device play each moment together, and a device
// that fell behind skips the turns already over instead of replaying them.

import { h, t, morph } from "./dom.js";
import { sting, muted, muteSet } from "./sound.js";
import { cueShow } from "./captions.js";
import { cueDue, cueWait } from "./cue.js";

const BANNER_MS = 2600; // the banner's animation (hub.css); it removes itself then in any case
const STING_MS = 900; // a moment without a banner: its sting's time before the next moment
const CUE_MS = 2200; // its written cue: long enough to read (the next moment's replaces it)

export const reducedMotion = () =>
  Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

function flipMeasure(root) {
  const rects = new Map();
  for (const el of root.querySelectorAll("[data-flip]")) rects.set(el.dataset.flip, el.getBoundingClientRect());
  return rects;
}

function flipPlay(root, before) {
  if (reducedMotion()) return;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const old = before.get(el.dataset.flip);
    if (!old) continue;
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 1100, easing: "cubic-bezier(.3, .8, .3, 1)" });
  }
}

// What a moment's targets do: each ends where the element already is.
const EFFECTS = {
  flip: [{ transform: "perspective(600px) rotateY(90deg)", opacity: 0.2 }, { transform: "none", opacity: 1 }],
  land: [{ transform: "translateY(-3em) scale(2.2)", opacity: 0 }, { transform: "translateY(.2em) scale(.9)", opacity: 1, offset: 0.7 }, { transform: "none", opacity: 1 }],
  shake: [{ transform: "translateX(0)" }, { transform: "translateX(-.4em)" }, { transform: "translateX(.4em)" }, { transform: "translateX(-.25em)" }, { transform: "translateX(.25em)" }, { transform: "none" }],
  pop: [{ transform: "scale(.4)", opacity: 0 }, { transform: "scale(1.15)", opacity: 1, offset: 0.6 }, { transform: "none", opacity: 1 }],
  brighten: [{ filter: "brightness(.35) saturate(.4)" }, { filter: "none" }],
  fall: [{ filter: "none", transform: "none" }, { filter: "grayscale(1) brightness(.6)", transform: "rotate(-4deg) translateY(.3em)", offset: 0.5 }, { filter: "none", transform: "none" }],
};

// An effect slower than the others' 900 ms: a whole screen brightening takes its time.
const DURATIONS = { brighten: 2400 };

function effectsPlay(root, targets) {
  if (reducedMotion()) return;
  targets.forEach(({ selector, effect, delay = 0 }, index) => {
    for (const el of selector === ":scope" ? [root] : root.querySelectorAll(selector)) {
      el.animate(EFFECTS[effect] || EFFECTS.pop, {
        duration: DURATIONS[effect] || 900, delay: delay || index * 120, easing: "ease-out", fill: "backwards",
      });
    }
  });
}

function layer() {
  let el = document.getElementById("drama-layer");
  if (!el) {
    el = h("div", { id: "drama-layer", "aria-live": "polite" });
    document.body.append(el);
  }
  return el;
}

function banner(moment) {
  const el = h("div", { class: `drama-banner drama-${moment.kind}`, "data-testid": "drama-banner", "data-kind": moment.kind },
    moment.icon ? h("span", { class: "drama-icon", "aria-hidden": "true" }, moment.icon) : null,
    h("span", { class: "drama-text" }, moment.text));
  const done = () => el.remove();
  el.addEventListener("animationend", done);
  setTimeout(done, BANNER_MS + 400);
  layer().replaceChildren(el); // the last one's time is over (its animationend may come later)
}

// The TV's mute, kept per device.
function muteButton(el) {
  const on = muted();
  morph(el, h("button", {
    type: "button", class: "drama-mute", "data-testid": "mute", "aria-pressed": String(on),
    title: on ? t("Sound: off") : t("Sound: on"),
    onclick: () => { muteSet(!muted()); muteButton(el); },
  }, on ? t("Sound: off") : t("Sound: on")));
  // The audience's tally strip starts where the button ends, however long its words are.
  document.documentElement.style.setProperty("--tv-mute-width", `${el.getBoundingClientRect().width}px`);
}

// The moments waiting their turn, each with the screen it plays on and when it is due (the
// server's clock), the end of the last turn staged, and who waits for quiet.
const queue = [];
let playing = false;
let turnsEnd = 0;
const quietWaiters = [];

// A moment's turn, the same on every board (with or without reduced motion), so that they
// keep time together.
const turnLength = (moment) => (moment.text ? BANNER_MS : moment.sound ? STING_MS : 0) / 1000;

function playNext() {
  while (queue.length) {
    const wait = cueWait(queue[0].at);
    if (wait === null) {
      queue.shift(); // its turn is over: a device that fell behind does not replay it
      continue;
    }
    playing = true;
    if (wait > 0) {
      setTimeout(playNext, wait * 1000);
      return;
    }
    const { moment, root } = queue.shift();
    if (moment.sound) sting(moment.sound);
    const shown = Boolean(moment.text) && !reducedMotion();
    if (shown) banner(moment);
    else if (moment.sound) cueShow(["♪", moment.icon, moment.cue || moment.text].filter(Boolean).join(" "), CUE_MS);
    if (moment.targets) effectsPlay(root, moment.targets);
    setTimeout(playNext, turnLength(moment) * 1000);
    return;
  }
  playing = false;
  quietWaiters.splice(0).forEach((resolve) => resolve());
}

// Resolves once every moment staged so far has had its turn (at once when none waits): the
// recap lets the end's moments play before it covers the board.
export function dramaQuiet() {
  return playing ? new Promise((resolve) => quietWaiters.push(resolve)) : Promise.resolve();
}

// One per TV: wraps each redraw of the game's screen.
export function dramaStage(ctx) {
  let before = null; // the last public view drawn
  let drawn = null; // its version: a frame of the same version again (a sync) moves nothing
  const mute = h("div", { class: "drama-mute-box" });
  document.body.append(mute);
  muteButton(mute);
  return {
    draw(root, frame, redraw, moments) {
      const changed = before !== null && frame.version !== drawn;
      const rects = changed ? flipMeasure(root) : null;
      redraw();
      const view = frame.view;
      if (!view) return;
      if (rects) flipPlay(root, rects);
      const found = changed && moments ? moments(before, view, ctx) : [];
      before = view;
      drawn = frame.version;
      const due = cueDue(frame.server_time);
      for (const moment of found) {
        const at = Math.max(due, turnsEnd);
        turnsEnd = at + turnLength(moment);
        queue.push({ moment, root, at });
      }
      if (!playing && queue.length) playNext();
    },
  };
}
