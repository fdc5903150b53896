// Werewolf pieces the TV and the phones share: the stylesheet, the role texts and pictures and
// the narrator's lines from the server (admin data in the page's language: ctx.page), seat
// tokens, the public log and the ballots in words, the composition, and the end's reveal (every
// card, the Thief's two cards, the lovers, the charmed, the night-by-night timeline). Everything
// is drawn from the rules' view (frame.view); text always goes in as text nodes.

import { h, t, fmt } from "../partyhub/js/dom.js";
import { styleLoad as sheetLoad, seatColor, namesJoin } from "../partyhub/js/widgets.js";

export function styleLoad() {
  return sheetLoad(new URL("./werewolf.css", import.meta.url));
}

// --- the server's texts -------------------------------------------------------------------------

// The page's texts (ctx.page.lines): "narrator" lines by key, "phone" questions by prompt kind,
// "team" names by team id.
const lines = (ctx, kind) => ((ctx.page.lines || {})[kind] || {});

// A role as the admin wrote it, in the page's language (the server falls back to English).
export function role(ctx, id) {
  const found = (ctx.page.roles || []).find((r) => r.id === id);
  return found || { id, name: id || "?", power: "", picture: "" };
}

export const roleName = (ctx, id) => (id ? role(ctx, id).name : t("unknown card"));

export function teamName(ctx, team) {
  return lines(ctx, "team")[team] || team;
}

// The phone's question for a prompt kind.
export function promptText(ctx, kind) {
  return lines(ctx, "phone")[kind] || "";
}

export function picture(ctx, id, cls = "") {
  const r = role(ctx, id);
  if (!r.picture) return h("span", { class: `ww-pic ww-pic-none ${cls}`, "aria-hidden": "true" }, Array.from(r.name)[0] || "?");
  return h("img", { class: `ww-pic ${cls}`, src: r.picture, alt: "", draggable: "false" });
}

// A narrator's line in words: its text with the line's parameters filled in ("{seat}": seats by
// name, "{card}": cards by name, lists of seats as "Ada, Bo and Cy").
export function lineText(ctx, line) {
  const text = lines(ctx, "narrator")[line.key];
  if (!text) return "";
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in line)) return whole;
    const value = line[key];
    if (key === "seat" || key === "target") return ctx.nameOf(value);
    if (key === "card") return value ? roleName(ctx, value) : t("unknown card");
    if (Array.isArray(value)) return names(ctx, value);
    return String(value);
  });
}

// --- seats ------------------------------------------------------------------------------------

export function seatToken(seat, ctx, cls = "") {
  const name = ctx.nameOf(seat);
  return h("span", { class: `ww-token ${cls}`, style: `--c:${seatColor(seat)}`, "aria-hidden": "true" },
    Array.from(name.trim())[0] || "?");
}

export function nameChip(seat, ctx, cls = "") {
  if (seat === null || seat === undefined) return h("span", { class: `ww-chip none ${cls}` }, t("nobody"));
  return h("span", { class: `ww-chip ${cls}`, "data-seat": seat }, seatToken(seat, ctx), h("span", {}, ctx.nameOf(seat)));
}

export const names = (ctx, seats) => namesJoin((seats || []).map((seat) => ctx.nameOf(seat))) || t("nobody");

// --- the clock of the game in a line ----------------------------------------------------------

export function clockTitle(view) {
  if (view.over) return t("The end");
  if (view.phase === "look") return t("Look at your card");
  if (view.phase === "night") return fmt("Night %(n)s", { n: view.night });
  if (view.day) return fmt("Day %(n)s", { n: view.day });
  return t("Before the first night");
}

