"""Hoax: claim to be who you are not, call out the liars, investigate and accuse.

The rules as this project plays them are in ``games/hoax/docs.md`` (decisions where the source
rules are silent) and the wire shapes in ``docs/protocol.md`` (section 6). This module reads top
to bottom like the rulebook: pieces and options, setup, the turn, claim, hoax window, vote,
immunities, privileges, investigate, accuse, elimination, end, then ``apply`` and ``view``.

Pure Python, no Django. Seats are indexes ``0 .. n-1`` in clockwise order. Secrets (the deal, the
unused characters, investigation cards, accused characters, hidden votes) live in the state and
leave it only through ``view``.
"""

from __future__ import annotations

import copy
import random
from itertools import permutations
from typing import Any

from games.hoax.options import MAX_PLAYERS, OPTIONS, PRESETS  # noqa: F401 (the game's own)
from games.kit.options import options_clean as declared_clean
from games.kit.options import options_defaults, seat_check
from games.kit.rules import (
    ACTIVE_SEAT,
    SYSTEM,
    Field,
    Move,
    MoveTable,
    RuleError,
    Seats,
    Term,
    _,
    choice,
    deadline_require,
    flag,
    pgettext,
    presence_move,
    remove_move,
    require,
    rng,
    seat_of,
    state_copy,
    timer,
)

# --- Pieces -----------------------------------------------------------------------------------

GAME_ID = "hoax"
TITLE = pgettext("game title", "Hoax")
# Every phase a state is ever in (a screen draws each; the guide says what each is).
PHASES = ("setup", "turn", "hoax_window", "vote", "immunity", "butler_gift", "over")
MIN_PLAYERS = 3

CHARACTERS = ("ex", "lover", "son_in_law", "cousin", "chef", "gardener", "butler")
RESOURCES = ("cash", "prestige", "evidence")
RESOURCE_WORDS = (_("cash"), _("prestige"), _("evidence"))  # how messages name them
TOKENS_PER_RESOURCE = 9
IMPOSTER_TOKENS = 25
SUPPLY = "supply"
LOG_SHOWN = 20  # the newest public events a screen is sent (the screens list twelve)
FIXED = ("options",)  # set at setup, never changed by a move

# The privilege of the key takes from (or swaps with) its targets; the value is immune to it.
IMMUNE_TO = {"son_in_law": "lover", "chef": "cousin", "gardener": "chef", "ex": "butler"}

# --- Options ----------------------------------------------------------------------------------

OPTION_DEFAULTS: dict[str, Any] = options_defaults(OPTIONS)


def _is_int(value: Any) -> bool:
    """An int that is not a bool (``True`` is an ``int`` in Python, never a seat on the wire)."""
    return isinstance(value, int) and not isinstance(value, bool)


def options_clean(raw: dict) -> dict:
    """The room options of Hoax (``games/hoax/options.py``) checked, with defaults filled in;
    unknown keys are someone else's."""
    return declared_clean(OPTIONS, raw)


# --- Small helpers on the state ---------------------------------------------------------------


def _n(state: dict) -> int:
    return len(state["connected"])


def _after(state: dict, seat: int) -> list[int]:
    """The other seats in clockwise order starting after ``seat`` (in the game or not)."""
    n = _n(state)
    return [(seat + k) % n for k in range(1, n)]


def _others_in(state: dict, seat: int) -> list[int]:
    """The other players still in the game, clockwise from ``seat``: the order givers give in."""
    return [s for s in _after(state, seat) if not state["out"][s]]


def _players_in(state: dict) -> list[int]:
    return [s for s in range(_n(state)) if not state["out"][s]]


def _log(state: dict, kind: str, **fields: Any) -> None:
    """Append a public event (a copy: no list is shared with the live state); never a secret.
    The state keeps only the events screens are sent: older ones leave it, so a move costs the
    same at the end of a long game as at its start (the action log replays them all)."""
    log = state["log"]
    log.append(copy.deepcopy({"kind": kind, **fields}))
    start = log_shown_from(log)
    if start:
        del log[:start]
        state["log_from"] = state.get("log_from", 0) + start


def log_shown_from(log: list[dict]) -> int:
    """Where the screens' part of the log starts: the newest ``LOG_SHOWN`` events, and at least
    the whole current turn (its claim, calls and votes); on a log cut there already, 0."""
    start = max(0, len(log) - LOG_SHOWN)
    for index in range(len(log) - 1, -1, -1):
        if log[index]["kind"] == "turn":
            return min(start, index)
    return 0


def _pile(state: dict, owner: int | str) -> dict:
    return state["supply"] if owner == SUPPLY else state["resources"][owner]


def _move(state: dict, giver: int | str, taker: int | str, resource: str, count: int) -> int:
    """Move up to ``count`` tokens; whoever lacks them gives what they have (maybe nothing)."""
    source, target = _pile(state, giver), _pile(state, taker)
    moved = min(count, source[resource])
    source[resource] -= moved
    target[resource] += moved
    return moved


def _move_logged(state: dict, giver: int | str, taker: int | str, resource: str, count: int) -> int:
    moved = _move(state, giver, taker, resource, count)
    _log(state, "transfer", giver=giver, taker=taker, resource=resource, count=moved)
    return moved


def _supply_default(state: dict) -> str:
    """The default free pick: the type the supply has most of (ties in ``RESOURCES`` order)."""
    return max(RESOURCES, key=lambda r: (state["supply"][r], -RESOURCES.index(r)))


