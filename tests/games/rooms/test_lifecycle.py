"""A room's life (games/rooms/lifecycle.py): when it ends, its code free at once, its screens told,
its games kept as records until the retention ends, the sweep in batches, the admin's close.

The rules' clocks are the sweep's ``now`` (each test sets a room's last activity and sweeps at
a chosen moment around the limit), never a sleep.
"""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY

from games.kit import errors
from games.live import door
from games.live.handshake import seat_cookie_name
from games.rooms import lifecycle, presence, selectors, services
from games.rooms.models import AudienceVote, Connection, Game, Room, Seat
from tests.games.factories import (
    frame_next,
    host,
    picks_made,
    room_make,
    seats_join,
    services_patch,
    socket_open,
    started,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("services_called_directly")]

AFTER_END = timedelta(minutes=30)
IDLE = timedelta(hours=6)
SECOND = timedelta(seconds=1)
db = database_sync_to_async


@pytest.fixture(autouse=True)
def limits(settings):
    """The documented defaults, stated here so the boundaries below are the defaults'."""
    settings.PARTYHUB_ROOM_AFTER_END_MINUTES = 30
    settings.PARTYHUB_ROOM_IDLE_HOURS = 6
    settings.PARTYHUB_RECORD_RETENTION_DAYS = 365


def quiet_since(room: Room, moment, **fields) -> None:
    """The room's last activity at ``moment`` (with any other fields set)."""
    Room.objects.filter(pk=room.pk).update(updated_at=moment, **fields)


def ended(room: Room) -> bool:
    return Room.objects.get(pk=room.pk).code is None


def code_forced(monkeypatch, *codes: str) -> None:
    """``room_create`` draws these codes, in order."""
    drawn = iter(codes)
    services_patch(monkeypatch, "code_generate", lambda: next(drawn))


# --- the rules, at their boundaries ---------------------------------------------------------


def test_a_finished_game_ends_its_room_30_minutes_after_the_last_screen_left():
    room = room_make()
    start = timezone.now()
    quiet_since(room, start, status=Room.Status.OVER)
    assert lifecycle.rooms_sweep(now=start + AFTER_END - SECOND).ended == []
    assert not ended(room)
    assert lifecycle.rooms_sweep(now=start + AFTER_END).ended == [room.pk]
    row = Room.objects.get(pk=room.pk)
    assert row.code is None and row.ended_code == room.code and row.ended_reason == "over"
    assert row.ended_at == start + AFTER_END


def test_a_room_sitting_idle_ends_after_6_hours_whatever_its_state():
    lobby, playing = room_make(), room_make()
    start = timezone.now()
    quiet_since(lobby, start)
    quiet_since(playing, start, status=Room.Status.PLAYING)
    assert lifecycle.rooms_sweep(now=start + IDLE - SECOND).ended == []
    assert sorted(lifecycle.rooms_sweep(now=start + IDLE).ended) == sorted(
        [lobby.pk, playing.pk])
    assert Room.objects.get(pk=lobby.pk).ended_reason == "idle"


def test_a_screen_connected_keeps_its_room_open():
    room = room_make()
    presence.connection_open("fake.board", room, None)
    start = timezone.now()
    quiet_since(room, start, status=Room.Status.OVER)
    Connection.objects.update(last_seen=start + IDLE)  # the heartbeat keeps it alive
    assert lifecycle.rooms_sweep(now=start + IDLE).ended == []
    assert lifecycle.room_end(room.pk, now=start + IDLE) is False  # the rule, under the lock
    assert not ended(room)


def test_the_last_screen_leaving_starts_the_wait_anew():
    room = room_make()
    presence.connection_open("fake.board", room, None)
    # The TV stayed on the end screen for hours, nothing happening; then it is closed.
    quiet_since(room, timezone.now() - IDLE, status=Room.Status.OVER)
    presence.connection_close("fake.board")
    left = Room.objects.get(pk=room.pk).updated_at
    assert timezone.now() - left < timedelta(minutes=1)
    assert lifecycle.rooms_sweep(now=left + AFTER_END - SECOND).ended == []
    assert lifecycle.rooms_sweep(now=left + AFTER_END).ended == [room.pk]


