"""The services: every change to a room, checked and applied under the room's row lock."""

from __future__ import annotations

import json
import random
import secrets
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from games.kit.errors import ServiceError, error_text
from games.kit.rules import RuleError
from games.rooms import liveness, presence, rows, selectors, services
from games.rooms.models import Action, Connection, Game, Room, Seat
from games.rooms.services import Actor
from games.rooms.tokens import token_digest
from tests.games.factories import (
    NAMES,
    by_position,
    host,
    picks_made,
    play_randomly,
    replays_from_its_log,
    room_fresh,
    room_make,
    seats_join,
    seats_online,
    services_patch,
    started,
)
from tests.support.testgame import TEST_GAME, game_under_test, pick

GAME = game_under_test()
DEFAULTS = GAME.options_clean({})

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("services_called_directly")]


def refused(code: str):
    """``pytest.raises`` for a ``ServiceError`` with this code."""

    class Check:
        def __enter__(self):
            self.raises = pytest.raises(ServiceError)
            self.info = self.raises.__enter__()
            return self.info

        def __exit__(self, *exc):
            handled = self.raises.__exit__(*exc)
            assert self.info.value.code == code, self.info.value.code
            return handled

    return Check()


# --- room_create --------------------------------------------------------------------------


def test_room_create_makes_a_lobby_with_code_host_token_and_default_options():
    room = room_make(TEST_GAME, {"pick_seconds": 30})
    stored = Room.objects.get(code=room.code)
    assert stored.status == Room.Status.LOBBY
    assert stored.version == 0 and stored.state is None
    assert len(room.host_token) >= 24  # given to the TV; the database keeps its digest
    assert stored.host_token_digest == token_digest(room.host_token)
    assert stored.host_token is None
    assert stored.options["pick_seconds"] == 30
    assert stored.options["top"] == DEFAULTS["top"]
    assert room_make(TEST_GAME).host_token != room.host_token


def test_room_create_refuses_an_unknown_game():
    with refused("no_game") as info:
        services.room_create("chess", {})
    assert "chess" in error_text(info.value)
    assert not Room.objects.exists()


@pytest.mark.parametrize(
    "options", [{"pick_seconds": 0}, {"top": "ten"}, {"rounds": 99}, {"top": True}]
)
def test_room_create_refuses_bad_options(options):
    with refused("bad_options"):
        services.room_create(TEST_GAME, options)
    assert not Room.objects.exists()


def test_room_get_ignores_case_and_spaces_and_refuses_unknown_codes():
    room = room_make()
    assert selectors.room_get(f" {room.code.lower()} ").pk == room.pk
    with refused("no_room"):
        selectors.room_get("QQQQ" if room.code != "QQQQ" else "ZZZZ")


# --- seat_join ----------------------------------------------------------------------------


def test_seat_join_trims_and_single_spaces_the_name():
    room = room_make()
    seat, snapshot = services.seat_join(room.code, "   Ann \t  Lee  ")
    assert seat.name == "Ann Lee"
    assert [s.name for s in snapshot.seats] == ["Ann Lee"]
    assert snapshot.room.version == 1


@pytest.mark.parametrize("name", ["", "   ", "\n\t", None, 42, ["Ann"], "\x00\x07"])
def test_seat_join_refuses_empty_or_non_text_names(name):
    room = room_make()
    with refused("bad_name"):
        services.seat_join(room.code, name)
    assert not Seat.objects.exists()


def test_names_are_one_to_twenty_characters():
    room = room_make()
    assert services.seat_join(room.code, "A")[0].name == "A"
    assert services.seat_join(room.code, "B" * 20)[0].name == "B" * 20
    with refused("bad_name") as info:
        services.seat_join(room.code, "C" * 21)
    assert "20" in error_text(info.value)
    # Spaces trimmed away do not count.
    assert services.seat_join(room.code, "  " + "D" * 20 + "  ")[0].name == "D" * 20


@pytest.mark.parametrize(("first", "second"), [("Ann", "aNN"), ("Straße", "STRASSE")])
def test_names_are_unique_ignoring_case(first, second):
    room = room_make()
    services.seat_join(room.code, first)
    with refused("name_taken") as info:
        services.seat_join(room.code, second)
    assert second in error_text(info.value)
    assert Seat.objects.filter(room=room).count() == 1


def test_a_name_with_html_is_kept_as_text():
    room = room_make()
    seat, _snapshot = services.seat_join(room.code, "<b>Bo</b> & co")
    assert Seat.objects.get(pk=seat.pk).name == "<b>Bo</b> & co"


def test_control_characters_are_removed_from_names():
    room = room_make()
    assert services.seat_join(room.code, "A\x00n\x1bn\u200b")[0].name == "Ann"
    assert services.seat_join(room.code, "\r\nBob\x7f")[0].name == "Bob"


def test_a_locked_room_refuses_new_phones():
    room = room_make()
    services.room_lock_set(room.code, host(room), True)
    with refused("locked"):
        services.seat_join(room.code, "Ann")
    assert not Seat.objects.exists()


def test_a_full_room_refuses_players_beyond_the_games_maximum():
    room = room_make(TEST_GAME)
    seats_join(room, GAME.max_players)
    with refused("full") as info:
        services.seat_join(room.code, "Zed")
    assert str(GAME.max_players) in error_text(info.value)
    assert Seat.objects.filter(room=room).count() == GAME.max_players


def test_after_the_start_new_phones_join_the_audience():
    room, seats = started(3)
    version = room_fresh(room).version
    watcher, snapshot = services.seat_join(room.code, "Zed")
    assert watcher.is_audience and watcher.position is None
    # No screen changes: the audience is counted in its tally, not listed in the frames.
    assert snapshot is None and room_fresh(room).version == version
    assert [s.name for s in selectors.snapshot_get(room.code).seats] == ["Ann", "Bob", "Cid"]
    # A full game still takes an audience.
    full, _seats = started(GAME.max_players)
    assert services.seat_join(full.code, "Zed")[0].is_audience


