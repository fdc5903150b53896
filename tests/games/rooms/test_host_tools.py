"""The host's tools through the services: pause and resume, removing a player mid-game, handing
a seat to a new phone, extended timers, the family filter, streamer mode and switching game."""

from __future__ import annotations

import dataclasses
import time

import pytest

from games.kit import registry
from games.kit.registry import GAMES, adapter_get
from games.kit.rules import MoveTable, Refusal
from games.live.handshake import host_cookie_name as services_host_cookie
from games.rooms import presence, selectors, services
from games.rooms.models import Action, Connection, Game, Room, Seat
from games.rooms.services import Actor
from tests.games.factories import (
    host,
    picks_made,
    room_fresh,
    room_make,
    started,
)
from tests.games.rooms.test_services import refused
from tests.support.testgame import TEST_GAME, game_under_test, pick


def another_game() -> str:
    """Another registered game to switch to: the first whose default options it can deal with
    here (a game whose content is curated in the database may find none in a test's)."""
    for game_id in GAMES:
        try:
            if game_id != TEST_GAME and adapter_get(game_id).options_clean({}) is not None:
                return game_id
        except Refusal:  # e.g. no card in this database matches its defaults
            continue
    raise AssertionError("no other game to switch to")

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("services_called_directly")]


def clock(monkeypatch, at: float) -> None:
    """The services' clock stands at ``at`` (epoch seconds)."""
    monkeypatch.setattr(time, "time", lambda: at)


# --- pause and resume ---------------------------------------------------------------------


def test_pause_freezes_the_deadline_and_resume_shifts_it_by_the_time_paused(monkeypatch):
    clock(monkeypatch, 1_000.0)
    room, seats = started(3)  # the first round's pick has a deadline
    deadline = room.state["deadline"]
    assert deadline == 1_000.0 + 60 and selectors.deadlines_due(deadline + 1) == [room.pk]

    clock(monkeypatch, 1_010.0)
    services.room_pause_set(room.code, host(room), True)
    room = room_fresh(room)
    assert room.paused_at == 1_010.0 and room.deadline is None
    # The ticker no longer finds the room, and an expiry asked anyway changes nothing.
    assert selectors.deadlines_due(deadline + 500) == []
    assert services.deadline_expire(room.pk, now=deadline + 500) is None
    assert room_fresh(room).version == room.version

    clock(monkeypatch, 1_310.0)  # five minutes later
    services.room_pause_set(room.code, host(room), False)
    room = room_fresh(room)
    assert room.paused_at is None
    assert room.state["deadline"] == deadline + 300  # the 50 s left are still left
    assert room.deadline.timestamp() == deadline + 300
    resume = Action.objects.filter(game=room.current_game_id).order_by("seq").last()
    assert resume.seat is None and resume.payload == {"type": "resume", "paused": 300.0}
    # The resume is in the log: the game replays to the same state, shifted deadline and all.
    assert selectors.game_replay(Game.objects.get(pk=room.current_game_id)) == room.state


def test_moves_are_refused_while_paused():
    room, seats = started(3)
    services.room_pause_set(room.code, host(room), True)
    room = room_fresh(room)
    with refused("paused") as info:
        services.action_submit(room.code, seats[0].token, pick(3))
    assert "paused" in str(info.value.message)
    assert room_fresh(room).version == room.version
    with refused("paused"):
        services.room_pause_set(room.code, host(room), True)  # already paused


def test_a_paused_game_records_presence_on_the_stopped_clock(monkeypatch):
    clock(monkeypatch, 2_000.0)
    room, seats = started(3)
    clock(monkeypatch, 2_005.0)
    services.room_pause_set(room.code, host(room), True)
    clock(monkeypatch, 2_100.0)
    presence.connection_close(f"fake.{room.code}.{seats[1].pk}")
    room = room_fresh(room)
    recorded = Action.objects.filter(game=room.current_game_id).order_by("seq").last()
    assert recorded.payload["type"] == "presence" and recorded.applied_at == 2_005.0
    assert room.deadline is None  # still paused: the ticker still passes it by


def test_only_the_host_pauses_and_only_a_running_game(monkeypatch):
    room, seats = started(3)
    with refused("not_host"):
        services.room_pause_set(room.code, Actor(seat_token=seats[1].token), True)
    with refused("not_paused"):
        services.room_pause_set(room.code, host(room), False)
    lobby = room_make(TEST_GAME)
    with refused("wrong_phase"):
        services.room_pause_set(lobby.code, host(lobby), True)


