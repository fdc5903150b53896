// The host's tools on the TV and the VIP's phone: a menu to pause, remove a player who left,
// hand a seat to a new phone, hide the room code (streamer mode), and, in the lobby, the
// extended timers and the family filter. Every screen shows "Paused" while the game is.

import { h, morph, t, fmt } from "./dom.js";

const TIMER_SCALES = [[1, "×1"], [1.5, "×1.5"], [2, "×2"]];

let handover = null; // the code this screen asked for: {seat, name, code, expires, version}

// The server's answer to "handover", for this screen only.
export function handoverShown(reply) {
  handover = reply;
}

// Remove is offered only by a game that declares it (`page.host_actions`, its Game's host
// moves): another game's host would be answered "no such host control".
function playerTools(frame, ctx) {
  const room = frame.room;
  const seated = room.players.filter((p) => p.position !== null && !p.removed);
  const removable = (ctx.page.host_actions || []).includes("remove");
  return h("div", { class: "host-players" },
    h("h3", {}, t("Players")),
    h("ul", {}, seated.map((p) => h("li", { class: "host-player", "data-testid": "host-player", "data-position": p.position },
      h("span", { class: "name" }, p.name),
      h("button", { type: "button", class: "secondary", "data-testid": `handover-${p.id}`,
        onclick: () => ctx.host("handover", { seat: p.id }) }, t("Hand to a new phone")),
      removable ? h("button", { type: "button", class: "secondary danger", "data-testid": `remove-${p.id}`,
        onclick: () => {
          if (confirm(fmt("Remove %(name)s from the game? The game goes on without them.", { name: p.name }))) {
            ctx.host("remove", { seat: p.id });
          }
        } }, t("Remove")) : null))));
}

// The code, until it expires, or a frame newer than it says it is spent (used by the new phone,
// or voided by a wrong guess: the room's pending codes all go then).
function handoverBox(frame) {
  const seat = handover && frame.room.players.find((p) => p.id === handover.seat && !p.removed);
  const spent = seat && frame.version > handover.version && !seat.handover;
  if (!seat || spent || handover.expires < Date.now() / 1000) {
    handover = null;
    return null;
  }
  return h("div", { class: "handover", "data-testid": "handover-code", role: "status" },
    h("p", {}, fmt("To give %(name)s's seat to a new phone: on that phone, open the join page, choose “Taking over a seat?” and enter", { name: seat.name })),
    h("p", { class: "handover-code" }, handover.code.slice(0, 3), " ", handover.code.slice(3)),
    h("p", { class: "hint" }, t("The code works once, for ten minutes.")));
}

function lobbySettings(frame, ctx) {
  const room = frame.room;
  const scale = room.options.timer_scale ?? 1;
  return [
    h("label", { class: "option option-choice" }, h("span", {}, t("Timers")),
      h("select", { "data-testid": "timer-scale",
        onchange: (event) => ctx.host("options", { options: { timer_scale: Number(event.target.value) } }) },
      TIMER_SCALES.map(([value, label]) => h("option", { value, selected: scale === value }, label)))),
    h("p", { class: "hint" }, t("Longer timers, for younger players or for accessibility.")),
    h("label", { class: "option option-bool" }, h("span", {}, t("Family filter")),
      h("input", { type: "checkbox", "data-testid": "family-filter", checked: room.family_filter,
        onchange: (event) => ctx.host("settings", { settings: { family_filter: event.target.checked } }) })),
    h("p", { class: "hint" }, t("Refuses rude names and answers, in English, Spanish, French and Indonesian.")),
  ];
}

// The game's own tools for the host (its module's `hostTools(view, ctx)`, e.g. "End the
// discussion"), under the platform's.
function gameTools(frame, ctx, tools) {
  const nodes = tools && frame.view ? tools(frame.view, ctx) : null;
  if (!nodes) return null;
  return h("div", { class: "host-game", "data-testid": "host-game" },
    h("h3", {}, t("This game")), h("div", { class: "host-game-row" }, nodes));
}

let seen = { paused: false, status: null }; // the room as the last frame drawn had it

