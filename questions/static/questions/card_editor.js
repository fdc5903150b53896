// The card page's Fox editor and live preview: the card as the TV shows it, drawn from the form
// as it is being edited. Drag the Fox among the five answers (SortableJS), or focus it and use
// the arrow keys, or tap its arrows; every move writes the reading order field, which stays the
// one value the form saves. The server-drawn preview of the saved card is what shows without
// JavaScript; this script replaces it.

import { fmt, h, replace, t } from "../partyhub/js/dom.js";

const FOX = 0;
const PLACES = 6;
const LETTERS = "ABCDEF";
const PAIRS_MAX = 10; // pairs among five answers: all read out of order is the exact reverse

const form = document.getElementById("card_form");
const readingInput = document.getElementById("id_reading_order");
const root = document.getElementById("card-editor-live");
if (form && readingInput && root) mount();

function mount() {
  const savedNode = document.getElementById("card-saved");
  const saved = savedNode ? JSON.parse(savedNode.textContent) : null;
  const state = document.getElementById("card-editor-state");
  const announce = h("p", { class: "visually-hidden", "aria-live": "polite", id: "fox-announce" });
  let lastValid = parseOrder(readingInput.value).order || shuffled();
  let focusFox = false;

  // --- reading the form ------------------------------------------------------------------------
  function field(name) {
    const el = form.elements.namedItem(name);
    return el ? el.value : "";
  }

  // The answers by rank (1–5) as the inline rows hold them; a rank used twice keeps its first.
  function answersByRank() {
    const byRank = {};
    for (let row = 0; form.elements.namedItem(`answers-${row}-text`); row += 1) {
      const rank = parseInt(field(`answers-${row}-rank`), 10);
      if (rank >= 1 && rank <= 5 && !(rank in byRank)) byRank[rank] = field(`answers-${row}-text`).trim();
    }
    return byRank;
  }

  function parseOrder(text) {
    const parts = text.replace(/[[\],]/g, " ").trim().split(/\s+/).filter(Boolean);
    const order = parts.map((part) => Number(part));
    const isPermutation = order.length === PLACES && order.every(Number.isInteger)
      && [...order].sort().every((place, i) => place === i);
    if (!isPermutation) {
      return { problem: t("Type six numbers: 0 for the Fox's place and each rank 1–5 once, e.g. 3 0 5 1 4 2.") };
    }
    const outOfOrder = pairsOutOfOrder(order);
    if (outOfOrder === 0) {
      return { order, problem: t("This order reads the answers in rank order, which gives the ranking away.") };
    }
    if (outOfOrder === PAIRS_MAX) {
      return { order, problem: t("This order reads the answers in reverse rank order (#5 first), which gives the ranking away.") };
    }
    if (outOfOrder === 1) {
      return { order, warning: t("This order is one swap away from rank order, which gives most of the ranking away: shuffle it.") };
    }
    if (outOfOrder === PAIRS_MAX - 1) {
      return { order, warning: t("This order is one swap away from reverse rank order, which gives most of the ranking away: shuffle it.") };
    }
    return { order };
  }

  // How many pairs of answers are read in the opposite order to their ranks (the Fox left out):
  // 0 is rank order and PAIRS_MAX its reverse (refused); 1 and PAIRS_MAX - 1 are one swap of
  // neighbours from either (warned). The same count as validation.reading_order_pairs_out_of_order.
  function pairsOutOfOrder(order) {
    const ranks = order.filter((place) => place !== FOX);
    let count = 0;
    ranks.forEach((rank, i) => {
      for (const later of ranks.slice(i + 1)) if (rank > later) count += 1;
    });
    return count;
  }

  function shuffled() {
    for (;;) {
      const order = [0, 1, 2, 3, 4, 5];
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
      if (![0, 1, PAIRS_MAX - 1, PAIRS_MAX].includes(pairsOutOfOrder(order))) return order;
    }
  }

  // --- writing the reading order ---------------------------------------------------------------
  function orderWrite(order, message) {
    readingInput.value = order.join(" ");
    if (message) announce.textContent = message;
    render();
  }

  function foxMove(to) {
    const order = lastValid.filter((place) => place !== FOX);
    const place = Math.max(0, Math.min(PLACES - 1, to));
    order.splice(place, 0, FOX);
    focusFox = true;
    orderWrite(order, fmt("The Fox's answer is now read %(place)s of 6.", { place: place + 1 }));
  }

  // --- drawing -----------------------------------------------------------------------------------
  let drawn = null; // what the preview shows, so an event that changed nothing redraws nothing

  function render() {
    const answers = answersByRank();
    const showing = JSON.stringify([field("question"), field("source"), answers, readingInput.value]);
    // A "change" fires when a field loses focus, e.g. as a ▲ ▼ button is pressed: redrawing
    // then would swap the button under the pointer and swallow the click.
    if (showing === drawn) return;
    drawn = showing;
    const parsed = parseOrder(readingInput.value);
    if (parsed.order) lastValid = parsed.order;
    const order = lastValid;
    const foxAt = order.indexOf(FOX);

    const items = order.map((place, i) => {
      if (place === FOX) {
        return h("li", {
          class: "tv-answer tv-fox", tabindex: "0", "data-rank": "0", "data-testid": "fox",
          "aria-label": fmt("The Fox's answer, read %(place)s of 6. Move it with the arrow keys.", { place: i + 1 }),
          onkeydown: foxKey,
        },
        h("span", { class: "fox-handle", title: t("Drag the Fox") }, "⠿"),
        h("span", { class: "tv-letter" }, LETTERS[i]),
        h("span", { class: "tv-text" }, h("span", { class: "tv-fox-tag" }, t("FOX")), t("The reader's Fox answer")),
        h("span", { class: "fox-moves" },
          h("button", { type: "button", class: "fox-earlier", disabled: i === 0, title: t("Read it earlier"),
            "aria-label": t("Read the Fox earlier"), onclick: () => foxMove(foxAt - 1) }, "▲"),
          h("button", { type: "button", class: "fox-later", disabled: i === PLACES - 1, title: t("Read it later"),
            "aria-label": t("Read the Fox later"), onclick: () => foxMove(foxAt + 1) }, "▼")));
      }
      const text = answers[place];
      return h("li", { class: `tv-answer ${text ? "" : "tv-missing"}`, "data-rank": String(place) },
        h("span", { class: "tv-letter" }, LETTERS[i]),
        h("span", { class: "tv-text" }, text || fmt("(answer #%(rank)s is empty)", { rank: place })),
        h("span", { class: "tv-rank", title: t("Its rank on the back of the card") }, `#${place}`));
    });

    const list = h("ol", { class: "tv-answers", id: "fox-list", "data-testid": "fox-list" }, items);
    const question = field("question").trim();
    const source = field("source").trim();
    replace(root,
      h("div", { class: "card-editor-layout" },
        h("div", { class: "tv-card", "data-testid": "tv-card" },
          h("p", { class: "tv-question" }, question || t("(no question yet)")),
          h("p", { class: "tv-source" }, source || t("(no source yet)")),
          list),
        h("div", { class: "card-back" },
          h("h3", {}, t("The back of the card: ranked")),
          h("ol", { class: "card-back-ranked" },
            [1, 2, 3, 4, 5].map((rank) => h("li", { value: rank }, answers[rank] || "—"))),
          h("p", { class: "help", id: "fox-help" },
            t("Drag the Fox by its handle, or focus it and press the arrow keys, or tap ▲ ▼.")),
          parsed.problem ? h("p", { class: "reading-problem errornote", role: "alert" }, parsed.problem) : null,
          parsed.warning ? h("p", { class: "reading-warning", role: "status" }, `⚠ ${parsed.warning}`) : null,
          h("button", { type: "button", class: "button", id: "reading-shuffle",
            onclick: () => orderWrite(shuffled(), t("New reading order.")) }, t("Shuffle the reading order")))),
      announce);

    window.Sortable.create(list, {
      handle: ".fox-handle",
      animation: 150,
      forceFallback: true, // the same mouse and touch path in every browser
      onEnd: () => {
        const order = [...list.children].map((li) => Number(li.dataset.rank));
        focusFox = true;
        orderWrite(order, fmt("The Fox's answer is now read %(place)s of 6.", { place: order.indexOf(FOX) + 1 }));
      },
    });
    if (focusFox) {
      focusFox = false;
      list.querySelector(".tv-fox").focus();
    }
    stateShow(answers);
  }

  function foxKey(event) {
    const at = lastValid.indexOf(FOX);
    const moves = { ArrowUp: at - 1, ArrowLeft: at - 1, ArrowDown: at + 1, ArrowRight: at + 1, Home: 0, End: PLACES - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    foxMove(moves[event.key]);
  }

  // "Not saved yet" whenever the form differs from the saved card (after a refused save too).
  function stateShow(answers) {
    if (!state) return;
    const answersNow = [1, 2, 3, 4, 5].map((rank) => answers[rank] || "");
    if (!saved) {
      state.textContent = t("A new card: the preview follows the form as you type. Nothing is saved yet.");
      return;
    }
    const answersChanged = answersNow.join("\n") !== saved.answers.join("\n");
    const changed = answersChanged || field("question").trim() !== saved.question
      || field("source").trim() !== saved.source || lastValid.join(" ") !== saved.reading_order.join(" ");
    state.classList.toggle("unsaved", changed);
    state.textContent = changed
      ? t("Not saved yet: the preview shows your edits; players still get the saved card.")
      : t("The preview follows the form as you type; it matches the saved card.");
    const reset = document.querySelector(".field-reset_statistics");
    if (reset) reset.classList.toggle("attention", answersChanged);
  }

  // The form's own fields redraw the preview; events from inside it (SortableJS dispatches a
  // bubbling "change" while the Fox is dragged) must not, or the drag would be cut short.
  const onFormEdit = (event) => {
    if (!root.contains(event.target)) render();
  };
  form.addEventListener("input", onFormEdit);
  form.addEventListener("change", onFormEdit);
  render();
}