def _deadline(state: dict, now: float, key: str) -> None:
    state["deadline"] = float(now) + timer(state["options"], state["options"][key])


# --- Setup ------------------------------------------------------------------------------------


def setup(n_players: int, options: dict, seed: int, now: float, content: dict) -> dict:
    """Deal the characters in secret, pick the first player, then ask for starting resources."""
    require(
        _is_int(n_players) and MIN_PLAYERS <= n_players <= MAX_PLAYERS,
        _("Hoax needs %(low)s to %(high)s players."),
        "bad_options",
        low=MIN_PLAYERS,
        high=MAX_PLAYERS,
    )
    options = options_clean(options)
    seat_check(OPTIONS, options, n_players)
    first = options["first_player"]
    state: dict[str, Any] = {
        "seed": seed,
        "rng_draws": 0,
        "phase": "setup",
        "deadline": None,
        "connected": [True] * n_players,
        "over": False,
        "options": options,
        "characters": [],
        "unused": [],
        "supply": {r: TOKENS_PER_RESOURCE for r in RESOURCES},
        "resources": [{r: 0 for r in RESOURCES} for _seat in range(n_players)],
        "imposters": [[] for _seat in range(n_players)],
        "out": [False] * n_players,
        "first": 0,
        "active": 0,
        "setup_picks": 0,
        "turn": {"number": 0, "claimed": False, "accused": False},
        "hoax_card": None,
        "accuser_card": None,
        "accuser_quiet_turns": 0,
        "claim": None,
        "challenge": None,
        "immunity": None,
        "gift": None,
        "investigations": [],
        "accusations": [],
        "winner": None,
        "log": [],  # the public events screens are sent (``log_shown_from``), oldest first
        "log_from": 0,  # the place of ``log[0]`` in the game's whole log
    }
    deal = rng(state)
    deck = list(CHARACTERS)
    deal.shuffle(deck)
    state["characters"] = deck[:n_players]
    state["unused"] = sorted(deck[n_players:], key=CHARACTERS.index)
    if first is None:
        first = deal.randrange(n_players)
    state["first"] = state["active"] = first
    _log(state, "setup", first=first)
    _deadline(state, now, "butler_seconds")
    return state


def _setup_pick(state: dict, seat: int, action: dict, now: float) -> None:
    """In turn order from the first player, each player takes one resource of their choice."""
    resource = action["resource"]
    require(
        state["supply"][resource] > 0,
        _("The supply has no %(resource)s left."),
        resource=Term(resource),
    )
    _move_logged(state, SUPPLY, seat, resource, 1)
    _setup_next(state, now)


def _setup_next(state: dict, now: float) -> None:
    """The active player's starting pick is done: the next player still in picks, or the
    first turn begins (a player the host removed gets no pick)."""
    state["setup_picks"] += 1
    state["active"] = (state["active"] + 1) % _n(state)
    while state["setup_picks"] < _n(state) and state["out"][state["active"]]:
        state["setup_picks"] += 1
        state["active"] = (state["active"] + 1) % _n(state)
    if state["setup_picks"] < _n(state):
        _deadline(state, now, "butler_seconds")
    else:
        first = state["first"]
        state["active"] = first if not state["out"][first] else _others_in(state, first)[0]
        _turn_begin(state)


# --- The turn ---------------------------------------------------------------------------------


def _turn_begin(state: dict) -> None:
    """The active player must claim once, may investigate any number of times, accuse once."""
    state["phase"] = "turn"
    state["deadline"] = None
    state["claim"] = state["challenge"] = state["immunity"] = state["gift"] = None
    state["turn"] = {"number": state["turn"]["number"] + 1, "claimed": False, "accused": False}
    _log(state, "turn", seat=state["active"], number=state["turn"]["number"])


def _turn_resume(state: dict) -> None:
    """Back to the active player after a claim (they may still investigate, accuse, end)."""
    state["phase"] = "turn"
    state["deadline"] = None
    state["claim"] = state["challenge"] = state["immunity"] = state["gift"] = None


def _turn_end(state: dict, seat: int, action: dict, now: float) -> None:
    require(state["turn"]["claimed"], _("You must make a claim before ending your turn."))
    _log(state, "end_turn", seat=seat)
    _turn_pass(state)


def _turn_pass(state: dict) -> None:
    """Hand the turn to the next player still in, clockwise; count quiet turns for the card."""
    _accuser_card_count(state)
    state["active"] = _others_in(state, state["active"])[0]
    _turn_begin(state)


# --- Claim ------------------------------------------------------------------------------------

# Every claim carries exactly these fields besides "type" and "character".
CLAIM_FIELDS = {
    "ex": ("option", "resource"),
    "lover": ("resource",),
    "son_in_law": ("resource",),
    "cousin": ("resource",),
    "chef": ("target", "give", "take"),
    "gardener": ("target", "resource"),
    "butler": ("resource", "target"),
}

# What the screens draw with (sent with the page: screens keep no copy of a rule).
FACTS = {
    "characters": list(CHARACTERS),
    "resources": list(RESOURCES),
    "immune_to": IMMUNE_TO,
    "claim_fields": {character: list(fields) for character, fields in CLAIM_FIELDS.items()},
    "supply": SUPPLY,
}


