// The shell of every screen (TV or phone): the live connection, the lobby, errors, and the
// current game's module, which draws the game itself from each frame.

import { connect } from "./live.js";
import { h, replace, morph, t, fmt, toast, secondsLeft, serverClockSeen } from "./dom.js";
import { lobbyRender } from "./lobby.js";
import { hostMenuRender, pausedRender, handoverShown, playNext } from "./host.js";
import { guideMount } from "./guide.js";
import { recapMount } from "./recap.js";
import { audienceRender } from "./audience.js";
import { dramaStage } from "./drama.js";
import { announcerMount, phaseAnnounce, clockAnnounce, lobbySpeech, pausedSpeech } from "./announce.js";
import { mirrorLink, mirrorMount, remoteMount } from "./remote.js";

const page = JSON.parse(document.getElementById("page-data").textContent);
const app = document.getElementById("app");
const role = app.dataset.role; // "board" (TV) or "seat" (phone)
// The board inside a remote player's page (remote.js): its frames come from that page.
const mirror = Boolean(page.mirror);
// Upright, the mirror's app scrolls (hub.css) and holds no control of its own (its page has the
// language switch): it takes the keyboard's focus itself, so that the arrows scroll it.
if (mirror) app.tabIndex = 0;
const lobbyEl = document.getElementById("lobby");
const lobbySide = document.getElementById("lobby-side");
const gameEl = document.getElementById("game");
const netEl = document.getElementById("net");
const meEl = document.getElementById("me");
// The host's menu: in the TV's corner; at the end of the VIP phone's page, so that it moves
// nothing of the game's screen (a hidden-role game's phones look the same for every role).
const hostEl = h("div", { class: "host-slot" });
if (role === "board") document.querySelector(".tv-corner").prepend(hostEl);
else app.append(hostEl);
// The games keep the TV's bottom-right corner free for it (`--tv-corner`): as high as it really
// is, with its language's words and the host's gear, not a guess. Measured when its size changes
// (the join code appears once the game starts, a language's words, the host's gear) and when the
// window does, not on every frame.
const corner = role === "board" ? document.querySelector(".tv-corner") : null;
function cornerKeepFree() {
  // An upright TV's corner comes after the game, not over it (hub.css): nothing to keep free.
  if (corner && getComputedStyle(corner).position !== "fixed") {
    document.body.style.removeProperty("--tv-corner");
    return;
  }
  const top = corner ? corner.getBoundingClientRect().top : 0;
  if (top > 0) document.body.style.setProperty("--tv-corner", `${Math.ceil(window.innerHeight - top) + 8}px`);
}
if (corner) {
  new ResizeObserver(cornerKeepFree).observe(corner);
  window.addEventListener("resize", cornerKeepFree);
}
// A phone's screen reader hears the phase and its task when they change (announce.js).
const spoken = role === "seat";
if (spoken) announcerMount();
const pausedEl = h("div", { class: "paused", hidden: true });
document.body.append(pausedEl);

let frame = null;
let gameScreen = null;
let gameLoading = null;
let tally = null; // the audience's tally (games/live/audience.py), on the TV and audience phones
const votes = {}; // this audience phone's own votes: "ballot/question" -> choice

const link = mirror ? mirrorLink({ onFrame, onNet })
  : connect(page.socket, { onFrame, onError, onNotice, onNet, onGone, onReply, onTally, onVoted });

