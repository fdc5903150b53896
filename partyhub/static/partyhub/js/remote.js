// Playing away from the TV (README "Playing remotely"). A remote player's page shows the board
// beside its controls: the TV's own page (its game's tv.js, its drama, narration and stings) in
// a frame, the board's "mirror", which has no socket of its own: this page hands it the board's
// public view that its own frames carry (`board`), so a remote device gets nothing the TV does
// not. The mirror is drawn at a TV's size and scaled to fit its box (the CSS of every game's TV
// holds as it is); a box taller than wide (a phone held upright) draws it as an upright screen
// instead, which every game's TV lays out for (its CSS's `orientation: portrait`): a TV scaled to
// a phone's width would be text of 6 px. A wide screen shows board and controls side by side, a
// narrow one either, with a toggle that stays put. Every remote device shows the same toggle and
// the same board, so in a game of secret roles at night they look and sound alike.

import { h, morph, t } from "./dom.js";

const SHOWN_KEY = "partyhub.remote.shown"; // "board" or "controls", this tab's choice
const WIDE = "(min-width: 900px) and (min-aspect-ratio: 4/3)"; // room for both side by side
const TV = { width: 1920, height: 1080 }; // the screen every game's TV layout is made for
// An upright board's width: its text (28 px at least, as on a TV) is half as big on a phone.
const UPRIGHT_WIDTH = 780;

// The board's frame from a remote seat's own: the public view, and no `you` nor summary of its own.
export function boardFrame(frame) {
  const { board, ...rest } = frame;
  return { ...rest, you: null, view: board, recap: frame.recap ? { ...frame.recap, me: null } : null };
}

// The mirror's side: its frames come from the page that holds it, not from a socket.
export function mirrorLink({ onFrame, onNet }) {
  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || event.source !== window.parent) return;
    if (event.data && event.data.type === "state") onFrame(event.data);
  });
  onNet("open");
  window.parent.postMessage({ type: "mirror-ready" }, location.origin);
  return { send: () => false, version: () => null };
}

// The page's side of a mirror: the frame in `pane` (opened with the first frame shown), handed
// each board frame once it is ready. It is the TV's screen itself, 1920×1080 (each game's TV
// layout holds as on a TV), scaled to fit its box and centred in it; in a box taller than wide,
// an upright screen as wide as UPRIGHT_WIDTH and as tall as the box at its scale, that scrolls.
// A remote seat's page holds one, and a remote party's host console (screen.js).
export function mirrorMount(pane, page) {
  let mirror = null;
  let ready = false;
  let latest = null; // the newest board frame, for the mirror once it is ready

  function fit() {
    if (!mirror || pane.hidden) return;
    const { width, height } = pane.getBoundingClientRect();
    if (!width || !height) return;
    const upright = height > width;
    const scale = upright ? width / UPRIGHT_WIDTH : Math.min(width / TV.width, height / TV.height);
    const size = upright ? { width: UPRIGHT_WIDTH, height: height / scale } : TV;
    mirror.style.width = `${size.width}px`;
    mirror.style.height = `${size.height}px`;
    mirror.style.transform = `scale(${scale})`;
    mirror.style.left = `${(width - size.width * scale) / 2}px`;
    mirror.style.top = `${Math.max(0, (height - size.height * scale) / 2)}px`;
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || !mirror || event.source !== mirror.contentWindow) return;
    if (event.data && event.data.type === "mirror-ready") {
      ready = true;
      if (latest) mirror.contentWindow.postMessage(latest, location.origin);
    }
  });

  return {
    fit,
    // A board frame (the public view as `view`, no `you`): drawn once the mirror is ready.
    show(frame) {
      if (!mirror) {
        mirror = h("iframe", { class: "remote-mirror", "data-testid": "remote-mirror", src: page.mirror_url,
          title: t("The board"), allow: "autoplay" });
        pane.append(mirror);
        new ResizeObserver(fit).observe(pane);
        fit();
      }
      latest = frame;
      if (ready) mirror.contentWindow.postMessage(latest, location.origin);
    },
  };
}

// The remote seat's side: the mirror's box, the toggle and the "I'm not at the TV" switch.
export function remoteMount(app, page, ctx) {
  const pane = h("section", { class: "remote-board", "data-testid": "remote-board", "aria-label": t("The board") });
  const toggle = h("button", { type: "button", class: "remote-toggle", "data-testid": "remote-toggle",
    onclick: () => shownSet(shown() === "board" ? "controls" : "board") });
  const bar = h("div", { class: "remote-bar" }, toggle);
  const switchEl = h("div", { class: "remote-switch" });
  // Board and controls side by side (or one at a time): the controls' column is the box of their
  // pinned bars, so these stay under the controls, clear of the board.
  const controls = h("div", { class: "remote-controls" });
  app.before(bar, h("div", { class: "remote-layout" }, pane, controls));
  controls.append(app);
  app.append(switchEl);
  const mirror = mirrorMount(pane, page);
  let on = false;
  let turn = false; // the player's turn has come (the game tells, where its turns are public)

  function shown() {
    try { return sessionStorage.getItem(SHOWN_KEY) || "board"; } catch { return "board"; }
  }

  function shownSet(which) {
    try { sessionStorage.setItem(SHOWN_KEY, which); } catch { /* private mode */ }
    layout();
  }

  function layout() {
    const wide = window.matchMedia(WIDE).matches;
    document.body.classList.toggle("remote", on);
    document.body.dataset.remoteShows = on && !wide ? shown() : "both";
    pane.hidden = !on;
    bar.hidden = !on || wide;
    // Watching the board, a player is told when its turn comes (its controls are out of sight).
    const called = turn && shown() === "board";
    toggle.classList.toggle("your-turn", called);
    morph(toggle, shown() !== "board" ? t("Show the board") : called ? t("Your turn: show my controls") : t("Show my controls"));
    toggle.setAttribute("aria-expanded", String(shown() === "board"));
    // The board fills the screen under the toggle's bar, as tall as that is in its language.
    document.body.style.setProperty("--remote-bar", `${bar.hidden ? 0 : bar.offsetHeight}px`);
    mirror.fit();
  }
  window.addEventListener("resize", layout);

  // The remote switch: the player's own choice (a remote party's players are all remote).
  function switchRender(frame) {
    const party = Boolean(frame.room.remote_party);
    const mine = Boolean(frame.you && frame.you.remote);
    morph(switchEl, party || !frame.you || frame.you.audience ? null : h("label", { class: "option option-bool" },
      h("span", {}, t("I'm not at the TV: show the board on this device too")),
      h("input", { type: "checkbox", "data-testid": "remote-switch", checked: mine,
        onchange: (event) => ctx.remote(event.target.checked) })));
  }

  return {
    update(frame) {
      switchRender(frame);
      on = Boolean(frame.board);
      if (frame.room.status !== "playing") turn = false;
      if (on) mirror.show(boardFrame(frame));
      layout();
    },
    // Whether the player's turn is on (screen.js, from the game's yourTurn; a game whose turns
    // are secret has none, and every remote device's toggle stays alike).
    turnShow(now) {
      if (now === turn) return;
      turn = now;
      layout();
    },
  };
}
