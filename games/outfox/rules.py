"""Outfox the Fox: the group ranks a Top 5 list while one reader slips in a fake "Fox" answer.

Pure rules, no Django. The module reads like the rulebook (the team's ``shared/rules/outfox.md``,
beside the repository, and ``games/outfox/docs.md`` for every decision the rulebook leaves open):
options, setup and the turn plan, then one turn's phases in order (draw, fox, read, rank,
double_down, reveal, score), the system moves (timeout, presence), the dispatcher, and finally the
per-screen views.

Answers are always named by their *reading position* (0-5, the order the card reads them, the Fox
in its marked place). The GUESS column is six slots: index 0-4 are #1-#5, index 5 is the FOX slot.
"""

from __future__ import annotations

import random
from typing import Any

from games.kit.options import options_clean as declared_clean
from games.kit.options import options_defaults, seat_check
from games.kit.rules import (
    SYSTEM,
    Field,
    Move,
    MoveTable,
    Seats,
    _,
    deadline_require,
    integer,
    pgettext,
    presence_move,
    remove_move,
    require,
    rng,
    state_copy,
    text,
    timer,
)
from games.outfox.options import MAX_PLAYERS, OPTIONS, PRESETS  # noqa: F401 (the game's own)
from questions.textkey import answer_key  # one notion of "the same answer", the curators' too

GAME_ID = "outfox"
TITLE = pgettext("game title", "Outfox the Fox")
MIN_PLAYERS = 2

PHASES = ("draw", "fox", "read", "rank", "double_down", "reveal", "score", "over")
OFFER_SIZE = 3  # cards the reader chooses from
FIXED = ("cards", "options")  # set at setup, never changed by a move
SLOTS = 6  # the GUESS column: #1, #2, #3, #4, #5, FOX
FOX_SLOT = 5
FOX_MAX_CHARS = 60
FOX_SAMPLE = "My Fox answer"
READER_POINTS = (5, 4, 4, 3, 3, 0)  # by the slot where the group put the Fox
DOUBLE_DOWN_BONUS = 3
TRACK_SQUARES = 40
SCORE_SECONDS = 8  # auto pace: how long the turn's points stay up before the next turn
ABSENT_SECONDS = 120  # how long a phase waits for phones that are all gone before moving on
# What the screens draw with (sent with the page: screens keep no copy of a rule).
SLOT_ZONES = ("1", "2-3", "2-3", "4-5", "4-5", "fox")  # #2-#3 and #4-#5 score as zones
FACTS = {
    "slots": SLOTS,
    "fox_slot": FOX_SLOT,
    "track_squares": TRACK_SQUARES,
    "slot_zones": list(SLOT_ZONES),
}

OPTION_DEFAULTS: dict[str, Any] = options_defaults(OPTIONS)
# The options every screen is shown (the deck filters and the first reader are the lobby's).
FREE_TEXT = {"fox": "text"}  # what the family filter checks: the Fox answer a reader types
VIEW_OPTIONS = ("rank_seconds", "double_down_seconds", "reveal_pace", "reveal_seconds",
                "read_seconds", "speech", "target_score")


# --- options -------------------------------------------------------------------------------


def options_clean(raw: dict) -> dict:
    """This game's options (``games/outfox/options.py``) checked, with defaults filled in; other
    keys belong to the platform and are left out. JSON types only: the form sends JSON."""
    return declared_clean(OPTIONS, raw)


# --- setup: who reads, and the draw pile ---------------------------------------------------


def turn_plan(n_players: int, first_reader: int = 0) -> list[list[int | None]]:
    """Each turn's ``[reader, partner]`` (partner ``None`` unless 5+ players). The role goes round
    in seat order from the first reader: 2 players read 3 times each, 3-4 players twice each,
    5-10 players once each, paired with the player to their right (the previous seat)."""
    if n_players == 2:
        turns = 6
    elif n_players <= 4:
        turns = 2 * n_players
    else:
        turns = n_players
    plan: list[list[int | None]] = []
    for turn in range(turns):
        reader = (first_reader + turn) % n_players
        partner = (reader - 1) % n_players if n_players >= 5 else None
        plan.append([reader, partner])
    return plan