def _claim_choices(state: dict, seat: int, character: str) -> list[dict]:
    """Every way ``seat`` may use ``character``'s privilege now, chosen up front."""
    others = _others_in(state, seat)
    if character == "ex":
        return [{"option": "supply", "resource": r} for r in ("cash", "evidence")] + [
            {"option": "neighbours", "resource": r} for r in RESOURCES
        ]
    if character == "lover":
        return [{"resource": r} for r in ("evidence", "prestige")]
    if character == "son_in_law":
        return [{"resource": r} for r in RESOURCES]
    if character == "cousin":
        return [{"resource": r} for r in ("cash", "prestige")]
    if character == "chef":
        return [
            {"target": t, "give": a, "take": b}
            for t in [*others, SUPPLY]
            for a, b in permutations(RESOURCES, 2)
        ]
    if character == "gardener":
        return [{"target": t, "resource": r} for t in others for r in RESOURCES]
    return [{"resource": r, "target": t} for r in RESOURCES for t in others]  # butler


def _claim(state: dict, seat: int, action: dict, now: float) -> None:
    """Declare a character not covered by one of your own imposter tokens, with its choices."""
    require(not state["turn"]["claimed"], _("You have already claimed this turn."))
    character = action["character"]
    require(
        character not in state["imposters"][seat],
        _("An imposter token covers that character on your sheet: you can never claim it again."),
    )
    choices = {key: action[key] for key in CLAIM_FIELDS[character]}
    target = choices.get("target")
    require(target != seat, _("Name another player."))
    require(
        target is None or target == SUPPLY or not state["out"][target],
        _("That player is out of the game."),
    )
    require(
        choices in _claim_choices(state, seat, character),
        _("That privilege does not offer this choice."),
    )
    state["turn"]["claimed"] = True
    state["claim"] = {
        "seat": seat,
        "character": character,
        "choices": choices,
        "exposed": [],
        "spared": [],
        "queue": [],
    }
    _log(state, "claim", seat=seat, character=character, choices=choices)
    _challenge_open(state, seat, character, "claim", now)


# --- Hoax window ------------------------------------------------------------------------------


def _hoax_callers(state: dict, claimant: int) -> list[int]:
    """Who may call "Hoax!" on ``claimant``: anyone else still in, less the hoax-card rule."""
    holder = state["hoax_card"]
    if state["options"]["hoax_card_rule"] == "variant":
        return [] if claimant == holder else _others_in(state, claimant)
    return [s for s in _others_in(state, claimant) if s != holder]


def _challenge_open(state: dict, claimant: int, character: str, kind: str, now: float) -> None:
    """Open the hoax window on a claim (kind "claim") or an immunity claim (kind "immunity")."""
    callers = _hoax_callers(state, claimant)
    state["challenge"] = {
        "kind": kind,
        "seat": claimant,
        "character": character,
        "callers": callers,
        "passed": [],
        "caller": None,
        "voters": [],
        "votes": [],
    }
    if not callers:
        _challenge_done(state, False, now)
        return
    state["phase"] = "hoax_window"
    _deadline(state, now, "hoax_window_seconds")


def _hoax_call(state: dict, seat: int, action: dict, now: float) -> None:
    """The first call wins: the caller takes the hoax card and everyone but the claimant votes."""
    challenge = state["challenge"]
    require(seat not in challenge["passed"], _("You have already let this claim pass."))
    challenge["caller"] = seat
    state["hoax_card"] = seat
    _log(state, "hoax", seat=seat, claimant=challenge["seat"], character=challenge["character"])
    challenge["voters"] = _others_in(state, challenge["seat"])
    challenge["votes"] = [None] * len(challenge["voters"])
    state["phase"] = "vote"
    _deadline(state, now, "vote_seconds")


def _hoax_late(state: dict, seat: int, action: dict, now: float) -> None:
    """The caller calls again during the vote their call opened."""
    raise RuleError(_("There is no claim to call hoax on."), code="wrong_phase")


def _hoax_pass(state: dict, seat: int, action: dict, now: float) -> None:
    """Let the claim stand; the window closes early once every possible caller has passed."""
    challenge = state["challenge"]
    require(seat not in challenge["passed"], _("You have already let this claim pass."))
    challenge["passed"].append(seat)


# --- Vote -------------------------------------------------------------------------------------


def _vote(state: dict, seat: int, action: dict, now: float) -> None:
    """Thumbs up (believe) or down (hoax), hidden until all are in or the timer ends."""
    challenge = state["challenge"]
    index = challenge["voters"].index(seat)
    require(challenge["votes"][index] is None, _("You have already voted."))
    challenge["votes"][index] = action["vote"]


def _vote_close(state: dict, now: float) -> None:
    """Show every vote (a missing one counts as up); strictly more downs than ups is a hoax."""
    challenge = state["challenge"]
    votes = [v or "up" for v in challenge["votes"]]
    downs = votes.count("down")
    down = downs > len(votes) - downs
    _log(
        state,
        "vote",
        claimant=challenge["seat"],
        character=challenge["character"],
        voters=challenge["voters"],
        votes=votes,
        result="down" if down else "up",
    )
    _challenge_done(state, down, now)


