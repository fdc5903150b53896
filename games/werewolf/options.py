"""Werewolf's options (the rules' section 7) and its decks (section 1): one declaration.

Pure Python. The lobby draws its form from ``OPTIONS`` and offers ``PRESETS`` (the published deck
for each player count, which the host may then edit); the rules validate with the same
declaration. The composition is ``composition = "preset"`` (the deck for the seated count) or
``"custom"`` (the counts and switches ``composition.*`` below), checked against the player count
at setup by ``deck_for``.
"""

from __future__ import annotations

from typing import Any

from games.kit.options import Option, Preset
from games.kit.options import options_clean as declared_clean
from games.kit.rules import RuleError, _, require

MIN_PLAYERS = 6
MAX_PLAYERS = 24
THIEF_EXTRA = 2  # the Thief's two cards in the middle

# Every special card: at most one of each in a deck (the Intermittent included: the seed has one).
SPECIALS = (
    "seer", "witch", "hunter", "cupid", "little-girl", "salvateur", "elder", "idiot",
    "scapegoat", "thief", "pied-piper", "intermittent",
)
# The order in which the presets add specials (section 1's table), one per player from 7 to 15.
PRESET_SPECIALS = ("seer", "witch", "hunter", "cupid", "little-girl", "salvateur", "elder",
                   "idiot", "scapegoat", "thief", "pied-piper")

SPECIAL_LABELS = {
    "seer": _("Seer"),
    "witch": _("Witch"),
    "hunter": _("Hunter"),
    "cupid": _("Cupid"),
    "little-girl": _("Little Girl"),
    "salvateur": _("Salvateur"),
    "elder": _("Elder"),
    "idiot": _("Village Idiot"),
    "scapegoat": _("Scapegoat"),
    "thief": _("Thief"),
    "pied-piper": _("Pied Piper"),
    "intermittent": _("The Intermittent"),
}


def _seconds(name: str, default: int, label: str, off: bool = False) -> Option:
    """A timer in seconds, 10 to 600 (0 = no timer, for the discussion only)."""
    return Option(
        name, "int", default, label,
        help=_("Seconds; 0 for no timer.") if off else _("Seconds."),
        min=0 if off else 10, max=600,
    )


CUSTOM = ("composition", "custom")  # the card counts matter only for a custom deck
MAYOR = ("mayor.enabled", True)

OPTIONS: tuple[Option, ...] = (
    Option("composition", "choice", "preset", _("Cards"),
           help=_("The published deck for the number of players, or your own."),
           choices=(("preset", _("Deck for the number of players")), ("custom", _("Custom")))),
    Option("composition.werewolves", "int", 2, _("Werewolves"), min=1, max=MAX_PLAYERS // 2,
           shown_when=CUSTOM),
    Option("composition.villagers", "int", 1, _("Villagers"), min=0, max=MAX_PLAYERS,
           shown_when=CUSTOM),
    *(
        Option(f"composition.{role}", "bool", role in ("seer", "witch", "hunter"), label,
               shown_when=CUSTOM)
        for role, label in SPECIAL_LABELS.items()
    ),
    Option("composition.public", "bool", True, _("Cards in play are public"),
           help=_("Off: the night's steps are only numbered, and every step runs.")),
    Option("revealOnDeath", "bool", True, _("Show a dead player's card")),
    Option("ghosts.seeAll", "bool", True, _("The dead see everything")),
    Option("mayor.enabled", "bool", True, _("Elect a Mayor")),
    Option("mayor.electionAt", "choice", "day-1", _("Mayor elected"), shown_when=MAYOR,
           choices=(("day-1", _("On day 1")), ("before-night-1", _("Before night 1")))),
    Option("mayor.succession", "choice", "named", _("A dead Mayor's successor"), shown_when=MAYOR,
           choices=(("named", _("Named by the Mayor")), ("election", _("Elected")))),
    Option("votes.abstain", "bool", True, _("Abstaining allowed")),
    Option("votes.ballots", "choice", "named", _("Ballots shown"),
           choices=(("named", _("Who voted for whom")), ("tally", _("Only the count")))),
    Option("votes.revotes", "int", 1, _("Revotes on a tie"), min=0, max=2),
    Option("talk.ready", "choice", "two-thirds", _("Discussion ends early when"),
           choices=(("two-thirds", _("Two thirds are ready to vote")),
                    ("all", _("Everyone is ready to vote")))),
    _seconds("timers.talkFirst", 240, _("Discussion on day 1"), off=True),
    _seconds("timers.talk", 180, _("Discussion"), off=True),
    _seconds("timers.vote", 45, _("Vote")),
    _seconds("timers.election", 45, _("Mayor election")),
    _seconds("timers.step", 25, _("Night step")),
    _seconds("timers.wolves", 60, _("Werewolves' step")),
    _seconds("timers.prompt", 30, _("Hunter, Mayor and Scapegoat prompts")),
    Option("timers.double", "bool", False, _("Double every timer")),
    Option("werewolves.canEatWerewolf", "bool", True, _("Werewolves may eat a werewolf")),
    Option("werewolves.starvation", "bool", True, _("A pack that all stays asleep starves")),
    Option("littleGirl.glimpse", "int", 30, _("Little Girl: chance to glimpse each wolf (%)"),
           min=0, max=100),
    Option("littleGirl.catch", "int", 10, _("Little Girl: chance each wolf catches her (%)"),
           min=0, max=100),
    Option("seer.sees", "choice", "role", _("The Seer sees"),
           choices=(("role", _("The card")), ("team", _("The team")))),
    Option("witch.bothSameNight", "bool", True, _("Witch: both potions in one night")),
    Option("witch.selfHeal", "bool", True, _("Witch: may heal herself")),
    Option("salvateur.sameTwice", "bool", False,
           _("Salvateur: may protect the same player two nights running")),
    Option("salvateur.self", "bool", True, _("Salvateur: may protect himself")),
    Option("elder.curseCauses", "choice", "vote-shot-poison", _("The Elder's curse follows"),
           choices=(("vote-shot-poison", _("The vote, the Hunter's shot or poison")),
                    ("vote", _("The vote only")))),
    Option("idiot.diesWithElder", "bool", True, _("A pardoned Idiot dies with the Elder")),
    Option("hunter.mustShoot", "bool", False, _("The Hunter must shoot")),
    Option("lovers.seeRoles", "bool", False, _("Lovers see each other's card")),
    Option("cupid.winsWithCouple", "bool", False, _("Cupid wins with a mixed couple")),
    Option("piper.perNight", "int", 2, _("Players charmed each night"), min=1, max=3),
    Option("win.packThreshold", "choice", "seed", _("The werewolves win"),
           choices=(("seed", _("When at most one other player is left")),
                    ("last", _("When nobody else is left")),
                    ("parity", _("When they are as many as the others")))),
    Option("narration.voice", "bool", True, _("The TV speaks the narrator's lines")),
)

