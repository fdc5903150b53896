"""Werewolf (Les Loups-garous de Thiercelieux): the village square on the TV, a secret card and
ballot on every phone, and the hub as the narrator nobody has to be.

Pure rules, no Django. The rules as played are the team's ``shared/rules/werewolf.md`` (cited
"§n"); ``docs/rules-werewolf.md`` lists every point this code had to settle. This module is the
game's entry (what the platform calls, ``__all__``) and its narrator; it reads in rulebook order:
setup and the look at the cards, the night's course (each step's choices are in ``night``), dawn,
the death chain, the triggered prompts, the day (Mayor election, discussion, vote, ties,
execution), the win check, the system moves and the move table. The pieces (cards, steps,
lines, timers) and the questions every part asks of a state are in ``roles``; what each screen
sees, the actions each phone may send and the secrets are in ``views``. None of those imports
this module.

Secrets live in the state and leave it only through ``view``. The narrator's lines are keys
(``narration.lines``) the screens turn into speech; role names and texts are data keyed by the
role ids of ``ROLES`` (the English there is only a fallback).
"""

from __future__ import annotations

from typing import Any

from games.kit.rules import (
    HOST,
    NO_TARGET,
    SYSTEM,
    Handler,
    Move,
    MoveTable,
    RuleError,
    Seats,
    _,
    choice,
    deadline_require,
    flag,
    integer,
    pgettext,
    presence_move,
    remove_move,
    require,
    rng,
    seat_of,
    state_copy,
    timer,
)
from games.werewolf.night import (
    STEP_FINISH,
    _charm,
    _confirm_night,
    _cupid_pick,
    _decoy_confirm,
    _peek,
    _protect,
    _record,
    _seer_look,
    _suspect,
    _thief_stay,
    _thief_take,
    _witch_heal,
    _witch_poison,
    _wolf_sleep,
    _wolf_vote,
    _wolf_wake,
)
from games.werewolf.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PRESETS,
    SPECIALS,
    deck_for,
    preset_deck,
)
from games.werewolf.options import options_clean as _options_clean
from games.werewolf.roles import (
    ANNOUNCE_LINE_SECONDS,
    ANNOUNCE_SECONDS,
    CANDIDACY_SECONDS,
    CONFIRMABLE,
    CURSE_CAUSES,
    FIRST_NIGHT_ONLY,
    GAME_ID,
    INFO_STEP_SECONDS,
    INFO_STEPS,
    LETTERS,
    LOOK_SECONDS,
    NARRATION_KEYS,
    NIGHT_DECOYS,
    NIGHT_KINDS,
    NIGHT_STEPS,
    PROMPT_KINDS,
    ROLES,
    STEP_CARD,
    STEP_LINES,
    STEP_SHARE,
    TEAMS,
    _answered,
    _ballot_targets,
    _can_vote,
    _couple,
    _holder,
    _kind,
    _living,
    _living_target,
    _log,
    _n,
    _partner,
    _powerful,
    _prompt_live,
    _ready_needed,
    _say,
    _seconds,
    _shown_card,
)
from games.werewolf.views import (
    PADDING,
    disguised,
    legal_actions,
    options_public,
    view,
    views,
)

# What other modules use of the rules (the pieces come from roles, the views from views).
__all__ = [
    "ANNOUNCE_LINE_SECONDS", "ANNOUNCE_SECONDS", "FACTS", "FIXED", "GAME_ID", "HOST_ACTIONS",
    "LETTERS", "MAX_PLAYERS", "MIN_PLAYERS", "MOVES", "NARRATION_KEYS", "NIGHT_STEPS", "OPTIONS",
    "PADDING", "PHASES", "PRESETS", "PROMPT_KINDS", "ROLES", "STEP_CARD", "TEAMS", "TITLE",
    "apply", "disguised", "legal_actions", "options_clean", "options_public", "setup", "view",
    "views", "winner",
]

# --- Pieces ---------------------------------------------------------------------------------------

TITLE = pgettext("game title", "Werewolf")
# Every phase a state is ever in (a screen draws each; the guide says what each is).
PHASES = ("look", "night", "dawn", "prompt", "outcome", "candidacy", "election", "talk", "vote",
          "execution", "over")