export function phaseTitle(view, ctx) {
  switch (view.phase) {
    case "look": return t("Everyone looks at their own card.");
    case "night": return view.step && view.step.key ? stepTitle(view.step.key)
      : fmt("Night step %(k)s of %(n)s", { k: view.step ? view.step.index : 0, n: view.step ? view.step.count : 0 });
    case "dawn": return t("The village wakes up.");
    case "prompt": return promptTitle(view, ctx);
    case "outcome": return outcomeTitle(view);
    case "candidacy": return t("Who stands for Mayor?");
    case "election": return view.poll && view.poll.revote ? t("Mayor election: revote") : t("Mayor election");
    case "talk": return t("Discussion: who are the werewolves?");
    case "vote": return view.poll && view.poll.revote ? t("Revote among the tied") : t("The vote: whom do we execute?");
    case "execution": return t("The village has decided.");
    case "over": return t("Every card revealed");
    default: return "";
  }
}

function stepTitle(key) {
  return {
    thief: t("The Thief wakes up"), cupid: t("Cupid wakes up"), lovers: t("The lovers wake up"),
    seer: t("The Seer wakes up"), salvateur: t("The Salvateur wakes up"), werewolves: t("The werewolves wake up"),
    witch: t("The Witch wakes up"), "pied-piper": t("The Pied Piper wakes up"), charmed: t("The charmed wake up"),
  }[key] || t("Night");
}

function promptTitle(view, ctx) {
  const prompt = view.prompt;
  if (!prompt) return "";
  const name = ctx.nameOf(prompt.seat);
  return {
    hunter: fmt("Dying, %(name)s raises the Hunter's rifle…", { name }),
    successor: fmt("%(name)s names the next Mayor.", { name }),
    scapegoat: fmt("%(name)s, the Scapegoat, names tomorrow's voters.", { name }),
    settle: fmt("Mayor %(name)s settles the tie.", { name }),
  }[prompt.kind] || "";
}

// What the TV holds after a decision (the view's `outcome`; the narrator's lines say the rest).
function outcomeTitle(view) {
  const kind = view.outcome ? view.outcome.kind : "";
  return {
    hunter: t("The Hunter's shot"), successor: t("The new Mayor"), mayor: t("The new Mayor"),
    scapegoat: t("The Scapegoat's choice"), left: t("A player has left the village"),
  }[kind] || "";
}

// The seats the host removed ("left the village"): shown apart, never among the winners.
export function leftSeats(reveal) {
  return reveal ? reveal.deaths.filter((death) => death.cause === "left").map((death) => death.seat) : [];
}

// The winners to name and mark: the winning team, a player the host removed left out.
export function winnersShown(view) {
  const left = leftSeats(view.reveal);
  return view.result ? view.result.winners.filter((seat) => !left.includes(seat)) : [];
}

export function winnerText(view, ctx) {
  const result = view.result;
  if (!result) return t("The end");
  const winners = names(ctx, winnersShown(view));
  return {
    village: fmt("The village wins! (%(names)s)", { names: winners }),
    pack: fmt("The werewolves win! (%(names)s)", { names: winners }),
    piper: fmt("The Pied Piper wins alone! (%(names)s)", { names: winners }),
    couple: fmt("The lovers win together! (%(names)s)", { names: winners }),
    nobody: t("Nobody is left alive: nobody wins."),
  }[result.team] || t("The end");
}

// --- the composition (public by option) -------------------------------------------------------

export function composition(view, ctx, { testid = "composition" } = {}) {
  const deck = view.composition;
  if (!deck) {
    return h("p", { class: "ww-secret-deck hint", "data-testid": testid }, t("The cards in play are secret."));
  }
  return h("ul", { class: "ww-deck", "data-testid": testid }, Object.entries(deck).map(([card, count]) =>
    h("li", { class: "ww-deck-card", "data-card": card, "data-count": count },
      picture(ctx, card, "ww-deck-pic"), h("span", {}, roleName(ctx, card)),
      count > 1 ? h("b", { class: "ww-count" }, `×${count}`) : null)));
}

// --- the public log in words --------------------------------------------------------------------

function clockLabel(clock) {
  return clock[0] === "night" ? fmt("Night %(n)s", { n: clock[1] }) : fmt("Day %(n)s", { n: clock[1] });
}