def _card_clean(card: Any) -> dict:
    """One card from the platform's pool, checked and reduced to what the game needs."""
    ok = (
        isinstance(card, dict)
        and type(card.get("id")) is int
        and isinstance(card.get("question"), str)
        and isinstance(card.get("source"), str)
        and isinstance(card.get("answers"), list)
        and len(card["answers"]) == 5
        and all(isinstance(answer, str) for answer in card["answers"])
        and isinstance(card.get("reading_order"), list)
        and sorted(card["reading_order"]) == [0, 1, 2, 3, 4, 5]
        and all(type(rank) is int for rank in card["reading_order"])
    )
    require(ok, _("A question card is malformed."), code="bad_content")
    return {
        "id": card["id"],
        "question": card["question"],
        "source": card["source"],
        "answers": list(card["answers"]),
        "reading_order": list(card["reading_order"]),
        # The card's own language, so the TV reads it aloud with the right voice ("" unknown).
        "language": card["language"] if isinstance(card.get("language"), str) else "",
    }


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    """A fresh game: the turn plan, the shuffled pile and the first reader's three cards."""
    require(
        type(n_players) is int and MIN_PLAYERS <= n_players <= MAX_PLAYERS,
        _("Outfox the Fox needs %(min)s to %(max)s players."),
        code="player_count",
        min=MIN_PLAYERS,
        max=MAX_PLAYERS,
    )
    options = options_clean(options)
    seat_check(OPTIONS, options, n_players)
    raw_cards = content.get("cards") if isinstance(content, dict) else None
    require(isinstance(raw_cards, list), _("There are no question cards."), code="bad_content")
    cards = [_card_clean(card) for card in raw_cards]
    require(
        len({card["id"] for card in cards}) == len(cards),
        _("A question card appears twice in the deck."),
        code="bad_content",
    )
    plan = turn_plan(n_players, options["first_reader"])
    require(
        len(cards) >= len(plan) + 2,
        _("This game needs at least %(needed)s question cards; the deck has %(have)s."),
        code="too_few_cards",
        needed=len(plan) + 2,
        have=len(cards),
    )
    state: dict[str, Any] = {
        "seed": seed,
        "rng_draws": 0,
        "phase": "draw",
        "deadline": None,
        "absent": False,  # True when the deadline only waits for phones that are all gone
        "connected": [True] * n_players,
        "over": False,
        "options": options,
        "cards": cards,
        "pile": list(range(len(cards))),  # indices into cards; the top is the front
        "plan": plan,
        "turn": 0,
        "scores": [0] * n_players,
        "removed": [False] * n_players,  # the players the host removed: skipped from then on
        "history": [],
    }
    rng(state).shuffle(state["pile"])
    _turn_start(state, now)
    return state


# --- helpers: who is who this turn ---------------------------------------------------------


def _readers(state: dict) -> list[int]:
    reader, partner = state["plan"][state["turn"]]
    return [reader] if partner is None else [reader, partner]


def _guessers(state: dict) -> list[int]:
    readers, removed = _readers(state), state["removed"]
    return [seat for seat in range(len(removed)) if seat not in readers and not removed[seat]]


def _card(state: dict) -> dict:
    return state["cards"][state["card"]]


def _phase_enter(state: dict, phase: str, now: float, seconds: float = 0) -> None:
    """Move to ``phase`` with its own timer (``seconds`` 0 = none), then mind absent phones."""
    state["phase"] = phase
    state["deadline"] = now + timer(state["options"], seconds) if seconds else None
    state["absent"] = False
    _absence_check(state, now)


def _owed(state: dict) -> tuple[list[int], bool]:
    """Who the phase waits on, and whether it waits on all of them (every guesser agrees; the
    partner answers a proposal) or on any one (either reader may pick, propose, start, go on)."""
    phase = state["phase"]
    if phase == "rank":
        return _guessers(state), True
    if phase == "fox" and state["proposal"] is not None:
        return [seat for seat in _readers(state) if seat != state["proposal"]["by"]], True
    return _readers(state), False


def _absence_check(state: dict, now: float) -> None:
    """A phase without a timer that waits on a phone that is gone gets one, so the game never
    stalls: when it waits on everyone (the ranking's agreement, a partner's answer), as soon as
    one of them is gone; when any one of them will do, once they all are. It is withdrawn as
    soon as the phones it waits on are back. Until then the absent keep their say: nothing is
    decided for them before that deadline."""
    phase = state["phase"]
    if phase in ("double_down", "over") or (state["deadline"] is not None and not state["absent"]):
        return
    owed, everyone = _owed(state)
    gone = [seat for seat in owed if not state["connected"][seat]]
    waiting_on_absent = bool(gone) if everyone else len(gone) == len(owed)
    if state["absent"] and not waiting_on_absent:
        state["deadline"], state["absent"] = None, False
    elif not state["absent"] and waiting_on_absent:
        options = state["options"]
        seconds = {"reveal": options["reveal_seconds"], "score": SCORE_SECONDS}
        state["deadline"] = now + timer(options, seconds.get(phase, ABSENT_SECONDS))
        state["absent"] = True


# --- 1. Draw: the reader keeps one of three fronts -----------------------------------------


