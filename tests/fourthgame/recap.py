"""Highest card's recap: from the game's end (the log replayed from its setup), its awards and
every round's picks.

Pure, like the rules. Awards (ties share them): the most rounds won (the game's winners), and
the quickest hand (the player first to pick in the most rounds). The timeline is every round's
picks in the order made, with their shouts and the round's winners: public, every round being
over."""

from __future__ import annotations

from games.kit.recap import award, leaders
from games.kit.rules import replay_end


def recap(setup: dict, log: list[dict]) -> dict:
    """The board's awards, winners and timeline, and each seat's own summary."""
    from tests.fourthgame import GAME  # the game as the platform plays it

    n = setup["n_players"]
    state = replay_end(GAME, setup, log)
    rounds = state["history"]
    firsts = {seat: sum(bool(played["order"]) and played["order"][0] == seat
                        for played in rounds) for seat in range(n)}
    return {
        "board": {
            "winners": state["winners"],
            "awards": [award("most_rounds", list(state["winners"]),
                             rounds=max(state["scores"], default=0)),
                       award("quickest", leaders(firsts), rounds=max(firsts.values(), default=0))],
            "timeline": [{"round": number, "winners": played["winners"],
                          "picks": [{"seat": seat, "card": played["picks"][seat],
                                     "shout": played["shouts"][seat]}
                                    for seat in played["order"]]}
                         for number, played in enumerate(rounds, 1)],
        },
        "seats": [{"seat": seat, "won": state["scores"][seat], "rounds": len(rounds),
                   "cards": [played["picks"][seat] for played in rounds],
                   "first": firsts[seat]}
                  for seat in range(n)],
    }
