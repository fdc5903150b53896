"""Werewolf (Les Loups-garous de Thiercelieux): the village square on the TV, a secret card and
ballot on every phone, and the hub as the narrator nobody has to be.

Pure rules, no Django. The rules as played are the team's ``shared/rules/werewolf.md`` (cited
"§n"); ``docs/rules-werewolf.md`` lists every point this code had to settle. The module reads in
rulebook order: pieces, setup and the look at the cards, the night (its steps in wake order, then
dawn), the death chain, the triggered prompts, the day (Mayor election, discussion, vote, ties,
execution), the win check, the system moves, the move table, legal actions, and the views.

Secrets live in the state and leave it only through ``view``. The narrator's lines are keys
(``narration.lines``) the screens turn into speech; role names and texts are data keyed by the
role ids of ``ROLES`` (the English there is only a fallback).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import orjson

from games.rulekit import (
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
    require,
    rng,
    seat_of,
    state_copy,
    timer,
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

__all__ = [
    "FACTS", "FIXED", "GAME_ID", "HOST_ACTIONS", "MAX_PLAYERS", "MIN_PLAYERS", "NARRATION_KEYS",
    "OPTIONS", "PHASES", "PRESETS", "PROMPT_KINDS", "ROLES", "TEAMS", "TITLE",
    "apply", "legal_actions", "options_clean", "options_public", "setup", "view", "views",
    "winner",
]

# --- Pieces ---------------------------------------------------------------------------------------

GAME_ID = "werewolf"
TITLE = pgettext("game title", "Werewolf")
# Every phase a state is ever in (a screen draws each; the guide says what each is).
PHASES = ("look", "night", "dawn", "prompt", "outcome", "candidacy", "election", "talk", "vote",
          "execution", "over")
FIXED = ("composition", "spares", "options")  # set at setup, never changed by a move

# Stable role ids; the names and texts here are English fallbacks (admin data replaces them).
ROLES: dict[str, dict[str, str]] = {
    "werewolf": {"team": "pack", "name": _("Werewolf"),
                 "power": _("Each night, the pack kills a villager.")},
    "villager": {"team": "village", "name": _("Villager"),
                 "power": _("No power: find the werewolves and vote them out.")},
    "little-girl": {"team": "village", "name": _("Little Girl"),
                    "power": _("At night, may peek at the werewolves, at her own risk.")},
    "hunter": {"team": "village", "name": _("Hunter"),
               "power": _("When he dies, he may take someone with him.")},
    "cupid": {"team": "village", "name": _("Cupid"),
              "power": _("On the first night, makes two players fall in love.")},
    "witch": {"team": "village", "name": _("Witch"),
              "power": _("One potion of life and one of death, each once per game.")},
    "seer": {"team": "village", "name": _("Seer"),
             "power": _("Each night, sees the card of one player.")},
    "elder": {"team": "village", "name": _("Elder"),
              "power": _("Survives the werewolves' first attack.")},
    "thief": {"team": "village", "name": _("Thief"),
              "power": _("On the first night, may take one of the two cards in the middle.")},
    "salvateur": {"team": "village", "name": _("Salvateur"),
                  "power": _("Each night, protects one player from the werewolves.")},
    "idiot": {"team": "village", "name": _("Village Idiot"),
              "power": _("Voted out, he is spared once, but loses his vote.")},
    "scapegoat": {"team": "village", "name": _("Scapegoat"),
                  "power": _("Dies instead on a tied vote, then names tomorrow's voters.")},
    "pied-piper": {"team": "piper", "name": _("Pied Piper"),
                   "power": _("Each night, charms two players; wins when all the others "
                              "alive are charmed.")},
    "intermittent": {"team": "village", "name": _("The Intermittent"),
                     "power": _("Intermits now and then. Plays as a Villager.")},
}
TEAMS = {"village": _("Village"), "pack": _("Pack"), "piper": _("Pied Piper"),
         "couple": _("The Lovers")}

# The night's wake order (§3); the first three only on night 1.
NIGHT_STEPS = ("thief", "cupid", "lovers", "seer", "salvateur", "werewolves", "witch",
               "pied-piper", "charmed")
FIRST_NIGHT_ONLY = ("thief", "cupid", "lovers")
STEP_CARD = {"thief": "thief", "cupid": "cupid", "lovers": "cupid", "seer": "seer",
             "salvateur": "salvateur", "werewolves": "werewolf", "witch": "witch",
             "pied-piper": "pied-piper", "charmed": "pied-piper"}
INFO_STEPS = ("lovers", "charmed")  # phones only show something: no choice to wait for
# The narrator's lines around each step (the screens speak them; docs/protocol.md lists all keys).
STEP_LINES = {
    "thief": ("thief_wakes", "thief_sleeps"),
    "cupid": ("cupid_wakes", "cupid_sleeps"),
    "lovers": ("lovers_wake", "lovers_sleep"),
    "seer": ("seer_wakes", "seer_sleeps"),
    "salvateur": ("salvateur_wakes", "salvateur_sleeps"),
    "werewolves": ("werewolves_wake", "werewolves_sleep"),
    "witch": ("witch_wakes", "witch_sleeps"),
    "pied-piper": ("piper_wakes", "piper_sleeps"),
    "charmed": ("charmed_wake", "charmed_sleep"),
}
STEP_KIND = {"thief": "thief", "cupid": "cupid", "lovers": "lovers", "seer": "seer",
             "salvateur": "salvateur", "witch": "witch", "pied-piper": "piper",
             "charmed": "charmed"}

# Every key the narrator says (``narration.lines``): the screens speak the admin's text for each.
NARRATION_KEYS = (
    "look_cards", "nightfall", "night_step",
    *(line for step in NIGHT_STEPS for line in STEP_LINES[step]), "little_girl_peeks",
    "village_wakes", "nobody_died", "death", "death_hidden", "player_left", "player_left_hidden",
    "elder_curse", "hunter_aims", "hunter_shoots", "hunter_spares", "successor_choice",
    "mayor_named", "scapegoat_choice", "scapegoat_voters", "mayor_settles",
    "election_candidacy", "election_vote", "election_revote", "mayor_elected",
    "talk", "vote_open", "vote_revote", "ballots", "scapegoat_dies", "mayor_decides",
    "execution", "idiot_pardoned", "no_execution", "no_vote_today",
    "win_village", "win_pack", "win_piper", "win_couple", "win_nobody",
    "mayor_drawn",  # added later: last, as its row is in the shipped texts
)
# Every kind of question a phone is asked (``me.prompt.kind``): the admin's text for each.
PROMPT_KINDS = (
    "look", "thief", "cupid", "lovers", "seer", "salvateur", "wolf", "wolf_asleep",
    "little_girl", "witch", "piper", "charmed", "decoy", "candidacy", "election", "talk", "vote",
    "hunter", "successor", "settle", "scapegoat",
)
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

LOOK_SECONDS = 60
CANDIDACY_SECONDS = 20
ANNOUNCE_SECONDS = 5  # the TV's announcements (dawn, execution, an outcome): a base ...
ANNOUNCE_LINE_SECONDS = 3  # ... and this much per line spoken
STEP_SHARE = (0.7, 1.0)  # a night step lasts a random share of its timer, drawn when it starts
INFO_STEP_SECONDS = (8.0, 20.0)  # ... the lovers' and the charmed's (nothing to choose): this long
PAD_BLOCK = 256  # living phones' views are padded to the same size, rounded up to this
LETTERS = "ABCDEFGHIJKL"  # the Little Girl's names for the wolves she watches

NIGHT_DEATH_CAUSES = ("wolves", "poison", "starvation")
CURSE_CAUSES = {"vote-shot-poison": ("vote", "shot", "poison"), "vote": ("vote",)}


def options_clean(raw: Any) -> dict:
    """The room's Werewolf options checked, with defaults (``RuleError`` ``bad_options``)."""
    return _options_clean(raw)