def _turn_start(state: dict, now: float) -> None:
    """A new turn: three cards from the top of the pile go to the reader's phone."""
    state["offer"] = state["pile"][:OFFER_SIZE]
    state["pile"] = state["pile"][OFFER_SIZE:]
    state["card"] = None
    state["fox"] = None
    state["proposal"] = None
    state["rejected"] = None  # {"by": partner} once a proposal is turned down, until the next
    state["guess"] = [None] * SLOTS
    state["agreed"] = []
    state["double_downs"] = [None] * len(state["scores"])
    state["step"] = 0
    _phase_enter(state, "draw", now)


def _offer_return(state: dict, cards: list[int]) -> None:
    """Unkept cards go back into the pile at random places, as in the box."""
    generator = rng(state)
    for card in cards:
        state["pile"].insert(generator.randint(0, len(state["pile"])), card)
    state["offer"] = []


def _pick_card(state: dict, seat: int, action: dict, now: float) -> None:
    """The reader (either member of a pair) keeps one card; it is never drawn again."""
    ids = [state["cards"][index]["id"] for index in state["offer"]]
    require(action["card"] in ids, _("That card is not one of your three."))
    kept = state["offer"][ids.index(action["card"])]
    _offer_return(state, [index for index in state["offer"] if index != kept])
    state["card"] = kept
    _phase_enter(state, "fox", now)


# --- 2. Create the Fox ---------------------------------------------------------------------


def _fox_clean(state: dict, raw: str) -> str:
    """The typed Fox, trimmed; refused when empty, too long or one of the card's real answers."""
    text = " ".join(raw.split())
    require(bool(text), _("Type a Fox answer first."))
    require(
        len(text) <= FOX_MAX_CHARS,
        _("A Fox answer can be at most %(max)s characters."),
        max=FOX_MAX_CHARS,
    )
    card = _card(state)
    language = card.get("language", "")
    key = answer_key(text, language)
    for answer in card["answers"]:
        require(
            answer_key(answer, language) != key,
            _("“%(answer)s” is already a real answer on this card; make up another."),
            answer=answer,
        )
    return text


def _fox_set(state: dict, text: str, now: float) -> None:
    """The Fox is final: the TV can read the six answers aloud."""
    state["fox"] = text
    state["proposal"] = None
    _phase_enter(state, "read", now, state["options"]["read_seconds"])


def _fox(state: dict, seat: int, action: dict, now: float) -> None:
    """A reader alone sets the Fox; in a pair it is a proposal for the partner to approve.
    A partner whose phone is gone keeps their say until the absence deadline, when the
    proposal stands (``_timeout``)."""
    text = _fox_clean(state, action["text"])
    if len(_readers(state)) == 1:
        _fox_set(state, text, now)
    else:
        state["proposal"] = {"by": seat, "text": text}
        state["rejected"] = None
        _absence_check(state, now)


def _proposal_check(state: dict, seat: int) -> dict:
    proposal = state["proposal"]
    require(proposal is not None, _("There is no Fox proposal to answer."))
    require(
        proposal["by"] != seat,
        _("Your partner decides on your proposal."),
        code="not_your_turn",
    )
    return proposal


def _approve_fox(state: dict, seat: int, action: dict, now: float) -> None:
    """The partner agrees: the proposal becomes the Fox."""
    _fox_set(state, _proposal_check(state, seat)["text"], now)


def _reject_fox(state: dict, seat: int, action: dict, now: float) -> None:
    """The partner says no (the proposer's phone says so); either member may propose again."""
    _proposal_check(state, seat)
    state["proposal"] = None
    state["rejected"] = {"by": seat}
    _absence_check(state, now)


# --- 3. Read aloud -------------------------------------------------------------------------


def _start_clock(state: dict, seat: int, action: dict, now: float) -> None:
    """The reader has read everything out: the debate timer starts."""
    _rank_start(state, now)


def _rank_start(state: dict, now: float) -> None:
    _phase_enter(state, "rank", now, state["options"]["rank_seconds"])


# --- 4. Debate and rank --------------------------------------------------------------------


def _slot_name(slot: int) -> str:
    return "FOX" if slot == FOX_SLOT else f"#{slot + 1}"


def _place(state: dict, seat: int, action: dict, now: float) -> None:
    """Put an answer into a slot. A filled slot swaps: its occupant goes where the moved answer
    came from (back to the unplaced answers when it came from there)."""
    answer, slot = action["answer"], action["slot"]
    guess = state["guess"]
    origin = guess.index(answer) if answer in guess else None
    require(
        origin != slot,
        _("That answer is already at %(slot)s."),
        slot=_slot_name(slot),
    )
    occupant = guess[slot]
    guess[slot] = answer
    if origin is not None:
        guess[origin] = occupant
    state["agreed"] = []


def _unplace(state: dict, seat: int, action: dict, now: float) -> None:
    """Take an answer out of the column, back to the unplaced answers."""
    guess = state["guess"]
    require(action["answer"] in guess, _("That answer is not in the column."))
    guess[guess.index(action["answer"])] = None
    state["agreed"] = []


