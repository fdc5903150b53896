// Hoax pieces the TV and the phones share: the stylesheet, character names and pictures from the
// admin data (ctx.page.characters), resource icons, the claim sentence, the public log in words,
// and who may call "Hoax!". Everything is drawn from the rules' view (frame.view); text always
// goes in as text nodes.

import { h, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad as sheetLoad, seatColor, namesJoin } from "../partyhub/js/widgets.js";

// The game's pieces come from the server with the page (the rules' FACTS): the characters, the
// resources, who is immune to whom (the key's privilege; the value is immune to it), every
// claim's choices in the order the phone asks for them, and the supply's name as a target.
const facts = JSON.parse(document.getElementById("page-data").textContent).facts;
export const CHARACTERS = facts.characters;
export const RESOURCES = facts.resources;
export const IMMUNE_TO = facts.immune_to;
export const CLAIM_FIELDS = facts.claim_fields;
export const SUPPLY = facts.supply;

export function styleLoad() {
  return sheetLoad(new URL("./hoax.css", import.meta.url));
}

// --- characters (names, texts, pictures: admin data in the page's language) -----------------------

export function character(ctx, id) {
  const found = (ctx.page.characters || []).find((c) => c.id === id);
  return found || { id, name: id, privilege: "", immunity: "", picture: "" };
}

export const charName = (ctx, id) => character(ctx, id).name;

export function picture(ctx, id, cls = "") {
  const c = character(ctx, id);
  if (!c.picture) return h("span", { class: `hx-pic hx-pic-none ${cls}`, "aria-hidden": "true" }, Array.from(c.name)[0] || "?");
  return h("img", { class: `hx-pic ${cls}`, src: c.picture, alt: "", draggable: "false" });
}

// --- resources ----------------------------------------------------------------------------------

export function resName(resource) {
  return { cash: t("cash"), prestige: t("prestige"), evidence: t("evidence") }[resource] || resource;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  for (const child of children) el.append(child);
  return el;
}

// Each icon is a sign (data-sign): its shape, not only its colour, tells it apart (the sweep checks).
function icon(cls, ...shapes) {
  return svg("svg", { class: `hx-icon ${cls}`, viewBox: "0 0 24 24", width: "24", height: "24", "aria-hidden": "true",
    focusable: "false", "data-sign": "" }, ...shapes);
}

// Drawn, not typed: a banknote, a star, a magnifying glass.
export function resIcon(resource) {
  if (resource === "cash") {
    return icon("hx-i-cash",
      svg("rect", { x: "1.5", y: "5.5", width: "21", height: "13", rx: "2.5", fill: "#38d98a", stroke: "#0b3d24", "stroke-width": "1.2" }),
      svg("circle", { cx: "12", cy: "12", r: "3.4", fill: "#0b3d24" }),
      svg("circle", { cx: "5.2", cy: "12", r: "1.1", fill: "#0b3d24" }),
      svg("circle", { cx: "18.8", cy: "12", r: "1.1", fill: "#0b3d24" }));
  }
  if (resource === "prestige") {
    return icon("hx-i-prestige",
      svg("polygon", { points: "12,1.8 14.9,8.4 22,9.1 16.6,13.9 18.2,21 12,17.3 5.8,21 7.4,13.9 2,9.1 9.1,8.4",
        fill: "#ffb400", stroke: "#5a3f00", "stroke-width": "1.1", "stroke-linejoin": "round" }));
  }
  return icon("hx-i-evidence",
    svg("circle", { cx: "10", cy: "10", r: "6.2", fill: "#bfe3ff", stroke: "#4ab3ff", "stroke-width": "3" }),
    svg("line", { x1: "14.6", y1: "14.6", x2: "21.5", y2: "21.5", stroke: "#4ab3ff", "stroke-width": "3.6", "stroke-linecap": "round" }));
}

// A thumb, up (believe) or down (hoax).
export function thumb(up) {
  const path = svg("path", { d: "M2 21h4V9H2v12zm21-11c0-1.1-.9-2-2-2h-6.3l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z",
    fill: "currentColor" });
  return icon(`hx-thumb ${up ? "up" : "down"}`, up ? path : svg("g", { transform: "rotate(180 12 12)" }, path));
}