def _challenge_done(state: dict, down: bool, now: float) -> None:
    """Voted down: the truth wins the game, a lie earns an imposter token. Else it goes on."""
    challenge = state["challenge"]
    claimant, character, kind = challenge["seat"], challenge["character"], challenge["kind"]
    state["challenge"] = None
    claim = state["claim"]
    if down:
        if state["characters"][claimant] == character:
            _log(state, "truthful", seat=claimant, character=character)
            _win(state, claimant, "truthful")
            return
        state["imposters"][claimant].append(character)
        _log(state, "imposter", seat=claimant, character=character)
        if kind == "claim":
            _turn_resume(state)  # the claim ends without its privilege
            return
        claim["exposed"].append(claimant)
    elif kind == "immunity":
        claim["spared"].append(claimant)
        _log(state, "spared", seat=claimant, character=character)
    if kind == "claim":
        _immunity_open(state, now)
    else:
        _immunity_next(state, now)


# --- Immunities -------------------------------------------------------------------------------


def _privilege_targets(state: dict, claim: dict) -> list[int]:
    """The players a privilege would take from or swap with, in giving order."""
    seat, character, choices = claim["seat"], claim["character"], claim["choices"]
    if character == "ex" and choices["option"] == "neighbours":
        return _ex_neighbours(state, seat)
    if character == "son_in_law":
        return _others_in(state, seat)
    if character in ("chef", "gardener") and choices["target"] != SUPPLY:
        return [choices["target"]]
    return []


def _immunity_open(state: dict, now: float) -> None:
    """Ask every targeted player, whoever they are, whether they claim the immune character."""
    claim = state["claim"]
    immune = IMMUNE_TO.get(claim["character"])
    asked = []
    if state["options"]["immunities"] and immune:
        asked = [
            t
            for t in _privilege_targets(state, claim)
            if immune not in state["imposters"][t]  # public: a covered character can't be claimed
        ]
    if not asked:
        _privilege_apply(state, now)
        return
    state["immunity"] = {"character": immune, "asked": asked, "answers": [None] * len(asked)}
    state["phase"] = "immunity"
    _deadline(state, now, "immunity_seconds")


def _immunity_answer(state: dict, seat: int, action: dict, now: float) -> None:
    """A targeted player claims the immune character, or declines (answers stay hidden)."""
    immunity = state["immunity"]
    index = immunity["asked"].index(seat)
    require(immunity["answers"][index] is None, _("You have already answered."))
    immunity["answers"][index] = action["claim"]


def _immunity_close(state: dict, now: float) -> None:
    """Missing answers decline; the immunity claims resolve one by one in giving order."""
    immunity = state["immunity"]
    claimers = [s for s, a in zip(immunity["asked"], immunity["answers"], strict=True) if a]
    _log(state, "immunity_answers", asked=immunity["asked"], claimed=claimers)
    state["claim"]["queue"] = claimers
    _immunity_next(state, now)


def _immunity_next(state: dict, now: float) -> None:
    claim = state["claim"]
    if not claim["queue"]:
        state["immunity"] = None
        _privilege_apply(state, now)
        return
    seat = claim["queue"].pop(0)
    character = state["immunity"]["character"]
    _log(state, "immunity_claim", seat=seat, character=character, against=claim["seat"])
    _challenge_open(state, seat, character, "immunity", now)


# --- Privileges -------------------------------------------------------------------------------


def _ex_neighbours(state: dict, seat: int) -> list[int]:
    """The nearest player still in on each side; with one other player left, that player once."""
    others = _others_in(state, seat)
    return [others[0]] if len(others) == 1 else [others[0], others[-1]]


def _affected(state: dict, targets: list[int]) -> list[int]:
    return [t for t in targets if t not in state["claim"]["spared"]]


def _privilege_ex(state: dict, seat: int, choices: dict) -> None:
    """Take 1 cash or 1 evidence; or 1 named resource from each neighbour still in."""
    if choices["option"] == "supply":
        _move_logged(state, SUPPLY, seat, choices["resource"], 1)
        return
    for giver in _affected(state, _ex_neighbours(state, seat)):
        _move_logged(state, giver, seat, choices["resource"], 1)


def _privilege_lover(state: dict, seat: int, choices: dict) -> None:
    """Take 1 evidence or 1 prestige."""
    _move_logged(state, SUPPLY, seat, choices["resource"], 1)


def _privilege_son_in_law(state: dict, seat: int, choices: dict) -> None:
    """Every other player still in gives one of the named type, clockwise from the claimant."""
    for giver in _affected(state, _others_in(state, seat)):
        _move_logged(state, giver, seat, choices["resource"], 1)


def _privilege_cousin(state: dict, seat: int, choices: dict) -> None:
    """Take 1 cash or 1 prestige."""
    _move_logged(state, SUPPLY, seat, choices["resource"], 1)


def _privilege_chef(state: dict, seat: int, choices: dict) -> None:
    """Swap your A tokens one for one against the partner's B tokens, as far as they go."""
    partner, give, take = choices["target"], choices["give"], choices["take"]
    if partner != SUPPLY and not _affected(state, [partner]):
        return
    count = min(state["resources"][seat][give], _pile(state, partner)[take])
    _move_logged(state, seat, partner, give, count)
    _move_logged(state, partner, seat, take, count)


def _privilege_gardener(state: dict, seat: int, choices: dict) -> None:
    """Take up to 2 resources of one type from another player."""
    for giver in _affected(state, [choices["target"]]):
        _move_logged(state, giver, seat, choices["resource"], 2)


def _privilege_butler(state: dict, seat: int, choices: dict, now: float) -> None:
    """Take 1 resource of your choice; the named player then picks one from the supply."""
    _move_logged(state, SUPPLY, seat, choices["resource"], 1)
    if sum(state["supply"].values()) == 0:
        return  # nothing left to give: no point asking
    state["gift"] = {"seat": choices["target"], "from": seat}
    state["phase"] = "butler_gift"
    _deadline(state, now, "butler_seconds")