def _agree(state: dict, seat: int, action: dict, now: float) -> None:
    """A guesser is happy with the full column (optionally naming the column they saw, so an
    agreement never lands on a column that changed under their finger)."""
    require(None not in state["guess"], _("Fill all six slots before agreeing."))
    require(seat not in state["agreed"], _("You already agreed."))
    seen = action.get("guess")
    require(
        seen is None or seen == state["guess"],
        _("The column just changed; look again before agreeing."),
    )
    state["agreed"] = sorted([*state["agreed"], seat])
    _rank_lock_check(state, now)


def _rank_lock_check(state: dict, now: float) -> None:
    """Every guesser agrees on a full column: it locks (a guesser whose phone is gone keeps
    their say until the timer, or the absence deadline, ends the phase)."""
    if None not in state["guess"] and set(_guessers(state)) <= set(state["agreed"]):
        _rank_lock(state, now)


def _rank_lock(state: dict, now: float) -> None:
    """The column locks; answers still unplaced fill the empty slots in reading order."""
    guess = state["guess"]
    unplaced = [answer for answer in range(SLOTS) if answer not in guess]
    empty = [slot for slot in range(SLOTS) if guess[slot] is None]
    for slot, answer in zip(empty, unplaced, strict=True):
        guess[slot] = answer
    state["agreed"] = []
    _phase_enter(state, "double_down", now, state["options"]["double_down_seconds"])
    _double_down_end_check(state, now)


# --- 5. Double Down ------------------------------------------------------------------------


def _double_down(state: dict, seat: int, action: dict, now: float) -> None:
    """A guesser privately bets on one answer (not the one in the FOX slot) being exactly
    right; they may change it until the phase ends."""
    require(
        action["answer"] != state["guess"][FOX_SLOT],
        _("You can't double down on the answer in the FOX slot."),
    )
    state["double_downs"][seat] = action["answer"]
    _double_down_end_check(state, now)


def _double_down_end_check(state: dict, now: float) -> None:
    """Every guesser has picked: no need to wait for the timer (one whose phone is gone may
    still pick until it ends)."""
    if all(state["double_downs"][seat] is not None for seat in _guessers(state)):
        _reveal_start(state, now)


# --- 6. Reveal -----------------------------------------------------------------------------


def _pace_seconds(state: dict, seconds: float) -> float:
    """The reveal's own pace, or the reader's taps; a turn whose readers were all removed
    reveals on its own."""
    readers_gone = all(state["removed"][seat] for seat in _readers(state))
    return seconds if state["options"]["reveal_pace"] == "auto" or readers_gone else 0


def _reveal_start(state: dict, now: float) -> None:
    state["step"] = 0
    _phase_enter(state, "reveal", now, _pace_seconds(state, state["options"]["reveal_seconds"]))


def _reveal_step(state: dict, now: float) -> None:
    """Reveal the next answer: #1 ... #5, then the Fox, which also scores the turn."""
    state["step"] += 1
    if state["step"] < SLOTS:
        seconds = _pace_seconds(state, state["options"]["reveal_seconds"])
        _phase_enter(state, "reveal", now, seconds)
    else:
        _score(state)
        _phase_enter(state, "score", now, _pace_seconds(state, SCORE_SECONDS))


def _next(state: dict, seat: int, action: dict, now: float) -> None:
    """The reader's "next": the next reveal step, or (points shown) the next turn."""
    if state["phase"] == "reveal":
        _reveal_step(state, now)
    else:
        _turn_end(state, now)


# --- 7. Score ------------------------------------------------------------------------------


def slot_correct(slot: int, rank: int) -> bool:
    """Whether an answer of real ``rank`` (0 = the Fox) is right in ``slot``: #1 exactly,
    #2-#3 and #4-#5 as zones."""
    zones = {0: (1,), 1: (2, 3), 2: (2, 3), 3: (4, 5), 4: (4, 5)}
    return rank in zones.get(slot, ())


def slot_exact(slot: int, rank: int) -> bool:
    """Whether an answer of real ``rank`` sits at exactly its rank (for Double Down)."""
    return rank != 0 and slot == rank - 1


def turn_score(
    reading_order: list[int], guess: list[int], double_downs: list[int | None], readers: list[int]
) -> dict:
    """One turn's points from the locked column: the Fox's slot pays each reader, every correct
    answer pays each guesser, an exact Double Down pays its owner 3 more."""
    ranks = [reading_order[answer] for answer in guess]  # the real rank sitting in each slot
    fox_slot = ranks.index(0)
    correct = sum(slot_correct(slot, rank) for slot, rank in enumerate(ranks))
    points, exact = [], []
    for seat, pick in enumerate(double_downs):
        if seat in readers:
            points.append(READER_POINTS[fox_slot])
            continue
        bonus = pick is not None and slot_exact(guess.index(pick), reading_order[pick])
        if bonus:
            exact.append(seat)
        points.append(correct + DOUBLE_DOWN_BONUS * bonus)
    return {"fox_slot": fox_slot, "correct": correct, "double_downs": exact, "points": points}


