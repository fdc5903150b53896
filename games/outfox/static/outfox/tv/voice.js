// The TV reads the card aloud (the room's option and this TV's own switch, kept in its local
// storage): once per turn when the read phase starts, at the same moment on every remote player's
// board (cue.js). Browsers refuse to speak on a page nobody has touched yet: until then (or a
// refusal) the switch asks for a tap, and that tap reads the answers instead of switching the
// voice off.

import { voiceButton } from "../../partyhub/js/widgets.js";
import { speak as speakLines, speechCancel, canSpeak } from "../../partyhub/js/captions.js";
import { cue } from "../../partyhub/js/cue.js";
import { letter } from "../common.js";

const SPEECH_KEY = "partyhub.outfox.speech";

export function speechLocal() {
  try { return localStorage.getItem(SPEECH_KEY) !== "off"; } catch { return true; }
}

function speechLocalSet(on) {
  try { localStorage.setItem(SPEECH_KEY, on ? "on" : "off"); } catch { /* private mode */ }
}

function speak(s) {
  const { view } = s;
  if (!view || !view.card) return;
  // The card is read in its own language (an English card in a Spanish room keeps its voice).
  speakLines([view.card.question, view.card.source, ...view.answers.map((answer, i) => `${letter(i)}. ${answer}`)], {
    lang: view.card.language || document.documentElement.lang || "en",
    rate: 0.95,
    onRefused: () => { if (!s.speechBlocked) { s.speechBlocked = true; s.render(); } },
    onStart: () => { if (s.speechBlocked) { s.speechBlocked = false; s.render(); } },
  });
}

// Speak once per turn, when the read phase starts.
export function speechMaybe(s) {
  const { view } = s;
  if (view.phase !== "read" || s.spokenTurn === view.turn) return;
  s.spokenTurn = view.turn;
  const turn = view.turn;
  if (view.options.speech && s.speechOn) cue(s.builtAt, () => { if (s.view.turn === turn) speak(s); });
}

function speechToggle(s) {
  const { view } = s;
  if ((s.speechBlocked || !s.heard) && s.speechOn) {
    // This tap is what the browser wanted: read the answers now.
    s.speechBlocked = false;
    s.heard = true;
    if (view && view.phase === "read") speak(s);
    s.render();
    return;
  }
  s.speechOn = !s.speechOn;
  speechLocalSet(s.speechOn);
  if (!s.speechOn) speechCancel();
  else if (s.speechOn && view && view.phase === "read") speak(s);
  s.render();
}

// The switch in the header, while the room reads its cards aloud.
export function speechButton(s) {
  const { view } = s;
  return view.options.speech && canSpeak() && view.phase !== "over"
    ? voiceButton({ on: s.speechOn, asking: s.speechBlocked || !s.heard, onclick: () => speechToggle(s), testid: "speech-toggle" })
    : null;
}