PRIVILEGES = {
    "ex": _privilege_ex,
    "lover": _privilege_lover,
    "son_in_law": _privilege_son_in_law,
    "cousin": _privilege_cousin,
    "chef": _privilege_chef,
    "gardener": _privilege_gardener,
}


def _privilege_apply(state: dict, now: float) -> None:
    """The claim stood: its privilege takes effect (sparing whoever an immunity protected)."""
    claim = state["claim"]
    seat, character, choices = claim["seat"], claim["character"], claim["choices"]
    _log(
        state,
        "privilege",
        seat=seat,
        character=character,
        spared=claim["spared"],
        exposed=claim["exposed"],
    )
    if character == "butler":
        _privilege_butler(state, seat, choices, now)
        if state["phase"] == "butler_gift":
            return
    else:
        PRIVILEGES[character](state, seat, choices)
    _turn_resume(state)


def _gift_pick(state: dict, seat: int, action: dict, now: float) -> None:
    """The player the Butler named takes 1 resource of their own choice from the supply."""
    resource = action["resource"]
    require(
        state["supply"][resource] > 0,
        _("The supply has no %(resource)s left."),
        resource=Term(resource),
    )
    _move_logged(state, SUPPLY, seat, resource, 1)
    _turn_resume(state)


# --- Investigate ------------------------------------------------------------------------------

INVESTIGATION_COST = {r: 1 for r in RESOURCES}


def _can_afford(state: dict, seat: int) -> bool:
    return all(state["resources"][seat][r] >= k for r, k in INVESTIGATION_COST.items())


def _investigate(state: dict, seat: int, action: dict, now: float) -> None:
    """Pay one of each; see the target's suspicion card among 3 random others, shuffled."""
    target = action["target"]
    require(target != seat and not state["out"][target], _("Name another player still in."))
    require(_can_afford(state, seat), _("Investigating costs 1 cash, 1 prestige and 1 evidence."))
    for resource, cost in INVESTIGATION_COST.items():
        _move(state, seat, SUPPLY, resource, cost)
    truth = state["characters"][target]
    draw = rng(state)
    cards = [truth, *draw.sample([c for c in CHARACTERS if c != truth], 3)]
    draw.shuffle(cards)
    state["investigations"].append({"seat": seat, "target": target, "cards": cards})
    _log(state, "investigate", seat=seat, target=target)


# --- Accuse -----------------------------------------------------------------------------------


def _accuse(state: dict, seat: int, action: dict, now: float) -> None:
    """Name a player and, in secret, a character: right eliminates them, wrong eliminates you."""
    target, character = action["target"], action["character"]
    require(not state["turn"]["accused"], _("You may accuse only once a turn."))
    require(
        not (state["options"]["accuser_card"] and state["accuser_card"] == seat),
        _("You hold the accuser card: you cannot accuse until it leaves you."),
    )
    require(target != seat and not state["out"][target], _("Name another player still in."))
    state["turn"]["accused"] = True
    right = state["characters"][target] == character
    state["accusations"].append(
        {"seat": seat, "target": target, "character": character, "right": right}
    )
    _log(state, "accuse", seat=seat, target=target, result="right" if right else "wrong")
    if state["options"]["accuser_card"]:
        _accuser_card_pass(state, seat if right else None)
    if right:
        _eliminate(state, target, seat)
    else:
        _eliminate(state, seat, SUPPLY)


def _accuser_card_pass(state: dict, holder: int | None) -> None:
    """The card goes to the accuser who survives; a wrong accuser is out, so it is returned
    (logged only when it moves: one already in the middle is not "returned" again)."""
    moved = state["accuser_card"] != holder
    state["accuser_card"] = holder
    state["accuser_quiet_turns"] = 0
    if moved:
        _log(state, "accuser_card", seat=holder)


def _accuser_card_count(state: dict) -> None:
    """At each turn end without an accusation; a full round of them returns the card."""
    if state["accuser_card"] is None or state["turn"]["accused"]:
        return
    state["accuser_quiet_turns"] += 1
    if state["accuser_quiet_turns"] >= len(_players_in(state)):
        _accuser_card_pass(state, None)


# --- Elimination ------------------------------------------------------------------------------


def _eliminate(state: dict, seat: int, heir: int | str, turn_pass: bool = True) -> None:
    """Out: resources go to ``heir``; imposter tokens stay; the identity stays hidden. The
    active player's turn passes (not at setup, where there are no turns yet)."""
    state["out"][seat] = True
    for resource in RESOURCES:
        _move(state, seat, heir, resource, state["resources"][seat][resource])
    if state["hoax_card"] == seat:
        state["hoax_card"] = None
    if state["accuser_card"] == seat:
        state["accuser_card"] = None
    _log(state, "eliminated", seat=seat, heir=heir)
    left = _players_in(state)
    if len(left) == 1:
        _win(state, left[0], "last")
    elif seat == state["active"] and turn_pass:
        _turn_pass(state)