// What a game module gets to talk to the server and read the room.
const ctx = {
  role,
  page,
  frame: () => frame,
  // A move; withVersion sends the version this screen saw, so a stale move is refused.
  act(action, { withVersion = false } = {}) {
    const message = { type: "act", action };
    if (withVersion && frame) message.version = frame.version;
    if (!link.send(message)) toast(t("Not connected; trying again…"));
  },
  host(command, extra = {}) {
    if (!link.send({ type: "host", command, ...extra })) toast(t("Not connected; trying again…"));
  },
  // "I'm not at the TV", switched on this phone (remote.js).
  remote(on) {
    if (!link.send({ type: "remote", on })) toast(t("Not connected; trying again…"));
  },
  isHost() {
    if (!frame) return false;
    return role === "board" ? Boolean(page.is_host) : Boolean(frame.you && frame.you.vip);
  },
  // An audience phone's vote on the open ballot (never changes the game).
  vote(ballot, question, choice) {
    if (!link.send({ type: "audience", ballot, question, choice })) toast(t("Not connected; trying again…"));
  },
  players: () => (frame ? frame.room.players : []),
  nameOf(position) {
    const player = ctx.players().find((p) => p.position === position);
    return player ? player.name : "?";
  },
  connectedAt(position) {
    const player = ctx.players().find((p) => p.position === position);
    return Boolean(player && player.connected);
  },
  // The end screen's controls again (the recap opened or closed between frames).
  redraw() {
    if (gameScreen && frame) overControls(gameScreen.footer);
  },
};

const guide = guideMount(ctx); // the TV's intro, or the phone's rules card
const recapView = recapMount(ctx);
const remote = role === "seat" ? remoteMount(app, page, ctx) : null; // the board, away from the TV
// A remote party's host screen is a console: the board (the TV's screen, in a mirror as on a
// remote player's device, handed this screen's own frames: the board's public view, nothing
// more) for a host who does not play to follow the game, who plays and who is connected.
// Its board is never morphed (a frame moved or redrawn would load again): the words above it and
// the players under it are.
const consoleHead = h("div", { class: "console-head" });
const consoleBoard = h("section", { class: "console-board", "data-testid": "console-board", "aria-label": t("The board") });
const consolePlayers = h("div", { class: "console-players" });
const consoleEl = h("section", { class: "host-console", "data-testid": "host-console" },
  consoleHead, consoleBoard, consolePlayers);
const consoleMirror = role === "board" && !mirror ? mirrorMount(consoleBoard, page) : null;
const consoleFoot = h("div", { class: "game-foot" });
// The game's host tools ("End the discussion") on the console: its board module's hostTools
// export, loaded without drawing the board, so the host of a remote party has them as on a TV.
let consoleTools = null;
let consoleToolsLoading = null;
// The game's module for this role, named by the server (games/<game>/static/<game>/): imported
// once, for the drawn board and for the console's tools alike.
let roleModuleLoading = null;
function roleModule() {
  if (!roleModuleLoading) roleModuleLoading = import(page.scripts[role]);
  return roleModuleLoading;
}

function onFrame(next) {
  if (next.room.game !== page.game) {
    // The host switched the room to another game: its own page, same room and seats.
    location.reload();
    return;
  }
  frame = next;
  // A paused game's frames carry the moment of the pause: every countdown stands still.
  serverClockSeen(frame.server_time, frame.room.paused);
  document.body.classList.toggle("streamer", Boolean(frame.room.streamer));
  hostMenuShow();
  pausedRender(pausedEl, frame, ctx);
  guide.update(frame);
  if (meEl && frame.you) {
    morph(meEl, frame.you.name, frame.you.vip ? h("span", { class: "badge vip" }, t("VIP")) : null,
      frame.you.audience ? h("span", { class: "badge" }, t("Audience")) : null);
  }
  app.dataset.status = frame.room.status; // the TV shows its corner's join code during play
  awake(role === "seat" && frame.room.status === "playing");
  if (remote) remote.update(frame);
  if (frame.room.status === "lobby") {
    gameEl.hidden = true;
    lobbyEl.hidden = false;
    lobbyRender(lobbySide, frame, ctx);
    if (spoken) phaseAnnounce(lobbySpeech(frame, ctx));
    return;
  }
  lobbyEl.hidden = true;
  gameEl.hidden = false;
  if (role === "board" && !mirror && frame.room.remote_party) consoleShow();
  else gameShow();
}

