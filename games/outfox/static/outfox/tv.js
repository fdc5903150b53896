// Outfox on the TV: the board, readable across a room. It draws only the public view (what the
// board may see); the reader's fronts and the Fox's place stay on the phones.

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { hiddenUntil, pageTouched, voiceButton } from "../partyhub/js/widgets.js";
import { speak as speakLines, speechCancel, canSpeak } from "../partyhub/js/captions.js";
import { cue } from "../partyhub/js/cue.js";
import {
  styleLoad, letter, slotLabel, token, readersName, nextReaders, places, lapText, phaseTitle,
  countdown, guessColumn, topColumn, resultLines, track, winnerText, isPair,
} from "./common.js";

const SPEECH_KEY = "partyhub.outfox.speech";

function speechLocal() {
  try { return localStorage.getItem(SPEECH_KEY) !== "off"; } catch { return true; }
}

function speechLocalSet(on) {
  try { localStorage.setItem(SPEECH_KEY, on ? "on" : "off"); } catch { /* private mode */ }
}

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let view = null;
  let speechOn = speechLocal();
  let spokenTurn = null; // the turn whose answers were read aloud already
  let builtAt = null; // the server's time of the frame drawn: its reading is due by it (cue.js)
  let revealSeen = { turn: null, count: 0 };
  let fresh = null; // the rank that just moved into the TOP 5 (animated once)

  // Browsers refuse to speak on a page nobody has touched yet: until then (or a refusal) the
  // switch asks for a tap, and that tap reads the answers instead of switching the voice off.
  let speechBlocked = false;
  let heard = pageTouched(); // someone touched the page (a frame drawn since tells; the asking tap)

  function speak() {
    if (!view || !view.card) return;
    // The card is read in its own language (an English card in a Spanish room keeps its voice).
    speakLines([view.card.question, view.card.source, ...view.answers.map((answer, i) => `${letter(i)}. ${answer}`)], {
      lang: view.card.language || document.documentElement.lang || "en",
      rate: 0.95,
      onRefused: () => { if (!speechBlocked) { speechBlocked = true; render(); } },
      onStart: () => { if (speechBlocked) { speechBlocked = false; render(); } },
    });
  }

  // Speak once per turn, when the read phase starts (room option and this TV's own switch), at
  // the same moment on the TV and on every remote player's board (cue.js).
  function speechMaybe() {
    if (view.phase !== "read" || spokenTurn === view.turn) return;
    spokenTurn = view.turn;
    const turn = view.turn;
    if (view.options.speech && speechOn) cue(builtAt, () => { if (view.turn === turn) speak(); });
  }

  function speechToggle() {
    if ((speechBlocked || !heard) && speechOn) {
      // This tap is what the browser wanted: read the answers now.
      speechBlocked = false;
      heard = true;
      if (view && view.phase === "read") speak();
      render();
      return;
    }
    speechOn = !speechOn;
    speechLocalSet(speechOn);
    if (!speechOn) speechCancel();
    else if (speechOn && view && view.phase === "read") speak();
    render();
  }

  function header() {
    const big = ["read", "rank", "double_down"].includes(view.timer);
    let clock = null;
    if (view.timer === "absent") {
      clock = h("span", { class: "ofx-wait" }, t("Waiting for phones…"), " ", countdown(view.deadline, "small"));
    } else if (big && view.deadline) {
      clock = countdown(view.deadline, "big");
    } else if (view.timer === "score") {
      clock = h("span", { class: "ofx-wait" }, view.turn >= view.turns ? t("The podium in") : t("Next turn in"), " ",
        countdown(view.deadline, "small"));
    } else if (view.phase === "rank") {
      clock = h("span", { class: "ofx-notimer" }, t("No timer"));
    }
    const speechButton = view.options.speech && canSpeak() && view.phase !== "over"
      ? voiceButton({ on: speechOn, asking: speechBlocked || !heard, onclick: speechToggle, testid: "speech-toggle" })
      : null;
    return h("header", { class: "ofx-top" },
      h("span", { class: "ofx-turn" }, view.phase === "over" ? t("Outfox the Fox")
        : view.options.target_score ? fmt("Turn %(turn)s · first to %(target)s points", { turn: view.turn, target: view.options.target_score })
          : fmt("Turn %(turn)s of %(turns)s", { turn: view.turn, turns: view.turns })),
      h("h1", { class: "ofx-title", "data-testid": "phase-title" }, phaseTitle(view, ctx, { short: true })),
      clock, speechButton);
  }

  function question() {
    if (!view.card) return null;
    return h("div", { class: "ofx-question" },
      h("p", { class: "ofx-q", "data-testid": "question" }, view.card.question),
      h("p", { class: "ofx-source" }, view.card.source));
  }

  // The six answers in reading order; during the ranking each shows where it sits now.
  function answerList() {
    const guess = view.guess;
    return h("ol", { class: "ofx-answers", "data-testid": "answers" }, view.answers.map((answer, i) => {
      const slot = guess ? guess.indexOf(i) : -1;
      return h("li", { class: `ofx-answer ${slot >= 0 ? "placed" : ""}`, "data-answer": i },
        h("b", { class: "ofx-letter" }, letter(i)),
        h("span", { class: "ofx-answer-text" }, answer),
        guess ? h("span", { class: `ofx-where ${slot >= 0 ? "" : "none"}` }, slot >= 0 ? slotLabel(slot) : "—") : null);
    }));
  }

  function waiting(message, hint) {
    return h("div", { class: "ofx-waiting" },
      h("p", { class: "ofx-waiting-big" }, message),
      hint ? h("p", { class: "ofx-waiting-hint" }, hint) : null);
  }

  function lastTurn() {
    const entry = view.history[view.history.length - 1];
    if (!entry) return null;
    const points = view.players.map((p) => ({ seat: p.seat, points: entry.points[p.seat] })).filter((p) => p.points);
    return h("p", {}, fmt("Last turn: %(list)s",
      { list: points.map((p) => `${ctx.nameOf(p.seat)} +${p.points}`).join(", ") || t("nobody scored") }));
  }

  function mainArea() {
    const who = readersName(view, ctx);
    const pair = isPair(view);
    switch (view.phase) {
      case "draw":
        return waiting(pair ? fmt("%(name)s pick one of three questions.", { name: who })
          : fmt("%(name)s picks one of three questions.", { name: who }),
        t("Everyone else: get ready to rank the Top 5."));
      case "fox":
        return waiting(pair ? fmt("%(name)s slip a fake answer, the Fox, among the real Top 5.", { name: who })
          : fmt("%(name)s slips a fake answer, the Fox, among the real Top 5.", { name: who }),
        t("Shh… no peeking at the reader's phone."));
      case "read":
        return h("div", { class: "ofx-main read" }, question(), answerList(),
          h("p", { class: "ofx-hint" }, view.deadline ? t("The debate starts when the time is up.")
            : pair ? fmt("%(name)s start the clock after reading.", { name: who })
              : fmt("%(name)s starts the clock after reading.", { name: who })));
      case "rank":
      case "double_down":
        return h("div", { class: "ofx-main rank" }, question(),
          h("div", { class: "ofx-board" }, answerList(), guessColumn(view, ctx, { testid: "tv-slot" })),
          progressLine());
      case "reveal":
        return h("div", { class: "ofx-main reveal" }, question(),
          h("div", { class: "ofx-board" }, guessColumn(view, ctx, { testid: "tv-slot" }),
            topColumn(view, ctx, { fresh })));
      case "score":
        // The TOP 5 says where each answer was placed, so the turn's result and who reads next
        // take the GUESS column's place (the whole reveal and the result do not fit 1080).
        return h("div", { class: "ofx-main reveal" }, question(),
          h("div", { class: "ofx-board" }, topColumn(view, ctx, { fresh }),
            h("div", { class: "ofx-outcome" },
              h("div", { class: `ofx-result ${fresh === 0 ? "ofx-later" : ""}`, "data-testid": "result" },
                resultLines(view, ctx).map((line) => h("p", {}, line))),
              h("p", { class: "ofx-next", "data-testid": "next-reader" },
                nextReaders(view, ctx) || t("That was the last turn!")))));
      case "over":
        return podium();
      default:
        return null;
    }
  }

  function progressLine() {
    const guessers = view.guessers;
    if (view.phase === "rank") {
      const agreed = view.agreed.length;
      return h("p", { class: "ofx-progress", "data-testid": "agreed-count" },
        view.unplaced.length ? fmt("Place all six answers, then agree. Agreed: %(n)s of %(total)s", { n: agreed, total: guessers.length })
          : fmt("Agreed: %(n)s of %(total)s", { n: agreed, total: guessers.length }));
    }
    return h("p", { class: "ofx-progress" }, fmt("Each guesser secretly bets on one exact answer. Picked: %(n)s of %(total)s",
      { n: view.picked.length, total: guessers.length }));
  }

  // The newest revealed rank animates once as it moves into the TOP 5; a TV that opens mid-reveal
  // shows what is revealed as it stands (nothing animates on its first frame).
  function freshRank() {
    const count = (view.revealed || []).length;
    if (revealSeen.turn === null) revealSeen = { turn: view.turn, count };
    if (revealSeen.turn !== view.turn) revealSeen = { turn: view.turn, count: 0 };
    const rank = count > revealSeen.count ? view.revealed[count - 1].rank : null;
    revealSeen.count = count;
    return rank;
  }

  // Under the track, while the next question is chosen and its Fox written: the last turn's points.
  function sideNote() {
    if (["draw", "fox"].includes(view.phase) && view.history.length) {
      return h("div", { class: "ofx-side-note" }, lastTurn());
    }
    return null;
  }

  function status(player) {
    const seat = player.seat;
    if (seat === view.reader || seat === view.partner) {
      return view.phase === "over" ? null : h("span", { class: "ofx-status reader" }, t("Reader"));
    }
    if (view.phase === "rank" && view.agreed.includes(seat)) return mark("agreed", "✓", t("✓ Agreed"), "agreed");
    if (view.phase === "double_down") {
      return view.picked.includes(seat) ? mark("picked", "◆", t("◆ Doubled down"), "picked")
        : mark("thinking", "…", t("…"));
    }
    return null;
  }

  // Ten names of twenty letters fit the track's inside on one line each only if a guesser's
  // status is its sign alone (its words are its label); the reader keeps the word.
  function mark(kind, sign, label, testid = null) {
    return h("span", { class: `ofx-status ${kind}`, role: "img", "aria-label": label, title: label,
      "data-testid": testid }, sign);
  }

  function scoreboard() {
    const placeOf = places(view);
    const order = [...view.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
    return h("ol", { class: `ofx-scores n${view.players.length}`, "data-testid": "scores" }, order.map((player) =>
      h("li", { class: `ofx-score-row ${player.connected ? "" : "offline"}`, "data-seat": player.seat },
        h("span", { class: "ofx-place" }, String(placeOf[player.seat])),
        token(player.seat, ctx),
        h("span", { class: "ofx-name" }, ctx.nameOf(player.seat)),
        (view.removed || []).includes(player.seat) ? h("span", { class: "badge" }, t("Left the game")) : status(player),
        player.turn_points !== null && player.turn_points !== undefined
          ? h("span", { class: `ofx-plus ${player.turn_points ? "" : "zero"} ${fresh === 0 ? "ofx-later" : ""}`, "data-testid": "turn-points" }, `+${player.turn_points}`) : null,
        h("span", { class: "ofx-points" }, String(player.score),
          player.lap ? h("small", { class: "ofx-lap" }, lapText(player.lap)) : null))));
  }

  // The steps hold the players still in the game (a removed player cannot win: rules.podium),
  // placed among themselves; the track still shows everyone.
  function podium() {
    const pod = view.podium;
    const scores = pod.scores;
    const standing = pod.standings.filter((seat) => !(view.removed || []).includes(seat));
    const distinct = [...new Set(standing.map((seat) => scores[seat]))].sort((a, b) => b - a).slice(0, 3);
    const step = (score, index) => {
      const seats = standing.filter((seat) => scores[seat] === score);
      return h("div", { class: `ofx-step step-${index + 1}` },
        h("div", { class: "ofx-step-names" }, seats.map((seat) => h("div", { class: "ofx-step-name" }, token(seat, ctx), ctx.nameOf(seat)))),
        h("div", { class: "ofx-step-block" }, h("span", { class: "ofx-step-place" }, String(1 + standing.filter((seat) => scores[seat] > score).length)),
          h("span", { class: "ofx-step-score" }, fmt("%(n)s points", { n: score }))));
    };
    const headline = winnerText(view, ctx);
    const steps = distinct.map(step);
    // Classic podium order: 2nd, 1st, 3rd.
    const arranged = [steps[1], steps[0], steps[2]].filter(Boolean);
    return h("div", { class: "ofx-podium", "data-testid": "podium" },
      h("p", { class: "ofx-winner", "data-testid": "winner" }, headline),
      h("div", { class: "ofx-steps" }, arranged));
  }

  function render() {
    if (!view) return;
    heard = heard || pageTouched();
    root.dataset.testid = "ofx-tv";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn);
    root.className = `game-root ofx ofx-tv phase-${view.phase}`;
    const side = h("aside", { class: "ofx-side" },
      track(view, ctx, scoreboard()), sideNote());
    morph(root, header(), h("div", { class: "ofx-body" }, h("main", { class: "ofx-stage" }, mainArea()), side));
  }

  return {
    update(frame) {
      view = frame.view;
      builtAt = frame.server_time;
      if (!view) return;
      fresh = freshRank();
      render();
      speechMaybe();
    },
  };
}

// The moments the TV stages (partyhub/js/drama.js).
export { moments } from "./drama.js";
export { ballot } from "./common.js";
