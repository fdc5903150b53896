"""Outfox's recap: the game's turns replayed from its action log, and its awards.

Pure, like the rules. Awards (ties share them): the best Fox (the Fox that fooled the most
guessers: not put in the FOX slot; on equal counts, the one placed nearer #1), the exact Double
Downs (the guessers with the most), and the biggest jump on the track (the most points one
player took in one turn). Everything here was public at the turn's reveal.
"""

from __future__ import annotations

from games.kit.recap import award, leaders
from games.kit.rules import replay
from games.outfox import rules


def turns(setup: dict, log: list[dict]) -> tuple[list[dict], dict]:
    """Every scored turn (a skipped one scored nothing), as the board saw it when the Fox was
    revealed: the answers, the locked column, the Double Downs and the points; and the final
    state."""
    scored = []
    state: dict = {}
    for before, _seat, _action, after in replay(rules, setup, log):
        state = after
        if len(after["history"]) == len(before["history"]) or after["history"][-1]["skipped"]:
            continue
        board = rules.view(after, None)
        result = board["result"]
        readers = [seat for seat in (result["reader"], result["partner"]) if seat is not None]
        scored.append({
            "turn": result["turn"],
            "readers": readers,
            "guessers": list(board["guessers"]),
            "fox": result["fox"],
            "fox_slot": result["fox_slot"],
            "answers": board["answers"],
            "guess": board["guess"],
            "double_downs": board["double_downs"],
            "exact": result["double_downs"],
            "points": result["points"],
            "before": [score - points for score, points
                       in zip(after["scores"], result["points"], strict=True)],
        })
    return scored, state


def recap(setup: dict, log: list[dict]) -> dict:
    """The board's awards and each seat's own summary."""
    n = setup["n_players"]
    played, state = turns(setup, log)
    foxes = [
        {"turn": turn["turn"], "readers": turn["readers"], "fox": turn["fox"],
         "slot": turn["fox_slot"],
         "fooled": 0 if turn["fox_slot"] == rules.FOX_SLOT else len(turn["guessers"])}
        for turn in played
    ]
    best = max(((fox["fooled"], -fox["slot"]) for fox in foxes), default=(0, 0))
    best_foxes = [fox for fox in foxes if best[0] > 0 and (fox["fooled"], -fox["slot"]) == best]
    exact = [
        {"turn": turn["turn"], "seat": seat, "answer": turn["answers"][turn["double_downs"][seat]],
         "slot": turn["guess"].index(turn["double_downs"][seat])}
        for turn in played for seat in turn["exact"]
    ]
    exact_counts = {seat: sum(entry["seat"] == seat for entry in exact) for seat in range(n)}
    jumps = [
        {"turn": turn["turn"], "seat": seat, "points": points, "from": turn["before"][seat],
         "to": turn["before"][seat] + points}
        for turn in played for seat, points in enumerate(turn["points"])
    ]
    top = max((jump["points"] for jump in jumps), default=0)
    biggest = [jump for jump in jumps if top > 0 and jump["points"] == top]
    awards = [
        award("best_fox", sorted({seat for fox in best_foxes for seat in fox["readers"]}),
              entries=best_foxes),
        award("double_down", leaders(exact_counts), entries=exact),
        award("biggest_jump", sorted({jump["seat"] for jump in biggest}), entries=biggest),
    ]
    scores = [0] * n
    for turn in played:
        scores = [score + points for score, points in zip(scores, turn["points"], strict=True)]
    podium = rules.podium(scores, state.get("removed"))  # a removed player cannot win
    seats = [
        {
            "seat": seat,
            "score": scores[seat],
            "place": 1 + sum(score > scores[seat] for score in scores),
            "won": seat in podium["winners"],
            "foxes": [fox for fox in foxes if seat in fox["readers"]],
            "fooled": sum(fox["fooled"] for fox in foxes if seat in fox["readers"]),
            "exact": exact_counts[seat],
            "best_turn": max((j["points"] for j in jumps if j["seat"] == seat), default=0),
            "awards": [entry["key"] for entry in awards if seat in entry["seats"]],
        }
        for seat in range(n)
    ]
    return {"board": {"game": rules.GAME_ID, "awards": awards, "winners": podium["winners"],
                      "turns": len(played)},
            "seats": seats}