// The host's console of a remote party, during and after a game: the board, who plays and is
// connected, and after the end, "Play again" (the host menu is in its corner as on a TV).
function consoleShow() {
  gameScreen = null;
  gameLoading = null; // the TV's game is drawn again if the host ends the remote party
  const players = frame.room.players.filter((p) => !p.removed);
  morph(consoleHead,
    h("h1", {}, t("Remote party")),
    h("p", { class: "hint" }, t("There is no TV: every player sees the board on their own device. This screen is the host's console.")));
  morph(consolePlayers,
    h("ul", { class: "players" }, players.map((p) => h("li", { class: `player ${p.connected ? "online" : "offline"}` },
      h("span", { class: "dot", "aria-hidden": "true" }), h("span", { class: "name" }, p.name),
      h("span", { class: "badge" }, p.connected ? t("connected") : t("offline"))))));
  if (consoleEl.parentNode !== gameEl) replace(gameEl, recapView.el, consoleEl, consoleFoot);
  consoleMirror.show(frame); // the board's own frame: its public view, no `you`
  overControls(consoleFoot);
  recapView.update(frame);
  if (!consoleToolsLoading) {
    consoleToolsLoading = roleModule().then((module) => {
      consoleTools = module.hostTools || null;
      if (consoleTools) hostMenuShow();
    });
  }
}

// The host's menu, with the game's own tools once its module has loaded (the drawn board's, or
// the console's).
function hostMenuShow() {
  hostMenuRender(hostEl, frame, ctx, gameScreen ? gameScreen.hostTools : consoleTools);
}

async function gameShow() {
  if (!gameScreen) {
    if (!gameLoading) {
      gameLoading = roleModule().then((module) => {
        const root = h("div", { class: "game-root" });
        const crowd = h("div", { class: "crowd", "data-testid": "audience" });
        const footer = h("div", { class: "game-foot" });
        // A phone's own summary comes first, then an audience phone's ballot; the TV's tally is
        // a strip of its own.
        replace(gameEl, recapView.el, crowd, root, footer);
        gameScreen = module.mount(root, ctx);
        gameScreen.footer = footer;
        gameScreen.crowd = crowd;
        gameScreen.root = root;
        gameScreen.moments = module.moments;
        gameScreen.hostTools = module.hostTools || null;
        gameScreen.ballot = module.ballot || null;
        gameScreen.speech = module.speech || null;
        gameScreen.news = role === "seat" ? module.news || null : null;
        gameScreen.yourTurn = role === "seat" ? module.yourTurn || null : null;
        if (gameScreen.hostTools) hostMenuShow();
        if (role === "board") gameScreen.drama = dramaStage(ctx);
      });
    }
    await gameLoading;
  }
  if (gameScreen.drama) {
    gameScreen.drama.draw(gameScreen.root, frame, () => gameScreen.update(frame), gameScreen.moments);
  } else {
    gameScreen.update(frame);
  }
  if (spoken) {
    phaseAnnounce(frame.room.paused ? pausedSpeech() : gameScreen.speech && gameScreen.speech(frame, ctx),
      gameScreen.news && frame.view ? gameScreen.news(frame, ctx) : []);
  }
  turnBuzz();
  crowdShow();
  overControls(gameScreen.footer);
  recapView.update(frame);
}

// A phone vibrates once when its player's turn comes (Vibration API, where the phone has it), and
// a remote one's toggle says so while it shows the board, as
// the game's phone module tells from the view: yourTurn(view). A game whose turns are secret
// exports none, so every phone stays alike. The first frame a page sees does not buzz (a phone
// coming back mid-turn).
let turnWas = null; // null: no frame seen yet
function turnBuzz() {
  if (!gameScreen.yourTurn || !frame.view) return;
  const now = Boolean(gameScreen.yourTurn(frame.view));
  if (now && turnWas === false && typeof navigator.vibrate === "function") navigator.vibrate(200);
  turnWas = now;
  if (remote) remote.turnShow(now); // and a remote player watching the board is told
}

function crowdShow() {
  if (gameScreen && gameScreen.crowd) audienceRender(gameScreen.crowd, { frame, tally, votes, ctx, game: gameScreen.ballot });
}

function onTally(next) {
  tally = next;
  crowdShow();
}

function onVoted(vote) {
  votes[`${vote.ballot}/${vote.question}`] = vote.choice;
  crowdShow();
}