export function logText(entry, ctx) {
  const name = (seat) => ctx.nameOf(seat);
  switch (entry.kind) {
    case "death":
      return entry.card ? fmt("%(name)s died: %(card)s.", { name: name(entry.seat), card: roleName(ctx, entry.card) })
        : fmt("%(name)s died.", { name: name(entry.seat) });
    case "curse":
      return t("The Elder is dead: the villagers lose their powers.");
    case "shot":
      return entry.target === null ? fmt("%(name)s, the Hunter, did not shoot.", { name: name(entry.seat) })
        : fmt("%(name)s, the Hunter, shot %(target)s.", { name: name(entry.seat), target: name(entry.target) });
    case "mayor":
      return entry.drawn ? fmt("Drawn by lot, %(name)s is the Mayor.", { name: name(entry.seat) })
        : fmt("%(name)s is the Mayor.", { name: name(entry.seat) });
    case "ballots":
      return ballotsSummary(entry, ctx);
    case "pardon":
      return fmt("%(name)s is the Village Idiot: spared, but without a vote.", { name: name(entry.seat) });
    case "scapegoat_voters":
      return entry.seats.length ? fmt("Tomorrow only %(names)s may vote.", { names: names(ctx, entry.seats) })
        : t("Nobody may vote tomorrow.");
    case "win":
      return winnerText({ result: { team: entry.team, winners: entry.winners } }, ctx);
    default:
      return "";
  }
}

function ballotsSummary(entry, ctx) {
  const what = entry.vote === "election" ? t("Mayor election") : t("Vote");
  if (!entry.counts.length) return fmt("%(what)s: no votes.", { what });
  const counts = entry.counts.map(([seat, count]) => fmt("%(name)s %(n)s", { name: ctx.nameOf(seat), n: count })).join(", ");
  return fmt("%(what)s: %(counts)s", { what, counts });
}

const LOG_TONE = { death: "bad", curse: "bad", shot: "bad", mayor: "good", win: "good", pardon: "alert" };

export function logList(view, ctx, { limit = 10, testid = "log" } = {}) {
  const entries = view.log.map((entry, index) => ({ entry, index })).slice(-limit).reverse();
  return h("ol", { class: "ww-log", "data-testid": testid }, entries.map(({ entry, index }) =>
    h("li", { class: `ww-log-${entry.kind} ${LOG_TONE[entry.kind] || ""}`, "data-kind": entry.kind, "data-index": index },
      h("small", { class: "ww-log-clock" }, clockLabel(entry.clock)), " ", logText(entry, ctx))));
}

// The newest revealed ballots (a "ballots" log entry), or null.
export function lastBallots(view) {
  for (let i = view.log.length - 1; i >= 0; i -= 1) {
    if (view.log[i].kind === "ballots") return view.log[i];
  }
  return null;
}

// The newest ballots when they were cast this day (or before night 1), else null.
export function ballotsToday(view) {
  const entry = lastBallots(view);
  if (!entry || view.phase === "night") return null;
  const [part, n] = view.day ? ["day", view.day] : ["night", view.night];
  return entry.clock[0] === part && entry.clock[1] === n ? entry : null;
}

// The counts, then every ballot (who → whom, the Mayor's ×2) unless the option hides them: the
// result first (a crowded TV shows the ballots a page at a time).
export function ballotsPanel(entry, ctx, { testid = "ballots" } = {}) {
  const title = entry.vote === "election"
    ? (entry.revote ? t("Mayor election, revote: the ballots") : t("Mayor election: the ballots"))
    : (entry.revote ? t("Revote: the ballots") : t("The ballots"));
  return h("div", { class: "ww-ballots", "data-testid": testid, "data-vote": entry.vote },
    h("h3", {}, title),
    h("ul", { class: "ww-counts" }, entry.counts.map(([seat, count]) =>
      h("li", { "data-testid": "count", "data-seat": seat, "data-count": count }, nameChip(seat, ctx), h("b", {}, String(count))))),
    entry.ballots ? h("ul", { class: "ww-ballot-list" }, entry.ballots.map(([voter, ballot, weight]) =>
      h("li", { class: "ww-ballot", "data-testid": "ballot", "data-voter": voter, "data-ballot": ballot },
        nameChip(voter, ctx), h("span", { class: "ww-arrow", "aria-hidden": "true" }, "→"),
        ballot === "abstain" ? h("span", { class: "ww-chip none" }, t("abstains")) : nameChip(ballot, ctx),
        weight > 1 ? h("b", { class: "ww-double", title: t("The Mayor's ballot counts twice") }, "×2") : null))) : null);
}