def test_a_room_no_longer_due_under_the_lock_is_left_alone():
    """The sweep re-checks under the row lock: a move since it looked keeps the room."""
    room = room_make()
    start = timezone.now()
    quiet_since(room, start)
    assert list(lifecycle.rooms_due(start + IDLE, 10)) == [room.pk]
    quiet_since(room, start + IDLE - SECOND)  # a move came meanwhile
    assert lifecycle.room_end(room.pk, now=start + IDLE) is False
    assert not ended(room)


# --- the code, free at once ------------------------------------------------------------------


def test_an_ended_rooms_code_goes_to_the_next_room_at_once(monkeypatch):
    old = room_make()
    seats = seats_join(old, 2)
    assert lifecycle.rooms_end_now([old.pk]) == [old.pk]
    code_forced(monkeypatch, old.code)
    new = room_make()
    assert new.code == old.code and new.pk != old.pk
    assert selectors.room_get(old.code).pk == new.pk
    # The old room's seats hold nothing in the new one.
    with pytest.raises(errors.ServiceError):
        selectors.seat_by_token(new, seats[0].token)


def test_a_live_rooms_code_is_still_never_given_twice(monkeypatch):
    first = room_make()
    code_forced(monkeypatch, first.code, first.code, "BBBB")
    assert room_make().code == "BBBB"


def test_the_old_rooms_seat_token_cannot_act_in_the_new_room(monkeypatch):
    old, seats = started(3)
    lifecycle.rooms_end_now([old.pk])
    code_forced(monkeypatch, old.code)
    new = room_make()
    seats_join(new, 3)
    services.room_start(new.code, host(new))
    with pytest.raises(errors.ServiceError) as refused:
        services.action_submit(new.code, seats[0].token, {"type": "pick", "card": 3})
    assert refused.value.code == "no_seat"


def test_services_refuse_an_ended_room_by_its_id():
    room = room_make()
    lifecycle.rooms_end_now([room.pk])
    with pytest.raises(selectors.RoomClosed):
        presence.connection_open("fake.late", room, None)
    assert not Connection.objects.exists()


# --- the sweep -------------------------------------------------------------------------------


def test_the_sweep_ends_rooms_in_bounded_batches_longest_quiet_first():
    start = timezone.now()
    rooms = [room_make() for _ in range(5)]
    for minutes, room in enumerate(rooms):
        quiet_since(room, start - timedelta(minutes=minutes))
    now = start + IDLE
    assert lifecycle.rooms_sweep(now=now, batch=2).ended == [rooms[4].pk, rooms[3].pk]
    assert lifecycle.rooms_sweep(now=now, batch=2).ended == [rooms[2].pk, rooms[1].pk]
    assert lifecycle.rooms_sweep(now=now, batch=2).ended == [rooms[0].pk]
    assert lifecycle.rooms_sweep(now=now, batch=2).ended == []


def test_the_management_command_sweeps_everything_due():
    rooms = [room_make() for _ in range(3)]
    for room in rooms:
        quiet_since(room, timezone.now() - IDLE - SECOND)
    live = room_make()
    out = StringIO()
    call_command("sweep_rooms", "--batch", "2", stdout=out)
    assert "Ended 3 rooms; pruned 0" in out.getvalue()
    assert all(ended(room) for room in rooms) and not ended(live)


@pytest.mark.django_db(transaction=True)
async def test_the_ticker_sweeps_and_tells(monkeypatch):
    """The ticker's sweep ends due rooms and tells their screens (here: who is told)."""
    from games.live import ticker

    room = await db(room_make)()
    await db(quiet_since)(room, timezone.now() - IDLE - SECOND)
    told = []

    async def tell(room_id):
        told.append(room_id)

    monkeypatch.setattr(door, "closed_broadcast", tell)
    swept = await ticker.ticker_lifecycle()
    assert swept.ended == [room.pk] and told == [room.pk]


# --- records ----------------------------------------------------------------------------------


