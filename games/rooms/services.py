"""Every change to a room but a screen's coming and going (``presence``) goes through one of
these services.

Each runs one transaction: it reads the room with its row locked (``room_locked``, the one way a
room is locked), checks the request (and, for a move, the version the phone saw), applies it,
saves the room with its next version and logs each move in the game's action log. What it
changed it hands to the screens with ``snapshot_commit``: the snapshot goes out once the
transaction has committed (``games.rooms.outbox``), by whichever door called the service
(``games.live.door``). Consumers and views stay thin: parse, call one service through the door.
"""

from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.registry import adapter_get, game_title
from games.kit.rules import Refusal, RuleError, logged_apply, setup_saved
from games.ops import metrics
from games.rooms import rows, wordfilter
from games.rooms.codes import code_generate, code_normalize
from games.rooms.fixedparts import fixed_remember, state_stored
from games.rooms.models import Connection, Game, Room, Seat
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import (
    RoomClosed,
    Snapshot,
    players,
    room_completed,
    room_missing,
    seat_holding,
    seats_online,
    snapshot_make,
    snapshot_take,
    vip_seat,
)

NAME_MAX = 20


AUDIENCE_MAX = 10_000  # phones watching one room (docs/performance.md: "An audience of 10,000")


@dataclass
class Actor:
    """Who asks: the TV (by its host token) or a phone (by its seat token)."""

    host_token: str | None = None
    seat_token: str | None = None


def room_locked(key: str | int) -> Room:
    """The room by code (a ``str``, any case) or primary key (an ``int``), its row locked until
    the surrounding transaction ends: the one way a service locks a room.

    Refused outside a transaction, where the lock would end at once. On PostgreSQL the row is
    locked (``SELECT ... FOR UPDATE``); SQLite, which has no row locks, takes the whole database
    for writing when the transaction begins (``transaction_mode`` ``IMMEDIATE`` in the settings).
    """
    if transaction.get_autocommit():
        raise RuntimeError("room_locked needs a transaction (transaction.atomic)")
    room = rows.room_row_locked(code_normalize(key) if isinstance(key, str) else key)
    if room is None:
        raise room_missing(key)
    if room.code is None:
        raise RoomClosed()  # by key: it ended (by code, only live rooms are found)
    return room_completed(room)


def room_event(room: Room, name: str, **fields: Any) -> None:
    """Log the room's event once its transaction commits (one that rolls back did not
    happen)."""
    code = room.code
    transaction.on_commit(lambda: metrics.event(name, code, **fields))


def room_bump(room: Room, **fields: Any) -> None:
    """Save ``fields`` and the next version of ``room`` (read by ``room_locked``); a new
    ``state`` is saved without its game's fixed parts, and kept whole on ``room``.

    The write names the version read: under the row lock it always matches; a room read without
    the lock that changed since is refused (``conflict``) instead of overwritten."""
    expected = room.version
    changes = {**fields, "version": expected + 1, "updated_at": timezone.now()}
    stored = changes
    if "state" in fields:
        stored = {**changes, "state": state_stored(fields.get("game", room.game), fields["state"])}
    if not rows.room_update(room, expected, stored):
        raise ServiceError(_("The room changed at the same moment; try again."), code="conflict")
    for name, value in changes.items():
        setattr(room, name, value)


def host_check(room: Room, actor: Actor) -> None:
    """Host controls: the TV's host token or the VIP's phone."""
    if actor.host_token and secrets.compare_digest(actor.host_token, room.host_token):
        return
    if actor.seat_token:
        vip = vip_seat(list(room.seats.all()))
        if vip is not None and secrets.compare_digest(actor.seat_token, vip.token):
            return
    raise ServiceError(_("Only the host can do that."), code="not_host")


def lobby_check(room: Room) -> None:
    """Refuse lobby-only changes (start, kick, options) outside the lobby.

    After a game ends, "play again" leads back to the lobby first, so that the audience can take
    free seats before the next start.
    """
    if room.status == Room.Status.PLAYING:
        raise ServiceError(_("The game has already started."), code="wrong_phase")
    if room.status == Room.Status.OVER:
        raise ServiceError(_("The game is over: choose Play again first."), code="wrong_phase")


def deadline_datetime(state: dict | None, room: Room | None = None) -> datetime | None:
    """The state's deadline (epoch seconds) as the indexed column's datetime; none while the
    room is paused, so the ticker passes it by."""
    if room is not None and room.paused_at is not None:
        return None
    deadline = state.get("deadline") if state else None
    return datetime.fromtimestamp(deadline, tz=UTC) if deadline else None