def test_the_vip_phone_may_pause():
    room, seats = started(3)
    services.room_pause_set(room.code, Actor(seat_token=seats[0].token), True)
    assert room_fresh(room).paused_at is not None


# --- extended timers ------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [1, 1.5, 2])
def test_extended_timers_stretch_every_deadline_and_replay(monkeypatch, scale):
    clock(monkeypatch, 1_000.0)
    room, seats = started(3, {"timer_scale": scale, "pick_seconds": 20, "rounds": 2})
    assert room.state["deadline"] == 1_000.0 + 20 * scale
    clock(monkeypatch, 1_005.0)
    room = picks_made(room, seats, [1, 2, 3])  # every later deadline too: the next round's
    assert room.state["round"] == 2
    assert room.state["deadline"] == 1_005.0 + 20 * scale
    assert selectors.game_replay(Game.objects.get(pk=room.current_game_id)) == room.state


def test_the_timers_are_one_of_three_and_a_switch_of_game_keeps_them():
    room = room_make(TEST_GAME)
    with refused("bad_options"):
        services.room_options_set(room.code, host(room), {"timer_scale": 3})
    with refused("bad_options"):
        services.room_options_set(room.code, host(room), {"timer_scale": True})
    services.room_options_set(room.code, host(room), {"timer_scale": 1.5})
    services.room_switch_game(room.code, host(room), another_game())
    assert room_fresh(room).options["timer_scale"] == 1.5


# --- the family filter ---------------------------------------------------------------------


@pytest.mark.parametrize(("language", "name"), [
    ("en", "Shit Happens"), ("es", "Hijo de puta"), ("fr", "Connard"), ("id", "Bangsat"),
])
def test_the_family_filter_refuses_a_rude_name_in_each_language(language, name):
    from django.utils import translation

    room = room_make(TEST_GAME)
    with translation.override(language), refused("filtered") as info:
        services.seat_join(room.code, name)
    assert "family-friendly" in str(info.value.message)
    assert not room.seats.exists()


def test_the_host_turns_the_filter_off_in_the_lobby_only():
    room = room_make(TEST_GAME)
    assert room.family_filter
    services.room_host_settings(room.code, host(room), {"family_filter": False})
    seat, _snapshot = services.seat_join(room.code, "Shit Happens")
    assert seat.name == "Shit Happens"
    room, _seats = started(3)
    with refused("wrong_phase"):
        services.room_host_settings(room.code, host(room), {"family_filter": False})
    with refused("bad_message"):
        services.room_host_settings(room.code, host(room), {"family_filter": "no"})
    with refused("bad_message"):
        services.room_host_settings(room.code, host(room), {"locked": True})


def test_the_family_filter_refuses_a_rude_free_text(monkeypatch):
    """What a player types (the game's ``free_text``: the test game's shout) is checked in the
    writer's language before the rules see it."""
    from django.utils import translation

    room, seats = started(3)
    with translation.override("fr"), refused("filtered"):
        services.action_submit(room.code, seats[0].token, pick(3, "Fils de pute"))
    assert room_fresh(room).version == room.version
    services.action_submit(room.code, seats[0].token, pick(3, "Wile E. Coyote"))
    assert room_fresh(room).state["shouts"][0] == "Wile E. Coyote"


# --- streamer mode --------------------------------------------------------------------------


def test_streamer_mode_is_the_hosts_at_any_time():
    room, seats = started(3)
    with refused("not_host"):
        services.room_host_settings(room.code, Actor(seat_token=seats[2].token), {"streamer": True})
    services.room_host_settings(room.code, host(room), {"streamer": True})
    assert room_fresh(room).streamer


# --- switch game ----------------------------------------------------------------------------


def test_switch_game_goes_to_the_new_games_lobby_with_the_same_seats():
    room, seats = started(3)
    other = another_game()
    with refused("wrong_phase"):
        services.room_switch_game(room.code, host(room), other)
    Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
    with refused("no_game"):
        services.room_switch_game(room.code, host(room), "chess")
    services.room_switch_game(room.code, host(room), other)
    switched = room_fresh(room)
    assert (switched.pk, switched.code, switched.game, switched.status, switched.state) == (
        room.pk, room.code, other, Room.Status.LOBBY, None)
    assert switched.options == adapter_get(other).options_clean({})
    assert Game.objects.filter(room=room).count() == 1  # no new room, the old game kept
    assert [seat.pk for seat in room.seats.all()] == [seat.pk for seat in seats]
    assert all(seat.position is None and not seat.is_audience for seat in room.seats.all())