def _remove(state: dict, host: None, action: dict, now: float) -> None:
    """The host removed a player who left (the platform's ``remove``): out of the game as if
    eliminated, their resources back to the supply, their identity hidden until the end. What
    waited on them goes on without them: their own claim or turn ends (the turn passes), their
    starting pick is skipped, they leave the callers, voters and immunity answers, and a
    Butler's gift to them is not given."""
    seat = action.get("target")
    require(_is_int(seat) and 0 <= seat < _n(state), _("No such seat."), "bad_seat")
    require(not state["out"][seat], _("That player is already out of the game."))
    _log(state, "left", seat=seat)
    phase, active = state["phase"], state["active"]
    if phase == "setup":
        _eliminate(state, seat, SUPPLY, turn_pass=False)
        if seat == active and not state["over"]:
            _setup_next(state, now)
        return
    challenge, immunity, gift = state["challenge"], state["immunity"], state["gift"]
    if seat != active and challenge is not None:
        if seat in challenge["callers"]:
            challenge["callers"].remove(seat)
            if seat in challenge["passed"]:
                challenge["passed"].remove(seat)
        if seat in challenge["voters"]:
            index = challenge["voters"].index(seat)
            del challenge["voters"][index], challenge["votes"][index]
    if seat != active and immunity is not None and seat in immunity["asked"]:
        index = immunity["asked"].index(seat)
        del immunity["asked"][index], immunity["answers"][index]
    if seat != active and seat in (state["claim"] or {}).get("queue", ()):
        state["claim"]["queue"].remove(seat)
    _eliminate(state, seat, SUPPLY)
    if state["over"] or seat == active:
        return  # the game is won, or the turn has passed
    if challenge is not None and challenge["kind"] == "immunity" and challenge["seat"] == seat:
        state["challenge"] = None  # their immunity claim goes with them
        _immunity_next(state, now)
    elif phase == "butler_gift" and gift is not None and gift["seat"] == seat:
        _turn_resume(state)


# --- End --------------------------------------------------------------------------------------


def _win(state: dict, seat: int, how: str) -> None:
    """The game is over; every identity is revealed in the views."""
    state["phase"] = "over"
    state["over"] = True
    state["deadline"] = None
    state["winner"] = seat
    state["claim"] = state["challenge"] = state["immunity"] = state["gift"] = None
    _log(state, "win", seat=seat, how=how)


# --- Legal actions ----------------------------------------------------------------------------


def _turn_actions(state: dict, seat: int) -> list[dict]:
    actions: list[dict] = []
    if not state["turn"]["claimed"]:
        for character in CHARACTERS:
            if character not in state["imposters"][seat]:
                actions += [
                    {"type": "claim", "character": character, **choices}
                    for choices in _claim_choices(state, seat, character)
                ]
    others = _others_in(state, seat)
    if _can_afford(state, seat):
        actions += [{"type": "investigate", "target": t} for t in others]
    card_blocks = state["options"]["accuser_card"] and state["accuser_card"] == seat
    if not state["turn"]["accused"] and not card_blocks:
        actions += [
            {"type": "accuse", "target": t, "character": c} for t in others for c in CHARACTERS
        ]
    if state["turn"]["claimed"]:
        actions.append({"type": "end_turn"})
    return actions


def legal_actions(state: dict, seat: int) -> list[dict]:
    """Every concrete action ``seat`` may send now (system actions excluded)."""
    phase = state["phase"]
    if state["over"] or not _is_int(seat) or not 0 <= seat < _n(state) or state["out"][seat]:
        return []
    picks = [{"type": "pick", "resource": r} for r in RESOURCES if state["supply"][r] > 0]
    if phase == "setup":
        return picks if seat == state["active"] else []
    if phase == "turn":
        return _turn_actions(state, seat) if seat == state["active"] else []
    if phase == "hoax_window":
        challenge = state["challenge"]
        if seat in challenge["callers"] and seat not in challenge["passed"]:
            return [{"type": "hoax"}, {"type": "pass"}]
        return []
    if phase == "vote":
        challenge = state["challenge"]
        if (
            seat in challenge["voters"]
            and challenge["votes"][challenge["voters"].index(seat)] is None
        ):
            return [{"type": "vote", "vote": "up"}, {"type": "vote", "vote": "down"}]
        return []
    if phase == "immunity":
        immunity = state["immunity"]
        if seat in immunity["asked"] and immunity["answers"][immunity["asked"].index(seat)] is None:
            return [{"type": "immunity", "claim": True}, {"type": "immunity", "claim": False}]
        return []
    if phase == "butler_gift":
        return picks if seat == state["gift"]["seat"] else []
    return []


# --- Apply: the move table, and the one door for moves -----------------------------------------


def _timeout(state: dict, system: None, action: dict, now: float) -> None:
    """A deadline passed: whoever the phase waited on is taken to have answered by default (a
    pick of the most plentiful resource, no call, an up vote, no immunity claim)."""
    deadline_require(state, now)
    phase = state["phase"]
    default = {"resource": _supply_default(state)}
    if phase == "setup":
        _setup_pick(state, state["active"], default, now)
    elif phase == "hoax_window":
        _challenge_done(state, False, now)
    elif phase == "vote":
        _vote_close(state, now)
    elif phase == "immunity":
        _immunity_close(state, now)
    elif phase == "butler_gift":
        _gift_pick(state, state["gift"]["seat"], default, now)


def _challenge_seats(key: str, refusal: str, code: str = "not_your_turn") -> Seats:
    """The seats the open challenge lists under ``key`` (its callers, its voters)."""
    return Seats(lambda state, seat: seat in state["challenge"][key], refusal, code)