def room_create(game_id: str, options: dict[str, Any] | None = None,
                remote_party: bool = False) -> Room:
    """A new room in the lobby, with a fresh code and the TV's host token (with
    ``remote_party``, no TV: the creating screen is the host's console, every player remote)."""
    if game_id not in registry.games():
        raise ServiceError(_("There is no game called %(game)s."), code="no_game", game=game_id)
    clean = options_validate(game_id, options or {})
    for _attempt in range(50):
        try:
            with transaction.atomic():
                room = Room.objects.create(
                    code=code_generate(),
                    game=game_id,
                    options=clean,
                    host_token=secrets.token_urlsafe(24),
                    remote_party=bool(remote_party),
                )
        except IntegrityError:
            continue  # the code was taken; draw another
        metrics.event("room_created", room.code, game=game_id)
        return room
    raise ServiceError(_("No free room code; try again."), code="no_code")


def options_validate(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options, cleaned; a ``ServiceError`` carrying the rules' message otherwise."""
    try:
        return adapter_get(game_id).options_clean(options)
    except RuleError as error:
        raise ServiceError(error.message, code="bad_options", **error.params) from None


def room_options_set(code: str, actor: Actor, options: dict[str, Any]) -> Snapshot:
    """The host changes the options before the start."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        clean = options_validate(room.game, {**room.options, **options})
        room_bump(room, options=clean)
        return snapshot_commit(snapshot_take(room))


def room_host_settings(code: str, actor: Actor, settings: Any) -> Snapshot:
    """The host's room settings: the family filter (in the lobby), streamer mode and the
    remote party (at any time: a TV that fails mid-game hands the board to every phone)."""
    if not isinstance(settings, dict) or not settings or not set(settings) <= {
        "family_filter", "streamer", "remote_party"
    } or not all(type(value) is bool for value in settings.values()):
        raise ServiceError(_("Those settings are not valid."), code="bad_message")
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if "family_filter" in settings:
            lobby_check(room)
        room_bump(room, **settings)
        return snapshot_commit(snapshot_take(room))


def text_check(room: Room, text: Any) -> None:
    """Refuse free text the family filter catches (when the room has it on), politely, in the
    writer's language's terms (``wordfilter``)."""
    if room.family_filter and isinstance(text, str) and wordfilter.is_rude(text, get_language()):
        raise ServiceError(
            _("Let's keep it family-friendly: please choose other words."), code="filtered"
        )


def room_lock_set(code: str, actor: Actor, locked: bool) -> Snapshot:
    """The host locks the room (no new phones) or opens it again."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        room_bump(room, locked=bool(locked))
        return snapshot_commit(snapshot_take(room))


def room_guide_set(code: str, actor: Actor, on: bool) -> Snapshot:
    """The host starts the TV's how-to-play intro in the lobby, or stops it (skipped, or
    played to its end)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        room_bump(room, guide_started=time.time() if on else None)
        return snapshot_commit(snapshot_take(room))


def name_clean(raw: Any) -> str:
    """A display name: trimmed, single-spaced, 1–20 characters, no control characters.

    HTML is not stripped: names are shown escaped everywhere, so "<b>" stays visible text.
    """
    if not isinstance(raw, str):
        raise ServiceError(_("Type a name."), code="bad_name")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    if not name:
        raise ServiceError(_("Type a name."), code="bad_name")
    if len(name) > NAME_MAX:
        raise ServiceError(
            _("Names are at most %(max)s characters."), code="bad_name", max=NAME_MAX
        )
    return name


def seat_join(code: str, raw_name: Any, remote: bool = False) -> tuple[Seat, Snapshot | None]:
    """A phone joins: a player in the lobby, audience once the game has started (no screen
    changes for that: the tally counts it, so no snapshot); ``remote``, not at the TV."""
    name = name_clean(raw_name)
    with transaction.atomic():
        room = room_locked(code)
        if room.locked:
            raise ServiceError(_("This room is locked."), code="locked")
        text_check(room, name)
        # Names and kinds only, not a model per seat: with thousands watching, a join read
        # thousands of seats (an audience of 10,000 joined in minutes instead of seconds).
        seats = list(room.seats.values_list("name", "removed", "is_audience"))
        # A removed player's seat keeps its name for the game's record (the recap names them)
        # but no phone: its name is free, for that player to come back and watch.
        folded = name.casefold()
        if any(taken.casefold() == folded for taken, removed, _watches in seats if not removed):
            raise ServiceError(
                _("Someone here is already called %(name)s."), code="name_taken", name=name
            )
        played = registry.game(room.game)
        audience = room.status != Room.Status.LOBBY
        watching = sum(watches for _name, _removed, watches in seats)
        if not audience and len(seats) - watching >= played.max_players:
            raise ServiceError(
                _("This room is full: %(game)s takes at most %(max)s players."),
                code="full",
                game=game_title(played),
                max=played.max_players,
            )
        if audience and watching >= AUDIENCE_MAX:
            raise ServiceError(_("The audience is full."), code="full")
        seat = Seat.objects.create(
            room=room, name=name, token=secrets.token_urlsafe(24), is_audience=audience,
            remote=bool(remote),
        )
        room_event(room, "seat_joined", audience=audience)
        if audience:
            return seat, None
        room_bump(room)
        return seat, snapshot_commit(snapshot_take(room))


def seat_remote_set(code: str, seat_token: str | None, remote: Any) -> Snapshot:
    """A player says whether they are at the TV: a remote seat's frames carry the board's public
    view besides its own (``games.screens``), and every screen shows who plays remotely."""
    if type(remote) is not bool:
        raise ServiceError(_("Say whether you are at the TV: true or false."), code="bad_message")
    with transaction.atomic():
        room = room_locked(code)
        seat = seat_holding(list(room.seats.all()), seat_token)
        if seat.remote != remote:
            Seat.objects.filter(pk=seat.pk).update(remote=remote)
            room_bump(room)
        return snapshot_commit(snapshot_take(room))


HANDOVER_SECONDS = 600  # how long a hand-over code stays good


def seat_handover_code(code: str, actor: Actor, seat_id: Any) -> tuple[str, Seat]:
    """The host asks to hand a seat to a new phone: a one-time six-digit code, good for
    ``HANDOVER_SECONDS``, for the asking screen only (a new code replaces the seat's last)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        seat = seat_in_room(room, seat_id)
        taken = set(room.seats.exclude(pk=seat.pk).values_list("handover_code", flat=True))
        handover = f"{secrets.randbelow(10**6):06d}"
        while handover in taken:
            handover = f"{secrets.randbelow(10**6):06d}"
        seat.handover_code, seat.handover_until = handover, time.time() + HANDOVER_SECONDS
        seat.save(update_fields=["handover_code", "handover_until"])
        seat.room = room  # its version: a frame newer than it knows whether the code is spent
        return handover, seat


class HandoverRefused(ServiceError):
    """A wrong hand-over code. It voided the room's pending codes: ``snapshot`` is the room
    since, committed (the host's screen stops showing a dead code), ``None`` when no code was
    pending: nothing changed."""

    def __init__(self, snapshot: Snapshot | None) -> None:
        super().__init__(
            _("That hand-over code is not right, or it has expired: ask the host for a new one."),
            code="bad_handover",
        )
        self.snapshot = snapshot


def seat_takeover(code: str, handover: Any) -> tuple[Seat, Snapshot]:
    """A new phone takes a seat over with the host's code: the seat gets a new token (with it
    the seat's view and secrets); the old phone's token stops working and its sockets are told
    (``handed``). A wrong code voids every code the room has pending, so six digits cannot be
    guessed by trying them: after a typo the host asks for a new one (``HandoverRefused``)."""
    handover = handover.strip() if isinstance(handover, str) else ""
    with transaction.atomic():
        room = room_locked(code)
        seat = room.seats.filter(
            handover_code=handover, handover_until__gte=time.time(), removed=False
        ).first() if len(handover) == 6 else None
        if seat is not None:
            seat.token = secrets.token_urlsafe(24)
            seat.handover_code, seat.handover_until = "", None
            seat.save(update_fields=["token", "handover_code", "handover_until"])
            room_bump(room)
            return seat, snapshot_commit(snapshot_take(room, handed=[seat.pk]))
        voided = room.seats.exclude(handover_code="").update(handover_code="",
                                                             handover_until=None)
        if voided:
            room_bump(room)
        snapshot = snapshot_commit(snapshot_take(room)) if voided else None
    raise HandoverRefused(snapshot)


def seat_in_room(room: Room, seat_id: Any) -> Seat:
    """The room's seat with that id (not removed), or a refusal."""
    seat = Seat.objects.filter(
        room=room, pk=seat_id if type(seat_id) is int else -1, removed=False
    ).first()
    if seat is None:
        raise ServiceError(_("That player is not in this room."), code="no_seat")
    return seat


def seat_kick(code: str, actor: Actor, seat_id: Any) -> Snapshot:
    """The host removes a phone from the lobby; its token stops working."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        seat = Seat.objects.filter(room=room, pk=seat_id if isinstance(seat_id, int) else -1)
        target = seat.first()
        if target is None:
            raise ServiceError(_("That player is not in this room."), code="no_seat")
        target.delete()
        room_bump(room)
        room_event(room, "seat_kicked")
        return snapshot_commit(snapshot_take(room, kicked=[seat_id]))


def room_start(code: str, actor: Actor) -> Snapshot:
    """The host starts: seats get positions in join order, the rules set the game up and learn
    which phones are away, all in one transaction (a failure anywhere leaves the lobby as it
    was)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        lobby_check(room)
        seats, connected, elsewhere = seats_online(room)
        seated = players(seats)
        played = registry.game(room.game)
        if not played.min_players <= len(seated) <= played.max_players:
            raise ServiceError(
                _("%(game)s needs %(min)s to %(max)s players; there are %(n)s."),
                code="player_count",
                game=game_title(played),
                min=played.min_players,
                max=played.max_players,
                n=len(seated),
            )
        for position, seat in enumerate(seated):
            seat.position = position
            seat.save(update_fields=["position"])
        adapter = adapter_get(played.id)
        seed = secrets.randbits(63)
        now = time.time()
        content = adapter.content_for(room, len(seated), seed)
        setup = {
            "n_players": len(seated),
            "options": room.options,
            "seed": seed,
            "now": now,
            "content": content,
        }
        try:
            state = setup_saved(played, setup)
        except RuleError as error:
            raise ServiceError(error.message, code=error.code, **error.params) from None
        number = room.games.count() + 1
        game = Game.objects.create(room=room, number=number, game=room.game, setup=setup)
        fixed_remember(game, state)
        room_bump(
            room,
            status=Room.Status.PLAYING,
            state=state,
            deadline=deadline_datetime(state),
            current_game=game,
            paused_at=None,
            guide_started=None,
        )
        room_event(room, "game_started", game=room.game, players=len(seated), number=number)
        # Phones that left before the start are now known to the rules as absent.
        for seat in seated:
            if seat.pk not in connected:
                presence_record(room, seat.position, False)
        return snapshot_commit(snapshot_make(room, seats, connected, elsewhere))


def room_play_again(code: str, actor: Actor) -> Snapshot:
    """Back to the lobby with the same group; audience fills free seats in join order."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.OVER:
            raise ServiceError(_("The game is not over yet."), code="wrong_phase")
        reseated = lobby_return(room, room.game, room.options)
        return snapshot_commit(snapshot_take(room, reseated=reseated))


def room_switch_game(code: str, actor: Actor, game_id: Any) -> Snapshot:
    """From the end screen (or the lobby), the same group goes to another game's lobby: the
    same room, code and seats, the new game's options as the home page's form starts them for
    the asking screen (``option_default``: question cards in that screen's language, not "any
    language"), the room's own choice of an option both games have (its card language) and
    its extended timers kept."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status == Room.Status.PLAYING:
            raise ServiceError(_("The game is not over yet."), code="wrong_phase")
        if not isinstance(game_id, str) or game_id not in registry.games():
            raise ServiceError(
                _("There is no game called %(game)s."), code="no_game", game=str(game_id)
            )
        adapter = adapter_get(game_id)
        kept = {option.name: room.options[option.name] if option.name in room.options
                else adapter.option_default(option.name, option.default)
                for option in adapter.game.options}
        if "timer_scale" in room.options:
            kept["timer_scale"] = room.options["timer_scale"]
        return snapshot_commit(snapshot_take(
            room, reseated=lobby_return(room, game_id, options_validate(game_id, kept))
        ))


def lobby_return(room: Room, game_id: str, options: dict[str, Any]) -> dict[int, bool]:
    """The locked room back in the lobby for ``game_id``: the seats in join order fill the
    game's places, the rest watch. Returns the seats moved between the audience and the places
    (pk: whether it now watches), whose phones change screens (``games.fanout``)."""
    max_players = registry.game(game_id).max_players
    room.seats.filter(removed=True).delete()
    seated = 0
    reseated = {}
    for seat in room.seats.all():
        watches = seated >= max_players
        if watches != seat.is_audience:
            reseated[seat.pk] = watches
        seat.position = None
        seat.is_audience = watches
        seated += not seat.is_audience
        seat.save(update_fields=["position", "is_audience"])
    room_bump(room, game=game_id, options=options, status=Room.Status.LOBBY, state=None,
              deadline=None, current_game=None, paused_at=None, guide_started=None)
    return reseated


def state_apply(room: Room, seat: int | None, action: dict, now: float) -> None:
    """Apply one action to the locked room: the rules decide; the room saves the new state with
    the next version, and the game's log records the action under that version."""
    before = room.state
    after = state_next(room.game, before, seat, action, now)
    status = Room.Status.OVER if after.get("over") else Room.Status.PLAYING
    over = {"paused_at": None} if status == Room.Status.OVER else {}  # a removal can end it
    room_bump(room, state=after, deadline=deadline_datetime(after, room), status=status, **over)
    rows.action_insert(
        game=room.current_game_id, seq=room.version, seat=seat, payload=action, applied_at=now
    )
    if status == Room.Status.OVER:
        Game.objects.filter(pk=room.current_game_id).update(
            ended_at=timezone.now(), recap=recap_compute(room)
        )
        room_event(room, "game_over", game=room.game, version=room.version)
    adapter_get(room.game).after_apply(room, before, after)


def state_next(game_id: str, state: dict, seat: int | None, action: dict, now: float) -> dict:
    """The state after one logged action: the platform's own ``resume`` (a pause's length added
    to the deadlines), else the game's rules."""
    return logged_apply(registry.game(game_id), state, seat, action, now)


def room_clock(room: Room) -> float:
    """The game's clock: it stands still at the moment of a pause until the game resumes."""
    return time.time() if room.paused_at is None else room.paused_at


def paused_check(room: Room) -> None:
    """Refuse a move while the host has the game paused."""
    if room.paused_at is not None:
        raise ServiceError(
            _("The game is paused: wait for the host to resume it."), code="paused"
        )


def room_pause_set(code: str, actor: Actor, paused: bool) -> Snapshot:
    """The host pauses the running game (its deadline leaves the ticker's sight; every screen
    shows "Paused"), or resumes it: the deadline moves on by the time paused, a logged move
    (``resume``) so the game replays the same."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        if paused:
            paused_check(room)
            room_bump(room, paused_at=time.time(), deadline=None)
            return snapshot_commit(snapshot_take(room))
        if room.paused_at is None:
            raise ServiceError(_("The game is not paused."), code="not_paused")
        now = time.time()
        paused_for = max(0.0, now - room.paused_at)
        room_bump(room, paused_at=None)
        state_apply(room, None, {"type": "resume", "paused": paused_for}, now)
        return snapshot_commit(snapshot_take(room))


def recap_compute(room: Room) -> dict | None:
    """The ended game's recap, from what it was set up from and its whole action log (this
    move's included), by the game's pure ``recap``; ``None`` for a game without one."""
    recap = registry.game(room.game).recap
    if recap is None:
        return None
    game = Game.objects.get(pk=room.current_game_id)
    log = list(game.actions.order_by("seq").values("seat", "payload", "applied_at"))
    return recap(game.setup, log)


def room_host_act(code: str, actor: Actor, action: Any) -> Snapshot:
    """The host's control of a running game (end the discussion, extend a timer,
    remove a player who left): one of the system moves its ``Game`` names in ``host_actions``,
    applied and logged like any move."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        if action["type"] not in registry.game(room.game).host_actions:
            raise ServiceError(_("This game has no such host control."), code="bad_action")
        if action["type"] == "remove":
            target = action.get("target")
            seat = next((seat for seat in room.seats.all() if not seat.removed
                         and type(target) is int and seat.position == target), None)
            if seat is None:
                raise ServiceError(_("That player is not in this room."), code="no_seat")
            return seat_remove_locked(room, seat)
        paused_check(room)
        state_apply(room, None, action, time.time())
        return snapshot_commit(snapshot_take(room))


def seat_remove(code: str, actor: Actor, seat_id: Any) -> Snapshot:
    """The host removes a player mid-game (see ``seat_remove_locked``)."""
    with transaction.atomic():
        room = room_locked(code)
        host_check(room, actor)
        if room.status != Room.Status.PLAYING or room.state is None:
            raise ServiceError(_("There is no game running."), code="wrong_phase")
        seat = seat_in_room(room, seat_id)
        if seat.position is None:
            raise ServiceError(_("That phone is watching, not playing."), code="audience")
        return seat_remove_locked(room, seat)


def seat_remove_locked(room: Room, seat: Seat) -> Snapshot:
    """Remove a player from the locked room's running game: the rules' logged ``remove`` move
    (each game's page says what it does; on the game's clock, so a paused game can lose a
    player), then the seat is held by no phone and its phone is sent to the join form."""
    try:
        state_apply(room, None, {"type": "remove", "target": seat.position}, room_clock(room))
    except RuleError as error:
        raise ServiceError(error.message, code=error.code, **error.params) from None
    seat.removed, seat.token = True, secrets.token_urlsafe(24)
    seat.handover_code, seat.handover_until = "", None
    seat.save(update_fields=["removed", "token", "handover_code", "handover_until"])
    room_event(room, "seat_removed", position=seat.position)
    # Its sockets are told to go; their closing must not report the seat away to the rules.
    Connection.objects.filter(seat=seat).delete()
    return snapshot_commit(snapshot_take(room, kicked=[seat.pk]))


def presence_record(room: Room, position: int, connected: bool) -> bool:
    """Tell the rules of the locked room's running game that the seat at ``position`` came or
    went (a logged system action); ``False``, with nothing written, when the rules refuse it."""
    action = {"type": "presence", "seat": position, "connected": connected}
    try:
        state_apply(room, None, action, room_clock(room))
    except RuleError:
        return False
    return True


def action_submit(
    code: str, seat_token: str | None, action: Any, version: Any = None
) -> Snapshot:
    """A phone's move: read under the room's lock, checked against the version the phone saw
    and the rules, applied, saved and logged in one transaction."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise ServiceError(_("That message is not a valid action."), code="bad_action")
    with transaction.atomic():
        room = room_locked(code)
        try:
            # Read only: the seats' models may be those of the room's last move.
            seats, connected, elsewhere = seats_online(room, shared=True)
            position = mover_position(room, seats, seat_token, version)
            paused_check(room)
            field = registry.game(room.game).free_text.get(action["type"])
            if field is not None:
                text_check(room, action.get(field))
            state_apply(room, position, action, time.time())
        except Refusal as error:
            metrics.move_refused(room.game, error.code)
            raise
        # A move changes neither the seats nor who is online: what was read stands.
        snapshot = snapshot_commit(snapshot_make(room, seats, connected, elsewhere))
    metrics.move_done(room.game)
    return snapshot


def mover_position(room: Room, seats: list[Seat], seat_token: str | None,
                   version: int | None) -> int:
    """The position of the seat holding ``seat_token``, if it may move in this room now."""
    if room.status == Room.Status.PLAYING and not any(
        seat_token and seat.token == seat_token for seat in seats
    ) and Seat.objects.filter(room=room, token=seat_token or "", is_audience=True).exists():
        raise ServiceError(_("You are watching this game."), code="audience")
    seat = seat_holding(seats, seat_token)
    if room.status != Room.Status.PLAYING or room.state is None:
        raise ServiceError(_("There is no game running."), code="wrong_phase")
    if seat.position is None:
        raise ServiceError(_("You are watching this game."), code="audience")
    if version is not None and version != room.version:
        raise ServiceError(
            _("The game moved on before your move arrived; look again."), code="stale"
        )
    return seat.position


def deadline_expire(room_id: int, now: float | None = None) -> Snapshot | None:
    """Expire a due phase deadline exactly once: under the room's lock, only if the room still
    runs a game whose current version's deadline has passed (a second call, or one for a
    deadline a move has since replaced, finds none due and changes nothing)."""
    now = time.time() if now is None else now
    with transaction.atomic():
        try:
            room = room_locked(room_id)
        except ServiceError:
            return None  # the room is gone since it was found due
        if room.status != Room.Status.PLAYING or room.state is None or room.paused_at is not None:
            return None
        deadline = room.state.get("deadline")
        if deadline is None or now < deadline:
            return None
        metrics.TICKER_LAG.observe(now - deadline)
        state_apply(room, None, {"type": "timeout"}, now)
        return snapshot_commit(snapshot_take(room))