# --- Small helpers --------------------------------------------------------------------------------


def _n(state: dict) -> int:
    return len(state["cards"])


def _living(state: dict) -> list[int]:
    return [seat for seat, alive in enumerate(state["alive"]) if alive]


def _team(card: str) -> str:
    return ROLES[card]["team"]


def _holder(state: dict, card: str) -> int | None:
    """The seat holding a special card (None when it lies in the middle or is not in play)."""
    return next((seat for seat, held in enumerate(state["cards"]) if held == card), None)


def _powerful(state: dict, seat: int) -> bool:
    """Whether the seat's card still has its power: the Elder's curse spares only the pack and
    the Piper (§5 Elder)."""
    return not state["cursed"] or state["cards"][seat] in ("werewolf", "pied-piper")


def _partner(state: dict, seat: int) -> int | None:
    lovers = state["lovers"]
    if lovers and seat in lovers:
        return lovers[1] if lovers[0] == seat else lovers[0]
    return None


def _seconds(state: dict, name: str) -> float:
    """A timer option in seconds, doubled with ``timers.double`` and stretched by the room's
    extended timers (0: no timer)."""
    options = state["options"]
    return timer(options, options[f"timers.{name}"] * (2 if options["timers.double"] else 1))


def _say(state: dict, key: str, **params: Any) -> None:
    """Add a line to what the narrator says after this move (a new ``id`` per move)."""
    narration = state["narration"]
    if not narration.get("fresh"):
        narration["id"] += 1
        narration["lines"] = []
        narration["fresh"] = True
    narration["lines"].append({"key": key, **params})


def _log(state: dict, kind: str, **fields: Any) -> None:
    """A public event (never a secret): screens list them, the end shows them all."""
    state["log"].append({"kind": kind, "clock": list(state["clock"]), **fields})


def _shown_card(state: dict, seat: int) -> str | None:
    """A dead player's card for everyone, when the option reveals it."""
    return state["cards"][seat] if state["options"]["revealOnDeath"] else None


def _can_vote(state: dict, seat: int) -> bool:
    return state["alive"][seat] and seat != state["idiot_revealed"]


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
        "suspects": [None] * n,  # the decoy question's answers: discarded
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


def _record(state: dict) -> dict:
    """Tonight's secret record (the end's timeline)."""
    return state["nights"][-1]


def _pick_toggle(state: dict, seat: int, target: int, most: int) -> None:
    """Select or unselect a player in a multi-pick prompt (Cupid, the Piper, the Scapegoat)."""
    picks = state["step"]["picks"][seat]
    if target in picks:
        picks.remove(target)
    else:
        require(len(picks) < most, _("You have already picked %(most)s players."), most=most)
        picks.append(target)


# Step 1. The Thief (night 1) --------------------------------------------------------------------


def _thief_both_wolves(state: dict) -> bool:
    return state["spares"] == ["werewolf", "werewolf"]


def _thief_become(state: dict, seat: int, index: int | None) -> None:
    """He becomes the taken card at once (a simple Villager if he keeps none) (§5 Thief)."""
    card = "villager" if index is None else state["spares"][index]
    state["cards"][seat] = card
    state["thief"] = {"seat": seat, "took": index}
    _record(state)["thief"] = [seat, card if index is not None else None]
    if card == "werewolf":
        state["notes"][seat]["pack"] = [seat]
    state["step"]["done"][seat] = True


def _thief_take(state: dict, seat: int, action: dict, now: float) -> None:
    _thief_become(state, seat, action["target"])


def _thief_stay(state: dict, seat: int, action: dict, now: float) -> None:
    require(
        not _thief_both_wolves(state),
        _("Both cards are Werewolves: you must take one."),
    )
    _thief_become(state, seat, None)


def _thief_finish(state: dict) -> None:
    """Timeout: he stays a Villager, or takes a random one of two Werewolves."""
    for seat in state["step"]["actors"]:
        if not state["step"]["done"][seat]:
            index = rng(state).randrange(2) if _thief_both_wolves(state) else None
            _thief_become(state, seat, index)