// --- the end: everything revealed ----------------------------------------------------------------

const CAUSES = () => ({
  wolves: t("eaten by the werewolves"), poison: t("poisoned by the Witch"), starvation: t("starved"),
  vote: t("executed by the village"), shot: t("shot by the Hunter"), grief: t("died of grief"),
  elder: t("died with the Elder"), scapegoat: t("died as the Scapegoat"), left: t("left the village"),
});

export function causeText(cause) {
  return CAUSES()[cause] || cause;
}

// The same in a word or two, for a crowded TV's cards.
const CAUSES_SHORT = () => ({
  wolves: t("eaten"), poison: t("poisoned"), starvation: t("starved"), vote: t("executed"), shot: t("shot"),
  grief: t("grief"), elder: t("with the Elder"), scapegoat: t("scapegoat"), left: t("left"),
});

// Every card (with each death's cause), the Thief's two cards, the lovers and the charmed.
// `reveal` is the view's `reveal` (the end) or a ghost's `me.ghost` (the dead who see all);
// `compact` (a crowded TV) marks lovers and the charmed with a sign and a death with its time.
// The winners come first, a player the host removed last (apart, never a winner).
export function revealPanel(view, ctx, reveal, { testid = "reveal", winners = [], compact = false } = {}) {
  const deathOf = (seat) => reveal.deaths.find((d) => d.seat === seat);
  const lovers = reveal.lovers || [];
  const left = leftSeats(reveal);
  const rank = (seat) => (left.includes(seat) ? 2 : winners.includes(seat) ? 0 : 1);
  const order = reveal.cards.map((_card, seat) => seat).sort((a, b) => rank(a) - rank(b) || a - b);
  return h("div", { class: "ww-reveal", "data-testid": testid },
    h("ul", { class: "ww-reveal-cards" }, order.map((seat) => {
      const card = reveal.cards[seat];
      const death = deathOf(seat);
      const dealt = reveal.dealt[seat];
      const won = winners.includes(seat) && !left.includes(seat);
      return h("li", { class: `ww-reveal-card ${death ? "dead" : ""} ${won ? "winner" : ""} ${left.includes(seat) ? "left" : ""}`,
        "data-testid": "revealed", "data-seat": seat, "data-card": card, "data-winner": String(won) },
      picture(ctx, card, "ww-reveal-pic"),
      h("span", { class: "ww-reveal-text" },
        h("b", {}, ctx.nameOf(seat)),
        compact && dealt !== card ? h("span", {}, roleName(ctx, card), " ", h("small", {}, fmt("(dealt %(card)s)", { card: roleName(ctx, dealt) })))
          : h("span", {}, roleName(ctx, card)),
        !compact && dealt !== card ? h("small", {}, fmt("dealt %(card)s", { card: roleName(ctx, dealt) })) : null,
        compact ? h("small", {},
          lovers.includes(seat) ? h("span", { class: "ww-tag love", title: t("in love") }, "♥ ") : null,
          reveal.charmed.includes(seat) ? h("span", { class: "ww-tag charm", title: t("charmed") }, "♪ ") : null,
          death ? h("span", { class: "ww-cause", "data-testid": "cause", title: causeText(death.cause) },
            fmt("† %(when)s, %(cause)s", { when: clockLabel(death.clock), cause: CAUSES_SHORT()[death.cause] || death.cause }))
            : h("span", { class: "ww-alive" }, t("alive"))) : [
          lovers.includes(seat) ? h("small", { class: "ww-tag love" }, t("in love")) : null,
          reveal.charmed.includes(seat) ? h("small", { class: "ww-tag charm" }, t("charmed")) : null,
          death ? h("small", { class: "ww-cause", "data-testid": "cause" }, fmt("%(when)s: %(cause)s", { when: clockLabel(death.clock), cause: causeText(death.cause) }))
            : h("small", { class: "ww-alive" }, t("alive"))]));
    })),
    reveal.spares.length ? h("p", { class: "ww-spares", "data-testid": "spares" }, h("b", {}, t("The two cards in the middle:")), " ",
      reveal.spares.map((card) => h("span", { class: "ww-spare", "data-card": card }, picture(ctx, card, "ww-spare-pic"), roleName(ctx, card))),
      reveal.thief ? " " + (reveal.thief.took === null ? fmt("%(name)s, the Thief, kept none.", { name: ctx.nameOf(reveal.thief.seat) })
        : fmt("%(name)s, the Thief, took %(card)s.", { name: ctx.nameOf(reveal.thief.seat), card: roleName(ctx, reveal.spares[reveal.thief.took]) })) : "") : null,
    lovers.length ? h("p", { "data-testid": "lovers" }, compact ? h("span", { class: "ww-tag love" }, "♥ ") : null,
      fmt("The lovers: %(names)s", { names: names(ctx, lovers) }),
      reveal.couple ? " " + t("(a couple against everyone)") : "") : null,
    reveal.charmed.length ? h("p", { "data-testid": "charmed" }, compact ? h("span", { class: "ww-tag charm" }, "♪ ") : null,
      compact ? t("charmed") : fmt("Charmed: %(names)s", { names: names(ctx, reveal.charmed) })) : null);
}

