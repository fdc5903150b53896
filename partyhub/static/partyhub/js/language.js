// The language switch of every page (language_switch.html): choosing a language sends its form,
// and the same page comes back in it. A file rather than an inline handler: the pages' policy
// runs no inline script (partyhub/security.py).
document.addEventListener("change", (event) => {
  if (event.target.matches(".lang-switch select")) event.target.form.submit();
});