def test_the_audience_is_full_at_its_cap_and_the_players_do_not_count(monkeypatch):
    """The cap counts the phones watching, not the players; a removed player's name is free."""
    services_patch(monkeypatch, "AUDIENCE_MAX", 2)
    room, _seats = started(3)
    services.seat_join(room.code, "Zed")
    services.seat_join(room.code, "Yan")
    with refused("full"):
        services.seat_join(room.code, "Xu")
    assert Seat.objects.filter(room=room, is_audience=True).count() == 2


def test_the_first_player_to_join_is_the_vip():
    room = room_make()
    ann, bob, cid = seats_join(room, 3)
    seats = list(room.seats.all())
    assert selectors.vip_seat(seats).pk == ann.pk
    services.seat_kick(room.code, host(room), ann.pk)
    assert selectors.vip_seat(list(room.seats.all())).pk == bob.pk


def test_the_audience_is_never_the_vip():
    room, seats = started(3)
    services.seat_join(room.code, "Zed")
    assert selectors.vip_seat(list(room.seats.all())).pk == seats[0].pk


# --- host_check ---------------------------------------------------------------------------


def test_host_check_accepts_the_tv_host_token_and_the_vip_phone_only():
    room = room_make()
    vip, other = seats_join(room, 2)
    services.host_check(room, Actor(host_token=room.host_token))
    services.host_check(room, Actor(seat_token=vip.token))
    for actor in (
        Actor(seat_token=other.token),
        Actor(host_token=room.host_token[:-1] + ("A" if room.host_token[-1] != "A" else "B")),
        Actor(host_token=vip.token),
        Actor(seat_token=room.host_token),
        Actor(),
    ):
        with refused("not_host"):
            services.host_check(room, actor)


def test_the_vip_of_another_room_is_not_host_here():
    room = room_make()
    seats_join(room, 1)
    elsewhere = room_make()
    (their_vip,) = seats_join(elsewhere, 1)
    with refused("not_host"):
        services.host_check(room, Actor(seat_token=their_vip.token))


# --- seat_kick, room_lock_set, room_options_set --------------------------------------------


def test_seat_kick_removes_the_seat_and_its_token_stops_working():
    room = room_make()
    ann, bob = seats_join(room, 2)
    snapshot = services.seat_kick(room.code, host(room), bob.pk)
    assert snapshot.kicked == [bob.pk]
    assert [s.pk for s in snapshot.seats] == [ann.pk]
    assert snapshot.room.version == 3
    with refused("no_seat"):
        selectors.seat_by_token(room, bob.token)
    # The VIP may kick too; a plain player may not.
    cid, dee = services.seat_join(room.code, "Cid")[0], services.seat_join(room.code, "Dee")[0]
    with refused("not_host"):
        services.seat_kick(room.code, Actor(seat_token=cid.token), dee.pk)
    services.seat_kick(room.code, Actor(seat_token=ann.token), dee.pk)
    assert [s.name for s in room.seats.all()] == ["Ann", "Cid"]


@pytest.mark.parametrize("target", [999999, "1", None, 1.5])
def test_seat_kick_of_no_such_seat_is_refused(target):
    room = room_make()
    seats_join(room, 2)
    with refused("no_seat"):
        services.seat_kick(room.code, host(room), target)
    assert room.seats.count() == 2


def test_seat_kick_cannot_reach_another_rooms_seat():
    room, elsewhere = room_make(), room_make()
    seats_join(room, 1)
    (stranger,) = seats_join(elsewhere, 1)
    with refused("no_seat"):
        services.seat_kick(room.code, host(room), stranger.pk)
    assert Seat.objects.filter(pk=stranger.pk).exists()


def test_seat_kick_is_for_the_lobby_only():
    room, seats = started(3)
    with refused("wrong_phase"):
        services.seat_kick(room.code, host(room), seats[1].pk)
    assert room.seats.count() == 3


def test_room_lock_set_locks_and_unlocks_for_the_host_only():
    room = room_make()
    (vip,) = seats_join(room, 1)
    snapshot = services.room_lock_set(room.code, host(room), True)
    assert snapshot.room.locked and room_fresh(room).locked
    with refused("locked"):
        services.seat_join(room.code, "Bob")
    services.room_lock_set(room.code, Actor(seat_token=vip.token), False)
    assert services.seat_join(room.code, "Bob")[0].name == "Bob"
    bob = Seat.objects.get(name="Bob")
    with refused("not_host"):
        services.room_lock_set(room.code, Actor(seat_token=bob.token), True)
    assert not room_fresh(room).locked


def test_room_options_set_merges_validates_and_is_lobby_only():
    room = room_make(TEST_GAME, {"pick_seconds": 30})
    (vip, other) = seats_join(room, 2)
    version = room_fresh(room).version
    snapshot = services.room_options_set(room.code, host(room), {"top": 12})
    assert snapshot.room.options["top"] == 12
    assert snapshot.room.options["pick_seconds"] == 30  # kept
    assert room_fresh(room).version == version + 1
    with refused("bad_options"):
        services.room_options_set(room.code, Actor(seat_token=vip.token), {"pick_seconds": 999})
    with refused("not_host"):
        services.room_options_set(room.code, Actor(seat_token=other.token), {"pick_seconds": 40})
    stored = room_fresh(room)
    assert stored.options["pick_seconds"] == 30 and stored.version == version + 1
    services.seat_join(room.code, "Cid")
    services.room_start(room.code, host(room))
    with refused("wrong_phase"):
        services.room_options_set(room.code, host(room), {"pick_seconds": 40})