def test_a_games_record_outlives_its_room_and_still_replays(monkeypatch):
    room, seats = started(3, {"rounds": 2})
    room = picks_made(room, seats, [4, 2, 7, 1])
    live_state = room.state
    game = Game.objects.get(pk=room.current_game_id)
    actions = game.actions.count()
    lifecycle.rooms_end_now([room.pk])
    code_forced(monkeypatch, room.code)
    room_make()  # the code's next room
    game = Game.objects.get(pk=game.pk)
    assert game.actions.count() == actions and game.setup["n_players"] == 3
    assert selectors.game_replay(game) == live_state


def test_audience_votes_become_tallies_in_the_record():
    room, _seats = started(3)
    watchers = [services.seat_join(room.code, name)[0] for name in ("Kim", "Lou", "Max")]
    game = Game.objects.get(pk=room.current_game_id)
    for seat, choice in zip(watchers, ["yes", "yes", "no"], strict=True):
        AudienceVote.objects.create(game=game, seat=seat, ballot="b1", question="q",
                                    choice=choice)
    AudienceVote.objects.create(game=game, seat=watchers[0], ballot="b2", question="q",
                                choice="1")
    lifecycle.rooms_end_now([room.pk])
    assert not AudienceVote.objects.exists()
    assert Game.objects.get(pk=game.pk).audience == {
        "b1": {"counts": {"q": {"yes": 2, "no": 1}}, "voters": 3},
        "b2": {"counts": {"q": {"1": 1}}, "voters": 1},
    }


def test_records_are_pruned_once_their_retention_ends():
    kept, pruned = started(3)[0], started(3)[0]
    lifecycle.rooms_end_now([kept.pk, pruned.pk])
    now = timezone.now()
    retention = timedelta(days=365)
    Room.objects.filter(pk=kept.pk).update(ended_at=now - retention + SECOND)
    Room.objects.filter(pk=pruned.pk).update(ended_at=now - retention)
    assert lifecycle.rooms_sweep(now=now).pruned == 1
    assert Room.objects.filter(pk=kept.pk).exists()
    assert not Room.objects.filter(pk=pruned.pk).exists()
    assert not Game.objects.filter(room_id=pruned.pk).exists()
    assert not Seat.objects.filter(room_id=pruned.pk).exists()
    assert Game.objects.filter(room_id=kept.pk).exists()


# --- pages -----------------------------------------------------------------------------------


def test_an_ended_rooms_pages_say_it_closed_never_the_next_room(client, monkeypatch):
    old = room_make()
    client.post("/join", {"code": old.code, "name": "Ann"})
    assert client.get(f"/tv/{old.code}?room={old.pk}").status_code == 200
    lifecycle.rooms_end_now([old.pk])
    code_forced(monkeypatch, old.code)
    new = room_make()
    for path in (f"/tv/{old.code}?room={old.pk}", f"/play/{old.code}?room={old.pk}",
                 f"/play/{old.code}"):  # the phone's old seat cookie alone
        page = client.get(path)
        assert page.status_code == 410, path
        html = page.content.decode()
        assert "This room has closed" in html and 'href="/"' in html
        assert new.host_token not in html and f"room={new.pk}" not in html
    assert client.get(f"/tv/{new.code}").status_code == 200  # typed by hand: the live room
    assert client.get(f"/tv/{old.code}?room={new.pk}").status_code == 200


