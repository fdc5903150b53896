// Werewolf on the TV: the village square and the narrator's voice, readable across a room. It
// draws only the public view (the board never receives a secret): day or night, the narrator's
// lines (spoken with the browser's speech in the page's language, unless switched off on this
// TV), who is alive or dead (with the card when the option reveals it), the Mayor, the timers
// (none at night), the composition, who has voted (never for whom) until the ballots are
// revealed, the public log, and at the end every card, the lovers, the charmed and the
// night-by-night timeline.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, hiddenUntil, pageTouched, voiceButton } from "../partyhub/js/widgets.js";
import { speak, speechCancel } from "../partyhub/js/captions.js";
import { cue } from "../partyhub/js/cue.js";
import { pager } from "../partyhub/js/pages.js";
import {
  styleLoad, roleName, picture, seatToken, clockTitle, phaseTitle, winnerText, lineText, composition, logList,
  ballotsToday, ballotsPanel, revealPanel, timeline, names, winnersShown,
} from "./common.js";

const VOICE_KEY = "partyhub.werewolf.voice"; // "off" when this TV's speech is switched off

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let view = null;
  let spokenId = null;
  let builtAt = null; // the server's time of the frame drawn: its lines are due by it (cue.js)
  let voiceOn = voiceStored();

  function voiceStored() {
    try { return localStorage.getItem(VOICE_KEY) !== "off"; } catch { return true; }
  }

  // Browsers speak only on a page someone has touched: until then the button asks for a tap,
  // and that tap speaks the current lines instead of switching the voice off.
  let heard = pageTouched();

  function voiceClick() {
    if (voiceOn && !heard) {
      heard = true;
      spokenId = null;
      narrate(true);
      render();
      return;
    }
    voiceToggle();
  }

  function voiceToggle() {
    voiceOn = !voiceOn;
    try { localStorage.setItem(VOICE_KEY, voiceOn ? "on" : "off"); } catch { /* private mode */ }
    if (!voiceOn) speechCancel();
    render();
  }

  const voiceAllowed = () => Boolean(view && view.options["narration.voice"]);

  // Speak each new set of lines once, in the page's language (the room's, as the server chose
  // it), when its frame's cue is due: on the TV and every remote player's board at once, by the
  // server's clock (cue.js); a slow device that missed the moment speaks them at once. A tap
  // on "Tap to hear" speaks them now. captions.js writes each line on the screen while it is
  // spoken.
  function narrate(now = false) {
    const narration = view.narration;
    if (narration.id === spokenId) return;
    spokenId = narration.id;
    if (now) say(narration);
    else cue(builtAt, () => { if (view.narration.id === narration.id) say(narration); });
  }

  function say(narration) {
    if (!voiceOn || !voiceAllowed()) return;
    speak(narration.lines.map((line) => lineText(ctx, line)), { queue: true });
  }

  // --- pieces ---------------------------------------------------------------------------------

  function header(many) {
    const night = view.phase === "night";
    const team = view.result ? view.result.team : "";
    const showClock = !night && !view.over && view.deadline;
    return h("header", { class: "ww-top" },
      h("span", { class: `ww-sky ${night ? "night" : "day"}`, "aria-hidden": "true" }),
      h("span", { class: "ww-when", "data-testid": "when" }, clockTitle(view)),
      h("h1", { class: "ww-title", "data-testid": "phase-title" }, view.over && many
        ? h("span", { class: "ww-win", "data-testid": "winner", "data-team": team }, winnerTitle(team)) : phaseTitle(view, ctx)),
      showClock ? countdown(view.deadline, "ww-clock big") : null,
      voiceAllowed() ? voiceButton({ on: voiceOn, asking: !heard, onclick: voiceClick }) : null);
  }

  // The narrator's latest lines, with the picture of the card whose step it is.
  function narrator() {
    const lines = view.narration.lines.map((line) => ({ key: line.key, text: lineText(ctx, line) })).filter((l) => l.text);
    const stepCard = view.step && view.step.key ? ((ctx.page.facts || {}).step_cards || {})[view.step.key] : null;
    return h("section", { class: "ww-narrator", "data-testid": "narrator", "data-id": view.narration.id },
      stepCard ? picture(ctx, stepCard, "ww-step-pic") : null,
      h("div", { class: "ww-lines" }, lines.map((line) => h("p", { "data-testid": "line", "data-key": line.key }, line.text))));
  }

  // Per seat, what the village may know it is doing now (never what it chose).
  function status(p) {
    const poll = view.poll;
    const chip = (text, cls, testid = "seat-status") => h("span", { class: `ww-status ${cls}`, "data-testid": testid }, text);
    if (!p.alive && !(view.prompt && view.prompt.seat === p.seat)) return null;
    switch (view.phase) {
      case "look":
        return p.looked ? chip(t("✓ looked"), "done", "seat-looked") : chip(t("looking…"), "busy");
      case "candidacy":
        if (poll.standing.includes(p.seat)) return chip(t("candidate"), "alert", "seat-standing");
        return poll.answered.includes(p.seat) ? chip(t("answered"), "done") : null;
      case "election":
      case "vote":
        if (!poll.voters.includes(p.seat)) return chip(t("no vote"), "muted");
        if (poll.locked.includes(p.seat)) return chip(t("voted ✓"), "done", "seat-locked");
        return poll.voted.includes(p.seat) ? chip(t("choosing…"), "busy", "seat-voted") : chip(t("to vote"), "muted");
      case "talk":
        return view.talk.ready.includes(p.seat) ? chip(t("ready to vote"), "done", "seat-ready") : null;
      case "prompt":
        return view.prompt.seat === p.seat ? chip(t("choosing…"), "alert") : null;
      default:
        return null;
    }
  }

  function seatTile(p) {
    const winner = view.result && view.result.winners.includes(p.seat);
    const poll = view.poll;
    const narrowed = poll && poll.candidates && (poll.kind === "election" || poll.revote); // a choice among a few
    const candidate = narrowed && poll.candidates.includes(p.seat);
    return h("li", { class: `ww-seat ${p.alive ? "alive" : "dead"} ${p.connected ? "" : "offline"} ${winner ? "winner" : ""} ${candidate ? "candidate" : ""}`,
      "data-testid": "seat", "data-seat": p.seat, "data-alive": String(p.alive), "data-card": p.card || "",
      "data-meaning": `life:${p.alive ? "alive" : "dead"}` },
    p.card ? picture(ctx, p.card, "ww-seat-pic") : seatToken(p.seat, ctx, "big"),
    h("span", { class: "ww-seat-text" },
      h("b", { class: "ww-seat-name", "data-sign": "style" }, ctx.nameOf(p.seat)),
      p.card ? h("span", { class: "ww-seat-card" }, roleName(ctx, p.card)) : null,
      h("span", { class: "ww-seat-badges" },
        p.mayor ? h("span", { class: "ww-badge mayor", "data-testid": "mayor" }, t("Mayor")) : null,
        p.no_vote ? h("span", { class: "ww-badge" }, t("no vote")) : null,
        p.alive ? null : h("span", { class: "ww-badge dead", "data-sign": true }, t("dead")),
        winner ? h("span", { class: "ww-badge win" }, t("winner")) : null,
        p.connected ? null : h("span", { class: "ww-badge offline" }, t("offline")),
        status(p))));
  }

  // The phase's own panel: how many have voted, the candidates, the ballots once revealed.
  function phasePanel() {
    const poll = view.poll;
    const entry = ballotsToday(view);
    if ((view.phase === "vote" || view.phase === "election") && poll) {
      // A revote shows the tied count it comes from beside its own progress.
      const tied = poll.revote && entry && entry.vote === poll.kind ? paged(ballotsPanel(entry, ctx)) : null;
      return [h("p", { class: "ww-progress", "data-testid": "vote-progress" },
        fmt("Voted: %(n)s of %(total)s. The ballots show when the vote closes.", { n: poll.locked.length, total: poll.voters.length }),
        poll.revote || poll.kind === "election" ? h("span", { class: "ww-candidates" }, " ",
          fmt("Candidates: %(names)s", { names: names(ctx, poll.candidates) })) : null), tied];
    }
    if (view.phase === "talk") {
      return h("p", { class: "ww-progress", "data-testid": "ready-progress", "data-needed": view.talk.needed },
        fmt("Ready to vote: %(n)s of %(needed)s needed", { n: view.talk.ready.length, needed: view.talk.needed }));
    }
    if (view.phase === "candidacy") {
      return h("p", { class: "ww-progress" }, poll.standing.length
        ? fmt("Standing: %(names)s", { names: names(ctx, poll.standing) }) : t("Nobody stands yet."));
    }
    return entry ? paged(ballotsPanel(entry, ctx)) : null;
  }

  // A panel that may be taller than the room the seats leave it: shown a page at a time.
  function paged(panel) {
    panel.classList.add("ww-pages", "pages");
    return panel;
  }

  // The Scapegoat's list, for the vote of its day: tomorrow's until that day comes (issue 34:
  // the evening he named it, the TV said "today" while the narrator said tomorrow).
  function scapegoatList() {
    const list = view.scapegoat_voters;
    if (!list) return null;
    const seats = list.seats;
    const today = list.day === view.day;
    const text = today
      ? (seats.length ? fmt("Only %(names)s may vote today.", { names: names(ctx, seats) }) : t("Nobody may vote today."))
      : (seats.length ? fmt("Tomorrow only %(names)s may vote.", { names: names(ctx, seats) }) : t("Nobody may vote tomorrow."));
    return h("p", { class: "ww-progress", "data-testid": "scapegoat-voters", "data-day": list.day }, text);
  }

  // The end: the winners first (named, and first among the cards), every card with its death's
  // time and cause; a crowded TV names the winning side only, in the title (its cards say who), and gives the
  // whole width to the cards (the timeline is in the recap).
  function endMain(many) {
    const team = view.result ? view.result.team : "";
    return [
      many ? null : h("p", { class: "ww-win", "data-testid": "winner", "data-team": team }, winnerText(view, ctx)),
      paged(revealPanel(view, ctx, view.reveal, { winners: winnersShown(view), compact: many })),
    ];
  }

  function winnerTitle(team) {
    return { village: t("The village wins!"), pack: t("The werewolves win!"), piper: t("The Pied Piper wins alone!"),
      couple: t("The lovers win together!"), nobody: t("Nobody is left alive: nobody wins.") }[team] || t("The end");
  }

  function render() {
    if (!view) return;
    heard = heard || pageTouched();
    const night = view.phase === "night";
    const many = view.players.length > 12; // a denser square: names only, no tokens
    root.className = `game-root ww ww-tv phase-${view.phase} ${night ? "ww-night" : "ww-day"} ${many ? "ww-many" : ""}`;
    root.dataset.testid = "ww-tv";
    root.dataset.phase = view.phase;
    root.dataset.night = String(view.night);
    root.dataset.day = String(view.day);
    root.dataset.step = view.step && view.step.key ? view.step.key : "";
    root.dataset.narration = String(view.narration.id);
    const side = view.over
      ? [h("h2", {}, t("Night by night")), timeline(view.reveal, ctx, { log: view.log })]
      : [h("h2", {}, t("Cards in play")), composition(view, ctx),
        view.cursed ? h("p", { class: "ww-curse", "data-testid": "cursed" }, t("The village has lost its wisdom: the villagers have no powers.")) : null,
        h("h2", {}, t("What happened")), logList(view, ctx, { limit: 9 })];
    morph(root, header(many),
      h("div", { class: "ww-body" },
        h("main", { class: "ww-main" },
          view.over ? endMain(many) : [narrator(), phasePanel(), scapegoatList(),
            h("ul", { class: `ww-seats n${view.players.length}`, "data-testid": "seats" }, view.players.map(seatTile))]),
        view.over && many ? null : h("aside", { class: "ww-side ww-pages pages" }, side)));
    pages.fit();
  }

  // A list taller than its panel's room (a crowded vote's ballots and counts, the end's cards,
  // the log, the timeline) shows a page at a time (partyhub/js/pages.js).
  const pages = pager(root, ".ww-ballot, .ww-counts > li, .ww-reveal-card, .ww-log > li, .ww-timeline > li");
  styleLoad().then(() => pages.fit()); // what fits changes once the stylesheet has loaded

  return {
    update(frame) {
      view = frame.view;
      builtAt = frame.server_time;
      if (!view) return;
      render();
      narrate();
    },
  };
}