# --- room_start ---------------------------------------------------------------------------


def test_room_start_needs_the_games_minimum_with_a_clear_message():
    room = room_make(TEST_GAME)
    seats_join(room, GAME.min_players - 1)
    with refused("player_count") as info:
        services.room_start(room.code, host(room))
    text = error_text(info.value)
    assert f"{GAME.min_players} to {GAME.max_players} players" in text
    assert f"there are {GAME.min_players - 1}" in text
    stored = room_fresh(room)
    assert stored.status == Room.Status.LOBBY and stored.state is None
    assert not Game.objects.exists()


def test_room_start_refuses_more_players_than_the_games_maximum():
    room = room_make(TEST_GAME)
    seats_join(room, GAME.max_players)
    # More players than the game takes (seated while a bigger game was chosen, say).
    Seat.objects.create(room=room, name="Extra", token_digest=token_digest("extra-token"))
    with refused("player_count") as info:
        services.room_start(room.code, host(room))
    assert f"there are {GAME.max_players + 1}" in error_text(info.value)
    assert room_fresh(room).status == Room.Status.LOBBY


def test_room_start_by_a_plain_player_is_refused():
    room = room_make()
    seats = seats_join(room, 3)
    with refused("not_host"):
        services.room_start(room.code, Actor(seat_token=seats[2].token))
    assert room_fresh(room).status == Room.Status.LOBBY


def test_room_start_seats_players_in_join_order_and_records_the_game():
    room = room_make(TEST_GAME, {"rounds": 2})
    seats = seats_join(room, 4)
    seats_online(room, seats)
    version = room_fresh(room).version
    snapshot = services.room_start(room.code, Actor(seat_token=seats[0].token))
    stored = room_fresh(room)
    assert [s.position for s in Seat.objects.filter(room=room)] == [0, 1, 2, 3]
    assert [s.name for s in sorted(snapshot.seats, key=lambda s: s.position)] == list(NAMES[:4])
    assert stored.status == Room.Status.PLAYING
    assert stored.version == version + 1 == snapshot.room.version
    assert stored.state["phase"] == "pick" and stored.state["round"] == 1
    assert stored.state["connected"] == [True] * 4
    game = Game.objects.get(room=room)
    assert stored.current_game_id == game.pk and game.number == 1 and game.game == TEST_GAME
    assert game.setup["n_players"] == 4 and game.setup["options"]["rounds"] == 2
    assert stored.state["seed"] == game.setup["seed"]
    assert stored.deadline.timestamp() == pytest.approx(stored.state["deadline"])
    with refused("wrong_phase"):
        services.room_start(room.code, host(room))
    assert Game.objects.count() == 1


def test_room_start_tells_the_rules_which_phones_are_away():
    room = room_make(TEST_GAME)
    seats = seats_join(room, 3)
    seats_online(room, seats[:2])
    version = room_fresh(room).version
    snapshot = services.room_start(room.code, host(room))
    stored = room_fresh(room)
    assert stored.state["connected"] == [True, True, False]
    assert snapshot.room.version == stored.version == version + 2  # the start, then the absence
    assert snapshot.room.state == stored.state
    recorded = Action.objects.get(game=stored.current_game)
    assert recorded.seat is None
    assert recorded.payload == {"type": "presence", "seat": 2, "connected": False}


# --- action_submit ------------------------------------------------------------------------


def room_and_state(room: Room) -> tuple[int, dict, int]:
    stored = room_fresh(room)
    return stored.version, stored.state, Action.objects.count()


@pytest.mark.parametrize(
    ("action", "version"),
    [
        ("pick", None),
        (None, None),
        ([{"type": "pick"}], None),
        ({}, None),
        ({"type": 3}, None),
        (pick(3), "1"),
        (pick(3), 1.0),
        (pick(3), True),
    ],
)
def test_action_submit_refuses_bad_shapes(action, version):
    room, seats = started(3)
    before = room_and_state(room)
    with refused("bad_action"):
        services.action_submit(room.code, seats[0].token, action, version)
    assert room_and_state(room) == before


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pick"},
        {"type": "pick", "card": "gold"},
        {"type": "fly"},
    ],
)
def test_action_submit_rules_shape_errors_change_nothing(action):
    room, seats = started(3)
    before = room_and_state(room)
    with pytest.raises(RuleError) as info:
        services.action_submit(room.code, seats[0].token, action)
    assert info.value.code == "bad_action"
    assert room_and_state(room) == before


def test_action_submit_applies_logs_and_bumps_the_version():
    room, seats = started(3)
    version = room_fresh(room).version
    snapshot = services.action_submit(room.code, seats[0].token, pick(7), version)
    stored = room_fresh(room)
    assert snapshot.room.version == stored.version == version + 1
    assert stored.state["picks"] == [7, None, None]
    action = Action.objects.get(game=stored.current_game, seq=stored.version)
    assert action.seat == 0 and action.payload == pick(7)


def test_action_submit_refuses_the_wrong_seat_token():
    room, seats = started(3)
    other_room, other_seats = started(3)
    before = room_and_state(room)
    for token in (None, "", "nope", other_seats[0].token):
        with refused("no_seat"):
            services.action_submit(room.code, token, PICK)
    assert room_and_state(room) == before


def test_action_submit_refuses_the_audience():
    room, seats = started(3)
    watcher, _snapshot = services.seat_join(room.code, "Zed")
    before = room_and_state(room)
    with refused("audience"):
        services.action_submit(room.code, watcher.token, PICK)
    assert room_and_state(room) == before