// One night of the timeline in sentences: the Thief, the lovers, the Seer, the protection, the
// pack, the Little Girl, the potions, the charm, the deaths.
export function nightLines(night, ctx) {
  const n = (seat) => ctx.nameOf(seat);
  const lines = [];
  if (night.thief) {
    lines.push(night.thief[1] ? fmt("The Thief (%(name)s) took %(card)s.", { name: n(night.thief[0]), card: roleName(ctx, night.thief[1]) })
      : fmt("The Thief (%(name)s) stayed a Villager.", { name: n(night.thief[0]) }));
  }
  if (night.lovers) lines.push(fmt("Cupid made %(names)s fall in love.", { names: names(ctx, night.lovers) }));
  if (night.seer) lines.push(fmt("The Seer looked at %(name)s: %(seen)s.", { name: n(night.seer[0]), seen: seenText(ctx, night.seer[1]) }));
  if (night.protected !== null) lines.push(fmt("The Salvateur protected %(name)s.", { name: n(night.protected) }));
  if (night.asleep.length) lines.push(fmt("Stayed asleep: %(names)s.", { names: names(ctx, night.asleep) }));
  if (night.awake.length || night.choice !== null) {
    lines.push(night.choice === null ? t("The werewolves chose no victim.")
      : fmt("The werewolves chose %(name)s.", { name: n(night.choice) }));
  }
  if (night.starved) lines.push(t("The pack slept through the night and starved."));
  if (night.peeked) {
    lines.push(night.glimpsed.length ? fmt("The Little Girl peeked and glimpsed %(names)s.", { names: names(ctx, night.glimpsed) })
      : t("The Little Girl peeked."));
  }
  if (night.caught !== null) lines.push(fmt("The werewolves caught the Little Girl (%(name)s).", { name: n(night.caught) }));
  if (night.healed !== null) lines.push(fmt("The Witch healed %(name)s.", { name: n(night.healed) }));
  if (night.poisoned !== null) lines.push(fmt("The Witch poisoned %(name)s.", { name: n(night.poisoned) }));
  if (night.elder_saved) lines.push(t("The Elder survived the attack."));
  else if (night.saved !== null) lines.push(fmt("%(name)s was saved from the attack.", { name: n(night.saved) }));
  if (night.charmed.length) lines.push(fmt("The Pied Piper charmed %(names)s.", { names: names(ctx, night.charmed) }));
  lines.push(night.deaths.length ? fmt("Died: %(names)s.", { names: deathsText(night.deaths, ctx) }) : t("Nobody died."));
  return lines;
}