FIXED = ("composition", "spares", "options")  # set at setup, never changed by a move
# What the screens draw with (sent with the page): each card's team, the night's steps and the
# card each is named after, the keys the admin's texts are looked up by, and the lobby's deck for
# each player count (the published one) and the cards a custom deck may switch on.
FACTS = {
    "decks": {n: preset_deck(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    "specials": list(SPECIALS),
    "roles": {role: entry["team"] for role, entry in ROLES.items()},
    "teams": list(TEAMS),
    "steps": list(NIGHT_STEPS),
    "step_cards": dict(STEP_CARD),
    "narration": list(NARRATION_KEYS),
    "prompts": list(PROMPT_KINDS),
}


def options_clean(raw: Any) -> dict:
    """The room's Werewolf options checked, with defaults (``RuleError`` ``bad_options``)."""
    return _options_clean(raw)


# --- 2. Setup: deal, then everyone looks at their card --------------------------------------------


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    """Deal the deck with the seeded generator (§2); with the Thief, two cards go to the middle."""
    require(
        type(n_players) is int and MIN_PLAYERS <= n_players <= MAX_PLAYERS,
        _("Werewolf needs %(min)s to %(max)s players."),
        code="player_count", min=MIN_PLAYERS, max=MAX_PLAYERS,
    )
    options = options_clean(options)
    deck = deck_for(options, n_players)
    n = n_players
    state: dict[str, Any] = {
        "seed": seed,
        "rng_draws": 0,
        "phase": "look",
        "deadline": now + timer(options, LOOK_SECONDS),
        "connected": [True] * n,
        "over": False,
        "options": options,
        "composition": deck,
        "spares": [],
        "dealt": [],
        "cards": [],
        "alive": [True] * n,
        "looked": [False] * n,
        "clock": ["night", 0],
        "night": 0,
        "day": 0,
        "mayor": None,
        "elected": False,  # the first election has been held
        "succession_election": False,  # a dead Mayor's successor is to be elected
        "idiot_revealed": None,
        "cursed": False,
        "elder_life": True,
        "lovers": None,
        "charmed": [],
        "potions": {"life": True, "death": True},
        "protected_last": None,
        "thief": None,
        "notes": [],
        "steps": [],
        "step": None,
        "nights": [],
        "queue": [],
        "prompt": None,
        "outcome": None,  # what the TV holds after a prompt, an election or a day removal
        "interrupted": None,  # a day phase a removal paused for its prompts: phase, time left
        "poll": None,
        "talk": None,
        "checked": True,
        "after": "look",
        "scapegoat_list": None,
        "deaths": [],
        "announce": [],
        "log": [],
        "narration": {"id": 0, "lines": []},
        "result": None,
    }
    cards = [card for card, count in deck.items() for _copy in range(count)]
    generator = rng(state)
    if "thief" in deck:
        cards.remove("thief")
        generator.shuffle(cards)
        thief_seat = generator.randrange(n)
        state["spares"] = sorted(cards[n - 1:])
        cards = cards[: n - 1]
        cards.insert(thief_seat, "thief")
    else:
        generator.shuffle(cards)
    state["dealt"] = list(cards)
    state["cards"] = cards
    state["notes"] = [
        {"pack": [seat] if card == "werewolf" else [], "hunts": [], "seen": [], "glimpses": [],
         "caught": [], "charmed": [], "lover": None}
        for seat, card in enumerate(cards)
    ]
    _say(state, "look_cards")
    state["narration"].pop("fresh", None)
    return state


def _look(state: dict, seat: int, action: dict, now: float) -> None:
    """"I have seen my card": night 1 starts when everyone has, or after a minute (§2.3)."""
    require(not state["looked"][seat], _("You have already looked at your card."))
    state["looked"][seat] = True
    if all(looked or not alive for looked, alive in zip(state["looked"], state["alive"],
                                                        strict=True)):
        _look_end(state, now)


def _look_end(state: dict, now: float) -> None:
    state["after"] = "look"
    _continue(state, now)


# --- 3. The night ---------------------------------------------------------------------------------


def _night_steps(state: dict) -> list[str]:
    """Tonight's steps in wake order: every role in the composition (ghost steps included), or
    every slot when the composition is secret (§3, §7 ``composition.public``)."""
    first = state["night"] == 1
    steps = [step for step in NIGHT_STEPS if first or step not in FIRST_NIGHT_ONLY]
    if state["options"]["composition.public"]:
        steps = [step for step in steps if STEP_CARD[step] in state["composition"]]
    return steps


def _nightfall(state: dict, now: float) -> None:
    """Night falls: phones go dark, the narrator calls the steps one by one (§3)."""
    state["night"] += 1
    state["clock"] = ["night", state["night"]]
    state["phase"] = "night"
    state["poll"] = state["talk"] = state["prompt"] = None
    state["steps"] = _night_steps(state)
    state["nights"].append({
        "night": state["night"], "thief": None, "lovers": None, "seer": None, "protected": None,
        "opened": [], "awake": [], "asleep": [], "choice": None, "peeked": False, "glimpsed": [],
        "caught": None, "victim": None, "starved": False, "healed": None, "poisoned": None,
        "charmed": [], "elder_saved": False, "saved": None, "deaths": [],
    })
    _say(state, "nightfall", night=state["night"])
    _step_start(state, 0, now)


def _step_actors(state: dict, key: str) -> list[int]:
    """Who acts in a step, decided when it starts; nobody in a ghost step (§3)."""
    alive = state["alive"]

    def holder(card: str) -> list[int]:
        seat = _holder(state, card)
        return [seat] if seat is not None and alive[seat] and _powerful(state, seat) else []

    if key == "lovers":
        return [seat for seat in state["lovers"] or [] if alive[seat]]
    if key == "charmed":
        return [seat for seat in state["charmed"] if alive[seat]]
    if key == "werewolves":
        wolves = [seat for seat in _living(state) if state["cards"][seat] == "werewolf"]
        return wolves + holder("little-girl")
    return holder(STEP_CARD[key])


def _step_start(state: dict, index: int, now: float) -> None:
    """The step's length is drawn now, from one distribution per step whoever holds the role:
    acted, idle or ghost, it ends at its deadline and nothing a phone does moves it (§3)."""
    key = state["steps"][index]
    n = _n(state)
    actors = _step_actors(state, key)
    generator = rng(state)
    if key in INFO_STEPS:
        length = generator.uniform(*INFO_STEP_SECONDS)
    else:
        length = _seconds(state, "wolves" if key == "werewolves" else "step")
        length *= generator.uniform(*STEP_SHARE)
    step: dict[str, Any] = {
        "key": key,
        "index": index,
        "actors": actors,
        "picks": [[] for _seat in range(n)],  # each actor's selection so far (kept on reload)
        "done": [False] * n,  # each phone has answered (actor or decoy)
        "suspects": [[] for _seat in range(n)],  # the decoy question's answers: discarded
        "awake": [None] * n,  # werewolves: True (open), False (stay asleep), None (undecided)
        "lock": None,  # werewolves: [target] once all awake wolves confirmed the same
        "peeked": False,
        "letters": [None] * n,
        "heal": False,
        "poison": None,
        "info": [],  # what an info step shows its actors
    }
    state["step"] = step
    state["deadline"] = now + length
    if state["options"]["composition.public"]:
        _say(state, STEP_LINES[key][0])
        if key == "werewolves" and "little-girl" in state["composition"]:
            _say(state, "little_girl_peeks")
    else:
        _say(state, "night_step", step=index + 1, steps=len(state["steps"]))
    if key == "werewolves":
        letters = list(LETTERS)
        generator.shuffle(letters)
        for letter, seat in zip(letters, [s for s in actors if state["cards"][s] == "werewolf"],
                                strict=False):
            step["letters"][seat] = letter
    elif key == "lovers":
        for seat in actors:
            state["notes"][seat]["lover"] = _partner(state, seat)
    elif key == "charmed":
        step["info"] = list(actors)
        for seat in actors:
            state["notes"][seat]["charmed"] = list(actors)


def _step_end(state: dict, now: float) -> None:
    """The step's time is up: defaults for whoever did not act, then the next step (or dawn)."""
    step = state["step"]
    key = step["key"]
    finish = STEP_FINISH.get(key)
    if finish is not None:
        finish(state)
    if state["options"]["composition.public"]:
        _say(state, STEP_LINES[key][1])
    index = step["index"] + 1
    if index < len(state["steps"]):
        _step_start(state, index, now)
    else:
        _night_end(state, now)


def _night_end(state: dict, now: float) -> None:
    """After the last step: a win at night (the Piper's) is checked, then dawn (§6)."""
    state["step"] = None
    if _win_check(state, now, at_night=True):
        return
    _dawn(state, now)


# --- 3. Dawn resolution ---------------------------------------------------------------------------


def _dawn(state: dict, now: float) -> None:
    """(a) the pack's attack, (b) the poison, (c) starvation, (d) each death's chain (§3)."""
    record = _record(state)
    deaths: list[tuple[int, str]] = []
    victim = record["victim"]
    girl = _holder(state, "little-girl")
    eats_wolf = state["options"]["werewolves.canEatWerewolf"]
    if victim is not None and state["alive"][victim]:
        protected = record["protected"] == victim and victim != girl
        healed = record["healed"] == victim
        spared = not eats_wolf and state["cards"][victim] == "werewolf"
        if not protected and not healed and not spared:
            if state["cards"][victim] == "elder" and state["elder_life"]:
                state["elder_life"] = False
                record["elder_saved"] = True
            else:
                deaths.append((victim, "wolves"))
        if not deaths:
            record["saved"] = victim
    if record["poisoned"] is not None:
        deaths.append((record["poisoned"], "poison"))
    if record["starved"]:
        deaths += [(wolf, "starvation") for wolf in _living(state)
                   if state["cards"][wolf] == "werewolf"]
    state["announce"] = []
    # Every death of (a) to (c) with its own cause first, then each one's chain (d): a
    # poisoned lover dies of the poison, not of grief for the pack's victim (issue 34).
    dead = [(seat, cause) for seat, cause in deaths if _die(state, seat, cause)]
    for seat, cause in dead:
        _death_chain(state, seat, cause)
    state["day"] += 1
    state["clock"] = ["day", state["day"]]
    state["phase"] = "dawn"
    _say(state, "village_wakes", day=state["day"])
    _announce_deaths(state, shuffle=True)
    state["after"] = "day"
    state["deadline"] = now + _announce_seconds(state)


def _announce_deaths(state: dict, shuffle: bool = False, left: int | None = None) -> None:
    """Each new death by name (and card, by option), never its cause (``left``: the player
    who left the village, said so); the curse if it fell."""
    dead = list(state["announce"])
    state["announce"] = []
    if shuffle:
        rng(state).shuffle(dead)
        if not dead:
            _say(state, "nobody_died")
    for seat in dead:
        card = _shown_card(state, seat)
        # One key per text: the line that names the card, or the one that keeps it hidden.
        key = "player_left" if seat == left else "death"
        _say(state, key if card else f"{key}_hidden", seat=seat, card=card)
        _log(state, "death", seat=seat, card=card)
    if state.pop("curse_new", False):
        _say(state, "elder_curse")
        _log(state, "curse")


# --- 4. The death chain: one procedure for every death --------------------------------------------


def _kill(state: dict, seat: int, cause: str) -> None:
    """A death (§4 "Death chain"): marked with its cause, then its chain."""
    if _die(state, seat, cause):
        _death_chain(state, seat, cause)


def _die(state: dict, seat: int, cause: str) -> bool:
    """Mark dead with one cause (False: already dead, of another)."""
    if not state["alive"][seat]:
        return False
    state["alive"][seat] = False
    state["deaths"].append({"seat": seat, "cause": cause, "clock": list(state["clock"])})
    if state["clock"][0] == "night" and state["night"]:  # not before night 1
        _record(state)["deaths"].append([seat, cause])
    state["announce"].append(seat)
    state["checked"] = False
    return True


def _death_chain(state: dict, seat: int, cause: str) -> None:
    """What a death sets off: the Elder's curse; the lover's grief; the prompts queued."""
    options = state["options"]
    card = state["cards"][seat]
    if card == "elder":
        if cause in CURSE_CAUSES[options["elder.curseCauses"]] and not state["cursed"]:
            state["cursed"] = True
            state["curse_new"] = True
        idiot = state["idiot_revealed"]
        if idiot is not None and options["idiot.diesWithElder"]:
            _kill(state, idiot, "elder")
    partner = _partner(state, seat)
    if partner is not None:
        _kill(state, partner, "grief")
    if card == "hunter" and _powerful(state, seat) and cause != "left":
        state["queue"].append({"kind": "hunter", "seat": seat})
    if seat == state["mayor"]:
        _mayor_vacate(state, seat, drawn=cause == "left")
    if cause == "scapegoat":
        state["queue"].append({"kind": "scapegoat", "seat": seat})


def _mayor_vacate(state: dict, seat: int, drawn: bool = False) -> None:
    """The title passes: named by the old Mayor (or drawn, if he left), or elected (option)."""
    state["mayor"] = None
    if state["options"]["mayor.succession"] == "election":
        state["succession_election"] = True
    elif drawn:
        choices = _successor_choices(state, seat)
        if choices:
            _mayor_set(state, rng(state).choice(choices), "mayor_drawn")
    else:
        state["queue"].append({"kind": "successor", "seat": seat})


def _mayor_set(state: dict, seat: int, line: str = "mayor_named") -> None:
    """The badge on; the log says whether the lot gave it (``mayor_drawn``)."""
    state["mayor"] = seat
    _say(state, line, seat=seat)
    _log(state, "mayor", seat=seat, drawn=line == "mayor_drawn")


# --- The triggered prompts: the Hunter's shot, the Mayor's successor, the Scapegoat's voters ------

PROMPT_ORDER = ("hunter", "successor", "scapegoat")


def _successor_choices(state: dict, seat: int) -> list[int]:
    return [t for t in _living(state) if t != seat and t != state["idiot_revealed"]]


def _prompt_choices(state: dict, kind: str, seat: int) -> list[int]:
    if kind == "hunter":
        partner = _partner(state, seat)
        return [t for t in _living(state) if t != seat and t != partner]
    if kind == "successor":
        return _successor_choices(state, seat)
    if kind == "scapegoat":
        return _living(state)
    return list(state["poll"]["tied"])  # settle: the Mayor picks among the tied


def _prompt_start(state: dict, prompt: dict, now: float) -> bool:
    """Open a prompt on its seat's phone (30 s); False when there is nobody to choose."""
    kind, seat = prompt["kind"], prompt["seat"]
    choices = _prompt_choices(state, kind, seat)
    if kind == "settle":
        partner = _partner(state, seat)
        choices = [t for t in choices if t != partner]
    if not choices and kind != "scapegoat":
        return False
    state["phase"] = "prompt"
    state["prompt"] = {"kind": kind, "seat": seat, "choices": choices, "chosen": []}
    state["deadline"] = now + _seconds(state, "prompt")
    lines = {"hunter": "hunter_aims", "successor": "successor_choice",
             "scapegoat": "scapegoat_choice", "settle": "mayor_settles"}
    _say(state, lines[kind], seat=seat)
    return True


def _shoot(state: dict, seat: int, action: dict, now: float) -> None:
    """The Hunter takes someone with him, or (option) does not shoot."""
    if action.get("target") is None:
        require(not state["options"]["hunter.mustShoot"] or not _prompt_live(state),
                _("The Hunter must shoot."))
        _say(state, "hunter_spares", seat=seat)
        _log(state, "shot", seat=seat, target=None)
    else:
        target = action["target"]
        require(target in _prompt_live(state), _("You cannot shoot that player."))
        _hunter_fire(state, seat, target)
    _prompt_end(state, now)


def _hunter_fire(state: dict, seat: int, target: int) -> None:
    _say(state, "hunter_shoots", seat=seat, target=target)
    _log(state, "shot", seat=seat, target=target)
    _kill(state, target, "shot")
    _announce_deaths(state)


def _successor(state: dict, seat: int, action: dict, now: float) -> None:
    target = action["target"]
    require(target in _prompt_live(state), _("Name a living player who may be Mayor."))
    _mayor_set(state, target)
    _prompt_end(state, now)


def _scapegoat_pick(state: dict, seat: int, action: dict, now: float) -> None:
    """Toggle a player on tomorrow's list of voters (any number, none allowed)."""
    target = action["target"]
    require(target in _prompt_live(state), _("Name a living player."))
    chosen = state["prompt"]["chosen"]
    if target in chosen:
        chosen.remove(target)
    else:
        chosen.append(target)


def _scapegoat_set(state: dict, seats: list[int]) -> None:
    state["scapegoat_list"] = {"day": state["day"] + 1, "seats": sorted(seats)}
    _say(state, "scapegoat_voters", seats=sorted(seats))
    _log(state, "scapegoat_voters", seats=sorted(seats))


def _settle(state: dict, seat: int, action: dict, now: float) -> None:
    """The Mayor settles a tie among the tied players (§4.6 b), never his lover; or lets it go
    to the revote (c), as his timeout does: a Mayor tied with his lover has a choice."""
    target = action["target"]
    if target is None:
        state["prompt"] = None
        _tie_next(state, now)
        return
    require(target in _prompt_live(state), _("Pick one of the tied players."))
    state["prompt"] = None
    _say(state, "mayor_decides", seat=seat, target=target)
    _execute(state, target, now)


def _prompt_confirm(state: dict, seat: int, now: float) -> None:
    """The Scapegoat confirms his list."""
    _scapegoat_set(state, [s for s in state["prompt"]["chosen"] if state["alive"][s]])
    _prompt_end(state, now)


def _prompt_timeout(state: dict, now: float) -> None:
    """Timeouts: no shot (a random one when the Hunter must shoot), a random successor, everyone
    votes tomorrow; the Mayor who does not settle sends the tie to a revote."""
    prompt = state["prompt"]
    kind, seat = prompt["kind"], prompt["seat"]
    live = _prompt_live(state)
    if kind == "hunter":
        if state["options"]["hunter.mustShoot"] and live:
            _hunter_fire(state, seat, rng(state).choice(live))
        else:
            _say(state, "hunter_spares", seat=seat)
            _log(state, "shot", seat=seat, target=None)
    elif kind == "successor":
        if live:
            _mayor_set(state, rng(state).choice(live), "mayor_drawn")
    elif kind == "scapegoat":
        _scapegoat_set(state, live)
    else:
        state["prompt"] = None
        _tie_next(state, now)
        return
    _prompt_end(state, now)


def _prompt_end(state: dict, now: float) -> None:
    """The choice is made: the TV holds what it did (a shot and its death, the new Mayor, the
    Scapegoat's list) as long as an execution's announcement, then the chain goes on."""
    prompt = state["prompt"]
    state["prompt"] = None
    _hold(state, prompt["kind"], prompt["seat"], now)


def _hold(state: dict, kind: str, seat: int | None, now: float) -> None:
    """The ``outcome`` phase: the lines just said stay on the TV for the announcements' time
    (a base and a few seconds a line, §4 "Announce"); nothing said, nothing to hold."""
    if not state["narration"].get("fresh"):
        _resume(state, now)
        return
    state["phase"] = "outcome"
    state["outcome"] = {"kind": kind, "seat": seat}
    state["deadline"] = now + _announce_seconds(state)


def _announce_seconds(state: dict) -> float:
    return ANNOUNCE_SECONDS + ANNOUNCE_LINE_SECONDS * len(state["narration"]["lines"])


def _resume(state: dict, now: float) -> None:
    """After announcements: every Hunter's shot, then the win check (once no shot is pending),
    then the Mayor's successor and the Scapegoat's choice, then the day or night goes on (§4)."""
    state["outcome"] = None
    queue = state["queue"]
    while True:
        shots = [prompt for prompt in queue if prompt["kind"] == "hunter"]
        if shots:
            queue.remove(shots[0])
            if _prompt_start(state, shots[0], now):
                return
            continue
        if not state["checked"]:
            state["checked"] = True
            if _win_check(state, now):
                return
        if not queue:
            break
        queue.sort(key=lambda prompt: PROMPT_ORDER.index(prompt["kind"]))
        if _prompt_start(state, queue.pop(0), now):
            return
    _continue(state, now)


def _continue(state: dict, now: float) -> None:
    """What comes next: the day phase a removal paused, a Mayor election when one is due, else
    the discussion or nightfall."""
    if state["interrupted"] is not None:
        _interrupted_resume(state, now)
        return
    options = state["options"]
    after = state["after"]
    if options["mayor.enabled"] and state["mayor"] is None:
        at = options["mayor.electionAt"]
        first = not state["elected"] and (
            (after == "look" and at == "before-night-1") or (after == "day" and at == "day-1")
        )
        if first or state["succession_election"]:
            state["elected"] = True
            state["succession_election"] = False
            _candidacy_start(state, now)
            return
    if after == "day":
        _talk_start(state, now)
    else:
        _nightfall(state, now)


# --- 4.3 The Mayor election -----------------------------------------------------------------------


def _candidacy_start(state: dict, now: float) -> None:
    """"Stand for Mayor?" on every living phone that may hold the title (20 s)."""
    state["phase"] = "candidacy"
    n = _n(state)
    state["poll"] = {"kind": "candidacy", "answers": [None] * n}
    state["deadline"] = now + timer(
        state["options"], CANDIDACY_SECONDS * (2 if state["options"]["timers.double"] else 1))
    _say(state, "election_candidacy")


def _stand(state: dict, seat: int, action: dict, now: float) -> None:
    target = action["target"]
    state["poll"]["answers"][seat] = target
    eligible = [s for s in _living(state) if _can_vote(state, s)]
    if all(state["poll"]["answers"][s] is not None for s in eligible):
        _election_start(state, now)


def _election_start(state: dict, now: float) -> None:
    """The vote among the candidates (everyone if nobody stood); a lone candidate is elected."""
    eligible = [s for s in _living(state) if _can_vote(state, s)]
    candidates = [s for s in eligible if state["poll"]["answers"][s]] or eligible
    if len(candidates) <= 1:
        state["poll"] = None
        if candidates:
            _mayor_elected(state, candidates[0], now)
        else:
            _continue(state, now)
        return
    _poll_open(state, "election", candidates, eligible, now)
    _say(state, "election_vote", candidates=candidates)


def _poll_open(state: dict, kind: str, candidates: list[int], voters: list[int], now: float,
               revote: int = 0) -> None:
    """A vote (the execution vote or the Mayor election): ballots change until it closes."""
    n = _n(state)
    state["phase"] = kind
    state["poll"] = {
        "kind": kind,
        "revote": revote,
        "candidates": candidates,
        "voters": voters,
        "ballots": [None] * n,
        "locked": [False] * n,
        "tied": [],
    }
    state["deadline"] = now + _seconds(state, "election" if kind == "election" else "vote")


def _vote(state: dict, seat: int, action: dict, now: float) -> None:
    target = _living_target(state, action)
    require(target in _ballot_targets(state, seat), _("You cannot vote for that player."))
    require(state["poll"]["ballots"][seat] != target, _("That is already your ballot."))
    state["poll"]["ballots"][seat] = target
    state["poll"]["locked"][seat] = False


def _abstain(state: dict, seat: int, action: dict, now: float) -> None:
    require(state["options"]["votes.abstain"], _("Abstaining is not allowed in this game."))
    require(state["poll"]["ballots"][seat] != "abstain", _("You already abstain."))
    state["poll"]["ballots"][seat] = "abstain"
    state["poll"]["locked"][seat] = False


def _poll_lock(state: dict, seat: int, now: float) -> None:
    poll = state["poll"]
    require(poll["ballots"][seat] is not None, _("Choose first."))
    require(not poll["locked"][seat], _("You have already confirmed."))
    poll["locked"][seat] = True
    if all(poll["locked"][voter] or not state["alive"][voter] for voter in poll["voters"]):
        _poll_close(state, now)


def _tally(state: dict, double: int | None) -> tuple[dict[int, int], list[list]]:
    """Votes per player (``double``: the voter whose ballot counts twice) and the ballots."""
    poll = state["poll"]
    counts: dict[int, int] = {}
    ballots = []
    for voter in poll["voters"]:
        ballot = poll["ballots"][voter]
        if not state["alive"][voter] or ballot is None:
            continue
        weight = 2 if voter == double and ballot != "abstain" else 1
        ballots.append([voter, ballot, weight])
        if ballot != "abstain" and state["alive"][ballot]:
            counts[ballot] = counts.get(ballot, 0) + weight
    return counts, ballots


def _ballots_log(state: dict, counts: dict[int, int], ballots: list[list]) -> None:
    """Every ballot revealed (who -> whom), or only the count (option ``votes.ballots``)."""
    poll = state["poll"]
    named = state["options"]["votes.ballots"] == "named"
    _log(state, "ballots", vote=poll["kind"], revote=poll["revote"],
         ballots=ballots if named else None,
         counts=sorted([seat, count] for seat, count in counts.items()))
    _say(state, "ballots", vote=poll["kind"])


def _poll_close(state: dict, now: float) -> None:
    poll = state["poll"]
    mayor = state["mayor"]
    double = mayor if poll["kind"] == "vote" and mayor in poll["voters"] else None
    counts, ballots = _tally(state, double)
    _ballots_log(state, counts, ballots)
    best = max(counts.values(), default=0)
    tied = sorted(seat for seat, count in counts.items() if count == best) if best else []
    poll["tied"] = tied
    if poll["kind"] == "election":
        _election_close(state, tied, now)
    elif not tied:
        _say(state, "no_execution")
        _execution_announce(state, now)
    elif len(tied) == 1:
        _execute(state, tied[0], now)
    else:
        _tie(state, now)


def _election_close(state: dict, tied: list[int], now: float) -> None:
    """Most votes wins; a tie: one revote among the tied, then a seeded draw (§4.3)."""
    poll = state["poll"]
    candidates = tied or poll["candidates"]
    if len(candidates) == 1:
        _mayor_elected(state, candidates[0], now)
    elif poll["revote"] == 0:
        _poll_open(state, "election", candidates, poll["voters"], now, revote=1)
        _say(state, "election_revote", candidates=candidates)
    else:
        _mayor_elected(state, rng(state).choice(candidates), now, drawn=True)


def _mayor_elected(state: dict, seat: int, now: float, drawn: bool = False) -> None:
    """The badge goes on, held on the TV with the ballots (a draw by lot says so)."""
    state["poll"] = None
    _mayor_set(state, seat, "mayor_drawn" if drawn else "mayor_elected")
    _hold(state, "mayor", seat, now)


# --- 4.4 Discussion -------------------------------------------------------------------------------


def _talk_start(state: dict, now: float) -> None:
    """The discussion, with a timer (240 s on day 1, then 180 s); ends early on "ready". A day
    on which nobody may vote (the Scapegoat named nobody, or none of those he named lives)
    has no discussion before its vote: the narrator says nobody votes, and night falls."""
    if not _voters_today(state):
        _vote_start(state, now)
        return
    seconds = _seconds(state, "talkFirst" if state["day"] == 1 else "talk")
    state["phase"] = "talk"
    state["talk"] = {"ready": [False] * _n(state)}
    state["deadline"] = now + seconds if seconds else None
    _say(state, "talk", day=state["day"])


def _ready(state: dict, seat: int, action: dict, now: float) -> None:
    target = action["target"]
    require(state["talk"]["ready"][seat] != target, _("That is already your answer."))
    state["talk"]["ready"][seat] = target
    ready = sum(1 for s in _living(state) if state["talk"]["ready"][s])
    if ready >= _ready_needed(state):
        _vote_start(state, now)


# --- 4.5 The vote, 4.6 ties, 4.7 execution --------------------------------------------------------


def _voters_today(state: dict) -> list[int]:
    """Living players with a vote (not the pardoned Idiot); after a Scapegoat's death, only
    those he named (§5 Scapegoat)."""
    voters = [s for s in _living(state) if _can_vote(state, s)]
    named = state["scapegoat_list"]
    if named is not None and named["day"] == state["day"]:
        voters = [s for s in voters if s in named["seats"]]
    return voters


def _vote_start(state: dict, now: float) -> None:
    state["talk"] = None
    voters = _voters_today(state)
    if not voters:
        state["poll"] = None
        _say(state, "no_vote_today")
        _execution_announce(state, now)
        return
    _poll_open(state, "vote", _living(state), voters, now)
    _say(state, "vote_open")


def _tie(state: dict, now: float) -> None:
    """(a) the Scapegoat dies instead; (b) the Mayor's ballot, or his choice; (c) a revote;
    (d) nobody (§4.6). In a revote, a tie goes to the next revote or to nobody."""
    poll = state["poll"]
    if poll["revote"]:
        _tie_next(state, now)
        return
    goat = _holder(state, "scapegoat")
    if goat is not None and state["alive"][goat] and _powerful(state, goat):
        _say(state, "scapegoat_dies", seat=goat)
        _kill(state, goat, "scapegoat")
        _execution_announce(state, now)
        return
    mayor = state["mayor"]
    if mayor is not None and state["alive"][mayor] and mayor in poll["voters"]:
        ballot = poll["ballots"][mayor]
        if ballot in poll["tied"]:
            _say(state, "mayor_decides", seat=mayor, target=ballot)
            _execute(state, ballot, now)
            return
        if _prompt_start(state, {"kind": "settle", "seat": mayor}, now):
            return
    _tie_next(state, now)


def _tie_next(state: dict, now: float) -> None:
    """(c) a revote among the tied, everyone voting (the tied too), or (d) nobody."""
    poll = state["poll"]
    if poll["revote"] < state["options"]["votes.revotes"]:
        tied = poll["tied"]
        _poll_open(state, "vote", tied, poll["voters"], now, revote=poll["revote"] + 1)
        _say(state, "vote_revote", candidates=tied)
    else:
        _say(state, "no_execution")
        _execution_announce(state, now)


def _execute(state: dict, seat: int, now: float) -> None:
    """The village's choice: the Idiot's pardon first, else death by the vote (§4.7)."""
    card = state["cards"][seat]
    if card == "idiot" and state["idiot_revealed"] is None and _powerful(state, seat):
        state["idiot_revealed"] = seat
        _say(state, "idiot_pardoned", seat=seat, card=card)
        _log(state, "pardon", seat=seat, card=card)
        if state["mayor"] == seat:
            _mayor_vacate(state, seat)
    else:
        _say(state, "execution", seat=seat)  # the death line that follows shows the card
        _kill(state, seat, "vote")
    _execution_announce(state, now)


def _execution_announce(state: dict, now: float) -> None:
    """The TV names the outcome; then the chain's prompts, the win check and nightfall."""
    _announce_deaths(state)
    state["poll"] = None
    state["phase"] = "execution"
    state["after"] = "night"
    state["deadline"] = now + _announce_seconds(state)


# --- 6. The win check -----------------------------------------------------------------------------


def winner(state: dict) -> tuple[str, list[int]] | None:
    """The first true line of §6 (team and winners, alive or dead), or None."""
    living = _living(state)
    cards = state["cards"]
    couple = _couple(state) or []
    if not living:
        return "nobody", []
    if couple and sorted(living) == sorted(couple):
        winners = list(couple)
        cupid = _holder(state, "cupid")
        if state["options"]["cupid.winsWithCouple"] and cupid is not None and cupid not in couple:
            winners.append(cupid)
        return "couple", sorted(winners)
    piper = _holder(state, "pied-piper")
    if (piper is not None and state["alive"][piper] and piper not in couple
            and all(s in state["charmed"] for s in living if s != piper)):
        return "piper", [piper]  # a Piper in the Couple belongs only to it (§6)
    pack = [s for s in range(_n(state)) if cards[s] == "werewolf" and s not in couple]
    pack_alive = [s for s in living if s in pack]
    others = len(living) - len(pack_alive)
    threshold = state["options"]["win.packThreshold"]
    if pack_alive and (
        (threshold == "seed" and others <= 1) or (threshold == "last" and others == 0)
        or (threshold == "parity" and len(pack_alive) >= others)
    ):
        return "pack", pack
    couple_alive = any(state["alive"][s] for s in couple)
    if not any(cards[s] == "werewolf" for s in living) and not couple_alive:
        return "village", [s for s in range(_n(state))
                           if cards[s] not in ("werewolf", "pied-piper") and s not in couple]
    return None


def _win_check(state: dict, now: float, at_night: bool = False) -> bool:
    """End the game if a line of §6 holds; a result at night is announced at dawn."""
    result = winner(state)
    if result is None:
        return False
    team, seats = result
    state["result"] = {"team": team, "winners": seats}
    state["phase"] = "over"
    state["over"] = True
    state["deadline"] = None
    state["step"] = state["poll"] = state["prompt"] = state["talk"] = None
    state["outcome"] = state["interrupted"] = None
    state["queue"] = []
    if at_night:
        _say(state, "village_wakes", day=state["day"] + 1)
    _say(state, f"win_{team}", winners=seats)
    _log(state, "win", team=team, winners=seats)
    return True


# --- System moves: the deadline, presence, the host -----------------------------------------------


def _timeout(state: dict, system: None, action: dict, now: float) -> None:
    """The deadline passed: the phase does what its rule says for no answer."""
    deadline_require(state, now)
    phase = state["phase"]
    if phase == "look":
        _look_end(state, now)
    elif phase == "night":
        _step_end(state, now)
    elif phase in ("dawn", "execution", "outcome"):
        _resume(state, now)
    elif phase == "prompt":
        _prompt_timeout(state, now)
    elif phase == "candidacy":
        _election_start(state, now)
    elif phase in ("election", "vote"):
        _poll_close(state, now)
    elif phase == "talk":
        _vote_start(state, now)


# The host's controls (the platform checks who the host is): end the discussion, extend a day
# timer, remove a player who left (§9 Connections).


def _talk_end(state: dict, host: None, action: dict, now: float) -> None:
    _vote_start(state, now)


def _extend(state: dict, host: None, action: dict, now: float) -> None:
    state["deadline"] = max(state["deadline"] or now, now) + action["target"]


DAY_PHASES = ("candidacy", "election", "talk", "vote")  # what a removal may pause


def _remove(state: dict, host: None, action: dict, now: float) -> None:
    """A player left the village: he dies at once, his lover with him; no shot, no Scapegoat
    choice; a Mayor successor is drawn. In a day phase, the prompts this triggers (a grieving
    Hunter's shot, a grieving Mayor's successor) run right after the announcement, pausing the
    phase (§4 death chain, step 5); at night they wait for dawn, in an announcement or a
    prompt for its end."""
    seat = action["target"]
    require(state["alive"][seat], _("That player is already dead."))
    _kill(state, seat, "left")
    _announce_deaths(state, left=seat)
    _ballots_drop_dead(state)
    phase = state["phase"]
    if phase in DAY_PHASES and state["queue"]:
        deadline = state["deadline"]
        state["interrupted"] = {"phase": phase,
                                "left": None if deadline is None else max(0.0, deadline - now)}
        _hold(state, "left", seat, now)
        return
    if not any(p["kind"] == "hunter" for p in state["queue"]) and phase != "prompt":
        state["checked"] = True
        _win_check(state, now, at_night=phase == "night")


def _ballots_drop_dead(state: dict) -> None:
    """Ballots by or for a player who died meanwhile are dropped (and unlocked)."""
    poll = state["poll"]
    if poll is not None and poll.get("ballots"):
        for voter, ballot in enumerate(poll["ballots"]):
            if not state["alive"][voter] or (type(ballot) is int and not state["alive"][ballot]):
                poll["ballots"][voter] = None
                poll["locked"][voter] = False


def _interrupted_resume(state: dict, now: float) -> None:
    """The paused day phase goes on with the time it had left (its poll or discussion kept,
    the ballots on the dead dropped)."""
    paused = state["interrupted"]
    state["interrupted"] = None
    state["phase"] = paused["phase"]
    state["deadline"] = None if paused["left"] is None else now + paused["left"]
    _ballots_drop_dead(state)


# --- The move table -------------------------------------------------------------------------------


def _confirm(state: dict, seat: int, action: dict, now: float) -> None:
    """The phone's Confirm: locks the current prompt, whatever it is (a decoy's too)."""
    kind = _kind(state, seat)
    if state["phase"] == "night" and kind in NIGHT_DECOYS:
        _decoy_confirm(state, seat, action, now)
    elif state["phase"] == "night":
        require(not _answered(state, seat, kind), _("You have already answered."))
        require(kind in CONFIRMABLE, _("Choose first."))
        _confirm_night(state, seat, kind, now)
    elif state["phase"] == "prompt":
        _prompt_confirm(state, seat, now)
    else:
        _poll_lock(state, seat, now)


def _asked(*kinds: str) -> Seats:
    """The seats whose phone is asked one of ``kinds`` now (``_kind``); the dead are told to
    stay silent, unless a prompt asks them (a dying Hunter's shot)."""
    def test(state: dict, seat: int) -> bool:
        mine = _kind(state, seat)
        if mine is None and not state["alive"][seat]:
            raise RuleError(_("You are dead: stay silent."), code="not_your_turn")
        return mine in kinds
    return Seats(test)


def _unanswered(move: Handler) -> Handler:
    """A night prompt's move, refused once the phone's prompt is answered (the decoy question
    stays: hands move alike)."""
    def guarded(state: dict, seat: int, action: dict, now: float) -> None:
        require(not _answered(state, seat, _kind(state, seat)), _("You have already answered."))
        move(state, seat, action, now)
    return guarded


SEAT = seat_of(refusal=_("Name a player."))
SEAT_OR_NONE = seat_of(None, refusal=_("Name a player."), required=False)  # None: nobody
YES_NO = flag(_("Answer yes or no."))
NO = {"target": NO_TARGET}
DAY_TIMERS = ("talk", "vote", "election", "candidacy", "prompt")

# Who may send what, when, with which target; a night step's phase is named "night:<step>"
# (``_phase_names``). The host's controls are system moves the platform lets the host send.
MOVES = MoveTable(
    [
        Move("look", _asked("look"), ("look",), _look, NO),
        Move("thief_take", _asked("thief"), ("night:thief",), _unanswered(_thief_take),
             {"target": choice(0, 1, refusal=_("Take the first or the second card."))}),
        Move("thief_stay", _asked("thief"), ("night:thief",), _unanswered(_thief_stay), NO),
        Move("cupid_pick", _asked("cupid"), ("night:cupid",), _unanswered(_cupid_pick),
             {"target": SEAT}),
        Move("seer_look", _asked("seer"), ("night:seer",), _unanswered(_seer_look),
             {"target": SEAT}),
        Move("protect", _asked("salvateur"), ("night:salvateur",), _unanswered(_protect),
             {"target": SEAT}),
        Move("wolf_wake", _asked("wolf"), ("night:werewolves",), _unanswered(_wolf_wake), NO),
        Move("wolf_sleep", _asked("wolf"), ("night:werewolves",), _unanswered(_wolf_sleep), NO),
        Move("wolf_vote", _asked("wolf"), ("night:werewolves",), _wolf_vote,
             {"target": SEAT_OR_NONE}),
        Move("peek", _asked("little_girl"), ("night:werewolves",), _unanswered(_peek), NO),
        Move("witch_heal", _asked("witch"), ("night:witch",), _unanswered(_witch_heal), NO),
        Move("witch_poison", _asked("witch"), ("night:witch",), _unanswered(_witch_poison),
             {"target": SEAT}),
        Move("charm", _asked("piper"), ("night:pied-piper",), _unanswered(_charm),
             {"target": SEAT}),
        Move("suspect", _asked(*NIGHT_KINDS), ("night",), _suspect,
             {"target": SEAT_OR_NONE}),
        Move("confirm", _asked(*NIGHT_KINDS, "scapegoat", "election", "vote"),
             ("night", "prompt", "election", "vote"), _confirm, NO),
        Move("stand", _asked("candidacy"), ("candidacy",), _stand, {"target": YES_NO}),
        Move("vote", _asked("election", "vote"), ("election", "vote"), _vote, {"target": SEAT}),
        Move("abstain", _asked("election", "vote"), ("election", "vote"), _abstain, NO),
        Move("ready", _asked("talk"), ("talk",), _ready, {"target": YES_NO}),
        Move("shoot", _asked("hunter"), ("prompt",), _shoot, {"target": SEAT_OR_NONE}),
        Move("successor", _asked("successor"), ("prompt",), _successor, {"target": SEAT}),
        Move("scapegoat_pick", _asked("scapegoat"), ("prompt",), _scapegoat_pick,
             {"target": SEAT}),
        Move("settle", _asked("settle"), ("prompt",), _settle, {"target": SEAT_OR_NONE}),
        Move("timeout", SYSTEM, None, _timeout),
        Move("talk_end", HOST, ("talk",), _talk_end,
             wrong_phase=_("There is no discussion to end.")),
        Move("extend", HOST, DAY_TIMERS, _extend,
             {"target": integer(10, 600, refusal=_("Extend by 10 to 600 seconds."))},
             wrong_phase=_("Only a day timer can be extended.")),
        remove_move(_remove),
        presence_move(),
    ],
    phase_names=lambda state: _phase_names(state),
    seat_code="bad_seat",
)
HOST_ACTIONS = MOVES.host_types()  # the host's controls during a game (§9)


def _phase_names(state: dict) -> tuple[str, ...]:
    """The names the state's phase goes by: at night, ``night`` and ``night:<step>``."""
    if state["phase"] == "night":
        return ("night", f"night:{state['step']['key']}")
    return (state["phase"],)


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    """The state after one action (a new dict; the given state is untouched), or ``RuleError``.
    ``seat`` None is the system: ``timeout``, ``presence`` and the host's controls."""
    new = state_copy(state, FIXED)
    MOVES.play(new, seat, action, now)
    new["narration"].pop("fresh", None)
    return new
