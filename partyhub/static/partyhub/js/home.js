// The home page: shows an option only while the option it depends on has the value that makes it
// matter (the declaration's shown_when, as data-shown-when/-value), and, for a game with content
// to count (its form has a .card-count, whose address the server gives), how much content the
// host's choices match as they change them.

// A form field's value as the declaration writes it: a checkbox is "True" or "False".
const fieldValue = (field) => (field.type === "checkbox" ? (field.checked ? "True" : "False") : field.value);

for (const form of document.querySelectorAll(".game-card")) {
  const dependents = form.querySelectorAll("[data-shown-when]");
  if (!dependents.length) continue;
  const refresh = () => {
    for (const label of dependents) {
      const other = form.querySelector(`[name="${label.dataset.shownWhen}"]`);
      label.hidden = !other || fieldValue(other) !== label.dataset.shownValue;
    }
  };
  form.addEventListener("change", refresh);
  refresh();
}

for (const out of document.querySelectorAll(".game-card .card-count")) {
  const form = out.closest("form");
  const prefix = `${form.dataset.game}-`;

  const refresh = async () => {
    const params = new URLSearchParams();
    for (const field of form.querySelectorAll(`[name^="${prefix}"]`)) {
      const name = field.name.slice(prefix.length);
      if (field.type === "checkbox") params.set(name, field.checked ? "1" : "");
      else if (field.multiple) params.set(name, Array.from(field.selectedOptions).map((o) => o.value).join(","));
      else params.set(name, field.value);
    }
    const response = await fetch(`${out.dataset.countUrl}?${params}`);
    if (!response.ok) return;
    const { count } = await response.json();
    out.textContent = window.interpolate(window.gettext("%(count)s cards match."), { count }, true);
  };

  form.addEventListener("change", refresh);
  refresh();
}