def _score(state: dict) -> None:
    """Move the tokens and record the turn (the platform keeps card statistics from it)."""
    card = _card(state)
    result = turn_score(
        card["reading_order"], state["guess"], state["double_downs"], _readers(state)
    )
    _history_add(state, card["id"], state["fox"], result)


def _history_add(state: dict, card_id: int | None, fox: str | None, result: dict) -> None:
    reader, partner = state["plan"][state["turn"]]
    result["points"] = [0 if state["removed"][seat] else points
                        for seat, points in enumerate(result["points"])]
    for seat, points in enumerate(result["points"]):
        state["scores"][seat] += points
    state["history"].append(
        {
            "turn": state["turn"] + 1,
            "card": card_id,
            "reader": reader,
            "partner": partner,
            "skipped": result.get("skipped", False),
            "fox": fox,
            "fox_slot": result["fox_slot"],
            "correct": result["correct"],
            "double_downs": result["double_downs"],
            "points": result["points"],
        }
    )


def _turn_skip(state: dict, now: float) -> None:
    """The readers' phones stayed away: the turn scores nothing. A kept card is used up."""
    card_id = None if state["card"] is None else _card(state)["id"]
    if state["offer"]:
        _offer_return(state, list(state["offer"]))
    result = {
        "skipped": True,
        "fox_slot": None,
        "correct": None,
        "double_downs": [],
        "points": [0] * len(state["scores"]),
    }
    _history_add(state, card_id, None, result)
    _turn_end(state, now)


def _last_turn(state: dict) -> bool:
    """Whether the current turn ends the game: every planned turn is played, or (a shorter game)
    someone has reached the target score."""
    target = state["options"].get("target_score", 0)
    reached = bool(target) and max(state["scores"]) >= target
    return reached or state["turn"] + 1 >= len(state["plan"])


def _turn_end(state: dict, now: float) -> None:
    """The role moves on, or the game ends after its last turn."""
    if not _last_turn(state):
        state["turn"] += 1
        _turn_start(state, now)
        return
    _game_over(state)


def _game_over(state: dict) -> None:
    state["phase"] = "over"
    state["deadline"] = None
    state["absent"] = False
    state["over"] = True


def podium(scores: list[int], removed: list[bool] | None = None) -> dict:
    """Final standings: the highest score wins; tied players share the win. A player the host
    removed keeps their place on the track but cannot win."""
    removed = removed or [False] * len(scores)
    best = max(score for score, gone in zip(scores, removed, strict=True) if not gone)
    order = sorted(range(len(scores)), key=lambda seat: (removed[seat], -scores[seat], seat))
    return {
        "scores": list(scores),
        "winners": [seat for seat in range(len(scores))
                    if scores[seat] == best and not removed[seat]],
        "standings": order,
    }


# --- system moves --------------------------------------------------------------------------


def _timeout(state: dict, system: None, action: dict, now: float) -> None:
    """The deadline passed: the phase does what it would do on the last tap."""
    deadline_require(state, now)
    phase = state["phase"]
    if phase == "fox" and state["proposal"] is not None:
        _fox_set(state, state["proposal"]["text"], now)  # its answerer stayed away
    elif phase in ("draw", "fox"):
        _turn_skip(state, now)
    elif phase == "read":
        _rank_start(state, now)
    elif phase == "rank":
        _rank_lock(state, now)
    elif phase == "double_down":
        _reveal_start(state, now)
    elif phase == "reveal":
        _reveal_step(state, now)
    else:
        _turn_end(state, now)


