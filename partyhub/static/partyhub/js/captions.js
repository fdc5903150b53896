// Captions: everything a screen says aloud is also written on it, for the players who cannot
// hear it. Every spoken line goes through speak() here (the TV's narrator, the how-to-play
// intro, a card read aloud): no game calls speechSynthesis itself. Each line is shown while
// its voice speaks it (from the utterance's start to its end), cut into pieces of at most two
// lines, the piece following the voice (its word boundaries where the browser reports them,
// else the time a piece takes to say). A line the browser refuses to speak is not captioned:
// the captions never show more than the voice says. Sounds that mean something (drama.js's
// stings) are written here too, as a short cue ("♪ …") held for a moment. Speech comes first: a
// cue never takes the box from a line being spoken (nor from its last piece's hold), it waits
// until the voice is done and is then shown for its whole moment (a newer cue replaces one
// waiting or shown); a line spoken while a cue shows takes the box at once, and what is left of
// the cue's moment is shown after it.
//
// API: speak(lines, options), speechCancel(), canSpeak(), cueShow(text, ms); the box is made on
// first use, fixed at the bottom of the screen (hub.css, .captions).

const PIECE_CHARS = 110; // at most two lines of the TV's 28 px captions between its corners
const CHARS_PER_SECOND = 14; // a voice at rate 1, for pieces whose boundaries are not reported
const HOLD_MS = 900; // the last piece stays this long after the voice has finished

let box = null;
let spoken = ""; // the piece of the line being spoken now
let cue = ""; // a sound's cue, shown when no speech is, for its moment
let cueLeft = 0; // ms of its moment still to be shown
let cueSince = 0; // when it was last put up (its clock runs only while it shows)
let cueTimer = null; // set while the cue shows
let holdTimer = null;
let run = 0; // the current speak() call: callbacks of a cancelled one do nothing

function boxGet() {
  if (!box) {
    box = document.createElement("div");
    box.className = "captions";
    box.dataset.testid = "captions";
    box.hidden = true;
    // Screen readers get the game's own live regions; this is the sound, written.
    box.setAttribute("aria-hidden", "true");
    document.body.append(box);
  }
  return box;
}

function draw() {
  const el = boxGet();
  const cueShown = Boolean(cue) && !spoken;
  if (cueShown && !cueTimer) {
    cueSince = Date.now();
    cueTimer = setTimeout(cueEnd, cueLeft);
  } else if (!cueShown && cueTimer) {
    clearTimeout(cueTimer); // speech took the box: the rest of the moment waits for it
    cueTimer = null;
    cueLeft = Math.max(0, cueLeft - (Date.now() - cueSince));
  }
  const text = spoken || cue;
  el.textContent = text;
  el.classList.toggle("cue", cueShown);
  el.hidden = !text;
  if (cueShown) cueFit(el);
}

// A cue taller than the captions' strip (two 20-letter names on a remote phone's upright board)
// loses words from its end, "…" in their place, until it fits; speech is cut into pieces instead.
function cueFit(el) {
  let words = cue.split(" ");
  while (el.scrollHeight > el.clientHeight + 1 && words.length > 2) {
    words = words.slice(0, -1);
    el.textContent = `${words.join(" ")}…`;
  }
}

function cueEnd() {
  cueTimer = null;
  cue = "";
  draw();
}

// A line cut at word boundaries into pieces of at most PIECE_CHARS, each with its offset.
function pieces(line) {
  const found = [];
  let start = 0;
  while (start < line.length) {
    let end = Math.min(line.length, start + PIECE_CHARS);
    if (end < line.length) {
      const space = line.lastIndexOf(" ", end);
      if (space > start) end = space;
    }
    found.push({ at: start, text: line.slice(start, end).trim() });
    start = end;
    while (line[start] === " ") start++;
  }
  return found.filter((piece) => piece.text);
}

export function canSpeak() {
  return "speechSynthesis" in window && typeof window.SpeechSynthesisUtterance === "function";
}

// Stop speaking and take the captions down (a cue keeps its moment).
export function speechCancel() {
  run++;
  clearTimeout(holdTimer);
  if (canSpeak()) window.speechSynthesis.cancel();
  spoken = "";
  draw();
}

// Say these lines one after the other, in `lang` (a voice of that language when the browser
// has one), each captioned while it is spoken. onStart(): the voice has started (the browser let
// it); onRefused(): the browser refused (no click on the page yet); onEnd(): the last line has
// been said. Whatever was being said before stops, unless `queue` (then these lines follow it).
// False when the browser cannot speak.
export function speak(lines, { lang = document.documentElement.lang || "en", rate = 1, queue = false, onStart, onRefused, onEnd } = {}) {
  const said = lines.filter((line) => line && String(line).trim()).map(String);
  if (!queue) speechCancel();
  if (!canSpeak() || !said.length) return false;
  const mine = run;
  let refusedTold = false;
  const synth = window.speechSynthesis;
  const voice = (synth.getVoices() || []).find((v) => v.lang && v.lang.toLowerCase().startsWith(lang.toLowerCase()));
  said.forEach((line, index) => {
    const parts = pieces(line);
    let shown = -1;
    let timers = [];
    const showPiece = (i) => {
      if (mine !== run || i <= shown || i >= parts.length) return;
      shown = i;
      clearTimeout(holdTimer);
      spoken = parts[i].text;
      draw();
    };
    const utterance = new window.SpeechSynthesisUtterance(line);
    utterance.lang = lang;
    utterance.rate = rate;
    if (voice) utterance.voice = voice;
    utterance.onstart = () => {
      if (mine !== run) return;
      if (onStart) onStart();
      showPiece(0);
      timers = parts.slice(1).map((part, i) =>
        setTimeout(() => showPiece(i + 1), (part.at / (CHARS_PER_SECOND * rate)) * 1000));
    };
    utterance.onboundary = (event) => {
      const i = parts.findLastIndex((part) => part.at <= event.charIndex);
      showPiece(i);
    };
    const finished = (refused) => {
      timers.forEach(clearTimeout);
      if (mine !== run) return;
      if (refused) {
        spoken = "";
        draw();
        if (onRefused && !refusedTold) onRefused();
        refusedTold = true;
        return;
      }
      if (index === said.length - 1) {
        holdTimer = setTimeout(() => { if (mine === run) { spoken = ""; draw(); } }, HOLD_MS);
        if (onEnd) onEnd();
      }
    };
    utterance.onend = () => finished(false);
    utterance.onerror = (event) => finished(event.error === "not-allowed");
    synth.speak(utterance);
  });
  return true;
}

// A sound's meaning, written for `ms` (drama.js: each sting's moment), once no speech is shown.
export function cueShow(text, ms) {
  clearTimeout(cueTimer);
  cueTimer = null;
  cue = text;
  cueLeft = ms;
  draw();
}
