"""How the benchmark plays Outfox the Fox: the guessers keep re-ranking the column, with the
ranking timer off (see ``games.kit.game.BenchPlan``). Pure: the moves are functions of a seat's
own view, which the bench's tests play whole games with against the rules."""

from __future__ import annotations

from typing import Any

from games.kit.game import BenchPlan
from games.outfox.rules import SLOTS, answer_key

# No timer fires mid-run: the ranking, the reading and the reveal wait for the players.
OPTIONS: dict[str, Any] = {"rank_seconds": 0, "read_seconds": 0, "reveal_pace": "manual"}
FOX_TEXT = "Bench fox"


def cards(count: int = 40) -> list[dict]:
    """Question cards shaped like the starter decks' (for the engine alone: no database)."""
    orders = [[1, 2, 0, 3, 4, 5], [0, 1, 2, 3, 4, 5], [2, 3, 1, 5, 0, 4], [5, 4, 3, 2, 1, 0]]
    return [
        {
            "id": 1000 + i,
            "question": f"Top 5 most visited places number {i} in the whole wide world",
            "source": "Benchmark Atlas of Places, 2024 edition",
            "answers": [f"Answer {rank} of card {i} with a realistic length" for rank in range(5)],
            "reading_order": orders[i % len(orders)],
        }
        for i in range(count)
    ]


def place(guess: list[int | None], k: int) -> dict:
    """The ``k``-th ranking move: some answer into slot ``k % 6`` (a different one than there)."""
    slot = k % SLOTS
    answer = (k // SLOTS + 2 * k + 1) % SLOTS
    if guess[slot] == answer:
        answer = (answer + 1) % SLOTS
    return {"type": "place", "answer": answer, "slot": slot}


def fox_text(secret: list[dict] | None) -> str:
    """A Fox answer that is none of the card's real answers."""
    taken = {answer_key(item["text"]) for item in secret or [] if item.get("text")}
    text, number = FOX_TEXT, 1
    while answer_key(text) in taken:
        number += 1
        text = f"{FOX_TEXT} {number}"
    return text


def move(view: dict, k: int) -> dict | None:
    """What a seat does from its own view: walk to the ranking, then keep ranking."""
    me = view.get("me")
    if not me:
        return None
    phase = view["phase"]
    reader = me["role"] == "reader"
    if phase == "draw" and reader and me["offer"]:
        return {"type": "pick_card", "card": me["offer"][0]["id"]}
    if phase == "fox" and reader:
        proposal = me["proposal"]
        if proposal is None and view["reader"] == me["seat"]:
            return {"type": "fox", "text": fox_text(me["secret"])}
        if proposal is not None and proposal["by"] != me["seat"]:
            return {"type": "approve_fox"}
        return None
    if phase == "read" and reader and view["reader"] == me["seat"]:
        return {"type": "start_clock"}
    if phase == "rank" and not reader:
        return place(view["guess"], k)
    return None


PLAN = BenchPlan(options=lambda phones: OPTIONS, move=move, steady_phases=("rank",),
                 content=lambda: {"cards": cards()})
