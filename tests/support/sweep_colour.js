// The browser sweep's "not by colour alone" check, run in the page once per screen
// (tests/support/sweep.py): every problem found, as a line.
//
// An element whose colour shows a state a player must tell apart is marked
// data-meaning="<group>:<state>" (an answer right or wrong, a vote up or down, a resource, a
// player connected or not); the part of it that shows the state without colour is marked
// data-sign (a ✓, a word, an icon's shape, a ring instead of a disc; data-sign="style" for a part
// whose look is the sign but whose words are not, a name struck through). An element's sign is what
// its data-sign parts look like with every colour taken away: their text, their ::before and
// ::after, their icons' geometry (an SVG's shapes and transforms, not its paint), and their box's
// shape (filled or hollow, its border's style, round or not); no sign at all is a sign too (the
// usual state, unmarked). Two states of one group shown on the same screen with the same sign
// differ by colour alone: a problem. (Chromium's vision deficiency emulation changes only the
// pixels, not the DOM, so this is checked once per screen; the sweep keeps a screenshot per
// game and deficiency to look at.)
() => {
  const problems = [];
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (!el.isConnected || r.width === 0 || r.height === 0) return false;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    }
    return true;
  };
  const PAINT = new Set(["fill", "stroke", "color", "style", "class", "opacity", "fill-opacity", "stroke-opacity",
    "stop-color", "aria-hidden", "focusable", "role", "data-sign"]);
  const geometry = (svg) => [svg, ...svg.querySelectorAll("*")].map((node) => node.tagName.toLowerCase()
    + [...node.attributes].filter((a) => !PAINT.has(a.name)).map((a) => ` ${a.name}=${a.value}`).join("")).join(";");
  const clear = (colour) => /^(transparent|rgba\(.*,\s*0\))$/.test(colour);
  const shape = (el) => {
    const s = getComputedStyle(el);
    const border = ["Top", "Right", "Bottom", "Left"].map((side) => (parseFloat(s[`border${side}Width`]) > 0
      && s[`border${side}Style`] !== "none" && !clear(s[`border${side}Color`]) ? s[`border${side}Style`] : "-")).join(",");
    return `${clear(s.backgroundColor) && s.backgroundImage === "none" ? "hollow" : "filled"} border(${border})`
      + ` radius(${s.borderRadius}) ${s.textDecorationLine} ${s.fontStyle}`;
  };
  const pseudo = (el, which) => {
    const content = getComputedStyle(el, which).content;
    return content && content !== "none" && content !== "normal" ? content : "";
  };
  const sign = (el) => [el, ...el.querySelectorAll("[data-sign]")]
    .filter((part) => part.hasAttribute("data-sign") && shown(part))
    .map((part) => [
      part.dataset.sign === "style" ? "" : (part.innerText || part.textContent || "").replace(/\s+/g, " ").trim(),
      pseudo(part, "::before"), pseudo(part, "::after"),
      [...(part.tagName.toLowerCase() === "svg" ? [part] : part.querySelectorAll("svg"))].map(geometry).join("|"),
      shape(part),
    ].join(" ")).join(" + ");
  const describe = (el) => `${el.tagName.toLowerCase()}[data-meaning=${el.dataset.meaning}] "${(el.innerText || "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;

  const groups = new Map(); // group -> state -> { sign -> an element }
  for (const el of document.querySelectorAll("[data-meaning]")) {
    if (!shown(el)) continue;
    const [group, state] = el.dataset.meaning.split(":");
    if (!groups.has(group)) groups.set(group, new Map());
    const states = groups.get(group);
    if (!states.has(state)) states.set(state, new Map());
    const signs = states.get(state);
    const own = sign(el);
    if (!signs.has(own)) signs.set(own, el);
  }
  for (const [group, states] of groups) {
    const list = [...states];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        for (const [own, el] of list[i][1]) {
          const other = list[j][1].get(own);
          if (other) {
            problems.push(`${group}: "${list[i][0]}" and "${list[j][0]}" differ by colour alone (the same sign: ${own ? `"${own.slice(0, 80)}"` : "none"}): ${describe(el)} and ${describe(other)}`);
          }
        }
      }
    }
  }
  return problems;
}