# Step 2. Cupid (night 1), step 3. the Lovers ----------------------------------------------------


def _cupid_pick(state: dict, seat: int, action: dict, now: float) -> None:
    """Pick two distinct living players, himself allowed (seed §5)."""
    target = _living_target(state, action)
    _pick_toggle(state, seat, target, 2)


def _cupid_finish(state: dict) -> None:
    """Timeout: his picks so far, completed at random to two."""
    step = state["step"]
    for seat in step["actors"]:
        picks = step["picks"][seat]
        if not step["done"][seat]:
            others = [s for s in _living(state) if s not in picks]
            picks.extend(rng(state).sample(others, 2 - len(picks)))
        state["lovers"] = sorted(picks)
        _record(state)["lovers"] = sorted(picks)


# Step 4. The Seer -------------------------------------------------------------------------------


def _seer_look(state: dict, seat: int, action: dict, now: float) -> None:
    """One living player other than herself: she sees their card now (or team, by option)."""
    target = _living_target(state, action)
    require(target != seat, _("Look at someone else."))
    card = state["cards"][target]
    seen = _team(card) if state["options"]["seer.sees"] == "team" else card
    state["step"]["picks"][seat] = [target]
    state["step"]["done"][seat] = True
    state["notes"][seat]["seen"].append([state["night"], target, seen])
    _record(state)["seer"] = [target, seen]


# Step 5. The Salvateur --------------------------------------------------------------------------


def _protect(state: dict, seat: int, action: dict, now: float) -> None:
    """Protect one living player tonight, himself allowed, never the same two nights running."""
    target = _living_target(state, action)
    options = state["options"]
    require(options["salvateur.self"] or target != seat, _("You cannot protect yourself."))
    require(
        options["salvateur.sameTwice"] or target != state["protected_last"],
        _("You protected that player last night: choose someone else."),
    )
    state["step"]["picks"][seat] = [target]
    state["step"]["done"][seat] = True
    _record(state)["protected"] = target


def _salvateur_finish(state: dict) -> None:
    """Timeout: nobody is protected, and next night has no restriction."""
    state["protected_last"] = _record(state)["protected"]


# Step 6. The Werewolves and the Little Girl -----------------------------------------------------


def _pack(state: dict) -> list[int]:
    """Tonight's living werewolves (the step's acting wolves)."""
    return [seat for seat in state["step"]["actors"]
            if state["alive"][seat] and state["cards"][seat] == "werewolf"]


def _wolf_awaken(state: dict, seat: int) -> None:
    """He opens his eyes: the awake wolves see each other, and remember it (§5 Werewolf)."""
    step = state["step"]
    if step["awake"][seat]:
        return
    step["awake"][seat] = True
    _record(state)["opened"].append(seat)
    for other in _pack(state):
        if other != seat and step["awake"][other]:
            for knower, known in ((other, seat), (seat, other)):
                if known not in state["notes"][knower]["pack"]:
                    state["notes"][knower]["pack"].append(known)


def _wolf_wake(state: dict, seat: int, action: dict, now: float) -> None:
    require(state["step"]["awake"][seat] is None, _("You have already chosen."))
    _wolf_awaken(state, seat)


def _wolf_sleep(state: dict, seat: int, action: dict, now: float) -> None:
    """Stay asleep: no vote, nothing seen, cannot be glimpsed; all asleep starve (§5)."""
    require(state["step"]["awake"][seat] is None, _("You have already opened your eyes."))
    state["step"]["awake"][seat] = False
    _pack_lock_check(state)


def _wolf_targets(state: dict, seat: int) -> list[int | None]:
    """A living player other than himself, never his lover, or None for "No victim". When
    wolves may not eat wolves, only the wolves he knows are left out (leaving out the others
    would name them); an attack on a wolf then fails at dawn."""
    eat_wolves = state["options"]["werewolves.canEatWerewolf"]
    partner = _partner(state, seat)
    known = state["notes"][seat]["pack"]
    return [
        target for target in _living(state)
        if target != seat and target != partner and (eat_wolves or target not in known)
    ] + [None]


def _wolf_vote(state: dict, seat: int, action: dict, now: float) -> None:
    """Point at a victim (or "No victim"); pointing opens his eyes; it unconfirms him."""
    step = state["step"]
    require(step["awake"][seat] is not False, _("You chose to stay asleep tonight."))
    require(step["lock"] is None, _("The pack has chosen its victim."))
    target = action.get("target")
    require(target in _wolf_targets(state, seat), _("The pack cannot choose that player."))
    _wolf_awaken(state, seat)
    step["picks"][seat] = ["none" if target is None else target]
    step["done"][seat] = False


def _wolf_confirm(state: dict, seat: int) -> None:
    """Confirm the pointer; when every awake wolf confirmed the same choice, it is locked."""
    step = state["step"]
    require(bool(step["picks"][seat]), _("Point at a victim (or no victim) first."))
    require(not step["done"][seat], _("You have already confirmed."))
    require(step["lock"] is None, _("The pack has chosen its victim."))
    step["done"][seat] = True
    _pack_lock_check(state)


def _pack_lock_check(state: dict) -> None:
    """Locked: every wolf has chosen to wake or sleep, and all awake ones confirmed the same."""
    step = state["step"]
    pack = _pack(state)
    if any(step["awake"][wolf] is None for wolf in pack):
        return
    awake = [wolf for wolf in pack if step["awake"][wolf]]
    choices = {step["picks"][wolf][0] if step["picks"][wolf] else "" for wolf in awake}
    if awake and all(step["done"][wolf] for wolf in awake) and len(choices) == 1:
        step["lock"] = [choices.pop()]


def _peek(state: dict, seat: int, action: dict, now: float) -> None:
    """The Little Girl opens her fingers: she watches the anonymized pack board till the end."""
    step = state["step"]
    require(not step["peeked"], _("You are already peeking."))
    step["peeked"] = True
    step["done"][seat] = True
    _record(state)["peeked"] = True


