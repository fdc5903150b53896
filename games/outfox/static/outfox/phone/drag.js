// Drag and drop for the ranking (SortableJS, Swap mode, loaded by phone.js): an answer dropped on
// a slot is placed there, as tapping it then the slot would; a slot dropped on a tray answer takes
// that one in its place. Tapping and the keyboard (the same buttons) keep working beside it.
// Sortable only reports the drop: the column is always drawn from the view, and frames that arrive
// during a drag wait for its end (the phone's ``dragging``).

function dropped(s, event) {
  s.dragging = false;
  const item = event.item.dataset;
  const onto = event.swapItem ? event.swapItem.dataset : null;
  if (onto && s.view.phase === "rank" && item.answer !== "") {
    if (onto.slot !== undefined) s.act({ type: "place", answer: Number(item.answer), slot: Number(onto.slot) });
    else if (item.slot !== undefined) s.act({ type: "place", answer: Number(onto.answer), slot: Number(item.slot) });
  }
  s.render();
}

function sortableMake(s, box) {
  return window.Sortable.create(box, {
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
    onStart: () => { s.dragging = true; s.selected = null; },
    onEnd: (event) => dropped(s, event),
  });
}

// The tray and the column take drags while this phone's guesser ranks (``ranking``), and no
// longer once it is over. The phone keeps its Sortables in ``sortables``.
export function dragSet(s, root, ranking) {
  const boxes = ranking && window.Sortable
    ? [...root.querySelectorAll('[data-testid="tray"], .ofx-guess, .ofx-guess .ofx-zone')] : [];
  s.sortables = s.sortables.filter((sortable) => {
    if (boxes.includes(sortable.el)) return true;
    sortable.destroy();
    return false;
  });
  for (const box of boxes) {
    if (s.sortables.some((sortable) => sortable.el === box)) continue;
    s.sortables.push(sortableMake(s, box));
  }
}