// "3 [cash icon]" — a count with its icon, named by its word for screen readers ("cash: 3": the
// icon is hidden, a bare "3 1 0" says nothing) and tooltips.
export function resCount(resource, count, { zero = true } = {}) {
  const label = fmt("%(resource)s: %(n)s", { resource: resName(resource), n: count });
  return h("span", { class: `hx-res hx-res-${resource} ${count || !zero ? "" : "zero"}`, title: resName(resource),
    role: "img", "aria-label": label,
    "data-resource": resource, "data-count": count, "data-meaning": `resource:${resource}` }, resIcon(resource), h("b", {}, String(count)));
}

export function resources(pile, cls = "") {
  return h("span", { class: `hx-resources ${cls}` }, RESOURCES.map((r) => resCount(r, pile[r])));
}

// --- seats ----------------------------------------------------------------------------------------

export function seatToken(seat, ctx, cls = "") {
  const name = ctx.nameOf(seat);
  return h("span", { class: `hx-token ${cls}`, style: `--c:${seatColor(seat)}`, "aria-hidden": "true" },
    Array.from(name.trim())[0] || "?");
}

const who = (ctx, seat) => (seat === SUPPLY ? t("the supply") : ctx.nameOf(seat));

// The other players still in, clockwise from `seat` (the order givers give in).
export function othersIn(view, seat) {
  const n = view.players.length;
  const out = [];
  for (let k = 1; k < n; k += 1) {
    const s = (seat + k) % n;
    if (!view.players[s].out) out.push(s);
  }
  return out;
}

export function exNeighbours(view, seat) {
  const others = othersIn(view, seat);
  return others.length <= 1 ? others : [others[0], others[others.length - 1]];
}

// --- the claim in words ---------------------------------------------------------------------------

// What a privilege with these choices does, e.g. "takes 1 cash, then Ben picks one".
export function effectText(view, ctx, seat, characterId, choices) {
  const res = choices.resource ? resName(choices.resource) : "";
  switch (characterId) {
    case "ex":
      if (choices.option === "supply") return fmt("takes 1 %(res)s from the supply", { res });
      return fmt("takes 1 %(res)s from each neighbour (%(names)s)",
        { res, names: namesJoin(exNeighbours(view, seat).map((s) => ctx.nameOf(s))) });
    case "lover":
    case "cousin":
      return fmt("takes 1 %(res)s from the supply", { res });
    case "son_in_law":
      return fmt("takes 1 %(res)s from every other player", { res });
    case "chef":
      if (choices.target === SUPPLY) {
        return fmt("swaps all their %(give)s for %(take)s from the supply",
          { give: resName(choices.give), take: resName(choices.take) });
      }
      return fmt("swaps all their %(give)s for %(name)s's %(take)s",
        { give: resName(choices.give), take: resName(choices.take), name: ctx.nameOf(choices.target) });
    case "gardener":
      return fmt("takes up to 2 %(res)s from %(name)s", { res, name: ctx.nameOf(choices.target) });
    case "butler":
      return fmt("takes 1 %(res)s, then gives %(name)s a free pick", { res, name: ctx.nameOf(choices.target) });
    default:
      return "";
  }
}

// A claim as the TV words it: "Ana: I am the Butler".
function claimLine(ctx, seat, characterId) {
  return h("p", { class: "hx-banner-claim" }, h("b", {}, ctx.nameOf(seat)), ": ",
    fmt("I am %(character)s", { character: charName(ctx, characterId) }));
}

// The audience's ballot (partyhub's audience.js) in the TV's terms: the called claim above it.
// The audience's ballot in this game's words (partyhub/static/partyhub/js/audience.js).
export const ballot = {
  question: (name) => (name === "claim" ? t("Believe the claim, or call it a hoax?") : null),
  choice: (name, value) => (name === "claim" ? (value === "down" ? t("Hoax!") : t("Believe")) : null),
  truth: (name, result) => (name === "claim" ? result.players : null),
  verdict: (name, result) => (name !== "claim" || !result.truth ? null
    : result.truth === "lie" ? t("It was a lie.") : t("It was the truth.")),
  prompt: (open, frame, ctx) => (open.claim ? claimLine(ctx, open.claim.seat, open.claim.character) : null),
};