def test_action_submit_refuses_without_a_running_game():
    room = room_make()
    (ann,) = seats_join(room, 1)
    with refused("wrong_phase"):
        services.action_submit(room.code, ann.token, PICK)


def test_a_stale_version_is_refused_and_the_state_is_unchanged():
    room, seats = started(3)
    seen = room_fresh(room).version
    services.action_submit(room.code, seats[0].token, PICK, seen)
    before = room_and_state(room)
    with refused("stale"):
        services.action_submit(room.code, seats[1].token, PICK, seen)
    assert room_and_state(room) == before
    # With the version it now sees, the same move goes through.
    services.action_submit(room.code, seats[1].token, PICK, before[0])
    assert room_fresh(room).version == before[0] + 1


@pytest.mark.parametrize(
    ("position", "action", "code"),
    [
        (1, pick(99), "illegal"),  # the rules' own refusal
        (0, pick(0), "bad_action"),  # the move table's: no such card
        (2, {"type": "remove", "target": 0}, "bad_action"),  # the host's move, from a phone
        (0, {"type": "timeout"}, "bad_action"),  # the system's
    ],
)
def test_rules_errors_leave_state_and_version_unchanged(position, action, code):
    room, seats = started(3)
    before = room_and_state(room)
    with pytest.raises(RuleError) as info:
        services.action_submit(room.code, by_position(seats)[position].token, action)
    assert info.value.code == code
    assert room_and_state(room) == before


def test_two_phones_acting_on_the_same_version_cannot_both_win():
    """Two phones move at the version they saw: exactly one applies, the other hears it was too
    late.

    (Threads racing for real need a database with row locks: the in-memory SQLite of the
    in-process tests refuses a second writer at once instead of making it wait. The PostgreSQL
    race lives with the multi-process tests.)
    """
    room, seats = started(3)
    version = room_fresh(room).version
    services.action_submit(room.code, seats[1].token, pick(4), version)
    with refused("stale"):
        services.action_submit(room.code, seats[2].token, pick(6), version)
    stored = room_fresh(room)
    assert stored.version == version + 1 and stored.state["picks"] == [None, 4, None]
    assert Action.objects.filter(seat__isnull=False).count() == 1


def test_room_bump_refuses_a_writer_that_read_an_older_version():
    """The version guard: a second writer holding the same old version changes nothing."""
    room = room_make()
    first, second = room_fresh(room), room_fresh(room)
    services.room_bump(first, locked=True)
    with refused("conflict"):
        services.room_bump(second, options={"pick_seconds": 99})
    stored = room_fresh(room)
    assert stored.version == 1 and stored.locked
    assert stored.options["pick_seconds"] == DEFAULTS["pick_seconds"]


# --- deadlines ----------------------------------------------------------------------------


def test_deadline_expire_does_nothing_before_the_deadline():
    room, _seats = started(3)
    before = room_and_state(room)
    deadline = before[1]["deadline"]
    assert deadline is not None
    assert services.deadline_expire(room.pk, now=deadline - 0.5) is None
    assert selectors.deadlines_due(now=deadline - 0.5) == []
    assert room_and_state(room) == before


def test_deadline_expire_applies_a_logged_timeout_exactly_once():
    room, _seats = started(3, {"rounds": 2})
    version, state, _count = room_and_state(room)
    deadline = state["deadline"]
    assert selectors.deadlines_due(now=deadline) == [room.pk]
    snapshot = services.deadline_expire(room.pk, now=deadline)
    assert snapshot is not None and snapshot.room.version == version + 1
    stored = room_fresh(room)
    # The round's pick timed out: nobody picked, the next round began.
    assert stored.state["round"] == 2 and stored.state["history"][0]["winners"] == []
    timeout = Action.objects.get(game=stored.current_game, seq=stored.version)
    assert timeout.seat is None and timeout.payload == {"type": "timeout"}
    assert timeout.applied_at == deadline
    # A second call for the same moment finds nothing due.
    after = room_and_state(room)
    assert services.deadline_expire(room.pk, now=deadline) is None
    assert selectors.deadlines_due(now=deadline) == []
    assert room_and_state(room) == after


def test_deadlines_due_lists_only_running_rooms_past_their_deadline():
    first, _ = started(3, {"pick_seconds": 10})
    second, _ = started(3, {"pick_seconds": 50})
    lobby = room_make()
    seats_join(lobby, 3)
    d1 = room_fresh(first).state["deadline"]
    d2 = room_fresh(second).state["deadline"]
    # A deadline left on a room that is not playing is never due.
    Room.objects.filter(pk=lobby.pk).update(deadline=room_fresh(first).deadline)
    assert selectors.deadlines_due(now=d1 - 1) == []
    assert selectors.deadlines_due(now=d1 + 1) == [first.pk]
    assert sorted(selectors.deadlines_due(now=d2 + 1)) == sorted([first.pk, second.pk])
    assert services.deadline_expire(lobby.pk, now=d2 + 1) is None


def test_an_expiry_for_a_deadline_a_move_replaced_changes_nothing(monkeypatch):
    clock = SimpleNamespace(value=1_700_000_000.0)
    services_patch(monkeypatch, "time", SimpleNamespace(time=lambda: clock.value))
    room, seats = started(3, {"rounds": 2, "pick_seconds": 20})
    deadline = room_fresh(room).state["deadline"]
    clock.value = deadline + 1
    assert selectors.deadlines_due() == [room.pk]  # a ticker finds it due...
    picks_made(room, seats, [4, 5, 6])
    after = room_and_state(room)  # ...but the players moved first, and a new deadline stands
    assert after[1]["deadline"] == clock.value + 20
    assert services.deadline_expire(room.pk) is None
    assert services.deadline_expire(room.pk, now=deadline) is None
    assert room_and_state(room) == after
    assert not Action.objects.filter(payload={"type": "timeout"}).exists()


