// The lobby on both screens: who is in, who is connected, and the host's controls; on the TV,
// under the room's code, the game's own part too when its TV module offers one
// (`lobby(frame, ctx)`, after `lobbyReady()` if it has one: the cards in play and the
// options). A crowded TV lobby lays the names out in columns, so that every name and the
// Start button stay on the screen: from CROWDED players, or fewer whose rows do not all fit
// beside the game's words and the host's controls (a long pitch in Spanish left three players
// one page each, when eight fit at once in columns).

import { h, morph, t, fmt } from "./dom.js";
import { guideLobby } from "./guide.js";
import { pager } from "./pages.js";

const CROWDED = 6; // players from which the TV's list goes into columns
let gameTv = null; // the game's TV module, once loaded (for its part of the lobby)
let gameTvLoading = null;
let playerPages = null; // the TV's list of players, paged

function gamePart(root, frame, ctx) {
  const join = ctx.role === "board" ? document.querySelector(".lobby-join") : null;
  if (!join) return;
  if (!gameTv) {
    // Drawn once the module says it is ready (`lobbyReady()`: its stylesheet loaded), so the
    // part never shows unstyled.
    gameTvLoading = gameTvLoading || import(ctx.page.scripts.board).then(async (module) => {
      if (typeof module.lobbyReady === "function") await module.lobbyReady();
      gameTv = module;
      const now = ctx.frame();
      if (now && now.room.status === "lobby") lobbyRender(root, now, ctx);
    });
    return;
  }
  if (typeof gameTv.lobby !== "function") return;
  let box = join.querySelector(".lobby-game");
  if (!box) {
    box = h("div", { class: "lobby-game" });
    join.append(box);
  }
  join.classList.add("with-game");
  morph(box, gameTv.lobby(frame, ctx));
}

function playerRow(player, ctx, frame) {
  const canKick = ctx.isHost() && !(frame.you && frame.you.id === player.id);
  return h("li", { class: `player ${player.connected ? "online" : "offline"}`, "data-testid": "lobby-player",
    "data-meaning": `connection:${player.connected ? "online" : "offline"}` },
    h("span", { class: "dot", "data-sign": true, title: player.connected ? t("Connected") : t("Not connected") }),
    h("span", { class: "name" }, player.name),
    player.vip ? h("span", { class: "badge vip" }, t("VIP")) : null,
    canKick ? h("button", { type: "button", class: "small kick", "aria-label": fmt("Remove %(name)s", { name: player.name }),
      onclick: () => { if (confirm(fmt("Remove %(name)s from the room?", { name: player.name }))) ctx.host("kick", { seat: player.id }); } }, "✕") : null);
}

function optionInput(field, value, ctx, frame) {
  const onchange = (event) => {
    let v;
    if (field.control === "checkbox") v = event.target.checked;
    else if (field.control === "multiselect") v = Array.from(event.target.selectedOptions).map((o) => o.value);
    else if (field.numeric) v = event.target.value === "" ? null : Number(event.target.value);
    else v = event.target.value;
    ctx.host("options", { options: { [field.name]: v } });
  };
  if (field.control === "checkbox") return h("input", { type: "checkbox", checked: Boolean(value), onchange });
  if (field.control === "number") return h("input", { type: "number", min: field.min, max: field.max, value: value ?? "", onchange });
  if (field.control === "seat") {
    const players = frame.room.players;
    const choices = (field.default === null ? [[null, t("Random")]] : []).concat(players.map((p, i) => [i, p.name]));
    return h("select", { onchange }, choices.map(([v, label]) => h("option", { value: v ?? "", selected: (value ?? null) === v }, label)));
  }
  if (field.control === "multiselect") {
    return h("select", { multiple: true, size: 4, onchange },
      field.choices.map(([v, label]) => h("option", { value: v, selected: (value || []).includes(v) }, label)));
  }
  // A select: one of the choices.
  return h("select", { onchange }, field.choices.map(([v, label]) => h("option", { value: v, selected: String(value) === String(v) }, label)));
}

// An option whose declaration says it matters only while another option has some value.
const shown = (field, options) => !field.shown_when || options[field.shown_when[0]] === field.shown_when[1];

function optionsView(frame, ctx) {
  const fields = ctx.page.fields || [];
  const options = frame.room.options || {};
  if (!ctx.isHost()) return null;
  const presets = ctx.page.presets || [];
  return h("details", { class: "options" }, h("summary", {}, t("Options")),
    presets.length ? h("div", { class: "presets" }, presets.map((preset) => h("button", {
      type: "button", class: "secondary", "data-testid": `preset-${preset.name}`, title: preset.help,
      onclick: () => ctx.host("options", { options: preset.values }) }, preset.label))) : null,
    fields.filter((field) => shown(field, options)).map((field) => h("label", { class: `option option-${field.kind}` },
      h("span", {}, field.label), optionInput(field, options[field.name], ctx, frame))),
    options.card_count !== undefined ? h("p", { class: "hint" }, fmt("%(n)s cards match.", { n: options.card_count })) : null);
}

// Fewer than CROWDED players that do not all fit: the lobby crowded all the same (columns, the
// pitch left out), and fitted again. Drawn again, it tries the roomy layout first.
function crowdTight(root, paged) {
  if (!paged || root.classList.contains("crowded")) return;
  root.classList.add("crowded", "tight");
  root.querySelector(".players").classList.add("columns");
  playerPages.fit();
}

export function lobbyRender(root, frame, ctx) {
  const room = frame.room;
  const players = room.players;
  const enough = players.length >= room.min_players;
  const vip = players.find((p) => p.vip);
  const controls = [];
  if (ctx.isHost()) {
    controls.push(h("button", { type: "button", class: "big start", "data-testid": "start", disabled: !enough,
      onclick: () => ctx.host("start") }, t("Everybody's in — start!")));
    if (!enough) controls.push(h("p", { class: "hint" }, fmt("At least %(min)s players are needed.", { min: room.min_players })));
    controls.push(h("button", { type: "button", class: "secondary", "data-testid": "lock",
      onclick: () => ctx.host(room.locked ? "unlock" : "lock") }, room.locked ? t("Open the room") : t("Lock the room")));
  } else if (vip) {
    controls.push(h("p", { class: "hint" }, fmt("Waiting for %(name)s to start the game.", { name: vip.name })));
  }
  const crowded = ctx.role === "board" && players.length >= CROWDED;
  root.classList.toggle("crowded", crowded);
  root.classList.toggle("tight", false);
  morph(root,
    guideLobby(frame, ctx),
    h("h2", {}, fmt("Players %(n)s / %(max)s", { n: players.length, max: room.max_players })),
    h("ul", { class: `players ${crowded ? "columns" : ""} ${ctx.role === "board" ? "pages" : ""}`, "data-testid": "lobby-players" },
      players.map((p) => playerRow(p, ctx, frame))),
    room.audience.length ? h("p", { class: "audience" }, fmt("Audience: %(n)s", { n: room.audience.length })) : null,
    room.locked ? h("p", { class: "locked" }, t("The room is locked: nobody new can join.")) : null,
    frame.you && frame.you.audience ? h("p", { class: "hint" }, t("The room is full: you are in the audience.")) : null,
    controls,
    optionsView(frame, ctx));
  if (ctx.role === "board") {
    // On the TV, a list longer than its room shows a page at a time (pages.js).
    playerPages = playerPages || pager(root, ".players > li", (paged) => crowdTight(root, paged));
    playerPages.fit();
  }
  gamePart(root, frame, ctx);
}