// The claim (or immunity claim) now in play, as a banner: picture, "Ana: I am the Butler", effect.
export function claimBanner(view, ctx, { testid = "claim-banner", cls = "" } = {}) {
  const challenge = view.challenge;
  const claim = view.claim;
  if (challenge && challenge.kind === "immunity") {
    return h("div", { class: `hx-banner immunity ${cls}`, "data-testid": testid, "data-kind": "immunity",
      "data-seat": challenge.seat, "data-character": challenge.character },
    picture(ctx, challenge.character, "hx-banner-pic"),
    h("div", { class: "hx-banner-text" },
      claimLine(ctx, challenge.seat, challenge.character),
      h("p", { class: "hx-banner-effect" }, fmt("immune to %(character)s: spared from %(name)s's claim",
        { name: ctx.nameOf(claim.seat), character: charName(ctx, claim.character) }))));
  }
  const last = claim || lastClaim(view);
  if (!last) return null;
  return h("div", { class: `hx-banner ${claim ? "" : "done"} ${cls}`, "data-testid": testid, "data-kind": "claim",
    "data-seat": last.seat, "data-character": last.character },
  picture(ctx, last.character, "hx-banner-pic"),
  h("div", { class: "hx-banner-text" },
    claimLine(ctx, last.seat, last.character),
    h("p", { class: "hx-banner-effect" }, effectText(view, ctx, last.seat, last.character, last.choices)),
    unhoaxable(view, last.seat) ? h("p", { class: "hx-banner-note", "data-testid": "unhoaxable" },
      fmt("%(name)s holds the hoax card: they cannot be hoaxed.", { name: ctx.nameOf(last.seat) })) : null,
    claim ? null : outcomeLine(view, ctx)));
}

// Variant rule: the hoax-card holder's claims open no hoax window at all.
export function unhoaxable(view, seat) {
  return view.options.hoax_card_rule === "variant" && view.hoax_card === seat
    && !claimEntries(view).some((e) => e.kind === "hoax");
}

// The log entries of this turn's claim (from the claim on), or [] when none yet.
export function claimEntries(view) {
  const log = view.log;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    if (log[i].kind === "turn") return [];
    if (log[i].kind === "claim") return log.slice(i);
  }
  return [];
}

// This turn's claim once resolved (the view keeps it only while it is in play).
export function lastClaim(view) {
  const entries = claimEntries(view);
  return entries.length ? entries[0] : null;
}

// How this turn's claim ended, in words (or null while in play).
export function outcomeLine(view, ctx) {
  const entries = claimEntries(view);
  if (!entries.length) return null;
  const claim = entries[0];
  const name = ctx.nameOf(claim.seat);
  const character = charName(ctx, claim.character);
  if (entries.some((e) => e.kind === "truthful" && e.seat === claim.seat)) {
    return h("p", { class: "hx-outcome good" }, fmt("%(name)s really is %(character)s!", { name, character }));
  }
  if (entries.some((e) => e.kind === "imposter" && e.seat === claim.seat && e.character === claim.character)) {
    return h("p", { class: "hx-outcome bad", "data-testid": "outcome", "data-outcome": "imposter" },
      fmt("Voted down: %(name)s is not %(character)s. Imposter token, no privilege.", { name, character }));
  }
  if (entries.some((e) => e.kind === "privilege")) {
    return h("p", { class: "hx-outcome good", "data-testid": "outcome", "data-outcome": "stood" }, t("The claim stood."));
  }
  return null;
}

// The newest closed vote of this turn's claim: {entry} for the reveal, or null.
export function lastVote(view) {
  const entries = claimEntries(view).filter((e) => e.kind === "vote");
  return entries.length ? entries[entries.length - 1] : null;
}

// Every vote at once: who believed (thumb up) and who called hoax (thumb down).
export function voteReveal(view, ctx, entry, { testid = "vote-reveal" } = {}) {
  const downs = entry.votes.filter((v) => v === "down").length;
  const ups = entry.votes.length - downs;
  // Which claim the vote was on: a turn may hold a claim and then an immunity claim's vote.
  const subject = fmt("The vote on %(name)s as %(character)s", { name: ctx.nameOf(entry.claimant),
    character: charName(ctx, entry.character) });
  return h("div", { class: "hx-votes", "data-testid": testid, "data-result": entry.result,
    "data-claimant": entry.claimant, "data-character": entry.character },
    h("p", { class: "hx-votes-subject" }, subject),
    h("p", { class: `hx-votes-head ${entry.result}` },
      entry.result === "down" ? fmt("Voted down, %(down)s to %(up)s", { down: downs, up: ups })
        : fmt("Believed, %(up)s to %(down)s", { down: downs, up: ups })),
    h("ul", { class: "hx-votes-list" }, entry.voters.map((seat, i) =>
      h("li", { class: `hx-vote ${entry.votes[i]}`, "data-seat": seat, "data-vote": entry.votes[i], "data-meaning": `vote:${entry.votes[i]}` },
        thumb(entry.votes[i] === "up"), h("span", {}, ctx.nameOf(seat))))));
}