def test_deadline_expire_of_a_room_gone_since_changes_nothing():
    room, _seats = started(3)
    deadline = room_fresh(room).state["deadline"]
    Room.objects.filter(pk=room.pk).delete()
    assert services.deadline_expire(room.pk, now=deadline + 1) is None


# --- presence -----------------------------------------------------------------------------


def test_connections_in_the_lobby_report_a_seat_coming_and_going_once():
    room = room_make()
    (ann,) = seats_join(room, 1)
    assert presence.connection_open("tv", room, None) is None  # a board has no presence
    opened = presence.connection_open("phone-1", room, ann)
    assert opened is not None and opened.connected == {ann.pk}
    assert presence.connection_open("phone-2", room, ann) is None  # second tab
    assert presence.connection_close("phone-1") is None  # still there on the other tab
    closed = presence.connection_close("phone-2")
    assert closed is not None and closed.connected == set()
    assert presence.connection_close("phone-2") is None  # already gone
    assert Connection.objects.filter(room=room).count() == 1  # the TV


def test_a_snapshot_says_whether_another_process_serves_the_room():
    """Each connection row names its process; a change's snapshot, read under the room's lock,
    says whether a socket of the room is open in another (then the change needs the layer)."""
    room, seats = started(3)
    assert set(Connection.objects.values_list("process", flat=True)) == {liveness.PROCESS}

    def move() -> selectors.Snapshot:
        picks = room_fresh(room).state["picks"]
        mover = next(seat for seat in seats if picks[seat.position] is None)
        return services.action_submit(room.code, mover.token, PICK)

    assert move().elsewhere is False
    Connection.objects.create(channel_name="tv.other", room=room, seat=None,
                              last_seen=timezone.now(), process="another-process")
    opened = presence.connection_open("tv.here", room_fresh(room), None)
    assert opened is None and Connection.objects.get(channel_name="tv.here").process == (
        liveness.PROCESS
    )
    assert move().elsewhere is True
    assert selectors.snapshot_get(room.code).elsewhere is True
    other = room_make()
    assert selectors.snapshot_get(other.code).elsewhere is False  # no socket anywhere


def test_a_seat_going_offline_in_a_game_applies_a_logged_presence_action():
    room, seats = started(3)
    version = room_fresh(room).version
    closed = presence.connection_close(f"fake.{room.code}.{seats[1].pk}")
    stored = room_fresh(room)
    assert closed is not None and seats[1].pk not in closed.connected
    assert stored.version == version + 1
    assert stored.state["connected"] == [True, False, True]
    action = Action.objects.get(game=stored.current_game, seq=stored.version)
    assert action.seat is None
    assert action.payload == {"type": "presence", "seat": 1, "connected": False}
    reopened = presence.connection_open("again", stored, seats[1])
    assert reopened is not None and room_fresh(room).state["connected"] == [True, True, True]
    assert Action.objects.filter(game=stored.current_game).last().payload["connected"] is True


def test_the_sweep_forgets_stale_connections_and_reports_the_seat_offline():
    room, seats = started(3)
    old = timezone.now() - liveness.CONNECTION_STALE - timedelta(seconds=5)
    stale = f"fake.{room.code}.{seats[2].pk}"
    Connection.objects.filter(channel_name=stale).update(last_seen=old)
    kept = f"fake.{room.code}.{seats[0].pk}"
    Connection.objects.filter(channel_name=kept).update(last_seen=old)
    assert presence.connection_touch(kept) is True  # it pinged: alive again
    changed = presence.connections_sweep()
    assert len(changed) == 1 and seats[2].pk not in changed[0].connected
    assert not Connection.objects.filter(channel_name=stale).exists()
    assert presence.connection_touch(stale) is False  # forgotten: the socket must say so
    assert Connection.objects.filter(channel_name=kept).exists()
    assert room_fresh(room).state["connected"] == [True, True, False]
    assert presence.connections_sweep() == []


# --- play again ---------------------------------------------------------------------------


def finished(room: Room, seats: list[Seat]) -> Room:
    """End a game of the test game (one round): every player picks."""
    return picks_made(room, seats, [3] * len(seats))


def test_room_play_again_is_refused_until_the_game_is_over():
    room, seats = started(3)
    with refused("wrong_phase"):
        services.room_play_again(room.code, host(room))
    lobby = room_make()
    with refused("wrong_phase"):
        services.room_play_again(lobby.code, host(lobby))


def test_room_play_again_returns_to_the_lobby_and_fills_free_seats_from_the_audience():
    room, seats = started(3)
    watchers = [services.seat_join(room.code, name)[0] for name in ("Vic", "Wes")]
    room = finished(room, seats)
    assert room.status == Room.Status.OVER
    assert Game.objects.get(pk=room.current_game_id).ended_at is not None
    with refused("not_host"):
        services.room_play_again(room.code, Actor(seat_token=seats[1].token))
    snapshot = services.room_play_again(room.code, Actor(seat_token=seats[0].token))
    stored = room_fresh(room)
    assert stored.status == Room.Status.LOBBY and stored.state is None
    assert stored.deadline is None and stored.current_game is None
    assert [(s.name, s.position, s.is_audience) for s in snapshot.seats] == [
        (name, None, False) for name in ("Ann", "Bob", "Cid", "Vic", "Wes")
    ]
    assert {w.pk for w in watchers} <= {s.pk for s in selectors.players(snapshot.seats)}
    services.room_start(room.code, host(room))
    assert [g.number for g in Game.objects.filter(room=room)] == [1, 2]