def _pack_choice(state: dict, generator: Any) -> int | None:
    """The lock, or at the timer the plurality of pointers (tie: seeded random)."""
    step = state["step"]
    if step["lock"] is not None:
        choice = step["lock"][0]
        return None if choice == "none" else choice
    pointers = [step["picks"][wolf][0] for wolf in _pack(state)
                if step["awake"][wolf] and step["picks"][wolf]]
    if not pointers:
        return None
    counts = {target: pointers.count(target) for target in pointers}
    best = max(counts.values())
    tied = sorted((t for t, c in counts.items() if c == best), key=lambda t: (t == "none", t))
    choice = tied[0] if len(tied) == 1 else generator.choice(tied)
    return None if choice == "none" else choice


def _werewolves_finish(state: dict) -> None:
    """The pack's choice, starvation, and the Little Girl's draws for each awake wolf (§5)."""
    step = state["step"]
    record = _record(state)
    options = state["options"]
    pack = _pack(state)
    generator = rng(state)
    record["awake"] = [wolf for wolf in pack if step["awake"][wolf] is not False]
    record["asleep"] = [wolf for wolf in pack if step["awake"][wolf] is False]
    record["starved"] = (
        bool(pack) and not record["awake"] and options["werewolves.starvation"]
    )
    choice = _pack_choice(state, generator)
    record["choice"] = choice
    victim = choice
    girl = _holder(state, "little-girl")
    if step["peeked"] and girl is not None and state["alive"][girl]:
        for wolf in record["awake"]:  # timeout counts as open: he may see and be seen
            if generator.random() * 100 < options["littleGirl.glimpse"]:
                record["glimpsed"].append(wolf)
                state["notes"][girl]["glimpses"].append([state["night"], wolf])
            if generator.random() * 100 < options["littleGirl.catch"] and record["caught"] is None:
                record["caught"] = girl
        if record["caught"] is not None:
            victim = girl
            state["notes"][girl]["caught"].append(state["night"])
    record["victim"] = victim
    for wolf in pack:
        if step["awake"][wolf]:
            state["notes"][wolf]["hunts"].append(
                [state["night"], victim, record["caught"] is not None]
            )


# Step 7. The Witch ------------------------------------------------------------------------------


def _witch_heal_allowed(state: dict, seat: int) -> bool:
    record, step = _record(state), state["step"]
    victim = record["victim"]
    return (
        state["potions"]["life"] and victim is not None and state["alive"][victim]
        and not step["heal"]
        and (state["options"]["witch.selfHeal"] or victim != seat)
        and (state["options"]["witch.bothSameNight"] or step["poison"] is None)
    )


def _witch_poison_targets(state: dict, seat: int) -> list[int]:
    step = state["step"]
    if (not state["potions"]["death"] or step["poison"] is not None
            or (step["heal"] and not state["options"]["witch.bothSameNight"])):
        return []
    victim, partner = _record(state)["victim"], _partner(state, seat)
    return [t for t in _living(state) if t != victim and t != partner]


def _witch_heal(state: dict, seat: int, action: dict, now: float) -> None:
    """The potion of life, on tonight's victim only (herself included by option)."""
    require(state["potions"]["life"], _("You have already used your potion of life."))
    require(_record(state)["victim"] is not None, _("Nobody was attacked tonight."))
    require(_witch_heal_allowed(state, seat), _("You cannot use the potion of life now."))
    state["potions"]["life"] = False
    state["step"]["heal"] = True
    _record(state)["healed"] = _record(state)["victim"]
    _witch_done_check(state, seat)


def _witch_poison(state: dict, seat: int, action: dict, now: float) -> None:
    """The potion of death, on any living player except tonight's victim (and her lover)."""
    require(state["potions"]["death"], _("You have already used your potion of death."))
    target = _living_target(state, action)
    require(target in _witch_poison_targets(state, seat), _("You cannot poison that player now."))
    state["potions"]["death"] = False
    state["step"]["poison"] = target
    _record(state)["poisoned"] = target
    _witch_done_check(state, seat)


def _witch_done_check(state: dict, seat: int) -> None:
    if not _witch_heal_allowed(state, seat) and not _witch_poison_targets(state, seat):
        state["step"]["done"][seat] = True


# Step 8. The Pied Piper, step 9. the charmed ------------------------------------------------------


def _charm_candidates(state: dict, seat: int) -> list[int]:
    return [t for t in _living(state) if t != seat and t not in state["charmed"]]


def _charm_count(state: dict, seat: int) -> int:
    """Two new players a night (option), fewer when fewer remain."""
    return min(state["options"]["piper.perNight"], len(_charm_candidates(state, seat)))


def _charm(state: dict, seat: int, action: dict, now: float) -> None:
    target = _living_target(state, action)
    require(target in _charm_candidates(state, seat), _("You cannot charm that player."))
    _pick_toggle(state, seat, target, _charm_count(state, seat))


def _piper_finish(state: dict) -> None:
    """Charm the picks; timeout completes them at random."""
    step = state["step"]
    for seat in step["actors"]:
        picks = step["picks"][seat]
        if not step["done"][seat]:
            others = [t for t in _charm_candidates(state, seat) if t not in picks]
            picks.extend(rng(state).sample(others, _charm_count(state, seat) - len(picks)))
        state["charmed"].extend(sorted(picks))
        _record(state)["charmed"] = sorted(picks)


STEP_FINISH: dict[str, Callable[[dict], None]] = {
    "thief": _thief_finish,
    "cupid": _cupid_finish,
    "salvateur": _salvateur_finish,
    "werewolves": _werewolves_finish,
    "pied-piper": _piper_finish,
}


# The confirm button and the decoy question, for every night prompt ------------------------------


