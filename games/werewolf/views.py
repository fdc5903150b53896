"""Werewolf's views, the one door for secrets (§9): what the board (the TV, the audience) and
each phone may see, the actions each phone may send now (``legal_actions``), and the
declaration of the secrets (``disguised``).

Pure Python, no Django.
"""

from __future__ import annotations

import random
from typing import Any

import orjson

from games.kit.rules import (
    _,
    require,
    state_copy,
)
from games.werewolf.night import (
    _charm_candidates,
    _charm_count,
    _decoy_count,
    _pack,
    _record,
    _suspect_targets,
    _witch_heal_allowed,
    _witch_poison_targets,
    _wolf_targets,
)
from games.werewolf.roles import (
    GAME_ID,
    NIGHT_DECOYS,
    _ballot_targets,
    _couple,
    _kind,
    _living,
    _n,
    _partner,
    _powerful,
    _prompt_live,
    _ready_needed,
    _shown_card,
    _team,
)

# --- Legal actions --------------------------------------------------------------------------------

PAD_BLOCK = 256  # living phones' views are padded to the same size, rounded up to this


def _targets(kind: str, targets: list[Any]) -> list[dict]:
    return [{"type": kind, "target": target} for target in targets]


def _night_actions(state: dict, seat: int, kind: str) -> list[dict]:
    """A night prompt's actions, then the decoy question's, which every living phone may
    answer at any time (hands move alike); Confirm while the phone's own prompt is open."""
    step = state["step"]
    confirm = [{"type": "confirm", "target": None}]
    suspects = _targets("suspect", _suspect_targets(state, seat))
    if kind in NIGHT_DECOYS:
        return suspects + ([] if step["done"][seat] else confirm)
    if kind == "wolf":
        if step["lock"] is not None:
            return suspects
        confirmed = step["done"][seat]
        actions = [] if confirmed else _targets("wolf_vote", _wolf_targets(state, seat))
        if step["awake"][seat] is None:
            actions += [{"type": "wolf_wake", "target": None},
                        {"type": "wolf_sleep", "target": None}]
        if step["picks"][seat] and not step["done"][seat]:
            actions += confirm
        return actions + suspects
    if step["done"][seat]:
        return suspects
    return _own_actions(state, seat, kind) + suspects


def _own_actions(state: dict, seat: int, kind: str) -> list[dict]:
    """The actions of a phone's own night prompt, while it is open (not the pack's)."""
    step = state["step"]
    living = _living(state)
    confirm = [{"type": "confirm", "target": None}]
    if kind == "thief":
        return _targets("thief_take", [0, 1]) + [{"type": "thief_stay", "target": None}]
    if kind == "cupid":
        picks = step["picks"][seat]
        return _targets("cupid_pick", living) + (confirm if len(picks) == 2 else [])
    if kind == "seer":
        return _targets("seer_look", [t for t in living if t != seat]) + confirm
    if kind == "salvateur":
        options = state["options"]
        return _targets("protect", [
            t for t in living
            if (options["salvateur.self"] or t != seat)
            and (options["salvateur.sameTwice"] or t != state["protected_last"])
        ]) + confirm
    if kind == "little_girl":
        return ([] if step["peeked"] else [{"type": "peek", "target": None}]) + confirm
    if kind == "witch":
        heal = [{"type": "witch_heal", "target": None}] if _witch_heal_allowed(state, seat) else []
        return heal + _targets("witch_poison", _witch_poison_targets(state, seat)) + confirm
    if kind == "piper":
        count = _charm_count(state, seat)
        ready = len(step["picks"][seat]) == count
        return _targets("charm", _charm_candidates(state, seat)) + (confirm if ready else [])
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
        return _targets("settle", [*live, None])  # None: the village revotes
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
        step["suspects"] = [named if seat == viewer or not named else ["none"]
                            for seat, named in enumerate(step["suspects"])]
    poll = other["poll"]
    if poll is not None and poll.get("ballots"):
        poll["ballots"] = [ballot if seat == viewer or ballot is None else "abstain"
                           for seat, ballot in enumerate(poll["ballots"])]
    return other


# --- Views ----------------------------------------------------------------------------------------


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
        "scapegoat_voters": ({"day": state["scapegoat_list"]["day"],
                              "seats": list(state["scapegoat_list"]["seats"])}
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
        "suspect": list(step["suspects"][seat]),
    }
    if kind in NIGHT_DECOYS:
        prompt["chosen"] = []
        prompt["info"] = [_decoy_count(state)]
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
                              "info": [], "result": None, "done": False, "suspect": []}
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
    night = state["phase"] == "night" and alive
    return {
        "seat": seat,
        "alive": alive,
        # The step's end, the same on every living phone: drawn when the step began, it tells
        # nothing, and nobody is cut off unwarned (the TV shows no countdown at night).
        "deadline": state["deadline"] if night else None,
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