CALLER = _challenge_seats("callers", _("You cannot call hoax on this claim."))
VOTER = _challenge_seats("voters", _("You do not vote on this claim."))
ASKED = Seats(lambda state, seat: seat in state["immunity"]["asked"],
              _("You are not targeted by this privilege."))
GIFTED = Seats(lambda state, seat: seat == state["gift"]["seat"],
               _("The Butler named another player."))
PICKER = Seats(ACTIVE_SEAT.test, _("It is another player's pick."))
FIRST_CALLER = Seats(lambda state, seat: seat == state["challenge"]["caller"],
                     _("Someone else called Hoax first: now vote."), code="called_first")

RESOURCE = choice(*RESOURCES, refusal=_("Name a resource: cash, prestige or evidence."))
SEAT = seat_of(refusal=_("Name a seat."))
CHARACTER = choice(*CHARACTERS, refusal=_("Name one of the seven characters."))
CLAIM_FIELD_KINDS = {
    "option": choice("supply", "neighbours",
                     refusal=_("The Ex takes from the supply or from the neighbours.")),
    "resource": RESOURCE,
    "give": RESOURCE,
    "take": RESOURCE,
    "target": SEAT,
}


def _claim_fields(action: dict) -> dict[str, Field]:
    """The fields of a claim of the character it names (the Chef may name the supply)."""
    character = action["character"]
    fields = {key: CLAIM_FIELD_KINDS[key] for key in CLAIM_FIELDS[character]}
    if character == "chef":
        fields["target"] = seat_of(SUPPLY, refusal=_("Name a seat."))
    return fields


MOVES = MoveTable(
    [
        Move("pick", PICKER, ("setup",), _setup_pick, {"resource": RESOURCE},
             wrong_phase=_("Starting resources are taken at setup.")),
        Move("pick", GIFTED, ("butler_gift",), _gift_pick, {"resource": RESOURCE}),
        Move("claim", ACTIVE_SEAT, ("turn",), _claim,
             {"character": choice(*CHARACTERS,
                                  refusal=_("Claim one of the seven characters."))},
             more_fields=_claim_fields, wrong_phase=_("You cannot claim now.")),
        Move("hoax", CALLER, ("hoax_window",), _hoax_call,
             wrong_phase=_("There is no claim to call hoax on.")),
        Move("hoax", FIRST_CALLER, ("vote",), _hoax_late),
        Move("pass", CALLER, ("hoax_window",), _hoax_pass,
             wrong_phase=_("There is no claim to let pass.")),
        Move("vote", VOTER, ("vote",), _vote, {"vote": choice("up", "down",
                                                             refusal=_("Vote up or down."))},
             wrong_phase=_("There is no vote now.")),
        Move("immunity", ASKED, ("immunity",), _immunity_answer,
             {"claim": flag(_("Answer the immunity question with true or false."))},
             wrong_phase=_("Nobody is asked about immunity now.")),
        Move("investigate", ACTIVE_SEAT, ("turn",), _investigate, {"target": SEAT},
             wrong_phase=_("You cannot investigate now.")),
        Move("accuse", ACTIVE_SEAT, ("turn",), _accuse, {"target": SEAT, "character": CHARACTER},
             wrong_phase=_("You cannot accuse now.")),
        Move("end_turn", ACTIVE_SEAT, ("turn",), _turn_end,
             wrong_phase=_("Finish the claim first.")),
        Move("timeout", SYSTEM, None, _timeout),
        remove_move(_remove),
        presence_move(),
    ],
    present=Seats(lambda state, seat: not state["out"][seat], _("You are out of the game.")),
)
HOST_ACTIONS = MOVES.host_types()  # the host removes a player who left (``_remove``)


def _settle(state: dict, now: float) -> None:
    """Close early what can close: everyone the phase waits on has answered. A player whose
    phone is gone keeps their say until the phase's deadline, when the default applies
    (``_timeout``); nothing is ever recorded for a player who did not act before that."""
    while True:
        phase = state["phase"]
        if phase == "hoax_window" and all(
            s in state["challenge"]["passed"] for s in state["challenge"]["callers"]
        ):
            _challenge_done(state, False, now)
        elif phase == "vote" and None not in state["challenge"]["votes"]:
            _vote_close(state, now)
        elif phase == "immunity" and None not in state["immunity"]["answers"]:
            _immunity_close(state, now)
        else:
            return


def apply(state: dict, seat: int | None, action: dict, now: float) -> dict:
    """Check one action against the rules and return the new state (the input is untouched)."""
    new = state_copy(state, FIXED)
    MOVES.play(new, seat, action, now)
    _settle(new, now)
    return new


# --- Secrets ----------------------------------------------------------------------------------