// After the end: on the TV, the way back to the recap; the host may play again with the same
// group, or go on to another game (one "Play next" control, whatever the number of games).
function overControls(footer) {
  const over = frame.room.status === "over";
  const host = over && ctx.isHost();
  const opener = over ? recapView.opener() : null; // in the row under "Play again": no new row
  morph(footer,
    host ? h("button", { class: "big", type: "button", "data-testid": "play-again",
      onclick: () => ctx.host("play_again") }, t("Play again")) : null,
    host || opener ? h("div", { class: "switch-game" }, opener, host ? playNext(frame, ctx) : null) : null);
}

// An answer for this screen alone: the hand-over code the host asked for.
function onReply(reply) {
  if (reply.type === "handover") {
    handoverShown(reply);
    if (frame) hostMenuShow();
  }
}

// A refusal is shown once: by the game screen next to the control that caused it (its error()
// returns true), else as a toast.
function onError(error) {
  const shown = gameScreen && typeof gameScreen.error === "function" && gameScreen.error(error) === true;
  if (!shown) toast(error.message || t("Something went wrong."));
}

// Done, with something to know (the other screens will catch up later).
function onNotice(notice) {
  toast(notice.message);
}

// "open" (hidden), or "connecting", "closed", "degraded" (the server cannot reach the other
// screens' servers): all "Reconnecting…" to the player.
function onNet(status) {
  netEl.hidden = status === "open";
  netEl.textContent = status === "open" ? "" : t("Reconnecting…");
}

// A removed phone goes straight to the join form, the room's code filled in (the form says why).
function onGone(reason) {
  awake(false);
  if (role === "seat" && reason === "kicked") {
    location.replace(page.removed_url);
    return;
  }
  if (role === "seat" && reason === "handed") {
    location.replace(page.handed_url);
    return;
  }
  // The room ended: every screen of it (TV, phone, audience) shows the closed page.
  if (reason === "closed") {
    location.replace(page.closed_url);
    return;
  }
  netEl.hidden = false;
  netEl.textContent = t("This room no longer exists.");
  if (role === "seat") {
    setTimeout(() => { location.href = "/join"; }, 3000);
  }
}

// A phone stays awake during a game (Screen Wake Lock, where the browser has it). The browser
// drops the lock whenever the page is hidden, so it is asked for again when the page comes back.
let wakeWanted = false;
let wakeLock = null; // the promise of the lock held or being asked for; null: none

function awake(wanted) {
  wakeWanted = wanted;
  if (!("wakeLock" in navigator)) return;
  if (!wanted) {
    if (wakeLock) wakeLock.then((lock) => lock && lock.release()).catch(() => {});
    wakeLock = null;
    return;
  }
  if (wakeLock || document.visibilityState !== "visible") return;
  const asked = navigator.wakeLock.request("screen").then((lock) => {
    lock.addEventListener("release", () => { if (wakeLock === asked) wakeLock = null; });
    return lock;
  }, () => {
    if (wakeLock === asked) wakeLock = null; // refused (battery saver): asked again next frame
    return null;
  });
  wakeLock = asked;
}

document.addEventListener("visibilitychange", () => { if (wakeWanted) awake(true); });

// Countdowns everywhere refresh on their own between frames.
// Streamer mode: the room code (and the join address, which holds it) shows once clicked,
// until clicked again; so does a hand-over code on the TV, on its own (the room code shown
// for latecomers must not show the seat's code with it).
document.addEventListener("click", (event) => {
  if (event.target.closest(".lobby-code, .tv-join-code, .join-url")) {
    document.body.classList.toggle("code-shown");
  }
  if (event.target.closest(".handover-code")) document.body.classList.toggle("handover-shown");
});

setInterval(() => {
  for (const el of document.querySelectorAll("[data-deadline]")) {
    const left = secondsLeft(Number(el.dataset.deadline));
    // Written only when it changes: a text written again is laid out and painted again.
    if (el.textContent !== String(left)) el.textContent = String(left);
    el.classList.toggle("urgent", left <= 5);
    if (spoken && gameEl.contains(el)) clockAnnounce(Number(el.dataset.deadline), left);
  }
}, 250);

export { ctx, fmt };