# --- hand a seat to a new phone ------------------------------------------------------------


def test_a_handed_seat_gets_a_new_token_and_the_old_one_stops_working():
    room, seats = started(3)
    seat = seats[1]
    with refused("not_host"):
        services.seat_handover_code(room.code, Actor(seat_token=seats[2].token), seat.pk)
    code, _seat = services.seat_handover_code(room.code, host(room), seat.pk)
    assert len(code) == 6 and code.isdigit()
    taken, snapshot = services.seat_takeover(room.code, code)
    assert taken.pk == seat.pk and taken.token != seat.token and taken.position == seat.position
    assert snapshot.handed == [seat.pk]
    with refused("no_seat"):
        selectors.seat_by_token(room, seat.token)
    assert selectors.seat_by_token(room, taken.token).pk == seat.pk
    with refused("bad_handover"):  # one time only
        services.seat_takeover(room.code, code)


def test_a_wrong_handover_code_voids_the_rooms_pending_codes():
    """Six digits cannot be found by trying them: the first wrong guess ends every code."""
    room, seats = started(3)
    code, _seat = services.seat_handover_code(room.code, host(room), seats[1].pk)
    with refused("bad_handover"):
        services.seat_takeover(room.code, "000000" if code != "000000" else "111111")
    with refused("bad_handover"):
        services.seat_takeover(room.code, code)
    seats[1].refresh_from_db()
    assert selectors.seat_by_token(room, seats[1].token).pk == seats[1].pk  # still the old phone's
    code, _seat = services.seat_handover_code(room.code, host(room), seats[1].pk)
    assert services.seat_takeover(room.code, code)[0].pk == seats[1].pk  # a new code works


def test_the_host_screens_learn_when_a_handover_code_is_used_or_voided():
    """The room's frame says which seats have a code pending, so the host's screen stops
    showing a code that was used or that a wrong guess voided (the void is a new version,
    broadcast like any change)."""
    from games.live.screens import room_public

    def pending(snapshot):
        return [player["handover"] for player in room_public(snapshot)["players"]]

    room, seats = started(3)
    code, _seat = services.seat_handover_code(room.code, host(room), seats[1].pk)
    assert pending(selectors.snapshot_get(room.code)) == [False, True, False]
    version = room_fresh(room).version
    with refused("bad_handover") as info:
        services.seat_takeover(room.code, "000000" if code != "000000" else "111111")
    assert info.value.snapshot.room.version == version + 1
    assert pending(info.value.snapshot) == [False, False, False]
    with refused("bad_handover") as info:  # nothing pending: nothing changed, nothing to send
        services.seat_takeover(room.code, code)
    assert info.value.snapshot is None
    assert room_fresh(room).version == version + 1
    code, _seat = services.seat_handover_code(room.code, host(room), seats[2].pk)
    _taken, snapshot = services.seat_takeover(room.code, code)
    assert pending(snapshot) == [False, False, False]


def test_a_handover_code_expires(monkeypatch):
    room, seats = started(3)
    clock(monkeypatch, 1_000.0)
    code, _seat = services.seat_handover_code(room.code, host(room), seats[1].pk)
    clock(monkeypatch, 1_000.0 + services.HANDOVER_SECONDS + 1)
    with refused("bad_handover"):
        services.seat_takeover(room.code, code)


# --- remove a player mid-game --------------------------------------------------------------


def test_removing_a_player_mid_game_applies_the_rules_move_and_frees_the_seat():
    room, seats = started(4, {"rounds": 2})
    room = picks_made(room, seats, [2, 5])
    victim = seats[2]
    snapshot = services.seat_remove(room.code, host(room), victim.pk)
    assert snapshot.kicked == [victim.pk]
    room = room_fresh(room)
    victim = Seat.objects.get(pk=victim.pk)
    assert victim.removed and room.state["left"][victim.position]
    assert not Connection.objects.filter(seat=victim).exists()
    last = Action.objects.filter(game=room.current_game_id).order_by("seq").last()
    assert last.seat is None and last.payload == {"type": "remove", "target": victim.position}
    assert selectors.game_replay(Game.objects.get(pk=room.current_game_id)) == room.state
    with refused("no_seat"):
        services.seat_remove(room.code, host(room), victim.pk)  # already gone
    # Back in the lobby, the removed seat goes.
    Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
    services.room_play_again(room.code, host(room))
    assert not Seat.objects.filter(pk=victim.pk).exists()