def test_the_closed_page_is_translated(client):
    room = room_make()
    lifecycle.rooms_end_now([room.pk])
    page = client.get(f"/tv/{room.code}?room={room.pk}", HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 410 and page.headers["Content-Language"] == "fr"


# --- the admin ---------------------------------------------------------------------------------


def test_the_admin_closes_rooms_as_the_sweeper_ends_them(admin_client):
    room, _seats = started(3)
    other = room_make()
    response = admin_client.post("/admin/games/room/", {
        "action": "rooms_close", "_selected_action": [room.pk]}, follow=True)
    assert "1 room closed." in response.content.decode()
    row = Room.objects.get(pk=room.pk)
    assert row.code is None and row.ended_reason == "admin"
    assert not Connection.objects.filter(room=room).exists()
    assert not ended(other)
    listed = admin_client.get("/admin/games/room/").content.decode()
    assert other.code in listed and room.code not in listed  # live rooms unless asked
    assert room.code in admin_client.get("/admin/games/room/?ended=yes").content.decode()


def test_closing_needs_the_change_permission():
    room = room_make()
    viewer = User.objects.create_user("viewer", password="pw", is_staff=True)
    from django.contrib.auth.models import Permission

    viewer.user_permissions.add(Permission.objects.get(codename="view_room"))
    client = Client()
    client.force_login(viewer)
    listed = client.get("/admin/games/room/").content.decode()
    assert "rooms_close" not in listed
    client.post("/admin/games/room/", {"action": "rooms_close", "_selected_action": [room.pk]})
    assert not ended(room)


# --- metrics ------------------------------------------------------------------------------------


def test_the_rooms_gauge_counts_live_rooms_and_the_counter_ended_ones(
        django_capture_on_commit_callbacks):
    def sample(name, labels):
        return REGISTRY.get_sample_value(name, labels) or 0

    before = sample("partyhub_rooms_ended_total", {"reason": "admin"})
    rooms = [room_make() for _ in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        lifecycle.rooms_end_now([rooms[0].pk])
    assert sample("partyhub_rooms", {"status": "lobby"}) == 2
    assert sample("partyhub_rooms_ended_total", {"reason": "admin"}) == before + 1


def test_protocol_docs_name_the_closed_frame():
    from pathlib import Path

    protocol = (Path(__file__).resolve().parents[3] / "docs" / "protocol.md").read_text()
    assert re.search(r'"type": ?"closed"', protocol) and "4410" in protocol


# --- sockets -----------------------------------------------------------------------------------


async def closed_seen(communicator) -> dict:
    """The socket's frames up to the closed frame (its room's own frames before it), then its
    hang-up with the closed code."""
    while True:
        frame = await frame_next(communicator)
        if frame["type"] == "closed":
            break
        assert frame["type"] == "state" and frame["room"]["code"] == communicator.room_code
    output = await communicator.receive_output(timeout=5)
    assert output == {"type": "websocket.close", "code": 4410}
    return frame


@pytest.mark.django_db(transaction=True)
async def test_open_screens_are_told_and_never_see_the_next_room_with_the_code(monkeypatch):
    old = await db(room_make)()
    seats = await db(seats_join)(old, 1)
    board = await socket_open(f"/ws/rooms/{old.code}/board?room={old.pk}")
    phone = await socket_open(f"/ws/rooms/{old.code}/seat?token={seats[0].token}&room={old.pk}")
    board.room_code = phone.room_code = old.code
    assert (await frame_next(phone))["type"] == "state"
    await door.service_call(lifecycle.rooms_end_now, [old.pk])
    frame = await closed_seen(board)
    assert frame == {"type": "closed", "message": "This room has closed."}
    await closed_seen(phone)
    assert not await db(Connection.objects.filter(room_id=old.pk).exists)()

    code_forced(monkeypatch, old.code)
    new = await db(room_make)()
    assert new.code == old.code
    # The old TV and phone come back (a reload, a reconnect): told it closed, every way.
    for path, cookies in [
        (f"/ws/rooms/{old.code}/board?room={old.pk}", None),
        (f"/ws/rooms/{old.code}/seat?token={seats[0].token}&room={old.pk}", None),
        (f"/ws/rooms/{old.code}/seat", {seat_cookie_name(old.code): seats[0].token}),
    ]:
        stale = await socket_open(path, cookies)
        stale.room_code = None  # nothing of any room before the closed frame
        await closed_seen(stale)
    fresh = await socket_open(f"/ws/rooms/{new.code}/board?room={new.pk}")
    assert (await frame_next(fresh))["type"] == "state"
    await fresh.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_screen_asking_again_after_the_end_is_told_it_closed():
    """A socket the closed frame missed (another process's, the layer down) learns it at its
    next snapshot: never a snapshot read by the code."""
    room = await db(room_make)()
    board = await socket_open(f"/ws/rooms/{room.code}/board?room={room.pk}")
    board.room_code = room.code
    await frame_next(board)
    await db(lifecycle.room_end)(room.pk, lifecycle.Reason.ADMIN)  # no one told
    await db(room_make)()
    await board.send_json_to({"type": "sync"})
    await closed_seen(board)