// Deaths ([seat, cause]) in words: "Ann (eaten by the werewolves) and Bo (died of grief)".
function deathsText(deaths, ctx) {
  return namesJoin(deaths.map(([seat, cause]) => fmt("%(name)s (%(cause)s)", { name: ctx.nameOf(seat), cause: causeText(cause) })));
}

// One day of the timeline (or the time before night 1: clock ["night", 0]) from the public
// log: the ballots, the shots, the Mayor, the pardon, the Scapegoat's list, the curse, and the
// deaths of the day with their causes (those announced at dawn are the night's).
export function dayLines(log, reveal, clock, ctx) {
  const same = (a, b) => a[0] === b[0] && a[1] === b[1];
  const lines = [];
  for (const entry of log) {
    if (!same(entry.clock, clock) || entry.kind === "win") continue;
    if (entry.kind === "death") {
      const death = reveal.deaths.find((d) => d.seat === entry.seat);
      if (!death || (death.clock[0] === "night" && death.clock[1] > 0)) continue;
      lines.push(fmt("Died: %(names)s.", { names: deathsText([[death.seat, death.cause]], ctx) }));
      continue;
    }
    const text = logText(entry, ctx);
    if (text) lines.push(text);
  }
  return lines;
}

// What the Seer saw: a card, or a team (option `seer.sees`).
export function seenText(ctx, seen) {
  const known = (ctx.page.roles || []).some((r) => r.id === seen);
  return known ? roleName(ctx, seen) : teamName(ctx, seen);
}

// The game night by night and day by day (`log`: the public log, for the days).
export function timeline(reveal, ctx, { testid = "timeline", log = [] } = {}) {
  const parts = [];
  const before = dayLines(log, reveal, ["night", 0], ctx);
  if (before.length) parts.push({ key: "night-0", title: t("Before the first night"), lines: before });
  for (const night of reveal.timeline) {
    parts.push({ key: `night-${night.night}`, title: fmt("Night %(n)s", { n: night.night }), lines: nightLines(night, ctx) });
    const day = dayLines(log, reveal, ["day", night.night], ctx);
    if (day.length) parts.push({ key: `day-${night.night}`, title: fmt("Day %(n)s", { n: night.night }), lines: day });
  }
  return h("ol", { class: "ww-timeline", "data-testid": testid }, parts.map((part) =>
    h("li", { "data-part": part.key }, h("h4", {}, part.title),
      h("ul", {}, part.lines.map((line) => h("li", {}, line))))));
}

// --- the host's tools (in the platform's host menu, on the TV or the VIP's phone) -------------------

const EXTEND_SECONDS = 60;
const EXTENDABLE = ["talk", "vote", "election", "candidacy", "prompt"];

// End the discussion, or add a minute to a day timer. (A player who left the village is removed
// with the menu's own "Remove", which plays the rules' removal.)
export function hostTools(view, ctx) {
  if (view.over) return null;
  const act = (action) => ctx.host("act", { action });
  const tools = [
    view.phase === "talk" ? h("button", { type: "button", class: "secondary", "data-testid": "talk-end",
      onclick: () => act({ type: "talk_end", target: null }) }, t("End the discussion")) : null,
    EXTENDABLE.includes(view.phase) ? h("button", { type: "button", class: "secondary", "data-testid": "extend",
      onclick: () => act({ type: "extend", target: EXTEND_SECONDS }) }, t("+1 minute")) : null,
  ].filter(Boolean);
  return tools.length ? tools : null;
}

// The audience's ballot in this game's words (partyhub/static/partyhub/js/audience.js).
export const ballot = {
  question: (name) => (name === "suspect" ? t("Who do you suspect?") : null),
  choice: (name, value, frame, ctx) => (name === "suspect" ? ctx.nameOf(value) : null),
  out: (name, value, result) => name === "suspect" && result.dead.includes(value),
};