def test_room_play_again_keeps_the_audience_beyond_the_games_maximum():
    room, seats = started(GAME.max_players)
    services.seat_join(room.code, "Zed")
    finished(room, seats)
    snapshot = services.room_play_again(room.code, host(room))
    assert [s.name for s in snapshot.seats if s.is_audience] == ["Zed"]
    assert len(selectors.players(snapshot.seats)) == GAME.max_players


# --- replay -------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 5), (5, 3), (8, 4)])
def test_a_whole_game_replays_from_its_seed_and_action_log(n, seed, monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1000 + seed)
    room, seats = started(n, {"rounds": 6})
    room = play_randomly(room, seats, random.Random(seed))
    assert room.state["over"] and room.status == Room.Status.OVER
    replays_from_its_log(room)


def test_lobby_controls_are_refused_after_the_end_until_play_again():
    room, seats = started(3)
    Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
    for control in (
        lambda: services.room_start(room.code, host(room)),
        lambda: services.seat_kick(room.code, host(room), seats[2].pk),
        lambda: services.room_options_set(room.code, host(room), {"pick_seconds": 30}),
    ):
        with refused("wrong_phase"):
            control()
    services.room_play_again(room.code, host(room))
    services.room_options_set(room.code, host(room), {"pick_seconds": 30})
    assert room_fresh(room).options["pick_seconds"] == 30


# --- one lock, one transaction -------------------------------------------------------------


PICK = pick(3)


def test_room_locked_finds_the_room_by_code_in_any_case_or_by_key():
    room = room_make()
    other = "QQQQ" if room.code != "QQQQ" else "ZZZZ"
    with transaction.atomic():
        assert services.room_locked(f" {room.code.lower()} ").pk == room.pk
        assert services.room_locked(room.pk).code == room.code
        with refused("no_room") as info:
            services.room_locked(other)
        assert other in error_text(info.value)
        with refused("no_room"):
            services.room_locked(room.pk + 1000)


@pytest.mark.django_db(transaction=True)  # no test transaction around it: autocommit, as live
def test_room_locked_refuses_to_run_outside_a_transaction():
    room = room_make()
    with pytest.raises(RuntimeError, match="transaction"):
        services.room_locked(room.code)
    with transaction.atomic():
        assert services.room_locked(room.code).pk == room.pk


def test_every_change_to_a_room_takes_its_lock_once(monkeypatch):
    locked: list[int] = []
    lock = services.room_locked

    def lock_noted(key):
        room = lock(key)
        locked.append(room.pk)
        return room

    services_patch(monkeypatch, "room_locked", lock_noted)
    monkeypatch.setattr(presence, "room_locked", lock_noted)
    room = room_make(TEST_GAME, {"rounds": 3})
    ann, bob, _cid = seats_join(room, 3)
    dee, _snapshot = services.seat_join(room.code, "Dee")
    # Each change, and how many versions it makes: one, but the board opening (it has no
    # presence) and the start (its setup, then Cid's absence for the rules).
    changes = {
        "join": (lambda: services.seat_join(room.code, "Eve"), 1),
        "options": (
            lambda: services.room_options_set(room.code, host(room), {"pick_seconds": 30}), 1
        ),
        "lock": (lambda: services.room_lock_set(room.code, host(room), True), 1),
        "unlock": (lambda: services.room_lock_set(room.code, host(room), False), 1),
        "kick": (lambda: services.seat_kick(room.code, host(room), dee.pk), 1),
        "kick again": (
            lambda: services.seat_kick(room.code, host(room), Seat.objects.get(name="Eve").pk), 1
        ),
        "board opens": (lambda: presence.connection_open("tv", room, None), 0),
        "phone opens": (lambda: presence.connection_open("ann", room, ann), 1),
        "phone opens too": (lambda: presence.connection_open("bob", room, bob), 1),
        "start": (lambda: services.room_start(room.code, host(room)), 2),
        "move": (lambda: services.action_submit(room.code, ann.token, PICK), 1),
        "deadline": (
            lambda: services.deadline_expire(room.pk, room_fresh(room).state["deadline"]), 1
        ),
        "phone closes": (lambda: presence.connection_close("bob"), 1),
        "play again": (lambda: services.room_play_again(room.code, host(room)), 1),
    }
    for name, (change, versions) in changes.items():
        if name == "play again":  # end the game fast (not a service)
            Room.objects.filter(pk=room.pk).update(status=Room.Status.OVER)
        locked.clear()
        version = room_fresh(room).version
        change()
        assert locked == [room.pk], name
        assert room_fresh(room).version == version + versions, name
    # The rules heard of Cid's absence at the start and of Bob's leaving, each under the lock.
    game = Game.objects.get(room=room)
    recorded = [a.payload for a in game.actions.all() if a.payload["type"] == "presence"]
    assert [(p["seat"], p["connected"]) for p in recorded] == [(2, False), (1, False)]


def test_a_move_reads_the_room_under_its_lock_then_saves_and_logs_that_version():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    room, seats = started(3)
    with CaptureQueriesContext(connection) as captured:
        snapshot = services.action_submit(room.code, seats[0].token, PICK)
    queries = [query["sql"] for query in captured.captured_queries]
    reads = [i for i, sql in enumerate(queries)
             if sql.startswith("SELECT") and 'FROM "games_room"' in sql]
    write = next(i for i, sql in enumerate(queries) if sql.startswith('UPDATE "games_room"'))
    log = next(i for i, sql in enumerate(queries) if sql.startswith('INSERT INTO "games_action"'))
    assert reads and reads[0] < write < log
    assert len([sql for sql in queries if sql.startswith('UPDATE "games_room"')]) == 1
    assert '"version" = ' in queries[write].split("WHERE")[1]  # the version read, no other
    if connection.features.has_select_for_update:
        assert queries[reads[0]].endswith("FOR UPDATE")
    action = Action.objects.get(game=snapshot.room.current_game, seq=snapshot.room.version)
    assert action.payload == PICK and room_fresh(room).state == snapshot.room.state


