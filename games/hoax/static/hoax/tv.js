// Hoax on the TV: the table, readable across a room. It draws only the public view (the board
// never receives a secret): seats with their resources, imposter tokens and cards, the supply, the
// claim in play, who has passed, voted or answered (never how) until the votes show all at once,
// the public log, and every identity once the game is over.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { countdown, hiddenUntil } from "../partyhub/js/widgets.js";
import { pager } from "../partyhub/js/pages.js";
import {
  styleLoad, charName, picture, resources, seatToken, claimBanner, lastVote, voteReveal, phaseTitle,
  winnerText, winHow, logList, thumb, RESOURCES, resIcon, resName,
} from "./common.js";

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let view = null;

  // What this seat is doing in the current phase: a short public status.
  function status(player) {
    const seat = player.seat;
    const challenge = view.challenge;
    const chip = (text, cls, testid = "seat-status") => h("span", { class: `hx-status ${cls}`, "data-testid": testid }, text);
    if (player.out) return null;
    switch (view.phase) {
      case "setup":
        return seat === view.active ? chip(t("picking…"), "busy") : null;
      case "hoax_window":
        if (seat === challenge.seat) return chip(t("claiming"), "claimant");
        if (challenge.passed.includes(seat)) return chip(t("pass"), "done", "seat-passed");
        if (challenge.callers.includes(seat)) return chip(t("Hoax?"), "busy");
        return chip(t("cannot call"), "muted");
      case "vote":
        if (seat === challenge.caller) {
          return h("span", { class: "hx-statuses" }, chip(t("called Hoax!"), "alert"),
            challenge.voted.includes(seat) ? chip(t("voted"), "done", "seat-voted") : chip(t("voting…"), "busy"));
        }
        if (seat === challenge.seat) return chip(t("on trial"), "claimant");
        if (challenge.voted.includes(seat)) return chip(t("voted"), "done", "seat-voted");
        return chip(t("voting…"), "busy");
      case "immunity":
        if (!view.immunity.asked.includes(seat)) return null;
        return view.immunity.answered.includes(seat) ? chip(t("answered"), "done") : chip(t("immunity?"), "busy");
      case "butler_gift":
        return seat === view.gift.seat ? chip(t("picking…"), "busy") : null;
      default:
        break;
    }
    return null;
  }

  // The newest vote's choice of this seat, shown on the seat once all votes are out and until
  // another question opens (a hoax window, a vote or immunities: old thumbs would mislead).
  function shownVote(seat) {
    if (view.phase !== "turn" && view.phase !== "over") return null;
    const entry = lastVote(view);
    if (!entry) return null;
    const i = entry.voters.indexOf(seat);
    if (i < 0) return null;
    const up = entry.votes[i] === "up";
    return h("span", { class: `hx-seat-vote ${up ? "up" : "down"}`, "data-testid": "seat-vote", "data-vote": entry.votes[i],
      "data-meaning": `vote:${up ? "up" : "down"}` },
      thumb(up), up ? t("believe") : t("hoax"));
  }

  function seatCard(player) {
    const seat = player.seat;
    const over = view.phase === "over";
    const active = !over && seat === view.active;
    const winner = over && seat === view.winner;
    const cls = ["hx-seat", active ? "active" : "", player.out ? "out" : "", player.connected ? "" : "offline",
      winner ? "winner" : ""].join(" ");
    const badges = [
      active ? h("span", { class: "hx-badge turn" }, view.phase === "setup" ? t("Picking") : t("Turn")) : null,
      winner ? h("span", { class: "hx-badge win", "data-testid": "winner-badge" }, t("Winner")) : null,
      player.out ? h("span", { class: "hx-badge out" }, t("Out")) : null,
      player.connected ? null : h("span", { class: "hx-badge offline" }, t("offline")),
    ];
    const cards = [
      view.hoax_card === seat ? h("span", { class: "hx-card hoax", "data-testid": "hoax-card" }, t("Hoax card")) : null,
      view.accuser_card === seat ? h("span", { class: "hx-card accuser", "data-testid": "accuser-card" }, t("Accuser card")) : null,
    ];
    return h("div", { class: cls, "data-testid": "seat", "data-seat": seat, "data-out": String(player.out),
      "data-character": over && player.character ? player.character : null },
    h("div", { class: "hx-seat-head" }, seatToken(seat, ctx), h("span", { class: "hx-seat-name" }, ctx.nameOf(seat))),
    over && player.character ? h("div", { class: "hx-seat-reveal", "data-testid": "identity" },
      picture(ctx, player.character, "hx-reveal-pic"), h("span", {}, charName(ctx, player.character))) : null,
    // One wrapping row under the name: the seat stays short enough for six round the felt.
    h("div", { class: "hx-seat-row" }, resources(player.resources, "hx-seat-res"), badges, cards,
      player.imposters.length ? h("span", { class: "hx-imposters", "data-testid": "imposters" },
        player.imposters.map((c) => h("span", { class: "hx-imposter", "data-character": c, title: t("Imposter token") },
          h("span", { class: "hx-imposter-x", "aria-hidden": "true" }), charName(ctx, c)))) : null,
      status(player), shownVote(seat)));
  }

  function supply() {
    return h("div", { class: "hx-supply", "data-testid": "supply" },
      h("span", { class: "hx-supply-label" }, t("Supply")),
      RESOURCES.map((r) => h("span", { class: "hx-supply-pile", title: resName(r), "data-resource": r, role: "img",
        "aria-label": fmt("%(resource)s: %(n)s", { resource: resName(r), n: view.supply[r] }) },
      resIcon(r), h("b", {}, String(view.supply[r])))));
  }

  function feltMain() {
    const active = ctx.nameOf(view.active);
    switch (view.phase) {
      case "setup":
        return [h("p", { class: "hx-felt-big" }, fmt("%(name)s picks a starting resource.", { name: active })),
          h("p", { class: "hx-felt-hint" }, t("In turn order, everyone takes one resource from the supply."))];
      case "turn":
        if (!view.turn.claimed) {
          return [h("p", { class: "hx-felt-big" }, fmt("%(name)s is thinking of a claim…", { name: active })),
            h("p", { class: "hx-felt-hint" }, t("Claim once; investigate while you can pay; accuse at most once."))];
        }
        return [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
          h("p", { class: "hx-felt-hint" }, fmt("%(name)s may investigate, accuse or end the turn.", { name: active }))];
      case "hoax_window":
        return [claimBanner(view, ctx), h("p", { class: "hx-felt-call" }, t("Call Hoax! on your phone, or let it pass."))];
      case "vote": {
        const challenge = view.challenge;
        return [claimBanner(view, ctx),
          h("p", { class: "hx-felt-call alert" }, fmt("%(name)s calls Hoax!", { name: ctx.nameOf(challenge.caller) })),
          h("p", { class: "hx-felt-hint", "data-testid": "voted-count" },
            fmt("Voted: %(n)s of %(total)s. The votes show when all are in.", { n: challenge.voted.length, total: challenge.voters.length }))];
      }
      case "immunity": {
        const imm = view.immunity;
        return [claimBanner(view, ctx), lastVote(view) ? voteReveal(view, ctx, lastVote(view)) : null,
          h("p", { class: "hx-felt-call" }, fmt("Targets may claim %(character)s to be spared.", { character: charName(ctx, imm.character) })),
          h("p", { class: "hx-felt-hint" }, fmt("Answered: %(n)s of %(total)s", { n: imm.answered.length, total: imm.asked.length }))];
      }
      case "butler_gift":
        return [claimBanner(view, ctx),
          h("p", { class: "hx-felt-call" }, fmt("%(name)s picks a free resource from the supply.", { name: ctx.nameOf(view.gift.seat) }))];
      case "over":
        return endPanel();
      default:
        return [];
    }
  }

  function endPanel() {
    const how = winHow(view);
    return [
      // (a truthful claim's vote is said by the winner's line, and each seat shows its ballot)
      h("p", { class: "hx-felt-win", "data-testid": "winner", "data-seat": view.winner, "data-how": how }, winnerText(view, ctx)),
      view.unused && view.unused.length ? h("div", { class: "hx-unused", "data-testid": "unused" },
        h("span", { class: "hx-supply-label" }, t("Nobody was")),
        view.unused.map((c) => h("span", { class: "hx-unused-card", "data-character": c }, picture(ctx, c, "hx-unused-pic"), charName(ctx, c)))) : null,
    ];
  }

  function header() {
    const showClock = view.deadline && view.phase !== "turn" && view.phase !== "over";
    return h("header", { class: "hx-top" },
      h("span", { class: "hx-brand" }, t("Hoax")),
      view.turn.number ? h("span", { class: "hx-turn" }, fmt("Turn %(n)s", { n: view.turn.number })) : null,
      h("h1", { class: "hx-title", "data-testid": "phase-title" }, phaseTitle(view, ctx)),
      showClock ? countdown(view.deadline, "hx-clock big") : null);
  }

  function render() {
    if (!view) return;
    root.className = `game-root hx hx-tv phase-${view.phase}`;
    root.dataset.testid = "hx-tv";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn.number);
    root.dataset.active = String(view.active);
    const players = view.players;
    const topCount = Math.ceil(players.length / 2);
    // Clockwise round the table: along the top left to right, then back along the bottom.
    const top = players.slice(0, topCount);
    const bottom = players.slice(topCount).reverse();
    morph(root, header(),
      h("div", { class: "hx-body" },
        h("main", { class: `hx-table n${players.length}` },
          h("div", { class: "hx-seats top" }, top.map(seatCard)),
          h("div", { class: "hx-felt", "data-testid": "felt" }, h("div", { class: "hx-felt-main" }, feltMain())),
          h("div", { class: "hx-seats bottom" }, bottom.map(seatCard))),
        h("aside", { class: "hx-side" }, supply(), h("h2", {}, t("What happened")), logList(view, ctx, { limit: 16, cls: "pages" }))));
    pages.fit();
  }

  // The log, newest first, shows the events that fit its panel whole (one cut at the panel's
  // foot would read as another), the older ones a page at a time (partyhub/js/pages.js).
  const pages = pager(root, ".hx-log > li");
  styleLoad().then(() => pages.fit());

  return {
    update(frame) {
      view = frame.view;
      if (!view) return;
      render();
    },
  };
}

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { ballot } from "./common.js";
