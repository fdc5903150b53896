// The phone's text size (text_size_switch.html): 100 %, 130 % or 160 %, kept on this device
// (localStorage, as the TV keeps its mute); html.text-large above 100 %. Loaded in the page's head, not deferred, so the page
// is drawn at its size from the start; the phone's styles scale by --text-scale (hub.css: the
// rem and the phone's base size), which the TV's styles do not use. A plain script, not a
// module: the pages' policy runs no inline script (partyhub/security.py).
(() => {
  const KEY = "partyhub.textsize";
  const SIZES = ["100", "130", "160"];
  const stored = () => {
    try {
      const size = localStorage.getItem(KEY);
      return SIZES.includes(size) ? size : "100";
    } catch { return "100"; }
  };
  // The styles lay a phone out for larger text under .text-large (one column where two were).
  const apply = (size) => {
    document.documentElement.style.setProperty("--text-scale", String(Number(size) / 100));
    document.documentElement.classList.toggle("text-large", size !== "100");
  };
  apply(stored());
  document.addEventListener("DOMContentLoaded", () => {
    for (const select of document.querySelectorAll(".text-size select")) select.value = stored();
  });
  document.addEventListener("change", (event) => {
    if (!event.target.matches(".text-size select")) return;
    const size = SIZES.includes(event.target.value) ? event.target.value : "100";
    try { localStorage.setItem(KEY, size); } catch { /* private mode: this page only */ }
    apply(size);
  });
})();