def test_a_failure_in_the_middle_of_the_start_leaves_the_lobby_as_it_was(monkeypatch):
    room = room_make(TEST_GAME)
    seats = seats_join(room, 3)
    seats_online(room, seats[:2])  # the third is away: the start logs it after setting up
    before = room_fresh(room)
    insert = rows.action_insert

    def log_fails(**fields):
        raise DatabaseError("the database went away")

    monkeypatch.setattr(rows, "action_insert", log_fails)
    with pytest.raises(DatabaseError):
        services.room_start(room.code, host(room))
    stored = room_fresh(room)
    assert stored.status == Room.Status.LOBBY and stored.state is None
    assert stored.version == before.version
    assert stored.deadline is None and stored.current_game_id is None
    assert [seat.position for seat in Seat.objects.filter(room=room)] == [None, None, None]
    assert not Game.objects.exists() and not Action.objects.exists()
    # Once the database is back, the same start goes through whole.
    monkeypatch.setattr(rows, "action_insert", insert)
    snapshot = services.room_start(room.code, host(room))
    stored = room_fresh(room)
    assert stored.status == Room.Status.PLAYING and stored.version == before.version + 2
    assert snapshot.room.version == stored.version and stored.state["connected"][2] is False
    assert Game.objects.get(room=room).actions.count() == 1


def test_a_change_by_someone_else_is_what_the_next_move_sees():
    room, seats = started(3)
    services.action_submit(room.code, seats[0].token, PICK)
    # Another process (or service) changes the room: the version moves on.
    services.room_lock_set(room.code, services.Actor(host_token=room.host_token), True)
    services.action_submit(room.code, seats[1].token, pick(5))
    snapshot = selectors.snapshot_get(room.code)
    assert snapshot.room.locked and snapshot.room.state["picks"] == [3, 5, None]


def test_a_move_written_elsewhere_is_never_overwritten():
    room, seats = started(4)
    first = services.action_submit(room.code, seats[0].token, PICK)
    # Another process takes seat 1's pick: its transaction writes the row (the test writes it).
    elsewhere = room_fresh(room)
    taken = GAME.apply(elsewhere.state, 1, pick(5), 0.0)
    Room.objects.filter(pk=room.pk).update(state=taken, version=elsewhere.version + 1)
    # A move at the version this side saw last is refused; at the row's, it lands on the row's.
    with refused("stale"):
        services.action_submit(room.code, seats[2].token, PICK, first.room.version)
    snapshot = services.action_submit(room.code, seats[2].token, PICK, first.room.version + 1)
    assert snapshot.room.version == first.room.version + 2
    state = room_fresh(room).state
    assert state["picks"] == [3, 5, 3, None]
    # Seat 1's pick is made: the same pick from it now is the rules' to refuse.
    with pytest.raises(RuleError):
        services.action_submit(room.code, seats[1].token, PICK)


def test_a_moves_snapshot_is_not_changed_by_the_next_move():
    room, seats = started(3)
    first = services.action_submit(room.code, seats[0].token, PICK)
    version, state = first.room.version, first.room.state
    services.action_submit(room.code, seats[1].token, PICK)
    assert (first.room.version, first.room.state) == (version, state)
    assert state["picks"] == [3, None, None]


def test_a_moves_snapshot_counts_who_is_online_at_that_move():
    room, seats = started(3)
    # Seat 2's socket goes quiet (no sweep yet): a move sees it offline...
    quiet = f"fake.{room.code}.{seats[2].pk}"
    old = timezone.now() - liveness.CONNECTION_STALE - timedelta(seconds=5)
    Connection.objects.filter(channel_name=quiet).update(last_seen=old)
    first = services.action_submit(room.code, seats[0].token, PICK)
    assert first.connected == {seats[0].pk, seats[1].pk}
    # ...and once it pings again, the next move sees it online, with no other change between.
    assert presence.connection_touch(quiet) is True
    second = services.action_submit(room.code, seats[1].token, PICK)
    assert second.room.version == first.room.version + 1
    assert second.connected == {seat.pk for seat in seats}


def test_seats_online_are_the_seats_with_a_socket_seen_lately():
    room = room_make(TEST_GAME)
    seats = seats_join(room, 4)
    now = timezone.now()
    old = now - liveness.CONNECTION_STALE - timedelta(seconds=1)
    Connection.objects.create(channel_name="a", room=room, seat=seats[1], last_seen=now)
    Connection.objects.create(channel_name="a2", room=room, seat=seats[1], last_seen=old)
    Connection.objects.create(channel_name="b", room=room, seat=seats[3], last_seen=old)
    Connection.objects.create(channel_name="tv", room=room, seat=None, last_seen=now)
    elsewhere = room_make(TEST_GAME)
    (stranger,) = seats_join(elsewhere, 1)
    Connection.objects.create(channel_name="c", room=elsewhere, seat=stranger, last_seen=now)
    listed, online, _elsewhere = selectors.seats_online(room)
    assert [seat.pk for seat in listed] == [seat.pk for seat in seats]  # join order
    assert online == {seats[1].pk}


def test_connections_touch_refreshes_many_and_names_the_forgotten():
    room, seats = started(3)
    old = timezone.now() - timedelta(seconds=50)
    Connection.objects.filter(room=room).update(last_seen=old)
    names = list(Connection.objects.filter(room=room).values_list("channel_name", flat=True))
    assert presence.connections_touch([*names, "gone.channel"]) == ["gone.channel"]
    assert all(c.last_seen > old for c in Connection.objects.filter(room=room))
    assert presence.connections_touch([]) == []