def _confirm_night(state: dict, seat: int, kind: str, now: float) -> None:
    step = state["step"]
    if kind == "wolf":
        _wolf_confirm(state, seat)
    elif kind == "cupid":
        require(len(step["picks"][seat]) == 2, _("Pick two players."))
    elif kind == "piper":
        require(
            len(step["picks"][seat]) == _charm_count(state, seat),
            _("Pick %(count)s players to charm."), count=_charm_count(state, seat),
        )
    step["done"][seat] = True


def _suspect(state: dict, seat: int, action: dict, now: float) -> None:
    """The decoy question ("Who do you find suspicious?"), a player or "Nobody" (None, so
    every night grid has a last cell): the answer is kept for the phone's screen and discarded
    at the end of the step."""
    target = None if action.get("target") is None else _living_target(state, action)
    require(target != seat, _("Name someone else."))
    state["step"]["suspects"][seat] = "none" if target is None else target


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
    for seat, cause in deaths:
        _kill(state, seat, cause)
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
    """Mark dead with one cause; the Elder's curse; the lover's grief; queue the prompts (§4)."""
    if not state["alive"][seat]:
        return
    state["alive"][seat] = False
    state["deaths"].append({"seat": seat, "cause": cause, "clock": list(state["clock"])})
    if state["clock"][0] == "night" and state["night"]:  # not before night 1
        _record(state)["deaths"].append([seat, cause])
    state["announce"].append(seat)
    state["checked"] = False
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


def _prompt_live(state: dict) -> list[int]:
    """The prompt's choices still alive (a host may remove a player meanwhile)."""
    return [seat for seat in state["prompt"]["choices"] if state["alive"][seat]]


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
    """The Mayor settles a tie among the tied players (§4.6 b)."""
    target = action["target"]
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


def _ballot_targets(state: dict, seat: int) -> list[int]:
    poll = state["poll"]
    if poll["kind"] == "election":
        return [t for t in poll["candidates"] if state["alive"][t]]
    partner = _partner(state, seat)
    return [t for t in poll["candidates"]
            if state["alive"][t] and t != seat and t != partner]


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
    """The discussion, with a timer (240 s on day 1, then 180 s); ends early on "ready"."""
    seconds = _seconds(state, "talkFirst" if state["day"] == 1 else "talk")
    state["phase"] = "talk"
    state["talk"] = {"ready": [False] * _n(state)}
    state["deadline"] = now + seconds if seconds else None
    _say(state, "talk", day=state["day"])


def _ready_needed(state: dict) -> int:
    living = len(_living(state))
    if state["options"]["talk.ready"] == "all":
        return living
    return math.ceil(2 * living / 3)


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


def _couple(state: dict) -> list[int] | None:
    """The lovers when their teams differ: a team of their own (§6)."""
    lovers = state["lovers"]
    if lovers and _team(state["cards"][lovers[0]]) != _team(state["cards"][lovers[1]]):
        return list(lovers)
    return None


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
    if (piper is not None and state["alive"][piper]
            and all(s in state["charmed"] for s in living if s != piper)):
        return "piper", [piper]
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
    seat = action.get("target")
    require(type(seat) is int and 0 <= seat < _n(state), _("No such seat."), code="bad_seat")
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


def _living_target(state: dict, action: dict) -> int:
    """The action's target (a seat: the table checked it), alive."""
    target = action["target"]
    require(state["alive"][target], _("That player is dead."))
    return target


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


NIGHT_DECOYS = ("decoy", "wolf_asleep")
CONFIRMABLE = ("cupid", "lovers", "wolf", "little_girl", "witch", "piper", "charmed")
NIGHT_KINDS = ("thief", "cupid", "lovers", "seer", "salvateur", "wolf", "wolf_asleep",
               "little_girl", "witch", "piper", "charmed", "decoy")


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


def _suspect_answered(state: dict, seat: int, action: dict, now: float) -> None:
    require(_answered(state, seat, _kind(state, seat)), _("Answer your own prompt first."))
    _suspect(state, seat, action, now)


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
        Move("suspect", _asked(*NIGHT_KINDS), ("night",), _suspect_answered,
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
        Move("settle", _asked("settle"), ("prompt",), _settle, {"target": SEAT}),
        Move("timeout", SYSTEM, None, _timeout),
        Move("talk_end", HOST, ("talk",), _talk_end,
             wrong_phase=_("There is no discussion to end.")),
        Move("extend", HOST, DAY_TIMERS, _extend,
             {"target": integer(10, 600, refusal=_("Extend by 10 to 600 seconds."))},
             wrong_phase=_("Only a day timer can be extended.")),
        Move("remove", HOST, None, _remove),
        presence_move(),
    ],
    phase_names=lambda state: _phase_names(state),
    seat_code="bad_seat",
)
HOST_ACTIONS = MOVES.host_types()  # the host's controls during a game (§9)


def _kind(state: dict, seat: int) -> str | None:
    """What the seat's phone is asked right now (the prompt's kind), or None."""
    phase = state["phase"]
    if phase == "prompt":
        return state["prompt"]["kind"] if state["prompt"]["seat"] == seat else None
    if not state["alive"][seat]:
        return None
    if phase == "look":
        return "look"
    if phase == "night":
        step = state["step"]
        if seat not in step["actors"]:
            return "decoy"
        key = step["key"]
        if key == "werewolves":
            if state["cards"][seat] != "werewolf":
                return "little_girl"
            return "wolf_asleep" if step["awake"][seat] is False else "wolf"
        return STEP_KIND[key]
    if phase == "candidacy":
        return "candidacy" if _can_vote(state, seat) else None
    if phase in ("election", "vote"):
        return phase if seat in state["poll"]["voters"] else None
    if phase == "talk":
        return "talk"
    return None


def _phase_names(state: dict) -> tuple[str, ...]:
    """The names the state's phase goes by: at night, ``night`` and ``night:<step>``."""
    if state["phase"] == "night":
        return ("night", f"night:{state['step']['key']}")
    return (state["phase"],)


