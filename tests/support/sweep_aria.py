"""The sweep's screen-reader checks: on every phone screen of the browser sweep (every phase of
every game, in every language), what the accessibility tree gives a screen reader alone.

Read from Playwright's aria snapshot of the page (the tree VoiceOver and TalkBack read):

- the phone's live region (``role="status"``, the platform's announce.js) is in the tree and
  says the phase, in the page's language: the lobby's line in the lobby, the game's own once it
  runs (never empty, never the lobby's during a game);
- every control (button, link, field, tab, switch…) has an accessible name, and no counts are
  read out bare ("0 0 0");
- a phone whose seat has a move now has at least one named control it can use;
- at a Werewolf night, every living phone's region says the same words (an actor's and a
  decoy's alike: the region must not tell who acts).

Kept apart from the sweep's layout checks (``sweep.py``, ``sweep_checks.js``): the sweep calls
``AriaChecks.check`` once per phone screen.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

# The roles a screen reader offers as things to use.
CONTROLS = ("button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "tab",
            "switch", "slider", "spinbutton", "menuitem", "option")
CONTROL_LINE = re.compile(rf"^\s*- ({'|'.join(CONTROLS)})\b(.*)$")
NAMED = re.compile(r'^\s+(".+"|/.+/)')  # a name follows the role: "Agree", or a pattern
STATUS_LINE = re.compile(r"^\s*- status\b")
# Counts read out with nothing to say what they count ("0 0 0": icons hidden, words in tooltips).
BARE_COUNTS = re.compile(r'^\s*- text: "?\d+(\s+\d+)+\b')
# A drawn sign read as part of a name ("▸ Every award": a CSS triangle said aloud).
SIGN_NAMED = re.compile(r'^\s*- [\w-]+:? "?[▸▾►▼▶◀]')


def unnamed_controls(snapshot: str) -> list[str]:
    """The snapshot's lines of controls without a name."""
    found = []
    for line in snapshot.splitlines():
        match = CONTROL_LINE.match(line)
        if match and not NAMED.match(match.group(2)):
            found.append(line.strip())
    return found


def usable_controls(snapshot: str) -> list[str]:
    """The snapshot's lines of named controls that are not disabled."""
    return [line.strip() for line in snapshot.splitlines()
            if (match := CONTROL_LINE.match(line)) and NAMED.match(match.group(2))
            and "[disabled]" not in line]


def clock_line(said: str) -> bool:
    """Whether the live region says a countdown's moment (announce.js's clockAnnounce: "10
    seconds left", "Quedan 10 segundos"...): a few words with its 30 or 10 in them."""
    return bool(re.search(r"\b(10|30)\b", said)) and len(said.split()) <= 5


@dataclass
class AriaChecks:
    """The checks, and what a Werewolf night's living phones said so far (to compare them)."""

    night_said: dict[tuple, tuple[int, str]] = field(default_factory=dict)

    def check(self, page: Any, screen: Any, rules: Any, state: dict | None,
              room: str) -> list[str]:
        """The problems of one phone screen (``screen``: the sweep's ``Screen``; ``state``: the
        phase shown, None in the lobby)."""
        seat, game = screen.seat, screen.game
        acts = state is not None and bool(rules.legal_actions(state, seat))
        problems = []
        snapshot = page.locator("body").aria_snapshot()
        region = page.locator("#announcer")
        said = (region.text_content() or "").strip() if region.count() else ""
        if not region.count():
            problems.append("the phone has no live region")
        elif not said:
            problems.append("the live region says nothing")
        elif not any(STATUS_LINE.match(line) for line in snapshot.splitlines()):
            problems.append("the live region is not in the accessibility tree")
        lobby_line = said.startswith(self.lobby_words(page))
        if said and state is None and not lobby_line:
            problems.append(f"the lobby's live region says {said!r}")
        if said and state is not None and lobby_line:
            problems.append(f"the live region still says the lobby's line: {said!r}")
        for line in unnamed_controls(snapshot):
            problems.append(f"a control without a name: {line}")
        for line in snapshot.splitlines():
            if BARE_COUNTS.match(line):
                problems.append(f"numbers without what they count: {line.strip()}")
            if SIGN_NAMED.match(line):
                problems.append(f"a drawn sign read as words: {line.strip()}")
        if acts and not usable_controls(snapshot):
            problems.append("this seat has a move but no named control to make it")
        if game == "werewolf" and state is not None and state["phase"] == "night" \
                and state["alive"][seat]:
            key = (room, screen.language, screen.phase, state.get("night"))
            # The countdown's "10 seconds left" is said to every living phone at one moment,
            # the step's end: which screens the sweep reads after it depends on the sweep's
            # speed, not on the seat, so it is left out of the comparison.
            first = self.night_said.setdefault(key, (seat, said)) if not clock_line(said) \
                else (seat, said)
            if first[1] != said and not clock_line(first[1]):
                problems.append(f"at night seat {seat} hears {said!r} but seat {first[0]} hears "
                                f"{first[1]!r}: the live region tells who acts")
        return [f"aria: {problem}" for problem in problems]

    @staticmethod
    def lobby_words(page: Any) -> str:
        """The first words of the lobby's lines, in the page's language (``announce.js``)."""
        return page.evaluate("() => (window.gettext ? window.gettext('The lobby') : 'The lobby')")