def _remove(state: dict, host: None, action: dict, now: float) -> None:
    """The host removed a player who left (the platform's ``remove``): they are skipped as
    reader and guesser from now on and score nothing more. Turns they were to read alone are
    dropped; a pair they belong to reads alone. If they read the current turn alone, a turn not
    yet guessed is skipped, and one already guessed plays out (its reveal runs on its own). The
    guessers no longer wait for their agreement or Double Down. Fewer than two players left
    ends the game."""
    seat = action.get("target")
    n = len(state["scores"])
    require(type(seat) is int and 0 <= seat < n, _("No such seat."), code="bad_seat")
    require(not state["removed"][seat], _("That player has already left the game."))
    state["removed"][seat] = True
    state["connected"][seat] = False
    if n - sum(state["removed"]) < MIN_PLAYERS:
        _game_over(state)
        return
    turn, plan = state["turn"], state["plan"]
    upcoming = []
    for pair in plan[turn + 1:]:
        left = [reader for reader in pair if reader is not None and reader != seat]
        if left:
            upcoming.append([left[0], left[1] if len(left) == 2 else None])
    current = [reader for reader in plan[turn] if reader is not None]
    if seat in current and len(current) == 2:
        plan[turn] = [next(r for r in current if r != seat), None]
    state["plan"] = plan[:turn + 1] + upcoming
    phase = state["phase"]
    if current == [seat]:
        if phase in ("draw", "fox", "read"):
            _turn_skip(state, now)
            return
        if phase in ("reveal", "score") and state["deadline"] is None:
            pace = state["options"]["reveal_seconds"] if phase == "reveal" else SCORE_SECONDS
            _phase_enter(state, phase, now, pace)
            return
    if seat in state["agreed"]:
        state["agreed"].remove(seat)
    if phase == "rank":
        _rank_lock_check(state, now)
    elif phase == "double_down":
        _double_down_end_check(state, now)
    if state["phase"] == phase:
        _absence_check(state, now)


# --- the move table ------------------------------------------------------------------------

READER = Seats(lambda state, seat: seat in _readers(state),
               _("Only the Question-Reader can do that."))
GUESSER = Seats(lambda state, seat: seat in _guessers(state),
                _("Only the guessers can do that; the Question-Reader watches."))
ANSWER = integer(0, SLOTS - 1)  # an answer by its reading position
SLOT = integer(0, SLOTS - 1)  # #1 .. #5, FOX
SEEN_GUESS = Field(
    lambda seen, state: seen is None or (
        isinstance(seen, list) and len(seen) == SLOTS
        and all(item is None or (type(item) is int and 0 <= item < SLOTS) for item in seen)
    ),
    required=False,
)  # the column an agreeing phone saw, if it says

MOVES = MoveTable(
    [
        Move("pick_card", READER, ("draw",), _pick_card, {"card": integer()}),
        Move("fox", READER, ("fox",), _fox, {"text": text()}),
        Move("approve_fox", READER, ("fox",), _approve_fox),
        Move("reject_fox", READER, ("fox",), _reject_fox),
        Move("start_clock", READER, ("read",), _start_clock),
        Move("place", GUESSER, ("rank",), _place, {"answer": ANSWER, "slot": SLOT}),
        Move("unplace", GUESSER, ("rank",), _unplace, {"answer": ANSWER}),
        Move("agree", GUESSER, ("rank",), _agree, {"guess": SEEN_GUESS}),
        Move("double_down", GUESSER, ("double_down",), _double_down, {"answer": ANSWER}),
        Move("next", READER, ("reveal", "score"), _next),
        Move("timeout", SYSTEM, None, _timeout),
        remove_move(_remove),
        presence_move(_absence_check),
    ],
    present=Seats(lambda state, seat: not state["removed"][seat], _("You have left this game.")),
)
HOST_ACTIONS = MOVES.host_types()  # the host removes a player who left (``_remove``)


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    """The state after one action (a new dict; the given state is untouched), or ``RuleError``.
    ``seat`` None is the system: ``timeout``, ``presence`` and the host's ``remove``."""
    new = state_copy(state, FIXED)
    MOVES.play(new, seat, action, now)
    return new


# --- legal actions -------------------------------------------------------------------------


def _fox_sample(state: dict) -> str:
    """A Fox text that is valid on this card (for bots and tests)."""
    card = _card(state)
    language = card.get("language", "")
    keys = {answer_key(answer, language) for answer in card["answers"]}
    text, number = FOX_SAMPLE, 1
    while answer_key(text, language) in keys:
        number += 1
        text = f"{FOX_SAMPLE} {number}"
    return text


def legal_actions(state: dict, seat: int) -> list[dict]:
    """Every action ``seat`` may send now (the Fox text with one sample value)."""
    if state["over"] or type(seat) is not int or not 0 <= seat < len(state["scores"]):
        return []
    if state["removed"][seat]:
        return []
    phase = state["phase"]
    if seat in _readers(state):
        if phase == "draw":
            return [
                {"type": "pick_card", "card": state["cards"][index]["id"]}
                for index in state["offer"]
            ]
        if phase == "fox":
            actions = [{"type": "fox", "text": _fox_sample(state)}]
            proposal = state["proposal"]
            if proposal is not None and proposal["by"] != seat:
                actions += [{"type": "approve_fox"}, {"type": "reject_fox"}]
            return actions
        if phase == "read":
            return [{"type": "start_clock"}]
        if phase in ("reveal", "score"):
            return [{"type": "next"}]
        return []
    guess = state["guess"]
    if phase == "rank":
        actions = [
            {"type": "place", "answer": answer, "slot": slot}
            for answer in range(SLOTS)
            for slot in range(SLOTS)
            if guess[slot] != answer
        ]
        actions += [{"type": "unplace", "answer": answer} for answer in guess if answer is not None]
        if None not in guess and seat not in state["agreed"]:
            actions.append({"type": "agree"})
        return actions
    if phase == "double_down":
        return [
            {"type": "double_down", "answer": answer}
            for answer in range(SLOTS)
            if answer != guess[FOX_SLOT] and answer != state["double_downs"][seat]
        ]
    return []


