"""The rules engine timed alone."""

from __future__ import annotations

import pytest

from bench.engine import engine_time, game_steady


@pytest.mark.parametrize("game", ["outfox", "hoax", "werewolf"])
def test_engine_time_reports_moves_per_second(game: str) -> None:
    result = engine_time(game, seconds=0.05)
    assert result["game"] == game
    assert result["moves"] > 0 and result["moves_per_second"] > 0
    assert result["bytes_per_frame"] > 100


def test_game_steady_reaches_the_measured_phase() -> None:
    _rules, state = game_steady("outfox", 6)
    assert state["phase"] == "rank"
    _rules, state = game_steady("hoax", 6)
    assert state["phase"] == "turn"
    _rules, state = game_steady("werewolf", 12)
    assert state["phase"] == "vote"
