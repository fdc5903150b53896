// The TV's sound effects and short stings, synthesised in the browser with WebAudio: no file
// is downloaded. Each sting is a few notes of simple oscillators with a short envelope. The TV
// has a mute, kept per device (localStorage). Browsers start audio only after a click on the
// page, so the context is made on the first sting and resumed on the next click.

const MUTE_KEY = "partyhub.mute";

let context = null;

export function muted() {
  try { return localStorage.getItem(MUTE_KEY) === "on"; } catch { return false; }
}

export function muteSet(on) {
  try { localStorage.setItem(MUTE_KEY, on ? "on" : "off"); } catch { /* private mode */ }
  if (on && context) context.suspend().catch(() => {});
}

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    context = new Context();
    document.addEventListener("pointerdown", () => { if (!muted()) context.resume().catch(() => {}); });
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// One note: frequency (Hz, or [from, to] for a slide), start and length (s), wave, loudness.
function note(ctx, at, { freq, start = 0, length = 0.2, wave = "sine", gain = 0.2 }) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = wave;
  const [from, to] = Array.isArray(freq) ? freq : [freq, freq];
  osc.frequency.setValueAtTime(from, at + start);
  if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + start + length);
  amp.gain.setValueAtTime(0.0001, at + start);
  amp.gain.exponentialRampToValueAtTime(gain, at + start + 0.02);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(at + start);
  osc.stop(at + start + length + 0.05);
}

// Notes rising or falling one after the other (for a game's own stings as for these).
export const arpeggio = (freqs, step, wave, gain = 0.18) =>
  freqs.map((freq, i) => ({ freq, start: i * step, length: step * 1.6, wave, gain }));

// The stings every game may ask for by name. A game's own stings are its notes (lists like
// these), which its moments give instead of a name (games/<game>/static/<game>/drama.js).
export const STINGS = {
  tick: [{ freq: 880, length: 0.06, wave: "square", gain: 0.06 }],
  reveal: arpeggio([523, 659], 0.09, "triangle"),
  right: arpeggio([523, 659, 784], 0.08, "triangle"),
  wrong: [{ freq: [330, 196], length: 0.35, wave: "sawtooth", gain: 0.1 }],
  move: arpeggio([392, 440, 494, 523, 587], 0.06, "sine", 0.12),
  ballots: [{ freq: 220, length: 0.08, wave: "square", gain: 0.08 }, { freq: 220, start: 0.12, length: 0.08, wave: "square", gain: 0.08 }, { freq: 330, start: 0.24, length: 0.25, wave: "triangle" }],
  out: arpeggio([392, 330, 262, 196], 0.14, "triangle"),
  win: arpeggio([523, 659, 784, 1047, 1319], 0.1, "triangle", 0.2),
};

// Play a sting now: one of STINGS by name, or a game's own notes (nothing when muted, unknown,
// or the browser has no WebAudio).
export function sting(sound) {
  const notes = Array.isArray(sound) ? sound : STINGS[sound];
  if (!notes || muted()) return false;
  const ctx = audio();
  if (!ctx) return false;
  const at = ctx.currentTime + 0.02;
  for (const spec of notes) note(ctx, at, spec);
  return true;
}