def test_a_removed_player_rejoins_as_audience_under_the_same_name():
    room, seats = started(4)
    victim, other = seats[1], seats[2]
    services.seat_remove(room.code, host(room), victim.pk)
    again, snapshot = services.seat_join(room.code, victim.name.upper())
    assert again.is_audience and again.name == victim.name.upper() and snapshot is None
    with refused("name_taken"):  # a name still at the table, or in the audience, stays taken
        services.seat_join(room.code, other.name)
    with refused("name_taken"):
        services.seat_join(room.code, victim.name)


def test_a_removed_vip_hands_the_host_controls_to_the_next_player():
    room, seats = started(3)
    services.seat_remove(room.code, host(room), seats[0].pk)
    assert selectors.vip_seat(list(room.seats.all())).pk == seats[1].pk


def test_removal_through_the_host_menu_or_the_games_own_control_is_one_move():
    room, seats = started(4)
    snapshot = services.seat_remove(room.code, host(room), seats[1].pk)
    assert snapshot.kicked == [seats[1].pk]
    room = room_fresh(room)
    assert room.state["left"][1]
    # The game's own control ("act" remove, by position) goes the same way: the phone is sent off.
    snapshot = services.room_host_act(room.code, host(room), {"type": "remove", "target": 2})
    assert snapshot.kicked == [seats[2].pk] and Seat.objects.get(pk=seats[2].pk).removed
    assert room_fresh(room).status == Room.Status.PLAYING
    with refused("no_seat"):
        services.room_host_act(room.code, host(room), {"type": "remove", "target": True})
    game = Game.objects.get(pk=room.current_game_id)
    assert selectors.game_replay(game) == room_fresh(room).state


def test_a_game_that_declares_no_remove_is_offered_none_and_refuses_it_clearly(client):
    """Remove is a host move the game declares (the kit's ``remove_move``): without it, the
    host menu offers no Remove (its page says which host moves there are) and a request for
    one is refused by the platform, in words, not by the rules' "Unknown action."."""
    played = game_under_test()
    keep = MoveTable([line for line in played.moves.moves if line.type != "remove"],
                     present=played.moves.present)
    # (apply=None: derived again from the new table; host_actions=None: from its HOST lines)
    registry.games()[TEST_GAME] = dataclasses.replace(played, moves=keep, host_actions=None,
                                                      apply=None)
    registry.adapter_get.cache_clear()  # its adapter holds the Game it was made with
    try:
        room, seats = started(3)
        with refused("bad_action") as info:
            services.seat_remove(room.code, host(room), seats[1].pk)
        assert info.value.message == "This game has no such host control."
        with refused("bad_action"):
            services.room_host_act(room.code, host(room), {"type": "remove", "target": 1})
        assert not Seat.objects.get(pk=seats[1].pk).removed
        client.cookies[services_host_cookie(room.code)] = room.host_token
        assert '"host_actions": []' in client.get(f"/tv/{room.code}").content.decode()
    finally:
        registry.games()[TEST_GAME] = played
        registry.adapter_get.cache_clear()
    room, _seats = started(3)
    assert '"host_actions": ["remove"]' in client.get(f"/tv/{room.code}").content.decode()


def test_a_game_with_a_pause_and_removals_ends_with_its_recap():
    room, seats = started(3)
    services.room_pause_set(room.code, host(room), True)
    services.room_pause_set(room.code, host(room), False)
    services.seat_remove(room.code, host(room), seats[1].pk)
    services.seat_remove(room.code, host(room), seats[2].pk)
    snapshot = services.action_submit(room.code, seats[0].token, pick(2))  # Ann is left: she wins
    room = room_fresh(room)
    assert room.status == Room.Status.OVER and room.state["winners"] == [0]
    game = Game.objects.get(pk=room.current_game_id)
    assert game.recap is not None and snapshot.recap == game.recap  # the log replayed, resume too