def disguised(state: dict, viewer: int | None, generator: random.Random) -> dict:
    """The same public game with every secret ``viewer`` may not see replaced by another
    possible one: its view must not tell the two apart. The secrets, until the end: each
    player's character (their own), the unused characters (nobody's), each investigation's
    cards and each accusation's character (the investigator's, the accuser's), and each vote
    and immunity answer while they are hidden (the voter's, the answerer's)."""
    other = state_copy(state)
    if state["over"]:
        return other
    n = _n(other)
    keep = {viewer: other["characters"][viewer]} if viewer is not None else {}
    pool = [c for c in CHARACTERS if c not in keep.values()]
    generator.shuffle(pool)
    other["characters"] = [keep.get(s) or pool.pop() for s in range(n)]
    other["unused"] = sorted(pool, key=CHARACTERS.index)
    for found in other["investigations"]:
        if found["seat"] != viewer:
            found["cards"] = generator.sample(CHARACTERS, 4)
    for accusation in other["accusations"]:
        if accusation["seat"] != viewer:
            accusation["character"] = generator.choice(CHARACTERS)
    challenge = other["challenge"]
    if challenge and other["phase"] == "vote":
        challenge["votes"] = [
            v if s == viewer or v is None else generator.choice(["up", "down"])
            for s, v in zip(challenge["voters"], challenge["votes"], strict=True)
        ]
    immunity = other["immunity"]
    if immunity and other["phase"] == "immunity":
        immunity["answers"] = [
            a if s == viewer or a is None else generator.choice([True, False])
            for s, a in zip(immunity["asked"], immunity["answers"], strict=True)
        ]
    other["seed"] = generator.randrange(10**9)
    return other


# --- View: the one door for secrets -----------------------------------------------------------


def _challenge_view(state: dict, viewer: int | None) -> dict | None:
    challenge = state["challenge"]
    if challenge is None:
        return None
    voted = [s for s, v in zip(challenge["voters"], challenge["votes"], strict=True) if v]
    shown = {
        "kind": challenge["kind"],
        "seat": challenge["seat"],
        "character": challenge["character"],
        "callers": list(challenge["callers"]),
        "passed": list(challenge["passed"]),
        "caller": challenge["caller"],
        "voters": list(challenge["voters"]),
        "voted": voted,
    }
    if viewer in challenge["voters"]:
        shown["my_vote"] = challenge["votes"][challenge["voters"].index(viewer)]
    return shown


def _immunity_view(state: dict, viewer: int | None) -> dict | None:
    immunity = state["immunity"]
    if immunity is None:
        return None
    shown = {
        "character": immunity["character"],
        "against": state["claim"]["seat"],
        "asked": list(immunity["asked"]),
        "answered": [
            s for s, a in zip(immunity["asked"], immunity["answers"], strict=True) if a is not None
        ],
    }
    if viewer in immunity["asked"]:
        shown["my_answer"] = immunity["answers"][immunity["asked"].index(viewer)]
    return shown


def view(state: dict, viewer: int | None) -> dict:
    """What one screen may see: public facts, plus the viewer's own secrets; all at the end."""
    return views(state, [viewer])[0]


def views(state: dict, viewers: list[int | None]) -> list[dict]:
    """``view`` for each viewer; the public part (the log, the claim, the table) built once."""
    require(
        all(v is None or (type(v) is int and 0 <= v < _n(state)) for v in viewers),
        _("No such seat."),
        code="bad_seat",
    )
    shared = _public_view(state)
    return [_viewer_view(state, shared, viewer) for viewer in viewers]


def _public_view(state: dict) -> dict:
    """What every screen sees alike (the viewer's own parts are filled in by ``_viewer_view``)."""
    over = state["over"]
    claim = state["claim"]
    shown_from = log_shown_from(state["log"])  # 0, except in a state saved before logs were cut
    players = []
    for seat in range(_n(state)):
        player = {
            "seat": seat,
            "resources": dict(state["resources"][seat]),
            "imposters": list(state["imposters"][seat]),
            "out": state["out"][seat],
            "connected": state["connected"][seat],
        }
        if over:
            player["character"] = state["characters"][seat]
        players.append(player)
    return {
        "game": GAME_ID,
        "phase": state["phase"],
        "deadline": state["deadline"],
        "over": over,
        "winner": state["winner"],
        "options": dict(state["options"]),
        "first": state["first"],
        "active": state["active"],
        "turn": dict(state["turn"]),
        "supply": dict(state["supply"]),
        "players": players,
        "hoax_card": state["hoax_card"],
        "accuser_card": state["accuser_card"],
        "accuser_quiet_turns": state["accuser_quiet_turns"],
        "claim": None
        if claim is None
        else {
            "seat": claim["seat"],
            "character": claim["character"],
            "choices": dict(claim["choices"]),
            "exposed": list(claim["exposed"]),
            "spared": list(claim["spared"]),
            "queue": list(claim["queue"]),
        },
        "challenge": None,
        "immunity": None,
        "gift": None if state["gift"] is None else dict(state["gift"]),
        "log": [dict(entry) for entry in state["log"][shown_from:]],
        "log_from": state.get("log_from", 0) + shown_from,
        "unused": list(state["unused"]) if over else None,
        "me": None,
    }


def _viewer_view(state: dict, shared: dict, viewer: int | None) -> dict:
    """The public part with one viewer's own: its character, its vote, its answer, its moves."""
    shown = {
        **shared,
        "challenge": _challenge_view(state, viewer),
        "immunity": _immunity_view(state, viewer),
    }
    if viewer is None:
        return shown
    if not state["over"]:
        players = list(shared["players"])
        players[viewer] = {**players[viewer], "character": state["characters"][viewer]}
        shown["players"] = players
    shown["me"] = {
        "seat": viewer,
        "character": state["characters"][viewer],
        "investigations": [
            {"target": i["target"], "cards": list(i["cards"])}
            for i in state["investigations"]
            if i["seat"] == viewer
        ],
        "accusations": [
            {"target": a["target"], "character": a["character"], "right": a["right"]}
            for a in state["accusations"]
            if a["seat"] == viewer
        ],
        "actions": legal_actions(state, viewer),
    }
    return shown