// The menu, for the host only (nothing for everyone else). `tools` is the game module's
// hostTools, once that module has loaded. A pause and the end close it: the "Paused" cover has
// the way back, the end its podium and recap, and an open menu would lie over them.
export function hostMenuRender(root, frame, ctx, tools = null) {
  const closing = (frame.room.paused && !seen.paused)
    || (frame.room.status === "over" && seen.status === "playing");
  seen = { paused: frame.room.paused, status: frame.room.status };
  if (!ctx.isHost()) {
    morph(root);
    return;
  }
  const room = frame.room;
  const playing = room.status === "playing";
  // On the TV during a game the menu is its gear alone, beside the language switch, so the
  // corner the games leave free holds it (its name is still the button's label).
  const compact = ctx.role === "board" && room.status !== "lobby";
  // Opened, its panel is brought into view (on a screen held upright it comes after the game,
  // on a remote party's console after its board): its top at the screen's top, unless it is
  // all in view already.
  const panelShow = (event) => {
    if (!event.currentTarget.open) return;
    const panel = event.currentTarget.querySelector(".host-panel");
    const box = panel.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) panel.scrollIntoView({ block: "start" });
  };
  morph(root, h("details", { class: "host-menu", "data-testid": "host-menu", ontoggle: panelShow },
    h("summary", compact ? { "aria-label": t("Host menu"), title: t("Host menu") } : {},
      h("span", { class: "host-gear", "aria-hidden": "true" }, "⚙"), compact ? null : t("Host menu")),
    h("div", { class: "host-panel" },
      playing ? h("button", { type: "button", class: "big", "data-testid": "host-pause",
        onclick: () => ctx.host(room.paused ? "resume" : "pause") },
      room.paused ? t("Resume the game") : t("Pause the game")) : null,
      playing ? gameTools(frame, ctx, tools) : null,
      playing ? handoverBox(frame) : null,
      playing ? playerTools(frame, ctx) : null,
      room.status === "lobby" ? lobbySettings(frame, ctx) : null,
      h("label", { class: "option option-bool" }, h("span", {}, t("Streamer mode")),
        h("input", { type: "checkbox", "data-testid": "streamer", checked: room.streamer,
          onchange: (event) => ctx.host("settings", { settings: { streamer: event.target.checked } }) })),
      h("p", { class: "hint" }, t("Hides the room code (click it to show it) and the join QR code on the TV.")),
      h("label", { class: "option option-bool" }, h("span", {}, t("Remote party")),
        h("input", { type: "checkbox", "data-testid": "remote-party", checked: room.remote_party,
          onchange: (event) => ctx.host("settings", { settings: { remote_party: event.target.checked } }) })),
      h("p", { class: "hint" }, t("No TV: every player sees the board on their own device, and the host's screen is a console.")))));
  if (closing) root.querySelector(".host-menu").open = false;
}

// "Paused" over every screen while the game is, with the host's way back.
export function pausedRender(root, frame, ctx) {
  const paused = frame.room.status === "playing" && frame.room.paused;
  root.hidden = !paused;
  if (!paused) {
    morph(root);
    return;
  }
  morph(root, h("div", { class: "paused-box", "data-testid": "paused" },
    h("p", { class: "paused-title" }, t("Paused")),
    h("p", {}, t("The host paused the game: timers wait.")),
    ctx.isHost() ? h("button", { type: "button", class: "big", "data-testid": "resume",
      onclick: () => ctx.host("resume") }, t("Resume the game")) : null));
}

// After the end: the same group goes on to another game, in this room. One control, "Play
// next", whatever the number of games: it opens the list of the others (above it, over the end
// screen, so that registering a game never moves another game's end screen). Open, it stays
// open across the frames that redraw the footer (morph keeps a panel's `open`).
export function playNext(frame, ctx) {
  const others = (ctx.page.games || []).filter((game) => game.id !== frame.room.game);
  if (!others.length) return null;
  return h("details", { class: "play-next", "data-testid": "play-next" },
    h("summary", { "data-testid": "play-next-open" }, t("Play another game next")),
    h("div", { class: "play-next-list", role: "group", "aria-label": t("Play another game next") },
      others.map((game) => h("button", { type: "button", class: "secondary", "data-testid": `switch-${game.id}`,
        onclick: () => ctx.host("switch_game", { game: game.id }) }, game.title))));
}
