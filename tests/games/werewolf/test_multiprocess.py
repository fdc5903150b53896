"""Werewolf on two Daphne processes sharing PostgreSQL and Redis: the TV's socket on one, the
phones' on the other. The night's secrets reach only their phones across processes, a move on
one process reaches the TV on the other, a night step's deadline is expired by the processes'
own tickers with nobody acting, and the saved game replays from its seed and action log."""

from __future__ import annotations

import json

import pytest

from tests.support.live import Screen, api_post, log_agrees, room_row, ws_url

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
# Two Werewolves and four Villagers, no Mayor: night 1 is the pack's step alone.
OPTIONS = {"composition": "custom", "composition.werewolves": 2, "composition.villagers": 4,
           "composition.seer": False, "composition.witch": False, "composition.hunter": False,
           "mayor.enabled": False,
           # A night step lasts its drawn share of its timer whatever the phones do: the
           # shortest timer brings the dawn within the test's wait.
           "timers.wolves": 10}


def view_of(frame: dict) -> dict:
    return frame["view"]


async def test_a_night_across_two_processes(postgres_url, redis_url, daphne_factory):
    env = {"DATABASE_URL": postgres_url, "REDIS_URL": redis_url, "PARTYHUB_TICK_SECONDS": "0.5"}
    tv_base, phone_base = daphne_factory(env), daphne_factory(env)
    room = api_post(tv_base, "/api/rooms", {"game": "werewolf", "options": OPTIONS})
    code = room["code"]
    seats = [api_post(phone_base, f"/api/rooms/{code}/seats", {"name": name}) for name in NAMES]
    tv = await Screen.open("tv", ws_url(tv_base, room["board_socket"]))
    phones = [await Screen.open(name, ws_url(phone_base, seat["seat_socket"]))
              for name, seat in zip(NAMES, seats, strict=True)]
    screens = [tv, *phones]
    try:
        await tv.until(lambda f: len(f["room"]["players"]) == 6
                       and all(p["connected"] for p in f["room"]["players"]))
        await phones[0].send({"type": "host", "command": "start"})
        look = await tv.until(lambda f: f["room"]["status"] == "playing")
        assert view_of(look)["phase"] == "look"
        assert all(player["card"] is None for player in view_of(look)["players"])

        for phone in phones:
            await phone.send({"type": "act", "action": {"type": "look", "target": None}})
        night = await tv.until(lambda f: f["view"] and f["view"]["phase"] == "night", 15)
        assert view_of(night)["step"]["key"] == "werewolves"
        assert view_of(night)["deadline"] is None  # no countdown at night
        version = night["version"]
        frames = [await phone.at(version) for phone in phones]
        cards = [frame["view"]["me"]["card"] for frame in frames]
        wolves = [seat for seat, card in enumerate(cards) if card == "werewolf"]
        assert len(wolves) == 2 and cards.count("villager") == 4
        kinds = [frame["view"]["me"]["prompt"]["kind"] for frame in frames]
        assert [seat for seat, kind in enumerate(kinds) if kind == "wolf"] == wolves
        assert {kinds[seat] for seat in range(6) if seat not in wolves} == {"decoy"}
        # Across the processes too, a phone's frame says nothing of who is awake by its size.
        sizes = {len(json.dumps(frame["view"]["me"], separators=(",", ":")))
                 for frame in frames}
        assert len(sizes) == 1
        # The TV's frame holds no card, nor the wolves' seats.
        assert "werewolf" not in json.dumps(view_of(night)["players"])

        victim = next(seat for seat in range(6) if seat not in wolves)
        for wolf in wolves:
            await phones[wolf].send({"type": "act",
                                     "action": {"type": "wolf_vote", "target": victim}})
        for wolf in wolves:
            await phones[wolf].send({"type": "act", "action": {"type": "confirm", "target": None}})
        # The pack's choice is locked; the step ends at its drawn length, on a ticker.
        dawn = await tv.until(lambda f: f["view"] and f["view"]["phase"] == "dawn", 30)
        dead = [p for p in view_of(dawn)["players"] if not p["alive"]]
        assert [(p["seat"], p["card"]) for p in dead] == [(victim, "villager")]
        assert {"key": "death", "seat": victim, "card": "villager"} in (
            view_of(dawn)["narration"]["lines"])
        for phone in phones:
            frame = await phone.at(dawn["version"])
            assert frame["view"]["players"] == view_of(dawn)["players"]
        for screen in screens:
            assert not screen.errors, screen.errors
            screen.assert_open()
    finally:
        for screen in screens:
            await screen.close()

    row = room_row(postgres_url, code)
    log_agrees(row)  # one action per version, and the log replays to the saved state
    timeouts = [payload for _seq, seat, payload, _at in row["actions"] if seat is None
                and payload["type"] == "timeout"]
    assert timeouts  # the night step ended on a process's ticker, with no phone involved
    assert row["state"]["nights"][0]["victim"] == victim