// The TV lobby's part (partyhub/js/lobby.js): the cards in play for the players seated (or that
// the deck is secret), and the options (§7), those a table would ask about and every one the
// host changed. The deck for the count is the server's (`facts.decks`); a custom deck is what
// the host's counts and switches say.
const LOBBY_OPTIONS = ["revealOnDeath", "mayor.enabled", "votes.ballots", "ghosts.seeAll"];

export const lobbyReady = () => styleLoad();

export function lobby(frame, ctx) {
  const options = frame.room.options || {};
  const facts = ctx.page.facts || {};
  const n = frame.room.players.length;
  let deck = null;
  if (options.composition === "custom") {
    deck = { werewolf: options["composition.werewolves"], villager: options["composition.villagers"] };
    for (const card of facts.specials || []) if (options[`composition.${card}`]) deck[card] = 1;
    deck = Object.fromEntries(Object.entries(deck).filter(([, count]) => count));
  } else {
    deck = (facts.decks || {})[n] || null;
  }
  const secret = options["composition.public"] === false;
  const fields = (ctx.page.fields || []).filter((field) => !field.name.startsWith("composition"));
  const shownOptions = fields.filter((field) => LOBBY_OPTIONS.includes(field.name)
    || JSON.stringify(options[field.name]) !== JSON.stringify(field.default));
  const valueText = (field) => {
    const value = options[field.name];
    if (field.kind === "bool") return value ? t("on") : t("off");
    const choice = (field.choices || []).find(([v]) => String(v) === String(value));
    return choice ? choice[1] : String(value);
  };
  return h("section", { class: "ww ww-lobby", "data-testid": "ww-lobby" },
    h("h2", {}, t("Cards in play")),
    secret ? h("p", { class: "hint", "data-testid": "lobby-deck" }, t("The cards in play are secret."))
      : deck ? h("div", { "data-testid": "lobby-deck" }, composition({ composition: deck }, ctx, { testid: "lobby-composition" }))
        : h("p", { class: "hint", "data-testid": "lobby-deck" }, fmt("The deck is dealt for the players seated (%(min)s to %(max)s).",
          { min: frame.room.min_players, max: frame.room.max_players })),
    h("h2", {}, t("Options")),
    h("ul", { class: "ww-lobby-options", "data-testid": "lobby-options" }, shownOptions.map((field) =>
      h("li", { "data-option": field.name }, fmt("%(label)s: %(value)s", { label: field.label, value: valueText(field) })))));
}

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { hostTools, ballot } from "./common.js";