// --- who may call "Hoax!" ---------------------------------------------------------------------------

// Why `seat` cannot call hoax now (null when they can, or there is no window).
export function hoaxBlocked(view, ctx, seat) {
  const challenge = view.challenge;
  if (view.phase !== "hoax_window" || !challenge) return t("There is no claim to call Hoax on.");
  if (seat === null || seat === undefined) return t("You are watching.");
  if (view.players[seat].out) return t("You are out of the game.");
  if (challenge.seat === seat) return t("It's your claim: the others decide.");
  if (challenge.passed.includes(seat)) return t("You let this claim pass.");
  if (challenge.callers.includes(seat)) return null;
  if (view.options.hoax_card_rule === "variant" && view.hoax_card === challenge.seat) {
    return fmt("%(name)s holds the hoax card: they cannot be hoaxed.", { name: ctx.nameOf(challenge.seat) });
  }
  if (view.hoax_card === seat) return t("You hold the hoax card: you cannot call Hoax.");
  return t("You cannot call Hoax on this claim.");
}

// --- the phase in a line ------------------------------------------------------------------------------

export function phaseTitle(view, ctx) {
  const active = ctx.nameOf(view.active);
  const challenge = view.challenge;
  switch (view.phase) {
    case "setup":
      return fmt("%(name)s picks a starting resource", { name: active });
    case "turn":
      return view.turn.claimed ? fmt("%(name)s may investigate, accuse or end the turn", { name: active })
        : fmt("%(name)s's turn: waiting for a claim", { name: active });
    case "hoax_window":
      return challenge.kind === "immunity" ? t("An immunity claim: anyone call Hoax?") : t("Anyone call Hoax?");
    case "vote":
      return fmt("%(name)s calls Hoax! Vote: believe or hoax?", { name: ctx.nameOf(challenge.caller) });
    case "immunity": {
      const asked = view.immunity.asked.map((s) => ctx.nameOf(s));
      return fmt("Immunity? %(names)s may claim %(character)s", { names: namesJoin(asked),
        character: charName(ctx, view.immunity.character) });
    }
    case "butler_gift":
      return fmt("%(name)s picks a resource: the Butler's gift", { name: ctx.nameOf(view.gift.seat) });
    case "over":
      return t("Game over: every identity revealed");
    default:
      return "";
  }
}

export function winnerText(view, ctx) {
  if (view.winner === null || view.winner === undefined) return t("Game over");
  const name = ctx.nameOf(view.winner);
  const how = winHow(view);
  if (how === "truthful") {
    const entry = view.log.filter((e) => e.kind === "truthful").pop();
    return fmt("%(name)s wins: truly %(character)s, and voted down!", { name,
      character: entry ? charName(ctx, entry.character) : "" });
  }
  return fmt("%(name)s wins: the last one standing!", { name });
}

export function winHow(view) {
  const entry = view.log.filter((e) => e.kind === "win").pop();
  return entry ? entry.how : null;
}

// --- the public log in words ----------------------------------------------------------------------------

function amount(count, resource) {
  return fmt("%(n)s %(res)s", { n: count, res: resName(resource) });
}

