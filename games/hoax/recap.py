"""Hoax's recap: every claim of the game replayed from its action log, with who really was who.

Pure, like the rules. Awards (ties share them): the best bluffer (the most false claims that
stood: not called, or called and believed), the sharpest caller (the most "Hoax!" calls on false
claims). The timeline lists every claim and immunity claim with the claimant's real character:
public only because the game is over (every identity is revealed then).
"""

from __future__ import annotations

from games.hoax import rules
from games.kit.recap import award, events_new, leaders
from games.kit.rules import replay

OUTCOMES = {"imposter": "caught", "truthful": "proved"}  # else the claim stood


def timeline(setup: dict, log: list[dict]) -> tuple[list[dict], dict]:
    """Every claim in order, with its caller, votes and outcome; and the final state."""
    claims: list[dict] = []
    state: dict = {}
    for before, _seat, _action, after in replay(rules, setup, log):
        state = after
        for event in events_new(before, after):
            kind = event["kind"]
            if kind in ("claim", "immunity_claim"):
                seat = event["seat"]
                truth = after["characters"][seat]
                claims.append({
                    "number": len(claims) + 1,
                    "kind": "claim" if kind == "claim" else "immunity",
                    "seat": seat,
                    "character": event["character"],
                    "truth": truth,
                    "true": truth == event["character"],
                    "caller": None,
                    "votes": None,
                    "outcome": "stood",
                })
            elif kind == "hoax":
                claims[-1]["caller"] = event["seat"]
            elif kind == "vote":
                votes = zip(event["voters"], event["votes"], strict=True)
                claims[-1]["votes"] = [[voter, vote] for voter, vote in votes]
            elif kind in OUTCOMES:
                claims[-1]["outcome"] = OUTCOMES[kind]
    return claims, state


def recap(setup: dict, log: list[dict]) -> dict:
    """The board's awards and timeline, and each seat's own summary."""
    n = setup["n_players"]
    claims, state = timeline(setup, log)
    bluffs = {seat: 0 for seat in range(n)}
    right_calls = {seat: 0 for seat in range(n)}
    wrong_calls = {seat: 0 for seat in range(n)}
    right_votes = {seat: 0 for seat in range(n)}
    votes_cast = {seat: 0 for seat in range(n)}
    for claim in claims:
        if not claim["true"] and claim["outcome"] == "stood":
            bluffs[claim["seat"]] += 1
        if claim["caller"] is not None:
            (wrong_calls if claim["true"] else right_calls)[claim["caller"]] += 1
        for voter, vote in claim["votes"] or []:
            votes_cast[voter] += 1
            right_votes[voter] += (vote == "down") != claim["true"]
    awards = [
        award("best_bluffer", leaders(bluffs), counts=[bluffs[seat] for seat in range(n)]),
        award("sharpest_caller", leaders(right_calls),
              counts=[right_calls[seat] for seat in range(n)]),
    ]
    seats = [
        {
            "seat": seat,
            "character": state["characters"][seat],
            "won": state["winner"] == seat,
            "out": state["out"][seat],
            "claims": sum(claim["seat"] == seat for claim in claims),
            "lies": sum(claim["seat"] == seat and not claim["true"] for claim in claims),
            "bluffs": bluffs[seat],
            "caught": sum(claim["seat"] == seat and claim["outcome"] == "caught"
                          for claim in claims),
            "calls_right": right_calls[seat],
            "calls_wrong": wrong_calls[seat],
            "votes": votes_cast[seat],
            "votes_right": right_votes[seat],
            "awards": [entry["key"] for entry in awards if seat in entry["seats"]],
        }
        for seat in range(n)
    ]
    return {"board": {"game": rules.GAME_ID, "awards": awards, "timeline": claims,
                      "winner": state["winner"]},
            "seats": seats}
