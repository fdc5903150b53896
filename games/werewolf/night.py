"""Werewolf's night (§3): each step's choices on the phones that wake, in wake order (the
Thief, Cupid, the Seer, the Salvateur, the pack and the Little Girl, the Witch, the Pied Piper),
what each step does when its timer ends (``STEP_FINISH``), and the Confirm and decoy question
every night phone has. The narrator's calling of the steps is the rules' (``games.werewolf.
rules``).

Pure Python, no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.kit.rules import (
    _,
    require,
    rng,
)
from games.werewolf.roles import (
    _holder,
    _living,
    _living_target,
    _partner,
    _team,
)


def _record(state: dict) -> dict:
    """Tonight's secret record (the end's timeline)."""
    return state["nights"][-1]


def _pick_toggle(state: dict, seat: int, target: int, most: int) -> None:
    """Select or unselect a player in a multi-pick prompt (Cupid, the Piper). Once ``most``
    are picked, a new name replaces the latest one (as the Witch's poison moves, and as a
    decoy's names do: so that an acting phone and a decoy behave alike, issue 34)."""
    picks = state["step"]["picks"][seat]
    if target in picks:
        picks.remove(target)
    elif len(picks) >= most:
        picks[-1] = target
    else:
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
    """"Nobody": he stays a simple Villager; when both cards are Werewolves he must take one,
    and "Nobody" takes one of them at random, as his timeout does: his "Nobody" works on his
    screen as a decoy's does (issue 34), not refused."""
    index = rng(state).randrange(2) if _thief_both_wolves(state) else None
    _thief_become(state, seat, index)


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
    """Point at a victim (or "No victim"); pointing opens his eyes. Once confirmed, his
    pointer no longer moves: at night a Confirm is final on every phone, so that an acting
    phone and a decoy behave alike (issue 34, ruling "locked")."""
    step = state["step"]
    require(step["awake"][seat] is not False, _("You chose to stay asleep tonight."))
    require(step["lock"] is None, _("The pack has chosen its victim."))
    require(not step["done"][seat], _("You have already confirmed."))
    target = action.get("target")
    require(target in _wolf_targets(state, seat), _("The pack cannot choose that player."))
    _wolf_awaken(state, seat)
    step["picks"][seat] = ["none" if target is None else target]


def _wolf_confirm(state: dict, seat: int) -> None:
    """Confirm the pointer (final); when every awake wolf has confirmed, the pack is locked."""
    step = state["step"]
    require(bool(step["picks"][seat]), _("Point at a victim (or no victim) first."))
    require(not step["done"][seat], _("You have already confirmed."))
    require(step["lock"] is None, _("The pack has chosen its victim."))
    step["done"][seat] = True
    _pack_lock_check(state)


def _pack_lock_check(state: dict) -> None:
    """Locked: every wolf has chosen to wake or sleep, and every awake one has confirmed (a
    Confirm is final, ruling "locked"): on their common choice or, if they differ, the
    plurality of the confirmed pointers, a tie drawn from the game's seeded random, as at the
    timer (``_pack_choice``)."""
    step = state["step"]
    pack = _pack(state)
    if any(step["awake"][wolf] is None for wolf in pack):
        return
    awake = [wolf for wolf in pack if step["awake"][wolf]]
    if awake and all(step["done"][wolf] for wolf in awake):
        choice = _pack_choice(state, rng(state))
        step["lock"] = ["none" if choice is None else choice]


def _peek(state: dict, seat: int, action: dict, now: float) -> None:
    """The Little Girl opens her fingers: she watches the anonymized pack board till the end.
    Final, but she still names someone and confirms, as every phone at this step does."""
    step = state["step"]
    require(not step["peeked"], _("You are already peeking."))
    step["peeked"] = True
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
    """The potion of life, on tonight's victim only (herself included by option). Her phone
    sends it with her Confirm, which then ends her turn."""
    require(state["potions"]["life"], _("You have already used your potion of life."))
    require(_record(state)["victim"] is not None, _("Nobody was attacked tonight."))
    require(_witch_heal_allowed(state, seat), _("You cannot use the potion of life now."))
    state["potions"]["life"] = False
    state["step"]["heal"] = True
    _record(state)["healed"] = _record(state)["victim"]


def _witch_poison(state: dict, seat: int, action: dict, now: float) -> None:
    """The potion of death, on any living player except tonight's victim (and her lover)."""
    require(state["potions"]["death"], _("You have already used your potion of death."))
    target = _living_target(state, action)
    require(target in _witch_poison_targets(state, seat), _("You cannot poison that player now."))
    state["potions"]["death"] = False
    state["step"]["poison"] = target
    _record(state)["poisoned"] = target


# Step 8. The Pied Piper, step 9. the charmed ------------------------------------------------------


def _charm_candidates(state: dict, seat: int) -> list[int]:
    """Whom he may name: anyone living but himself, the charmed too (naming them has no
    effect: they stay charmed once), so that no cell of his grid is inert because its player
    is charmed, which a decoy's grid cannot show (issue 34, ruling "piper")."""
    return [t for t in _living(state) if t != seat]


def _uncharmed(state: dict, seat: int) -> list[int]:
    return [t for t in _living(state) if t != seat and t not in state["charmed"]]


def _charm_count(state: dict, seat: int) -> int:
    """How many he names: a decoy's count at his step (``_decoy_count``: the option's number,
    fewer only when fewer others are alive), whoever is left to charm, so that his Confirm
    lights after as many names as a decoy's (issue 34, ruling "piper")."""
    return max(1, min(state["options"]["piper.perNight"], len(_living(state)) - 1))


def _charm(state: dict, seat: int, action: dict, now: float) -> None:
    target = _living_target(state, action)
    require(target in _charm_candidates(state, seat), _("You cannot charm that player."))
    _pick_toggle(state, seat, target, _charm_count(state, seat))


def _piper_finish(state: dict) -> None:
    """Charm the uncharmed among his picks; timeout completes them at random, the uncharmed
    first."""
    step = state["step"]
    generator = rng(state)
    for seat in step["actors"]:
        picks = step["picks"][seat]
        if not step["done"][seat]:
            missing = _charm_count(state, seat) - len(picks)
            fresh = [t for t in _uncharmed(state, seat) if t not in picks]
            stale = [t for t in _charm_candidates(state, seat) if t not in picks + fresh]
            drawn = generator.sample(fresh, min(missing, len(fresh)))
            picks.extend(drawn + generator.sample(stale, missing - len(drawn)))
        charmed = sorted(t for t in picks if t not in state["charmed"])
        state["charmed"].extend(charmed)
        _record(state)["charmed"] = charmed


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


def _decoy_count(state: dict) -> int:
    """How many players a phone names at this step, acting or not, so that no hand taps more
    than another: two at Cupid's step, the Piper's number at his, two at the Witch's when
    both potions may go the same night (one otherwise), else one."""
    key = state["step"]["key"]
    if key == "cupid":
        return 2
    if key == "pied-piper":
        return max(1, min(state["options"]["piper.perNight"], len(_living(state)) - 1))
    if key == "witch":
        return 2 if state["options"]["witch.bothSameNight"] else 1
    return 1


def _suspect_targets(state: dict, seat: int) -> list[int | None]:
    """Whom the phone may name now: anyone living but itself, or nobody (once it has named
    its count, a new name replaces its latest one: ``_suspect``)."""
    return [t for t in _living(state) if t != seat] + [None]


def _suspect(state: dict, seat: int, action: dict, now: float) -> None:
    """The decoy question ("Who do you find suspicious?"): a player or "Nobody" (None, so
    every night grid has a last cell), one name, or several to match the step's count
    (``_decoy_count``; tapped again, a name is taken back; once the count is named, a new
    name replaces the latest one, as the Witch's poison moves from one player to another, so
    that an acting phone and a decoy behave alike). Kept for the phone's screen,
    discarded at the end of the step. Any living phone may answer it at any time: a decoy's
    whole prompt, the Little Girl's once she peeks, anyone's once done. A Confirm is final
    (ruling "locked": a confirmed wolf's pointer does not move): a new answer does not take
    it back, and a phone ignores its own taps after its Confirm."""
    target = action.get("target")
    require(target in _suspect_targets(state, seat), _("Name someone else."))
    step = state["step"]
    named = [t for t in step["suspects"][seat] if t != "none"]
    if target is None:
        named = ["none"]
    elif _decoy_count(state) == 1:
        named = [target]
    elif target in named:
        named.remove(target)
    elif len(named) >= _decoy_count(state):
        named[-1] = target
    else:
        named.append(target)
    step["suspects"][seat] = named


def _decoy_confirm(state: dict, seat: int, action: dict, now: float) -> None:
    require(not state["step"]["done"][seat], _("You have already answered."))
    state["step"]["done"][seat] = True