export function logText(entry, ctx, view) {
  const name = (seat) => who(ctx, seat);
  const ch = (id) => charName(ctx, id);
  switch (entry.kind) {
    case "setup":
      return fmt("The game begins. %(name)s plays first.", { name: name(entry.first) });
    case "turn":
      return fmt("Turn %(n)s: %(name)s", { n: entry.number, name: name(entry.seat) });
    case "claim":
      return fmt("%(name)s claims %(character)s: %(effect)s", { name: name(entry.seat), character: ch(entry.character),
        effect: effectText(view, ctx, entry.seat, entry.character, entry.choices) });
    case "hoax":
      return fmt("%(name)s calls Hoax on %(claimant)s (%(character)s)!", { name: name(entry.seat),
        claimant: name(entry.claimant), character: ch(entry.character) });
    case "vote": {
      const downs = entry.votes.filter((v) => v === "down").length;
      return fmt("Vote on %(name)s: %(up)s believe, %(down)s hoax. %(result)s", { name: name(entry.claimant),
        up: entry.votes.length - downs, down: downs,
        result: entry.result === "down" ? t("Voted down.") : t("The claim goes on.") });
    }
    case "truthful":
      return fmt("%(name)s really is %(character)s!", { name: name(entry.seat), character: ch(entry.character) });
    case "imposter":
      return fmt("%(name)s is not %(character)s: imposter token.", { name: name(entry.seat), character: ch(entry.character) });
    case "immunity_answers":
      return entry.claimed.length
        ? fmt("Immunity claimed by %(names)s", { names: namesJoin(entry.claimed.map(name)) })
        : t("Nobody claims immunity.");
    case "immunity_claim":
      return fmt("%(name)s claims to be %(character)s, immune to %(against)s's claim", { name: name(entry.seat),
        character: ch(entry.character), against: name(entry.against) });
    case "spared":
      return fmt("%(name)s is spared (%(character)s).", { name: name(entry.seat), character: ch(entry.character) });
    case "privilege":
      return fmt("%(name)s's claim stands: the privilege of %(character)s takes effect.", { name: name(entry.seat), character: ch(entry.character) });
    case "transfer":
      if (entry.giver === SUPPLY) {
        return entry.count ? fmt("%(name)s takes %(amount)s.", { name: name(entry.taker), amount: amount(entry.count, entry.resource) })
          : fmt("The supply has no %(res)s for %(name)s.", { name: name(entry.taker), res: resName(entry.resource) });
      }
      if (!entry.count) return fmt("%(name)s has no %(res)s to give.", { name: name(entry.giver), res: resName(entry.resource) });
      return fmt("%(giver)s gives %(taker)s %(amount)s.", { giver: name(entry.giver), taker: name(entry.taker),
        amount: amount(entry.count, entry.resource) });
    case "investigate":
      return fmt("%(name)s investigates %(target)s.", { name: name(entry.seat), target: name(entry.target) });
    case "accuse":
      return entry.result === "right"
        ? fmt("%(name)s accuses %(target)s: right!", { name: name(entry.seat), target: name(entry.target) })
        : fmt("%(name)s accuses %(target)s: wrong!", { name: name(entry.seat), target: name(entry.target) });
    case "accuser_card":
      return entry.seat === null ? t("The accuser card goes back to the middle.")
        : fmt("%(name)s takes the accuser card.", { name: name(entry.seat) });
    case "left":
      return fmt("%(name)s left the game.", { name: name(entry.seat) });
    case "eliminated":
      return entry.heir === SUPPLY ? fmt("%(name)s is out; their resources go to the supply.", { name: name(entry.seat) })
        : fmt("%(name)s is out; their resources go to %(heir)s.", { name: name(entry.seat), heir: name(entry.heir) });
    case "end_turn":
      return fmt("%(name)s ends the turn.", { name: name(entry.seat) });
    case "win":
      return entry.how === "truthful" ? fmt("%(name)s wins with a true claim!", { name: name(entry.seat) })
        : fmt("%(name)s wins: the last one standing!", { name: name(entry.seat) });
    default:
      return "";
  }
}

const LOG_TONE = { hoax: "alert", imposter: "bad", eliminated: "bad", truthful: "good", win: "good", accuse: "alert",
  claim: "claim", turn: "turn", vote: "alert", investigate: "alert" };

// The newest `limit` public events, newest first. The view carries the newest events only
// (at least this whole turn); `log_from` is the first one's place in the game's whole log.
export function logList(view, ctx, { limit = 12, testid = "log", cls = "" } = {}) {
  const total = view.log_from + view.log.length;
  const entries = view.log.map((entry, index) => ({ entry, index: view.log_from + index }))
    .filter(({ entry }) => entry.kind !== "setup" || total < 3)
    .slice(-limit).reverse();
  return h("ol", { class: `hx-log ${cls}`, "data-testid": testid }, entries.map(({ entry, index }) =>
    h("li", { class: `hx-log-${entry.kind} ${LOG_TONE[entry.kind] || ""}`, "data-kind": entry.kind, "data-index": index },
      logText(entry, ctx, view))));
}
