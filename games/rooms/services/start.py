"""The host starts a game: seats get positions, the rules set the game up, and they learn
which phones are away, in one transaction."""

from __future__ import annotations

import secrets
import time

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.kit import registry
from games.kit.errors import ServiceError
from games.kit.registry import adapter_get
from games.kit.rules import RuleError, setup_saved
from games.rooms.fixedparts import fixed_remember
from games.rooms.models import Game, Room
from games.rooms.outbox import snapshot_commit
from games.rooms.selectors import Snapshot, players, seats_online, snapshot_make
from games.rooms.services.guards import Actor, host_check, lobby_check
from games.rooms.services.locked import room_bump, room_event, room_locked
from games.rooms.services.moves import deadline_datetime, presence_record


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
                game=played.title_shown(),
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
