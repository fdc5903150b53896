"""Werewolf's recap: the game replayed from its action log, with every card shown.

Pure, like the rules. Awards (ties share them): the sharpest voter (the most day-vote ballots
cast against a werewolf by a player who is not one: a wolf who votes out his packmate is covering,
not sharp; none when ballots are secret, and none when it singles nobody out: more than half of
the village would share it), and the wolf who survived longest (alive at the end, else the last
to die). The deaths list each death in order with its card and cause, and the timeline holds
every night's record and the public log (the days: ballots, shots, Mayors): public because the
game is over (every card, cause and night is revealed then). A player the host removed ("left")
is named apart, never among the winners.
"""

from __future__ import annotations

from games.kit.recap import award, events_new, leaders
from games.kit.rules import replay
from games.werewolf import rules

WOLF = "werewolf"


def recap(setup: dict, log: list[dict]) -> dict:
    """The board's awards and deaths, and each seat's own summary."""
    n = setup["n_players"]
    on_wolves = {seat: 0 for seat in range(n)}
    ballots_cast = {seat: 0 for seat in range(n)}
    state: dict = {}
    for before, _seat, _action, after in replay(rules, setup, log):
        state = after
        for event in events_new(before, after):
            if event["kind"] != "ballots" or event["vote"] != "vote" or not event["ballots"]:
                continue
            for voter, ballot, _weight in event["ballots"]:
                if ballot == "abstain":
                    continue
                ballots_cast[voter] += 1
                on_wolves[voter] += before["cards"][ballot] == WOLF
    cards = state["cards"]
    deaths = [{"seat": death["seat"], "card": cards[death["seat"]], "clock": death["clock"],
               "cause": death["cause"]} for death in state["deaths"]]
    left = [death["seat"] for death in state["deaths"] if death["cause"] == "left"]
    died_at = {death["seat"]: index for index, death in enumerate(state["deaths"])}
    wolves = [seat for seat in range(n) if cards[seat] == WOLF]
    lasted = {seat: died_at.get(seat, len(died_at)) + 1 for seat in wolves}
    result = state["result"] or {"team": None, "winners": []}
    sharp = {seat: 0 if seat in wolves else count for seat, count in on_wolves.items()}
    sharpest = leaders(sharp)
    if 2 * len(sharpest) > n - len(wolves):
        sharpest = []
    awards = [
        award("sharpest_voter", sharpest, counts=[sharp[seat] for seat in range(n)]),
        award("last_wolf", leaders(lasted),
              alive=[seat for seat in wolves if state["alive"][seat]]),
    ]
    seats = [
        {
            "seat": seat,
            "card": cards[seat],
            "dealt": state["dealt"][seat],
            "alive": state["alive"][seat],
            "won": seat in result["winners"] and seat not in left,
            "ballots": ballots_cast[seat],
            "on_wolves": on_wolves[seat],
            "awards": [entry["key"] for entry in awards if seat in entry["seats"]],
        }
        for seat in range(n)
    ]
    return {"board": {"game": rules.GAME_ID, "awards": awards, "deaths": deaths,
                      "team": result["team"],
                      "winners": [seat for seat in result["winners"] if seat not in left],
                      "left": left, "nights": state["nights"], "log": state["log"]},
            "seats": seats}