def _answered(state: dict, seat: int, kind: str) -> bool:
    """A decoy, or a phone whose own night prompt is answered: the decoy question stays."""
    step = state["step"]
    if kind in NIGHT_DECOYS:
        return True
    if kind == "wolf":
        return step["lock"] is not None
    return step["done"][seat]


def _decoy_confirm(state: dict, seat: int, action: dict, now: float) -> None:
    require(not state["step"]["done"][seat], _("You have already answered."))
    state["step"]["done"][seat] = True


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    """The state after one action (a new dict; the given state is untouched), or ``RuleError``.
    ``seat`` None is the system: ``timeout``, ``presence`` and the host's controls."""
    new = state_copy(state, FIXED)
    MOVES.play(new, seat, action, now)
    new["narration"].pop("fresh", None)
    return new


# --- Legal actions --------------------------------------------------------------------------------


def _targets(kind: str, targets: list[Any]) -> list[dict]:
    return [{"type": kind, "target": target} for target in targets]


def _decoy_actions(state: dict, seat: int, confirm: bool) -> list[dict]:
    actions = _targets("suspect", [*(t for t in _living(state) if t != seat), None])
    if confirm and not state["step"]["done"][seat]:
        actions.append({"type": "confirm", "target": None})
    return actions


def _night_actions(state: dict, seat: int, kind: str) -> list[dict]:
    """A night prompt's actions; once answered, the decoy question stays (hands move alike)."""
    step = state["step"]
    if kind in NIGHT_DECOYS:
        return _decoy_actions(state, seat, confirm=True)
    if kind == "wolf":
        if step["lock"] is not None:
            return _decoy_actions(state, seat, confirm=False)
        actions = _targets("wolf_vote", _wolf_targets(state, seat))
        if step["awake"][seat] is None:
            actions += [{"type": "wolf_wake", "target": None},
                        {"type": "wolf_sleep", "target": None}]
        if step["picks"][seat] and not step["done"][seat]:
            actions.append({"type": "confirm", "target": None})
        return actions
    if step["done"][seat]:
        return _decoy_actions(state, seat, confirm=False)
    living = _living(state)
    confirm = [{"type": "confirm", "target": None}]
    if kind == "thief":
        stay = [] if _thief_both_wolves(state) else [{"type": "thief_stay", "target": None}]
        return _targets("thief_take", [0, 1]) + stay
    if kind == "cupid":
        picks = step["picks"][seat]
        toggles = [t for t in living if t in picks or len(picks) < 2]
        return _targets("cupid_pick", toggles) + (confirm if len(picks) == 2 else [])
    if kind == "seer":
        return _targets("seer_look", [t for t in living if t != seat])
    if kind == "salvateur":
        options = state["options"]
        return _targets("protect", [
            t for t in living
            if (options["salvateur.self"] or t != seat)
            and (options["salvateur.sameTwice"] or t != state["protected_last"])
        ])
    if kind == "little_girl":
        return [{"type": "peek", "target": None}] + confirm
    if kind == "witch":
        heal = [{"type": "witch_heal", "target": None}] if _witch_heal_allowed(state, seat) else []
        return heal + _targets("witch_poison", _witch_poison_targets(state, seat)) + confirm
    if kind == "piper":
        count = _charm_count(state, seat)
        picks = step["picks"][seat]
        toggles = [t for t in _charm_candidates(state, seat) if t in picks or len(picks) < count]
        return _targets("charm", toggles) + (confirm if len(picks) == count else [])
    return confirm  # lovers, charmed: "OK"


def legal_actions(state: dict, seat: int) -> list[dict]:
    """Every action ``seat`` may send now, free choices enumerated; each has a ``target``
    (None when it takes none), so every phone's list has one shape."""
    if state["over"] or type(seat) is not int or not 0 <= seat < _n(state):
        return []
    kind = _kind(state, seat)
    if kind is None:
        return []
    if state["phase"] == "night":
        return _night_actions(state, seat, kind)
    if kind == "look":
        return [] if state["looked"][seat] else [{"type": "look", "target": None}]
    if kind == "candidacy":
        return _targets("stand", [True, False])
    if kind == "talk":
        return [{"type": "ready", "target": not state["talk"]["ready"][seat]}]
    if kind in ("election", "vote"):
        poll = state["poll"]
        actions = _targets("vote", [t for t in _ballot_targets(state, seat)
                                    if t != poll["ballots"][seat]])
        if state["options"]["votes.abstain"] and poll["ballots"][seat] != "abstain":
            actions.append({"type": "abstain", "target": None})
        if poll["ballots"][seat] is not None and not poll["locked"][seat]:
            actions.append({"type": "confirm", "target": None})
        return actions
    live = _prompt_live(state)
    if kind == "hunter":
        spare = [] if state["options"]["hunter.mustShoot"] and live else [None]
        return _targets("shoot", live + spare)
    if kind == "successor":
        return _targets("successor", live)
    if kind == "settle":
        return _targets("settle", live)
    return _targets("scapegoat_pick", live) + [{"type": "confirm", "target": None}]


# --- Secrets --------------------------------------------------------------------------------------

PADDING = ("pad",)  # a phone part's keys that only pad it to one size (spaces, see ``_pad``)