# --- secrets -------------------------------------------------------------------------------

SECRET_PHASES = ("draw", "fox", "read", "rank", "double_down")  # the card's ranks unrevealed


def disguised(state: dict, viewer: int | None, generator: random.Random) -> dict:
    """The same table as ``viewer`` sees it (same six texts on screen, same column, same
    revealed steps) with every secret it may not see replaced by another possible one: its
    view must not tell the two apart. The secrets: the readers' offered cards, their card's
    ranks (the Fox's place among them) and their Fox proposal, hidden from the guessers and
    the board until each is revealed; each guesser's Double Down pick, hidden from everyone
    else until the reveal."""
    other = state_copy(state)
    phase = state["phase"]
    secret = phase in SECRET_PHASES or (phase == "reveal" and state["step"] < SLOTS)
    if state["over"] or not secret:
        return other
    if viewer not in _readers(state):
        _card_disguise(other, generator)
    if phase in SECRET_PHASES:
        choices = [answer for answer in range(SLOTS) if answer != other["guess"][FOX_SLOT]]
        for seat, pick in enumerate(other["double_downs"]):
            if seat != viewer and pick is not None:
                other["double_downs"][seat] = generator.choice(choices)
    return other


def _card_disguise(other: dict, generator: random.Random) -> None:
    """Other offered cards, and another card under the same six texts: the Fox elsewhere,
    the unrevealed ranks reshuffled, another proposal."""
    for index in other["offer"]:
        other["cards"][index]["question"] = f"Other question {generator.random()}"
        other["cards"][index]["id"] = 10_000 + index
    if other["proposal"] is not None:
        other["proposal"]["text"] = f"Other Fox {generator.random()}"
    if other["card"] is None:
        return
    card = other["cards"][other["card"]]
    order = card["reading_order"]
    texts = [other["fox"] if rank == 0 else card["answers"][rank - 1] for rank in order]
    revealed = [1, 2, 3, 4, 5, 0][: other["step"]] if other["phase"] == "reveal" else []
    free_positions = [p for p in range(SLOTS) if order[p] not in revealed]
    free_ranks = [order[p] for p in free_positions]
    fox_before = order.index(0) if 0 in free_ranks else None
    for _attempt in range(20):  # prefer moving the Fox
        generator.shuffle(free_ranks)
        moved = dict(zip(free_positions, free_ranks, strict=True))
        if fox_before is None or moved[fox_before] != 0:
            break
    new_order = [moved.get(p, order[p]) for p in range(SLOTS)]
    answers = [""] * 5
    for position, rank in enumerate(new_order):
        if rank == 0:
            other["fox"] = texts[position]
        else:
            answers[rank - 1] = texts[position]
    other["cards"][other["card"]] = {**card, "reading_order": new_order, "answers": answers}


def content_sample(n_players: int, seed: int) -> dict:
    """A deck of distinct made-up cards, enough for a game of ``n_players`` (for tests and
    bots: the platform deals from the curated decks)."""
    generator = random.Random(seed)
    cards = []
    for number in range(len(turn_plan(n_players)) + 2):
        order = list(range(SLOTS))
        generator.shuffle(order)
        cards.append({"id": 500 + number, "question": f"Question {number}",
                      "source": f"Source {number}", "language": "en",
                      "answers": [f"Answer {number}-{rank}" for rank in range(1, 6)],
                      "reading_order": order})
    return {"cards": cards}


# --- views ---------------------------------------------------------------------------------


def _revealed(state: dict) -> list[dict]:
    """The reveal steps done so far: ranks #1..#5, then the Fox (rank 0). ``correct`` is the
    ✓/✗ of the answer's slot (for the Fox: caught); ``double_downs`` lists the exact tokens."""
    order = _card(state)["reading_order"]
    guess = state["guess"]
    steps = []
    for rank in [1, 2, 3, 4, 5, 0][: state["step"]]:
        answer = order.index(rank)
        slot = guess.index(answer)
        tokens = [
            seat
            for seat, pick in enumerate(state["double_downs"])
            if pick == answer and slot_exact(slot, rank)
        ]
        correct = slot == FOX_SLOT if rank == 0 else slot_correct(slot, rank)
        steps.append(
            {
                "rank": rank,
                "answer": answer,
                "slot": slot,
                "correct": correct,
                "double_downs": tokens,
            }
        )
    return steps


