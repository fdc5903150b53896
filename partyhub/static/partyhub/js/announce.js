// What a screen reader says on its own on a phone: the phase and the player's task when they
// change, a game's news (an answer moved in a ranking), and a countdown's last 30 and 10
// seconds. One polite live region, outside every drawn screen: the screens are morphed on every
// frame, and a region that a morph rebuilt or refilled would be read again or not at all; this
// one only changes when there is something new to say.

import { h, t, nt, fmt } from "./dom.js";

let region = null;
let phaseSaid = null; // the last phase-and-task text said
let news = false; // a trailing mark, so the same news twice is still a change the reader says
const clocks = new Map(); // deadline -> seconds left when last seen

function regionGet() {
  if (!region) {
    region = h("div", { id: "announcer", class: "sr-only", role: "status", "aria-live": "polite",
      "aria-atomic": "true", "data-testid": "announcer" });
    document.body.append(region);
  }
  return region;
}

// Created at once (a live region must be in the page before it changes to be heard).
export function announcerMount() {
  regionGet();
}

// What just happened (`news`: the game's public events since the last frame, as its TV shows
// them, in order), then the phase and what this player is to do now: the phase said only when
// its text changes (a frame redrawing the same phase says nothing), the news whenever there is.
export function phaseAnnounce(text, news = []) {
  const fresh = text && text !== phaseSaid ? text : null;
  if (text) phaseSaid = text;
  if (news.length) announce(sentences(...news, fresh));
  else if (fresh) regionGet().textContent = fresh;
}

// Something that just happened, said now (even if the same words were said before).
export function announce(text) {
  if (!text) return;
  news = !news;
  regionGet().textContent = news ? text : `${text}\u00a0`;
}

// A countdown read at sensible moments: when it passes 30 and 10 seconds left, not every
// second, and not on a screen that first sees it already past them.
const MOMENTS = [30, 10];

export function clockAnnounce(deadline, left) {
  const before = clocks.get(deadline);
  clocks.set(deadline, left);
  if (clocks.size > 8) clocks.delete(clocks.keys().next().value);
  if (before === undefined || left === null) return;
  const moment = MOMENTS.find((seconds) => before > seconds && left <= seconds);
  if (moment) announce(fmt(nt("%(n)s second left", "%(n)s seconds left", moment), { n: moment }));
}

// The lobby's line: who starts the game.
export function lobbySpeech(frame, ctx) {
  let task = t("Waiting for the host to start the game.");
  if (ctx.isHost()) task = t("You are the host: start the game once everybody is in.");
  else if (frame.you && frame.you.audience) task = t("The room is full: you are in the audience.");
  return sentences(t("The lobby"), task);
}

// A paused game's line (the game's own comes back, and is said, on resume).
export function pausedSpeech() {
  return sentences(t("Paused"), t("The host paused the game: timers wait."));
}

// Parts said one after the other, each ended as a sentence ("Night 1", "The Seer wakes up" →
// "Night 1. The Seer wakes up."); empty parts left out.
export function sentences(...parts) {
  return parts.filter(Boolean).map((part) => (/[.!?…:]$/.test(part) ? part : `${part}.`)).join(" ");
}
