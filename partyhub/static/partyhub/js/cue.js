// When a board plays what a frame brings (a moment's sting and banner, the narrator's lines): at
// the server's time the frame was built plus CUE_LEAD, by the server's clock as this screen
// estimates it (dom.js), on every board alike: the TV and each remote player's device play them
// together, whatever their own clocks say and however late each frame reached them. A cue whose
// time passed more than CUE_LATE ago is dropped: a device that fell behind shows the newest frame
// and never replays a moment it missed; only words to be heard are still spoken (cue()).

import { serverNow } from "./dom.js";

export const CUE_LEAD = 0.6; // seconds: more than a frame takes to reach a remote device
export const CUE_LATE = 1.5; // seconds: later than this, a cue is missed, not played

// Seconds from now until a cue due at `at` (the server's clock); null when it is too late.
export function cueWait(at) {
  const wait = at - serverNow();
  return wait < -CUE_LATE ? null : Math.max(0, wait);
}

// The moment the cues of a frame built at `serverTime` are due (the server's clock).
export const cueDue = (serverTime) => (typeof serverTime === "number" ? serverTime : serverNow()) + CUE_LEAD;

// Run `play` (the narrator's lines, a card read aloud) when the cues of a frame built at
// `serverTime` are due; at once when that moment is gone: words a player must hear are spoken
// late on a device that fell behind rather than never (its stings and banners are dropped).
export function cue(serverTime, play) {
  setTimeout(play, (cueWait(cueDue(serverTime)) ?? 0) * 1000);
}
