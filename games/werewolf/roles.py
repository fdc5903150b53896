"""Werewolf's pieces: the cards and their teams, the night's steps in wake order, the
narrator's lines and the prompts' kinds, the timers, and the small questions every part of the
rules asks of a state (who is alive, who holds a card, what a phone is asked now).

Pure Python, no Django; the rules (``games.werewolf.rules``) are the entry.
"""

from __future__ import annotations

import math
from typing import Any

from games.kit.rules import (
    _,
    require,
    timer,
)

GAME_ID = "werewolf"

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
LOOK_SECONDS = 60
CANDIDACY_SECONDS = 20
ANNOUNCE_SECONDS = 5  # the TV's announcements (dawn, execution, an outcome): a base ...
ANNOUNCE_LINE_SECONDS = 3  # ... and this much per line spoken
STEP_SHARE = (0.7, 1.0)  # a night step lasts a random share of its timer, drawn when it starts
INFO_STEP_SECONDS = (8.0, 20.0)  # ... the lovers' and the charmed's (nothing to choose): this long
LETTERS = "ABCDEFGHIJKL"  # the Little Girl's names for the wolves she watches
NIGHT_DEATH_CAUSES = ("wolves", "poison", "starvation")
CURSE_CAUSES = {"vote-shot-poison": ("vote", "shot", "poison"), "vote": ("vote",)}


def _n(state: dict) -> int:
    return len(state["cards"])


def _living(state: dict) -> list[int]:
    return [seat for seat, alive in enumerate(state["alive"]) if alive]


def _team(card: str) -> str:
    return ROLES[card]["team"]


def _holder(state: dict, card: str) -> int | None:
    """The seat holding a special card (None when it lies in the middle or is not in play)."""
    return next((seat for seat, held in enumerate(state["cards"]) if held == card), None)


# The cards the Elder's curse leaves as they were: the pack's and the Piper's (§5 Elder), and
# the cards that have no power to lose.
UNCURSED = ("werewolf", "pied-piper", "villager", "intermittent")


def _powerful(state: dict, seat: int) -> bool:
    """Whether the seat's card still has its power: the Elder's curse takes it from every card
    but the pack's and the Piper's (§5 Elder); a Villager (or the Intermittent, one by another
    name) has none to lose, and is not called powerless (issue 34: a cursed Villager's phone
    said so, a wolf's did not)."""
    return not state["cursed"] or state["cards"][seat] in UNCURSED


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


def _prompt_live(state: dict) -> list[int]:
    """The prompt's choices still alive (a host may remove a player meanwhile)."""
    return [seat for seat in state["prompt"]["choices"] if state["alive"][seat]]


def _ballot_targets(state: dict, seat: int) -> list[int]:
    poll = state["poll"]
    if poll["kind"] == "election":
        return [t for t in poll["candidates"] if state["alive"][t]]
    partner = _partner(state, seat)
    return [t for t in poll["candidates"]
            if state["alive"][t] and t != seat and t != partner]


def _ready_needed(state: dict) -> int:
    living = len(_living(state))
    if state["options"]["talk.ready"] == "all":
        return living
    return math.ceil(2 * living / 3)


def _couple(state: dict) -> list[int] | None:
    """The lovers when their teams differ: a team of their own (§6)."""
    lovers = state["lovers"]
    if lovers and _team(state["cards"][lovers[0]]) != _team(state["cards"][lovers[1]]):
        return list(lovers)
    return None


def _living_target(state: dict, action: dict) -> int:
    """The action's target (a seat: the table checked it), alive."""
    target = action["target"]
    require(state["alive"][target], _("That player is dead."))
    return target


NIGHT_DECOYS = ("decoy", "wolf_asleep")
# The night prompts Confirm answers as they stand (the Seer and the Salvateur: nobody tonight).
CONFIRMABLE = ("cupid", "lovers", "seer", "salvateur", "wolf", "little_girl", "witch", "piper",
               "charmed")
NIGHT_KINDS = ("thief", "cupid", "lovers", "seer", "salvateur", "wolf", "wolf_asleep",
               "little_girl", "witch", "piper", "charmed", "decoy")


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


def _answered(state: dict, seat: int, kind: str) -> bool:
    """A decoy, or a phone whose own night prompt is answered: the decoy question stays."""
    step = state["step"]
    if kind in NIGHT_DECOYS:
        return True
    if kind == "wolf":
        return step["lock"] is not None
    return step["done"][seat]
