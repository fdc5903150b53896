// How to play, on every screen, from the game's guide the server sends with the page
// (games/<game>/guide.py, in this screen's language): the lobby's header naming and describing
// the game, the TV's narrated intro the host starts from the lobby, and the phone's rules card.

import { h, morph, t, fmt, serverNow } from "./dom.js";
import { speak, speechCancel } from "./captions.js";

const INTRO_STALE = 120; // seconds: a TV opened later than this after the start does not play it
const SECONDS_PER_WORD = 0.42; // how long a slide waits when speech never says it has finished

// The lobby's header: the game's picture, name, pitch, players and length; the host's button.
export function guideLobby(frame, ctx) {
  const page = ctx.page;
  const guide = page.guide;
  const playing = Boolean(frame.room.guide) && serverNow() - frame.room.guide <= INTRO_STALE;
  return h("header", { class: "guide-lobby", "data-testid": "guide-lobby" },
    h("img", { class: "guide-art", src: guide.art, alt: "" }),
    h("div", { class: "guide-about" },
      h("h1", { class: "guide-title" }, page.title),
      h("p", { class: "guide-pitch" }, guide.pitch),
      h("p", { class: "guide-facts" },
        fmt("%(min)s to %(max)s players", { min: page.min, max: page.max }), " · ",
        fmt("%(low)s–%(high)s min", { low: guide.minutes.min, high: guide.minutes.max })),
      ctx.isHost() ? h("button", { type: "button", class: "secondary guide-start", "data-testid": "guide-start",
        onclick: () => ctx.host(playing ? "guide_stop" : "guide_start") },
      playing ? t("Skip the intro") : t("How to play")) : null));
}

// The TV's intro: one slide at a time, each spoken in the page's language (the room's, as the
// server chose it); the next slide comes when the voice has finished (or, without a voice,
// after about the time it takes to read). The host ends it for every screen; anyone can skip.
function introMount(ctx) {
  const art = h("img", { class: "intro-art", alt: "" });
  const text = h("p", { class: "intro-text", "aria-live": "polite" });
  const count = h("span", { class: "intro-count", "data-testid": "intro-count" });
  const bar = h("div", { class: "intro-bar" });
  const skip = h("button", { type: "button", class: "big intro-skip", "data-testid": "intro-skip" }, t("Skip"));
  const box = h("section", { class: "intro", "data-testid": "intro", hidden: true, role: "dialog",
    "aria-label": t("How to play") },
  h("h2", { class: "intro-title" }, fmt("How to play %(game)s", { game: ctx.page.title })),
  art, text, h("div", { class: "intro-progress" }, bar, count), skip);
  document.body.append(box);

  let started = null; // the room's guide start this TV plays or has played
  let slide = -1;
  let timer = null;

  function stop(tellServer) {
    clearTimeout(timer);
    timer = null;
    slide = -1;
    box.hidden = true;
    speechCancel();
    if (tellServer && ctx.isHost()) ctx.host("guide_stop");
  }

  function show(index) {
    const slides = ctx.page.guide.slides;
    if (index >= slides.length) {
      stop(true);
      return;
    }
    slide = index;
    const current = slides[index];
    art.src = current.art;
    text.textContent = current.text;
    count.textContent = fmt("%(n)s / %(total)s", { n: index + 1, total: slides.length });
    bar.replaceChildren(...slides.map((_s, i) => h("span", { class: i <= index ? "done" : "" })));
    clearTimeout(timer);
    const next = () => { if (slide === index) show(index + 1); };
    const words = current.text.split(/\s+/).length;
    timer = setTimeout(next, (words * SECONDS_PER_WORD + 4) * 1000);
    speak([current.text], { onEnd: next });
  }

  skip.addEventListener("click", () => stop(true));

  return {
    update(frame) {
      const wanted = frame.room.status === "lobby" ? frame.room.guide : null;
      if (!wanted) {
        if (!box.hidden) stop(false);
        started = null;
        return;
      }
      if (wanted === started) return;
      started = wanted;
      if (serverNow() - wanted > INTRO_STALE) return;
      box.hidden = false;
      show(0);
    },
  };
}

// The phone's rules card: a button in the phone's header opens it at any time; it says what is
// happening now, what the phone's own role or card means, and sums up the rules.
// The role is the one the phone's `me` names under the game's declared key (`page.role_key`):
// worded by the game's guide (its ROLES), or by its role cards from the database.
function roleLine(frame, page) {
  const me = frame.view && frame.view.me;
  const role = me ? me[page.role_key] : null;
  if (role === null || role === undefined) return null;
  if (page.guide.roles[role]) return page.guide.roles[role];
  const own = (page.role_cards || {})[role];
  if (!own) return null;
  return fmt("You are %(name)s: %(power)s", { name: own.name, power: own.text });
}

function cardMount(ctx) {
  const body = h("div", { class: "rules-body" });
  const close = h("button", { type: "button", class: "big", "data-testid": "rules-close" }, t("Close"));
  const dialog = h("dialog", { class: "rules-card", "data-testid": "rules-card", "aria-label": t("Rules") }, body, close);
  const open = h("button", { type: "button", class: "rules-open", "data-testid": "rules-open",
    "aria-label": t("Rules") }, "?");
  const head = document.querySelector(".phone-head");
  head.insertBefore(open, head.querySelector(".room-code"));
  document.body.append(dialog);
  let last = null;

  const draw = () => {
    const page = ctx.page;
    const role = last ? roleLine(last, page) : null;
    const phase = last && last.view ? page.guide.phases[last.view.phase] : null;
    morph(body,
      h("h2", {}, page.title),
      h("p", { class: "hint" }, page.guide.pitch),
      phase ? h("p", { class: "rules-now", "data-testid": "rules-now" },
        h("strong", {}, t("Now:")), " ", phase) : null,
      role ? h("p", { class: "rules-role", "data-testid": "rules-role" }, role) : null,
      h("ul", { class: "rules-list" }, page.guide.rules.map((rule) => h("li", {}, rule))));
  };
  open.addEventListener("click", () => { draw(); dialog.showModal(); body.scrollTop = 0; });
  close.addEventListener("click", () => dialog.close());

  return {
    update(frame) {
      last = frame;
      if (dialog.open) draw();
    },
  };
}

export function guideMount(ctx) {
  return ctx.role === "board" ? introMount(ctx) : cardMount(ctx);
}