def _answers(state: dict) -> list[str]:
    """The six answers in reading order, the Fox in its marked place."""
    card = _card(state)
    return [
        state["fox"] if rank == 0 else card["answers"][rank - 1] for rank in card["reading_order"]
    ]


def _board_view(state: dict) -> dict:
    """What the TV and the audience see: never a secret."""
    phase = state["phase"]
    reader, partner = state["plan"][state["turn"]]
    n = len(state["scores"])
    played = phase in ("read", "rank", "double_down", "reveal", "score")
    ranked = phase in ("rank", "double_down", "reveal", "score")
    shown_points = phase in ("score", "over") and state["history"]
    last = state["history"][-1] if shown_points else None
    options = state["options"]
    timer = "absent" if state["absent"] else phase if state["deadline"] is not None else None
    guess = state["guess"]
    return {
        "game": GAME_ID,
        "phase": phase,
        "deadline": state["deadline"],
        "timer": timer,
        "turn": state["turn"] + 1,
        "turns": len(state["plan"]),
        # Who reads next turn ([reader, partner]), or None after the last turn.
        "next_readers": None if _last_turn(state) else state["plan"][state["turn"] + 1],
        "reader": reader,
        "partner": partner,
        "guessers": _guessers(state),
        "options": {key: options[key] for key in VIEW_OPTIONS},
        "players": [
            {
                "seat": seat,
                "score": state["scores"][seat],
                "square": state["scores"][seat] % TRACK_SQUARES,
                "lap": state["scores"][seat] // TRACK_SQUARES,
                "connected": state["connected"][seat],
                "turn_points": last["points"][seat] if last else None,
            }
            for seat in range(n)
        ],
        "card": (
            {key: _card(state).get(key, "") for key in ("question", "source", "language")}
            if played
            else None
        ),
        "answers": _answers(state) if played else None,
        "guess": list(guess) if ranked else None,
        "unplaced": [a for a in range(SLOTS) if a not in guess] if phase == "rank" else None,
        "agreed": list(state["agreed"]) if phase == "rank" else None,
        "picked": (
            [seat for seat in range(n) if state["double_downs"][seat] is not None]
            if phase == "double_down"
            else None
        ),
        "double_downs": (list(state["double_downs"]) if phase in ("reveal", "score") else None),
        "revealed": _revealed(state) if phase in ("reveal", "score") else None,
        "result": dict(last) if last else None,
        "history": [dict(entry) for entry in state["history"]],
        "removed": [seat for seat in range(n) if state["removed"][seat]],
        "podium": podium(state["scores"], state["removed"]) if phase == "over" else None,
    }


def _seat_view(state: dict, seat: int) -> dict:
    """One phone's own secrets: the reader's card and ranks, a guesser's own Double Down, and
    the actions this seat may send now (``legal_actions``, as every game's views list them)."""
    readers = _readers(state)
    phase = state["phase"]
    me: dict[str, Any] = {
        "seat": seat,
        "role": "reader" if seat in readers else "guesser",
        "partner": next((other for other in readers if other != seat), None)
        if seat in readers
        else None,
        "offer": None,
        "card": None,
        "secret": None,
        "fox": None,
        "proposal": None,
        "rejected_by": None,
        "double_down": None,
    }
    if seat in readers:
        if phase == "draw":
            me["offer"] = [
                {key: state["cards"][index][key] for key in ("id", "question", "source")}
                for index in state["offer"]
            ]
        elif state["card"] is not None and phase != "over":
            card = _card(state)
            me["card"] = {
                key: card.get(key, "") for key in ("id", "question", "source", "language")
            }
            me["secret"] = [
                {"text": state["fox"] if rank == 0 else card["answers"][rank - 1], "rank": rank}
                for rank in card["reading_order"]
            ]
            me["fox"] = state["fox"]
            me["proposal"] = dict(state["proposal"]) if state["proposal"] else None
            rejected = state.get("rejected") if phase == "fox" else None
            me["rejected_by"] = rejected["by"] if rejected else None
    elif phase != "over":
        me["double_down"] = state["double_downs"][seat]
    me["actions"] = legal_actions(state, seat)
    return me


def view(state: dict, viewer: int | None) -> dict:
    """What one screen may see: the board (``None``) sees only public facts; a seat sees the
    board plus its own secrets under ``"me"``."""
    return views(state, [viewer])[0]


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    """``view`` for each viewer, the board built once: every screen shows it."""
    require(
        all(v is None or (type(v) is int and 0 <= v < len(state["scores"])) for v in viewers),
        _("No such seat."),
        code="bad_seat",
    )
    board = _board_view(state)
    return [
        {**board, "me": None if viewer is None else _seat_view(state, viewer)}
        for viewer in viewers
    ]