# --- the recap --------------------------------------------------------------------------------


def test_a_game_that_ends_keeps_its_recap_and_each_phone_gets_only_its_own_summary(monkeypatch):
    from games.live.screens import AUDIENCE, BOARD, frames_build, seat_screen

    monkeypatch.setattr(secrets, "randbits", lambda bits: 1004)
    room, seats = started(4, {"rounds": 3})
    late = services.seat_join(room.code, "Watcher")[0]  # joins during the game: the audience
    playing = room_fresh(room)
    assert selectors.snapshot_get(room.code).recap is None  # nothing before the end
    room = play_randomly(playing, seats, random.Random(4))
    game = Game.objects.get(pk=room.current_game_id)
    log = list(game.actions.order_by("seq").values("seat", "payload", "applied_at"))
    assert game.recap == GAME.recap(game.setup, log)  # the log's recap, kept once computed

    snapshot = selectors.snapshot_get(room.code)
    frames = {screen: json.loads(text) for screen, text in frames_build(snapshot).items()}
    board = game.recap["board"]
    assert frames[BOARD]["recap"] == {**board, "me": None}
    assert late.pk not in {seat.pk for seat in snapshot.seats}  # the audience shares one frame
    assert frames[AUDIENCE]["recap"] == {**board, "me": None}
    for seat in seats:
        seat.refresh_from_db()
        mine = frames[seat_screen(seat.pk)]["recap"]
        assert mine == {**board, "me": game.recap["seats"][seat.position]}

    services.room_play_again(room.code, host(room))
    assert selectors.snapshot_get(room.code).recap is None


# --- the lobby's intro ------------------------------------------------------------------------


def test_the_host_starts_and_stops_the_intro_in_the_lobby_only():
    from games.live.screens import room_public

    room = room_make(TEST_GAME)
    vip, other, _third = seats_join(room, 3)
    with pytest.raises(ServiceError) as refused:
        services.room_guide_set(room.code, Actor(seat_token=other.token), True)
    assert refused.value.code == "not_host"
    assert room_fresh(room).guide_started is None
    snapshot = services.room_guide_set(room.code, Actor(seat_token=vip.token), True)
    started = room_public(snapshot)["guide"]
    assert isinstance(started, float) and started == room_fresh(room).guide_started
    assert room_public(services.room_guide_set(room.code, host(room), False))["guide"] is None
    services.room_guide_set(room.code, host(room), True)
    services.room_start(room.code, host(room))  # the game starts: the intro is over
    assert room_fresh(room).guide_started is None
    with pytest.raises(ServiceError) as refused:
        services.room_guide_set(room.code, host(room), True)
    assert refused.value.code == "wrong_phase"


def test_an_audience_phone_coming_and_going_in_the_lobby_is_shown_and_during_a_game_is_not():
    # The lobby lists the audience by name with its presence (a full room after "play again"):
    # its phone closing must be broadcast, or a dead phone stays listed until the next change.
    room = room_make()
    seats_join(room, 3)
    watcher = Seat.objects.create(room=room, name="Dee", token_digest=token_digest("dee"),
                                  is_audience=True)
    opened = presence.connection_open("dee.1", room, watcher)
    assert opened is not None and watcher.pk in opened.connected
    closed = presence.connection_close("dee.1")
    assert closed is not None and watcher.pk not in closed.connected
    assert closed.room.version > opened.room.version

    # During a game the audience is counted in the tally, not listed: nothing to broadcast.
    running, _seats = started(3)
    late = Seat.objects.create(room=running, name="Eve", token_digest=token_digest("eve"),
                               is_audience=True)
    assert presence.connection_open("eve.1", running, late) is None
    assert presence.connection_close("eve.1") is None


def test_a_process_going_clears_its_presence_at_once_and_shows_each_room_it_served():
    room, seats = started(3)
    # started's sockets are this process's; another process serves seat 0 too.
    Connection.objects.create(channel_name="other.0", room=room, seat=seats[0],
                              last_seen=timezone.now(), process="other")
    version = room_fresh(room).version
    snapshots = presence.process_connections_close()
    assert list(Connection.objects.values_list("channel_name", flat=True)) == ["other.0"]
    # Seats 1 and 2 went offline (told to the rules, one logged presence action each); seat 0
    # is still online through the other process.
    assert room_fresh(room).state["connected"] == [True, False, False]
    assert room_fresh(room).version == version + 2
    assert snapshots[-1].connected == {seats[0].pk} and snapshots[-1].elsewhere
    # Nothing of this process left: a room it no longer serves gets no snapshot.
    assert presence.process_connections_close() == []


def test_a_moves_seats_are_the_last_reads_models_while_their_rows_are_unchanged():
    """A move only reads its seats: the models made at the room's last such read are handed
    out again while the rows are the same, and made afresh once a row changed."""
    from datetime import timedelta

    from django.utils import timezone

    room = room_make()
    seats_join(room, 3)
    since = timezone.now() - timedelta(seconds=75)
    first, _online, _elsewhere = rows.seats_with_presence(room, since, shared=True)
    again, _online, _elsewhere = rows.seats_with_presence(room, since, shared=True)
    assert [id(seat) for seat in again] == [id(seat) for seat in first]
    assert again is not first  # a list of the caller's own
    fresh, _online, _elsewhere = rows.seats_with_presence(room, since)
    assert not {id(seat) for seat in fresh} & {id(seat) for seat in first}
    Seat.objects.filter(pk=first[1].pk).update(remote=True)
    changed, _online, _elsewhere = rows.seats_with_presence(room, since, shared=True)
    assert changed[1].remote and not first[1].remote
    assert [seat.pk for seat in changed] == [seat.pk for seat in first]
