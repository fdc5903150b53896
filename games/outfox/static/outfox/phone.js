// Outfox on a phone: the reader's secret card and Fox, the guessers' shared GUESS column, Double
// Down, the reveal and the scores. Every frame redraws the whole screen from the view (morphed
// into the page, so an open box, focus and typed text stay); the only local state is what this
// hand is doing right now (the answer picked up, the Fox being typed).

import { h, morph, t, fmt } from "../partyhub/js/dom.js";
import { pinned, hiddenUntil, waitingCard } from "../partyhub/js/widgets.js";
import { announce, sentences } from "../partyhub/js/announce.js";
import {
  styleLoad, letter, slotLabel, rankLabel, token, readersName, nextReaders, places, placeText,
  lapText, phaseTitle, countdown, guessColumn, resultLines, revealedOf, winnerText, isPair, FOX_SLOT,
  ballot,
} from "./common.js";
// SortableJS's UMD build: as a module it defines window.Sortable (with its Swap plugin mounted).
import "../vendor/sortablejs/Sortable.min.js";

const FOX_MAX = 60;

export function mount(root, ctx) {
  hiddenUntil(root, styleLoad());
  let frame = null;
  let view = null;
  let selected = null; // the answer this phone picked up during the ranking
  let stepKey = null; // turn and phase: local choices reset when it changes
  let foxError = null; // the server's last refusal of our Fox, shown by the field
  let foxTurn = null;
  let sent = null; // the step in which a one-shot move (pick a card, start the clock) was sent

  // A half-typed Fox survives a reload: kept per room and turn in this tab's session storage.
  let foxText = "";
  const draftKey = () => `partyhub.fox-draft.${ctx.page.code}.${view.turn}`;
  const draftSave = () => { try { sessionStorage.setItem(draftKey(), foxText); } catch { /* private mode */ } };
  const draftRead = () => { try { return sessionStorage.getItem(draftKey()) || ""; } catch { return ""; } };
  const foxTyped = (event) => { foxText = event.target.value; draftSave(); render(); };

  const act = (action, options) => ctx.act(action, options);
  // A move that can only happen once per step: its buttons wait for the next step (or a refusal).
  const once = (action) => {
    sent = stepKey;
    act(action);
    render();
  };

  // --- pieces ---------------------------------------------------------------------------------

  function meBar() {
    const me = view.me;
    const pos = frame.you ? frame.you.position : null;
    const player = pos === null || pos === undefined ? null : view.players[pos];
    const clockOn = ["read", "rank", "double_down"].includes(view.timer);
    let role = null;
    if (me && view.phase !== "over") {
      if (me.role === "reader") {
        role = me.partner === null ? t("You read") : fmt("You read with %(name)s", { name: ctx.nameOf(me.partner) });
      } else role = t("You guess");
    } else if (!me) role = t("You are watching");
    return h("div", { class: "ofx-mebar" },
      player ? h("span", { class: "ofx-myscore", "data-testid": "my-score" }, String(player.score),
        h("small", {}, t("pts"))) : null,
      player ? h("span", { class: "ofx-myplace", "data-testid": "my-place" },
        placeText(places(view)[pos], view.players.length),
        player.lap ? ` · ${lapText(player.lap)}` : "") : null,
      role ? h("span", { class: `ofx-role ${me ? me.role : ""}`, "data-testid": "my-role" }, role) : null,
      clockOn ? countdown(view.deadline, "pill") : null);
  }

  function questionBlock(card) {
    if (!card) return null;
    return h("div", { class: "ofx-question small" },
      h("p", { class: "ofx-q" }, card.question),
      h("p", { class: "ofx-source" }, card.source));
  }

  // The reader's card: the six in reading order, real ranks shown, the Fox's place marked.
  function secretList(me, { foxText = null } = {}) {
    return h("ol", { class: "ofx-secret", "data-testid": "secret" }, me.secret.map((entry, i) => {
      const fox = entry.rank === 0;
      const text = fox ? (entry.text || foxText) : entry.text;
      return h("li", { class: `ofx-secret-row ${fox ? "fox" : ""}`, "data-rank": entry.rank },
        h("b", { class: "ofx-letter" }, letter(i)),
        h("span", { class: "ofx-answer-text" }, fox && !text ? h("em", {}, t("Your Fox is read here")) : text),
        h("span", { class: `ofx-rank ${fox ? "fox" : ""}` }, fox ? t("FOX") : rankLabel(entry.rank)));
    }));
  }

  function answersList() {
    return h("ol", { class: "ofx-secret" }, view.answers.map((answer, i) =>
      h("li", { class: "ofx-secret-row" }, h("b", { class: "ofx-letter" }, letter(i)),
        h("span", { class: "ofx-answer-text" }, answer))));
  }

  // The main action stays at the bottom of the screen, under the thumb.
  const sticky = pinned;

  function bigButton(label, testid, onclick, { disabled = false, cls = "" } = {}) {
    return h("button", { type: "button", class: `big ${cls}`, "data-testid": testid, disabled, onclick }, label);
  }

  // --- the reader -------------------------------------------------------------------------------

  function readerDraw(me) {
    return [
      h("h2", {}, t("Choose a question")),
      me.partner !== null ? h("p", { class: "hint" }, fmt("%(name)s can choose too.", { name: ctx.nameOf(me.partner) })) : null,
      h("div", { class: "ofx-offers" }, (me.offer || []).map((card) =>
        h("button", { type: "button", class: "ofx-offer", "data-testid": "offer-card", "data-card": card.id,
          disabled: sent === stepKey, onclick: () => once({ type: "pick_card", card: card.id }) },
        h("span", { class: "ofx-q" }, card.question), h("span", { class: "ofx-source" }, card.source)))),
    ];
  }

  function readerFox(me) {
    if (foxTurn !== view.turn) {
      foxTurn = view.turn;
      foxText = draftRead();
      foxError = null;
    }
    const proposal = me.proposal;
    const pair = me.partner !== null;
    const submit = (event) => {
      event.preventDefault();
      foxError = null;
      act({ type: "fox", text: foxText });
      render();
    };
    let pairBox = null;
    if (proposal && proposal.by === me.seat) {
      pairBox = h("p", { class: "ofx-proposal", "data-testid": "fox-pending" },
        fmt("Waiting for %(name)s to approve “%(text)s”.", { name: ctx.nameOf(me.partner), text: proposal.text }));
    } else if (proposal) {
      pairBox = h("div", { class: "ofx-proposal" },
        h("p", {}, fmt("%(name)s proposes “%(text)s”.", { name: ctx.nameOf(proposal.by), text: proposal.text })),
        h("div", { class: "ofx-row" },
          bigButton(t("Approve"), "fox-approve", () => act({ type: "approve_fox" }), { cls: "good" }),
          bigButton(t("Reject"), "fox-reject", () => act({ type: "reject_fox" }), { cls: "secondary" })));
    } else if (me.rejected_by !== null && me.rejected_by !== undefined && me.rejected_by !== me.seat) {
      pairBox = h("p", { class: "ofx-proposal rejected", role: "status", "data-testid": "fox-rejected" },
        fmt("%(name)s rejected your Fox. Write another one.", { name: ctx.nameOf(me.rejected_by) }));
    }
    return [
      h("h2", {}, t("Write the Fox")),
      h("p", { class: "hint" }, t("Make up a fake answer that could pass for one of the real Top 5.")),
      questionBlock(me.card),
      // What to do first (the partner's answer, the Fox to type), then the real ranks to read.
      pairBox,
      h("form", { class: "ofx-fox-form", onsubmit: submit },
        h("label", { class: "ofx-fox-label", for: "fox-input" }, h("span", {}, t("Your Fox answer")),
          h("span", { class: "ofx-counter" }, `${foxText.length} / ${FOX_MAX}`)),
        h("input", { id: "fox-input", type: "text", value: foxText, maxlength: FOX_MAX, autocomplete: "off",
          enterkeyhint: "send", "data-testid": "fox-input", "aria-label": t("Your Fox answer"), oninput: foxTyped }),
        foxError ? h("p", { class: "error", role: "alert", "data-testid": "fox-error" }, foxError) : null,
        h("button", { type: "submit", class: "big", "data-testid": "fox-submit" },
          pair ? t("Propose this Fox") : t("Set the Fox"))),
      secretList(me, { foxText: proposal ? proposal.text : null }),
    ];
  }

  function readerRead(me) {
    // A remote party's devices each read the card aloud themselves (their board speaks it): the
    // reader only starts the clock.
    const frame = ctx.frame();
    const spoken = Boolean(frame && frame.room && frame.room.remote_party && view.options.speech);
    return [
      spoken ? h("h2", {}, t("Every device reads it aloud")) : h("h2", {}, t("Read it all aloud")),
      h("p", { class: "hint" }, spoken ? t("Each player's board reads the question, the source and the six answers. Start the clock once they are read.")
        : t("The question, the source, then the six answers in this order.")),
      questionBlock(me.card),
      secretList(me),
      sticky(bigButton(t("Start the clock"), "start-clock", () => once({ type: "start_clock" }),
        { disabled: sent === stepKey })),
    ];
  }

  // The reader watches the ranking; the real ranks show beside the group's column only while the
  // reader holds the peek button (a neighbour must not read them off the screen).
  let peeking = false;
  const peek = (on) => { if (peeking !== on) { peeking = on; render(); } };
  function peekButton() {
    return h("button", { type: "button", class: "secondary ofx-peek", "data-testid": "peek", "data-hold": "", "aria-pressed": String(peeking),
      onpointerdown: (event) => { event.preventDefault(); peek(true); }, onpointerup: () => peek(false),
      onpointerleave: () => peek(false), onpointercancel: () => peek(false), oncontextmenu: (event) => event.preventDefault(),
      onkeydown: (event) => { if (event.key === " " || event.key === "Enter") { event.preventDefault(); peek(true); } },
      onkeyup: () => peek(false), onblur: () => peek(false) },
    peeking ? t("Release to hide") : t("Hold to see the real ranks"));
  }

  function rankChip(answer) {
    const entry = answer === null || !peeking ? null : view.me.secret[answer];
    if (!entry) return null;
    return h("span", { class: `ofx-rank ${entry.rank === 0 ? "fox" : ""}` }, entry.rank === 0 ? t("FOX") : rankLabel(entry.rank));
  }

  function readerWatch(me) {
    const ranking = view.phase === "rank";
    return [
      h("h2", {}, ranking ? t("The guessers are ranking") : t("The guessers are doubling down")),
      h("p", { class: "hint" }, ranking ? t("You watch: only the guessers move answers. Hold the button to see the real ranks.")
        : fmt("Picked: %(n)s of %(total)s", { n: view.picked.length, total: view.guessers.length })),
      questionBlock(me.card),
      ranking ? unplacedTray({ interactive: false }) : null,
      guessColumn(view, ctx, { extra: (slot, answer) => rankChip(answer), showTokens: false }),
      ranking ? agreedLine() : null,
      peekButton(),
    ];
  }

  // --- the guessers -----------------------------------------------------------------------------

  function unplacedTray({ interactive }) {
    const unplaced = view.unplaced || [];
    if (!unplaced.length) return h("p", { class: "ofx-tray empty hint" }, t("All six answers are placed."));
    return h("div", { class: "ofx-tray", "data-testid": "tray" }, unplaced.map((answer) => {
      const attrs = { class: `ofx-chip ${selected === answer ? "selected" : ""}`, "data-testid": "answer", "data-answer": answer };
      const content = [h("b", { class: "ofx-letter" }, letter(answer)), h("span", {}, view.answers[answer])];
      if (!interactive) return h("div", attrs, content);
      return h("button", { ...attrs, type: "button", "aria-pressed": String(selected === answer),
        onclick: () => { selected = selected === answer ? null : answer; pickSaid(); render(); } }, content);
    }));
  }

  function agreedLine() {
    const names = view.agreed.map((seat) => ctx.nameOf(seat));
    return h("p", { class: "ofx-agreed", "data-testid": "agreed-line" },
      fmt("Agreed: %(n)s of %(total)s", { n: view.agreed.length, total: view.guessers.length }),
      names.length ? ` — ${names.join(", ")}` : "");
  }

  function slotTap(slot, answer) {
    if (selected === null) {
      if (answer !== null) selected = answer;
    } else if (selected === answer) {
      selected = null;
    } else {
      act({ type: "place", answer: selected, slot });
      selected = null;
    }
    pickSaid();
    render();
  }

  // For a screen reader: the answer in hand, or none (its move is said when the frame comes).
  function pickSaid() {
    if (selected !== null) announce(fmt("Answer %(letter)s picked up: now choose its position.", { letter: letter(selected) }));
  }

  // Drag and drop for the ranking (SortableJS, Swap mode): an answer dropped on a slot is placed
  // there, as tapping it then the slot would; a slot dropped on a tray answer takes that one in
  // its place. Tapping and the keyboard (the same buttons) keep working beside it. Sortable only
  // reports the drop: the column is always drawn from the view, and frames that arrive during
  // a drag wait for its end.
  let dragging = false;
  let sortables = [];

  function dropped(event) {
    dragging = false;
    const item = event.item.dataset;
    const onto = event.swapItem ? event.swapItem.dataset : null;
    if (onto && view.phase === "rank" && item.answer !== "") {
      if (onto.slot !== undefined) act({ type: "place", answer: Number(item.answer), slot: Number(onto.slot) });
      else if (item.slot !== undefined) act({ type: "place", answer: Number(onto.answer), slot: Number(item.slot) });
    }
    render();
  }

  function dragSet(ranking) {
    const boxes = ranking && window.Sortable
      ? [...root.querySelectorAll('[data-testid="tray"], .ofx-guess, .ofx-guess .ofx-zone')] : [];
    sortables = sortables.filter((sortable) => {
      if (boxes.includes(sortable.el)) return true;
      sortable.destroy();
      return false;
    });
    for (const box of boxes) {
      if (sortables.some((sortable) => sortable.el === box)) continue;
      sortables.push(window.Sortable.create(box, {
        group: "ofx-rank",
        swap: true,
        draggable: ".ofx-chip, .ofx-slot",
        filter: ".empty", // an empty slot is a place to drop on, not a thing to drag
        preventOnFilter: false, // and it still takes a tap
        forceFallback: true, // one path for mouse and touch in every browser
        fallbackTolerance: 6, // a tap stays a tap
        delay: 150,
        delayOnTouchOnly: true, // a finger swiping scrolls the page; a finger resting drags
        // Answers in the tray are not places: one dropped on another does nothing.
        onMove: (event) => !(event.dragged.matches(".ofx-chip") && event.related.matches(".ofx-chip")),
        onStart: () => { dragging = true; selected = null; },
        onEnd: dropped,
      }));
    }
  }

  function guesserRank(me) {
    const full = view.unplaced.length === 0;
    const agreed = view.agreed.includes(me.seat);
    const placed = selected !== null && view.guess.includes(selected);
    let hint;
    if (selected !== null) hint = fmt("Now tap a slot for %(letter)s.", { letter: letter(selected) });
    else if (full) hint = t("Happy with the column? Agree. Any move clears every agreement.");
    else hint = t("Drag an answer onto a slot, or tap it, then the slot. A filled slot swaps.");
    return [
      questionBlock(view.card),
      unplacedTray({ interactive: true }),
      h("p", { class: "ofx-hint-line", "data-testid": "rank-hint" }, hint),
      guessColumn(view, ctx, { onSlot: slotTap, selected }),
      h("div", { class: "ofx-row pinned" },
        h("button", { type: "button", class: "ofx-takeout", "data-testid": "take-out", disabled: !placed,
          onclick: () => { act({ type: "unplace", answer: selected }); selected = null; render(); } }, t("Take out")),
        bigButton(agreed ? t("✓ Agreed") : t("Agree"), "agree",
          () => act({ type: "agree", guess: view.guess }),
          { disabled: !full || agreed, cls: agreed ? "done" : "" })),
      agreedLine(),
    ];
  }

  function guesserDoubleDown(me) {
    const mine = me.double_down;
    return [
      h("h2", {}, t("Double Down")),
      h("p", { class: "hint" }, t("Secretly pick the answer you think sits at exactly its rank: +3 if right. You can change it until the time is up.")),
      h("div", { class: "ofx-dd-list" }, view.guess.map((answer, slot) => {
        const fox = slot === FOX_SLOT;
        return h("button", { type: "button", class: `ofx-dd-pick ${mine === answer ? "mine" : ""}`, disabled: fox,
          "aria-pressed": String(mine === answer),
          "data-testid": "dd-answer", "data-answer": answer, "data-slot": slot,
          onclick: () => act({ type: "double_down", answer }) },
        h("span", { class: "ofx-slot-label" }, slotLabel(slot)),
        h("span", { class: "ofx-slot-text" }, h("b", { class: "ofx-letter" }, letter(answer)), view.answers[answer]),
        mine === answer ? h("span", { class: "ofx-dd-mark" }, t("◆ Your pick")) : null);
      })),
      h("p", { class: "ofx-agreed" }, fmt("Picked: %(n)s of %(total)s", { n: view.picked.length, total: view.guessers.length })),
    ];
  }

  // --- everyone ---------------------------------------------------------------------------------

  // Beside a revealed answer: its real rank.
  function revealChip(slot, answer) {
    const step = answer === null ? null : revealedOf(view, answer);
    if (!step) return null;
    return h("span", { class: `ofx-rank ${step.rank === 0 ? "fox" : ""}` }, step.rank === 0 ? t("Fox") : rankLabel(step.rank));
  }

  // The real Top 5 and the Fox, in rank order, for the reader to read out during the reveal.
  function realOrder(me) {
    const byRank = [...me.secret].sort((a, b) => (a.rank || 6) - (b.rank || 6));
    return h("div", { class: "ofx-real", "data-testid": "real-order" },
      h("h3", {}, t("The real order, to read out")),
      h("ol", { class: "ofx-secret" }, byRank.map((entry) => h("li", { class: `ofx-secret-row ${entry.rank === 0 ? "fox" : ""}`,
        "data-rank": entry.rank },
        h("span", { class: `ofx-rank ${entry.rank === 0 ? "fox" : ""}` }, entry.rank === 0 ? t("FOX") : rankLabel(entry.rank)),
        h("span", { class: "ofx-answer-text" }, entry.text)))));
  }

  function revealStage(me) {
    const reader = me && me.role === "reader";
    const mine = me && me.role === "guesser" ? me.double_down : null;
    const manual = view.options.reveal_pace === "manual";
    const pos = frame.you ? frame.you.position : null;
    const myPoints = pos !== null && pos !== undefined ? view.players[pos].turn_points : null;
    const scored = view.phase === "score" && myPoints !== null && myPoints !== undefined;
    const parts = [
      h("h2", {}, view.phase === "score" ? t("Points") : t("The reveal")),
      scored ? h("p", { class: "ofx-mypoints", "data-testid": "my-turn-points" }, fmt("+%(n)s this turn", { n: myPoints })) : null,
      questionBlock(view.card),
      guessColumn(view, ctx, { extra: revealChip, mine, showTokens: false }),
      reader && me.secret ? realOrder(me) : null,
    ];
    if (mine !== null && mine !== undefined) {
      const step = revealedOf(view, mine);
      let text = fmt("Your Double Down: %(letter)s", { letter: letter(mine) });
      if (step && step.double_downs.includes(pos)) text = fmt("Your Double Down on %(letter)s was exact: +3", { letter: letter(mine) });
      else if (step) text = fmt("Your Double Down on %(letter)s missed.", { letter: letter(mine) });
      parts.push(h("p", { class: "ofx-hint-line", "data-testid": "my-double-down" }, text));
    }
    if (view.phase === "score") {
      parts.push(h("div", { class: "ofx-result" }, resultLines(view, ctx).map((line) => h("p", {}, line))));
      const next = nextReaders(view, ctx);
      parts.push(h("p", { class: "hint" }, next || t("That was the last turn!")));
      if (reader) {
        parts.push(sticky(bigButton(next ? t("Next turn") : t("See the podium"), "next", () => act({ type: "next" }))));
      }
    } else if (reader) {
      // At the automatic pace the reader may still go faster.
      parts.push(sticky(bigButton(manual ? t("Next") : t("Next answer now"), "next", () => act({ type: "next" }))));
    }
    return parts;
  }

  function podiumStage() {
    const pod = view.podium;
    const placeOf = places(view);
    const pos = frame.you ? frame.you.position : null;
    const iWon = pos !== null && pos !== undefined && pod.winners.includes(pos);
    return [
      h("h2", { "data-testid": "phone-podium" }, winnerText(view, ctx)),
      iWon ? h("p", { class: "ofx-mypoints" }, pod.winners.length > 1 ? t("You share the win!") : t("You won!")) : null,
      h("ol", { class: "ofx-standings" }, pod.standings.map((seat) =>
        h("li", { class: pos === seat ? "me" : "" }, h("span", { class: "ofx-place" }, String(placeOf[seat])),
          token(seat, ctx), h("span", { class: "ofx-name" }, ctx.nameOf(seat)),
          h("span", { class: "ofx-points" }, String(pod.scores[seat]))))),
    ];
  }

  function scoresBox(open) {
    const placeOf = places(view);
    const order = [...view.players].sort((a, b) => b.score - a.score || a.seat - b.seat);
    return h("details", { class: "ofx-scores-box", open },
      h("summary", {}, t("Scores")),
      h("ol", { class: "ofx-standings" }, order.map((p) =>
        h("li", { class: `${p.connected ? "" : "offline"} ${frame.you && frame.you.position === p.seat ? "me" : ""}` },
          h("span", { class: "ofx-place" }, String(placeOf[p.seat])), token(p.seat, ctx),
          h("span", { class: "ofx-name" }, ctx.nameOf(p.seat)),
          p.turn_points !== null && p.turn_points !== undefined
            ? h("span", { class: `ofx-plus ${p.turn_points ? "" : "zero"}` }, `+${p.turn_points}`) : null,
          h("span", { class: "ofx-points" }, String(p.score))))));
  }

  // What an audience phone (or any seatless screen) sees: a compact board.
  function audienceStage() {
    const parts = [h("h2", {}, phaseTitle(view, ctx))];
    if (view.card) parts.push(questionBlock(view.card));
    if (view.phase === "read") parts.push(answersList());
    if (view.guess) parts.push(guessColumn(view, ctx, { extra: revealChip }));
    if (view.phase === "rank") parts.push(agreedLine());
    if (view.phase === "score") parts.push(h("div", { class: "ofx-result" }, resultLines(view, ctx).map((line) => h("p", {}, line))));
    return parts;
  }

  function stage() {
    const me = view.me;
    if (view.phase === "over") return podiumStage();
    if (!me) return audienceStage();
    const who = readersName(view, ctx);
    if (view.phase === "reveal" || view.phase === "score") return revealStage(me);
    if (me.role === "reader") {
      if (view.phase === "draw") return readerDraw(me);
      if (view.phase === "fox") return readerFox(me);
      if (view.phase === "read") return readerRead(me);
      return readerWatch(me);
    }
    switch (view.phase) {
      case "draw":
        return [waitingCard(phaseTitle(view, ctx), t("Get ready to rank the Top 5 together."))];
      case "fox":
        return [waitingCard(phaseTitle(view, ctx), isPair(view)
          ? fmt("%(name)s are hiding a fake answer among the real ones.", { name: who })
          : fmt("%(name)s is hiding a fake answer among the real ones.", { name: who }))];
      case "read":
        return [h("h2", {}, t("Listen!")), questionBlock(view.card), answersList(),
          h("p", { class: "hint" }, t("One of these is the Fox: a fake. The ranking starts soon."))];
      case "rank":
        return guesserRank(me);
      case "double_down":
        return guesserDoubleDown(me);
      default:
        return [];
    }
  }

  function render() {
    if (!view) return;
    root.className = `game-root ofx ofx-phone phase-${view.phase}`;
    root.dataset.testid = "ofx-phone";
    root.dataset.phase = view.phase;
    root.dataset.turn = String(view.turn);
    root.dataset.role = view.me ? view.me.role : "audience";
    const audience = !view.me;
    morph(root, meBar(), h("div", { class: "ofx-stage" }, stage()),
      view.phase === "over" ? null : scoresBox(audience));
    dragSet(view.phase === "rank" && Boolean(view.me) && view.me.role === "guesser");
  }

  return {
    update(next) {
      frame = next;
      const was = view;
      view = next.view;
      if (!view) return;
      if (was && was.phase === "rank" && view.phase === "rank" && was.turn === view.turn && was.guess && view.guess) {
        announce(movesSaid(was.guess, view.guess));
      }
      const key = `${view.turn}:${view.phase}`;
      if (key !== stepKey) {
        stepKey = key;
        selected = null;
        if (view.phase !== "fox") foxError = null;
      }
      if (selected !== null && view.phase !== "rank") selected = null;
      if (!dragging) render();
    },
    // A refusal from the server: by the Fox field while writing the Fox (then the shell does
    // not toast it), else a toast.
    error(error) {
      if (sent !== null) {
        sent = null;
        render();
      }
      if (view && view.phase === "fox" && view.me && view.me.role === "reader") {
        foxError = error.message || t("Something went wrong.");
        render();
        return true;
      }
      return false;
    },
  };
}
// What a screen reader says when it changes (the platform's announce.js): the phase, and this
// player's task in it.
// What happened, for the screen reader (partyhub/js/announce.js): the scored turn's result as
// the TV shows it (where the Fox hid, who scored, the exact Double Downs), once per turn.
let newsTurn = null; // the turn whose result was said
export function news(frame, ctx) {
  const view = frame.view;
  if (view.phase !== "score" || !view.result || newsTurn === view.turn) return [];
  newsTurn = view.turn;
  return resultLines(view, ctx);
}

