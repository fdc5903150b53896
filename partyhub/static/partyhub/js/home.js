// The home page: shows how many Outfox cards match the host's deck filters as they change them.

const form = document.querySelector('form[data-game="outfox"]');
const out = form && form.querySelector(".card-count");

async function refresh() {
  const decks = Array.from(form.querySelector('[name="outfox-decks"]').selectedOptions).map((o) => o.value);
  const params = new URLSearchParams({
    decks: decks.join(","),
    language: form.querySelector('[name="outfox-language"]').value,
    family: form.querySelector('[name="outfox-family_only"]').checked ? "1" : "",
  });
  const response = await fetch(`${out.dataset.countUrl}?${params}`);
  if (!response.ok) return;
  const { count } = await response.json();
  out.textContent = window.interpolate(window.gettext("%(count)s cards match."), { count }, true);
}

if (form && out) {
  form.addEventListener("change", refresh);
  refresh();
}