def disguised(state: dict, viewer: int | None, generator: random.Random) -> dict:
    """The same village as ``viewer`` sees it with secrets it may not see replaced by other
    possible ones: its view must not tell the two apart (but for ``PADDING``, whose length
    follows from every phone's part). The secrets, until the end (a ghost who sees all, by
    option, sees them): the seed; each living player's card, but for the pack's (which the
    pack knows), the lovers' (each other's, by option) and a revealed Idiot's; each player's
    notebook (their own); the decoy answers and the ballots (each voter's)."""
    other = state_copy(state)
    ghost = (viewer is not None and not state["alive"][viewer]
             and state["options"]["ghosts.seeAll"])
    if state["over"] or ghost:
        return other
    other["seed"] = generator.randrange(10**9)
    cards = other["cards"]
    hidden = [seat for seat in _living(state)
              if seat != viewer and seat not in (state["lovers"] or ())
              and seat != state["idiot_revealed"] and cards[seat] != "werewolf"]
    generator.shuffle(hidden)
    pair = next(((a, b) for a in hidden for b in hidden if cards[a] != cards[b]), None)
    if pair is not None:
        a, b = pair
        cards[a], cards[b] = cards[b], cards[a]
    for seat, notes in enumerate(other["notes"]):
        if seat != viewer:
            notes["glimpses"].append([0, seat])
    step = other["step"]
    if step is not None:
        step["suspects"] = [suspect if seat == viewer or suspect is None else "none"
                            for seat, suspect in enumerate(step["suspects"])]
    poll = other["poll"]
    if poll is not None and poll.get("ballots"):
        poll["ballots"] = [ballot if seat == viewer or ballot is None else "abstain"
                           for seat, ballot in enumerate(poll["ballots"])]
    return other


# --- Views: the one door for secrets --------------------------------------------------------------


def options_public(options: dict) -> dict:
    """The options every screen may see during a game: the deck's counts and cards only when
    the composition is public (the platform shows the room's options through this too)."""
    public = options.get("composition.public", True)
    return {key: value for key, value in options.items()
            if public or not key.startswith("composition.") or key == "composition.public"}


def _reveal(state: dict) -> dict:
    """Everything, for the end (and for the dead with ``ghosts.seeAll``)."""
    return {
        "cards": list(state["cards"]),
        "dealt": list(state["dealt"]),
        "spares": list(state["spares"]),
        "thief": None if state["thief"] is None else dict(state["thief"]),
        "lovers": None if state["lovers"] is None else list(state["lovers"]),
        "couple": _couple(state),
        "charmed": list(state["charmed"]),
        "deaths": [dict(death) for death in state["deaths"]],
        "timeline": [dict(night) for night in state["nights"]],
        "potions": dict(state["potions"]),
        "elder_life": state["elder_life"],
    }


def _board_view(state: dict) -> dict:
    """What the TV and the audience see: never a secret (§9)."""
    phase = state["phase"]
    over = state["over"]
    public = state["options"]["composition.public"]
    poll = state["poll"]
    talk = state["talk"]
    prompt = state["prompt"]
    step = state["step"]
    players = []
    for seat in range(_n(state)):
        alive = state["alive"][seat]
        shown = over or seat == state["idiot_revealed"] or (not alive and _shown_card(state, seat))
        players.append({
            "seat": seat,
            "alive": alive,
            "card": state["cards"][seat] if shown else None,
            "mayor": seat == state["mayor"],
            "no_vote": seat == state["idiot_revealed"],
            "connected": state["connected"][seat],
            "looked": state["looked"][seat],
        })
    poll_view = None
    if poll is not None and poll["kind"] == "candidacy":
        answers = poll["answers"]
        poll_view = {"kind": "candidacy",
                     "answered": [s for s, a in enumerate(answers) if a is not None],
                     "standing": [s for s, a in enumerate(answers) if a]}
    elif poll is not None:
        poll_view = {
            "kind": poll["kind"],
            "revote": poll["revote"],
            "candidates": list(poll["candidates"]),
            "voters": list(poll["voters"]),
            "voted": [s for s in poll["voters"] if poll["ballots"][s] is not None],
            "locked": [s for s in poll["voters"] if poll["locked"][s]],
        }
    night = phase == "night" and step is not None
    return {
        "game": GAME_ID,
        "phase": phase,
        "over": over,
        "deadline": None if phase == "night" else state["deadline"],  # no countdown at night
        "night": state["night"],
        "day": state["day"],
        "narration": {"id": state["narration"]["id"],
                      "lines": [dict(line) for line in state["narration"]["lines"]]},
        "step": {"index": step["index"] + 1, "count": len(state["steps"]),
                 "key": step["key"] if public else None} if night else None,
        "composition": dict(state["composition"]) if public or over else None,
        "options": options_public(state["options"]),
        "players": players,
        "mayor": state["mayor"],
        "cursed": state["cursed"],
        "poll": poll_view,
        "talk": None if talk is None else {
            "ready": [s for s in _living(state) if talk["ready"][s]],
            "needed": _ready_needed(state),
        },
        "prompt": None if prompt is None else {"kind": prompt["kind"], "seat": prompt["seat"]},
        "outcome": None if state["outcome"] is None else dict(state["outcome"]),
        "scapegoat_voters": (list(state["scapegoat_list"]["seats"])
                             if state["scapegoat_list"] is not None
                             and state["scapegoat_list"]["day"] >= state["day"] else None),
        "log": [dict(event) for event in state["log"]],
        "result": None if state["result"] is None else dict(state["result"]),
        "reveal": _reveal(state) if over else None,
    }


def _notebook(state: dict, seat: int) -> dict:
    """What this seat has learnt (§9 "notebook"); every key present for every seat."""
    notes = state["notes"][seat]
    card = state["cards"][seat]
    lover = notes["lover"]
    thief = state["thief"]
    piper = card == "pied-piper"
    cupid = card == "cupid" and state["lovers"] is not None
    return {
        "pack": sorted(notes["pack"]) if card == "werewolf" else [],
        "hunts": [list(hunt) for hunt in notes["hunts"]],
        "seen": [list(seen) for seen in notes["seen"]],
        "glimpses": [list(glimpse) for glimpse in notes["glimpses"]],
        "caught": list(notes["caught"]),
        "lover": lover,
        "lover_card": (state["cards"][lover]
                       if lover is not None and state["options"]["lovers.seeRoles"] else None),
        "cupid": list(state["lovers"]) if cupid else None,
        "charmed": list(state["charmed"]) if piper else list(notes["charmed"]),
        "potions": ([state["potions"]["life"], state["potions"]["death"]]
                    if card == "witch" else None),
        "protected": state["protected_last"] if card == "salvateur" else None,
        "thief": ([*state["spares"], thief["took"]]
                  if thief is not None and thief["seat"] == seat else None),
        "powerless": not _powerful(state, seat),
    }