OPTION_NAMES = tuple(option.name for option in OPTIONS)


def preset_deck(n: int) -> dict[str, int]:
    """The published deck for ``n`` players (section 1): card id -> count, spares included."""
    werewolves = 2 if n < 12 else 3 if n < 18 else n // 6 + 1
    # 6 players: the first three specials; each player more adds the next one, except at 12,
    # where the third Werewolf takes the place; from 15 on, all eleven.
    count = n - 3 if n < 12 else min(len(PRESET_SPECIALS), n - 4)
    specials = PRESET_SPECIALS[:count]
    deck_size = n + THIEF_EXTRA if "thief" in specials else n
    deck = {"werewolf": werewolves, **{role: 1 for role in specials}}
    deck["villager"] = deck_size - werewolves - len(specials)
    return deck


def _preset_values(n: int) -> dict[str, Any]:
    deck = preset_deck(n)
    values: dict[str, Any] = {
        "composition": "custom",
        "composition.werewolves": deck["werewolf"],
        "composition.villagers": deck["villager"],
    }
    values.update({f"composition.{role}": role in deck for role in SPECIALS})
    return values


PRESET_LABELS = (
    _("6 players"), _("7 players"), _("8 players"), _("9 players"), _("10 players"),
    _("11 players"), _("12 players"), _("13 players"), _("14 players"), _("15 players"),
    _("16 players"), _("17 players"), _("18 players"), _("19 players"), _("20 players"),
    _("21 players"), _("22 players"), _("23 players"), _("24 players"),
)
PRESETS: tuple[Preset, ...] = tuple(
    Preset(f"players-{n}", label, _preset_values(n),
           help=_("The published deck for this number of players; every card can be changed."))
    for n, label in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), PRESET_LABELS, strict=True)
)


def options_clean(raw: Any) -> dict[str, Any]:
    """Werewolf's options checked (``RuleError`` code ``bad_options``), defaults filled in."""
    return declared_clean(OPTIONS, raw)


def deck_for(options: dict[str, Any], n: int) -> dict[str, int]:
    """The deck ``n`` players play with these options, checked as section 1 asks: at least one
    Werewolf, fewer Werewolves than other players, at most one of each special card, and
    exactly ``n`` cards (``n + 2`` with the Thief)."""
    if options["composition"] == "preset":
        return preset_deck(n)
    werewolves = options["composition.werewolves"]
    specials = [role for role in SPECIALS if options[f"composition.{role}"]]
    deck = {"werewolf": werewolves, "villager": options["composition.villagers"]}
    deck.update({role: 1 for role in specials})
    need = n + THIEF_EXTRA if "thief" in specials else n
    have = sum(deck.values())
    require(werewolves >= 1, _("The deck needs at least one Werewolf."), code="bad_options")
    require(
        2 * werewolves < n,
        _("%(werewolves)s Werewolves are too many for %(n)s players: there must be fewer "
          "Werewolves than other players."),
        code="bad_options", werewolves=werewolves, n=n,
    )
    if "thief" in specials:
        require(
            have == need,
            _("With the Thief, %(n)s players need %(need)s cards (two more for the middle); "
              "this deck has %(have)s."),
            code="bad_options", n=n, need=need, have=have,
        )
    else:
        require(
            have == need,
            _("%(n)s players need %(need)s cards; this deck has %(have)s."),
            code="bad_options", n=n, need=need, have=have,
        )
    return {role: count for role, count in deck.items() if count}


def deck_check(raw: Any, n: int) -> None:
    """For the lobby: ``RuleError`` with a clear message when these options cannot deal ``n``."""
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RuleError(
            _("Werewolf needs %(min)s to %(max)s players."),
            code="player_count", min=MIN_PLAYERS, max=MAX_PLAYERS,
        )
    deck_for(options_clean(raw), n)
