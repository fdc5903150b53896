// The narrator's voice on this TV: each new set of lines spoken once, with the browser's speech
// in the page's language, unless switched off on this TV (kept in its local storage) or by the
// room's options.

import { voiceButton } from "../../partyhub/js/widgets.js";
import { speak, speechCancel } from "../../partyhub/js/captions.js";
import { cue } from "../../partyhub/js/cue.js";
import { lineText } from "../common.js";

const VOICE_KEY = "partyhub.werewolf.voice"; // "off" when this TV's speech is switched off

export function voiceStored() {
  try { return localStorage.getItem(VOICE_KEY) !== "off"; } catch { return true; }
}

// Browsers speak only on a page someone has touched: until then the button asks for a tap,
// and that tap speaks the current lines instead of switching the voice off.
function voiceClick(s) {
  if (s.voiceOn && !s.heard) {
    s.heard = true;
    s.spokenId = null;
    narrate(s, true);
    s.render();
    return;
  }
  voiceToggle(s);
}

function voiceToggle(s) {
  s.voiceOn = !s.voiceOn;
  try { localStorage.setItem(VOICE_KEY, s.voiceOn ? "on" : "off"); } catch { /* private mode */ }
  if (!s.voiceOn) speechCancel();
  s.render();
}

const voiceAllowed = (s) => Boolean(s.view && s.view.options["narration.voice"]);

// The voice's switch in the header, when the room's options let the TV speak.
export function voiceSwitch(s) {
  return voiceAllowed(s) ? voiceButton({ on: s.voiceOn, asking: !s.heard, onclick: () => voiceClick(s) }) : null;
}

// Speak each new set of lines once, in the page's language (the room's, as the server chose
// it), when its frame's cue is due: on the TV and every remote player's board at once, by the
// server's clock (cue.js); a slow device that missed the moment speaks them at once. A tap
// on "Tap to hear" speaks them now. captions.js writes each line on the screen while it is
// spoken.
export function narrate(s, now = false) {
  const narration = s.view.narration;
  if (narration.id === s.spokenId) return;
  s.spokenId = narration.id;
  if (now) say(s, narration);
  else cue(s.builtAt, () => { if (s.view.narration.id === narration.id) say(s, narration); });
}

function say(s, narration) {
  if (!s.voiceOn || !voiceAllowed(s)) return;
  speak(narration.lines.map((line) => lineText(s.ctx, line)), { queue: true });
}