def _night_prompt(state: dict, seat: int, kind: str) -> dict:
    """The night prompt, real or decoy, always the same keys (§3 decoys, §9)."""
    step = state["step"]
    living = _living(state)
    prompt: dict[str, Any] = {
        "kind": kind,
        "step": step["key"],
        "choices": [t for t in living if t != seat],
        "chosen": list(step["picks"][seat]),
        "info": [],
        "result": None,
        "done": step["done"][seat],
        "suspect": step["suspects"][seat],
    }
    if kind in NIGHT_DECOYS:
        prompt["chosen"] = []
    elif kind == "thief":
        prompt["info"] = list(state["spares"])
        prompt["choices"] = [0, 1]
        thief = state["thief"]
        prompt["result"] = None if thief is None else [thief["took"]]
    elif kind == "cupid":
        prompt["choices"] = living
    elif kind == "lovers":
        prompt["info"] = [_partner(state, seat)]
    elif kind == "seer":
        seen = state["notes"][seat]["seen"]
        done = seen and seen[-1][0] == state["night"] and step["done"][seat]
        prompt["result"] = list(seen[-1][1:]) if done else None
    elif kind == "salvateur":
        prompt["info"] = [state["protected_last"]]
    elif kind == "wolf":
        if step["awake"][seat]:
            prompt["info"] = [
                [wolf, step["picks"][wolf][0] if step["picks"][wolf] else None,
                 step["done"][wolf]]
                for wolf in _pack(state) if step["awake"][wolf]
            ]
        prompt["choices"] = [t for t in _wolf_targets(state, seat) if t is not None]
        prompt["result"] = None if step["lock"] is None else list(step["lock"])
    elif kind == "little_girl":
        if step["peeked"]:
            prompt["info"] = sorted(
                [step["letters"][wolf], step["picks"][wolf][0] if step["picks"][wolf] else None,
                 step["done"][wolf]]
                for wolf in _pack(state) if step["awake"][wolf]
            )
        prompt["result"] = [step["peeked"]]
    elif kind == "witch":
        prompt["info"] = [_record(state)["victim"], state["potions"]["life"],
                          state["potions"]["death"]]
        prompt["choices"] = _witch_poison_targets(state, seat)
        prompt["result"] = [step["heal"], step["poison"]]
    elif kind == "piper":
        prompt["choices"] = _charm_candidates(state, seat)
        prompt["info"] = [_charm_count(state, seat)]
    elif kind == "charmed":
        prompt["info"] = list(step["info"])
    return prompt


def _day_prompt(state: dict, seat: int, kind: str | None) -> dict | None:
    """A day prompt: the same keys as the night's."""
    if kind is None:
        return None
    prompt: dict[str, Any] = {"kind": kind, "step": None, "choices": [], "chosen": [],
                              "info": [], "result": None, "done": False, "suspect": None}
    if kind == "look":
        prompt["done"] = state["looked"][seat]
    elif kind == "candidacy":
        answer = state["poll"]["answers"][seat]
        prompt["chosen"] = [] if answer is None else [answer]
    elif kind == "talk":
        prompt["done"] = state["talk"]["ready"][seat]
    elif kind in ("election", "vote"):
        poll = state["poll"]
        prompt["choices"] = _ballot_targets(state, seat)
        ballot = poll["ballots"][seat]
        prompt["chosen"] = [] if ballot is None else [ballot]
        prompt["done"] = poll["locked"][seat]
        prompt["info"] = [seat == state["mayor"] and kind == "vote"]
    elif kind in ("hunter", "successor", "scapegoat", "settle"):
        prompt["choices"] = _prompt_live(state)
        prompt["chosen"] = list(state["prompt"]["chosen"])
    return prompt


def _seat_view(state: dict, seat: int) -> dict:
    """One phone's own part: its card, notebook, prompt and moves; ghosts see all by option."""
    card = state["cards"][seat]
    kind = _kind(state, seat)
    alive = state["alive"][seat]
    if state["phase"] == "night" and kind is not None:
        prompt = _night_prompt(state, seat, kind)
    else:
        prompt = _day_prompt(state, seat, kind)
    ghost = not alive and state["options"]["ghosts.seeAll"] and not state["over"]
    return {
        "seat": seat,
        "alive": alive,
        "card": card,
        "team": _team(card),
        "notebook": _notebook(state, seat),
        "prompt": prompt,
        "actions": legal_actions(state, seat),
        "ghost": _reveal(state) if ghost else None,
        "pad": "",
    }


def _size(value: Any) -> int:
    return len(orjson.dumps(value))


def _pad(state: dict, mes: dict[int, dict]) -> None:
    """Living phones' parts padded to one size, so a frame's size never tells who is awake."""
    living = [seat for seat in mes if state["alive"][seat]]
    if not living or state["over"]:
        return
    sizes = {seat: _size(mes[seat]) for seat in living}
    target = -(-max(sizes.values()) // PAD_BLOCK) * PAD_BLOCK
    for seat in living:
        mes[seat]["pad"] = " " * (target - sizes[seat])


def view(state: dict, viewer: int | None) -> dict:
    """What one screen may see: the board (``None``) only public facts; a seat the board plus
    its own part under ``"me"``."""
    return views(state, [viewer])[0]


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    """``view`` for each viewer; the board and the living phones' parts built once (every
    living phone's part is needed anyway, to pad them all to one size)."""
    n = _n(state)
    require(
        all(v is None or (type(v) is int and 0 <= v < n) for v in viewers),
        _("No such seat."), code="bad_seat",
    )
    board = _board_view(state)
    wanted = {v for v in viewers if v is not None}
    mes = {seat: _seat_view(state, seat) for seat in range(n)
           if seat in wanted or state["alive"][seat]}
    _pad(state, mes)
    return [{**board, "me": None if viewer is None else mes[viewer]} for viewer in viewers]