export function speech(frame, ctx) {
  const view = frame.view;
  if (!view) return null;
  if (view.phase === "over") return sentences(t("Game over"), winnerText(view, ctx));
  const me = view.me;
  let task = null;
  if (me && me.role === "reader") {
    task = {
      draw: t("Your turn: choose a question."),
      fox: t("Your turn: write the Fox."),
      read: t("Your turn: read the question and the six answers aloud, then start the clock."),
      rank: t("The guessers are ranking. You may hold the button to see the real ranks."),
      double_down: t("The guessers are doubling down."),
      reveal: t("Your turn: reveal the answers one by one."),
      score: t("Your turn: go on when everyone has seen the points."),
    }[view.phase];
  } else if (me) {
    task = {
      read: t("Listen to the question and the six answers."),
      rank: t("Your turn: rank the answers with the others. Pick an answer, then a position; agree when the column is right."),
      double_down: t("Your turn: pick the answer you think sits at exactly its rank."),
    }[view.phase];
  }
  return sentences(phaseTitle(view, ctx), task);
}

// What the ranking's moves did, said as they arrive: "Answer B moved to #2", "Answer C taken out".
function movesSaid(before, after) {
  const lines = [];
  for (let answer = 0; answer < after.length; answer += 1) {
    const was = before.indexOf(answer);
    const now = after.indexOf(answer);
    if (was === now) continue;
    if (now === -1) lines.push(fmt("Answer %(letter)s taken out.", { letter: letter(answer) }));
    else lines.push(fmt("Answer %(letter)s moved to %(slot)s.", { letter: letter(answer), slot: slotLabel(now) }));
  }
  return lines.join(" ");
}

// Not ``export … from``: after the side-effect import above, Django's module-import rewriting
// (collectstatic) reads the two as one statement and hashes common.js's name twice.
export { ballot };

// The phone's player reads now: picks the card and writes the Fox (the shell vibrates the phone
// when this becomes true; the guessers all rank together, nobody's turn).
export function yourTurn(view) {
  return Boolean(view.me && view.me.role === "reader" && view.phase === "draw");
}
