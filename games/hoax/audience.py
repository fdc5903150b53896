"""What Hoax's audience plays, from the public view only (pure: no Django, no secrets).

Whenever a claim is called ("Hoax!") and the players vote, the audience votes too: believe
(``up``) or hoax (``down``). Once the players' vote is shown, the tally stands beside it, with
the truth when the vote exposed it (a truthful claim voted down wins; a lie earns a token).
"""

from __future__ import annotations

CHOICES = ("up", "down")


def _call_index(view: dict) -> int | None:
    """The absolute log index of the call that opened the current vote."""
    log = view["log"]
    for index in range(len(log) - 1, -1, -1):
        if log[index]["kind"] == "hoax":
            return view["log_from"] + index
    return None


def ballot(view: dict) -> dict | None:
    """The ballot open now (one per called claim), or ``None``."""
    challenge = view["challenge"]
    if view["phase"] != "vote" or challenge is None:
        return None
    index = _call_index(view)
    if index is None:
        return None
    return {
        "key": f"c{index}",
        "claim": {"seat": challenge["seat"], "character": challenge["character"]},
        "questions": [
            {"name": "claim", "choices": [{"value": choice} for choice in CHOICES]},
        ],
    }


def result(view: dict, key: str) -> dict | None:
    """The players' verdict on ballot ``key`` once shown, and the truth when it is public: the
    claim was ``true`` (voted down, and it won) or a ``lie`` (an imposter token); otherwise
    ``None`` (believed: nobody learns, until the end)."""
    if not key.startswith("c") or not key[1:].isdigit():
        return None
    start = int(key[1:]) - view["log_from"]
    log = view["log"]
    if not 0 <= start < len(log) or log[start]["kind"] != "hoax":
        return None
    following = log[start + 1:]
    vote = next((event for event in following if event["kind"] == "vote"), None)
    if vote is None:
        return None
    truth = None
    for event in following:
        if event["kind"] == "truthful":
            truth = "true"
        elif event["kind"] == "imposter":
            truth = "lie"
        if truth or event["kind"] == "turn":
            break
    return {
        "claim": {"seat": vote["claimant"], "character": vote["character"]},
        "players": vote["result"],
        "truth": truth,
    }
