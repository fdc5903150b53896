"""Rooms, the seats in them, each game played there with its action log, and live connections."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.rooms.jsonfast import FastJSONField


class Room(models.Model):
    """One TV's room: the game chosen, its options and, once started, the live rules state.

    ``version`` counts every change a screen can see; each frame sent carries it, so a screen that
    sees a gap asks for a snapshot. ``deadline`` mirrors ``state["deadline"]`` so the deadline
    ticker finds due rooms with one indexed query.

    A room ends (``games.rooms.lifecycle``): its code moves off the row at once (``code`` becomes
    ``None``, the unique index allows many of those, and ``ended_code`` keeps it), so the code is
    free for a new room while the ended row, its seats and its games stay as the record until
    the retention ends. Screens name their room by its id besides its code, so a screen of an
    ended room is told it closed, never shown the next room with that code.
    """

    class Status(models.TextChoices):
        LOBBY = "lobby", _("In the lobby")
        PLAYING = "playing", _("Playing")
        OVER = "over", _("Game over")

    # ``None`` once the room ended: only live rooms hold a code, and each its own.
    code = models.CharField(_("code"), max_length=4, unique=True, null=True, blank=True)
    game = models.CharField(_("game"), max_length=20)
    options = FastJSONField(_("options"), default=dict)
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.LOBBY)
    locked = models.BooleanField(_("locked"), default=False)
    # The TV's host token, as its digest (games/rooms/tokens.py); the token itself is on the
    # instance that created the room only (``host_token``), for the answer that gives it.
    host_token_digest = models.CharField(max_length=64)
    host_token: str | None = None
    # Read and written on every move: orjson does it (games/rooms/jsonfast.py).
    state = FastJSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # The host's tools (README "Host tools"): a paused game's moment of pause (epoch seconds;
    # ``deadline`` is cleared meanwhile so the ticker skips the room), the family filter on
    # free text, and streamer mode. (The extended timers are an option: ``timer_scale``.)
    paused_at = models.FloatField(null=True, blank=True)
    family_filter = models.BooleanField(default=True)
    streamer = models.BooleanField(default=False)
    # A remote party (README "Playing remotely"): no TV at all; every player's own device shows
    # the board, and the screen that created the room is the host's console only.
    remote_party = models.BooleanField(default=False)
    # When the host started the TV's how-to-play intro in the lobby (epoch seconds), or None.
    guide_started = models.FloatField(null=True, blank=True)
    current_game = models.ForeignKey(
        "Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Every change a screen sees, and a screen coming or the last one going, moves it on: the
    # sweeper's measure of how long a room has sat idle (``games.rooms.lifecycle``).
    updated_at = models.DateTimeField(auto_now=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    ended_code = models.CharField(_("code it had"), max_length=4, blank=True, default="")
    ended_reason = models.CharField(_("why it ended"), max_length=10, blank=True, default="")

    class Meta:
        verbose_name = _("room")
        verbose_name_plural = _("rooms")
        indexes = [
            # The sweeper's look for idle rooms reads the live rooms only, however many ended.
            models.Index(fields=["updated_at"], condition=models.Q(code__isnull=False),
                         name="room_live_updated"),
            # The retention's look for records to prune reads the ended rooms only.
            models.Index(fields=["ended_at"], condition=models.Q(ended_at__isnull=False),
                         name="room_ended_at"),
        ]

    def __str__(self) -> str:
        return f"{self.code or self.ended_code} ({self.game})"


class Seat(models.Model):
    """A phone in a room. ``token`` is the phone's secret, stored as its digest
    (``token_digest``, games/rooms/tokens.py): ``token`` itself is only on the instance that
    issued it or was found by it; ``position`` is its seat in the game.

    Seats follow join order. A phone that joins after the start is audience: no position. The
    token changes when the seat is handed to a new phone or removed, so the old phone's stops
    working.
    """

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(_("name"), max_length=20)
    token_digest = models.CharField(max_length=64, unique=True)
    token: str | None = None
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    is_audience = models.BooleanField(default=False)
    # Removed mid-game by the host: the seat stays (the game still names its position) but no
    # phone holds it; it goes when the room returns to the lobby.
    removed = models.BooleanField(default=False)
    # A one-time code the host asked for, with which a new phone takes the seat over (until
    # ``handover_until``, epoch seconds); empty when none is pending.
    handover_code = models.CharField(max_length=6, blank=True, default="")
    handover_until = models.FloatField(null=True, blank=True)
    # The player is not at the TV: besides its own view, its device gets the board's public view
    # and shows it (README "Playing remotely"). The player switches it at any time.
    remote = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    """One game played in a room: what it was set up from, so it replays from its action log,
    and, once over, its recap."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=20)
    setup = models.JSONField()
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # Computed once from the action log when the game ends (games/<game>/recap.py): the board's
    # part for every screen, each seat's summary for its own phone only.
    recap = models.JSONField(null=True, blank=True)
    # The audience's tallies, recorded when the room ends (its votes are then deleted):
    # {ballot: {"counts": {question: {choice: n}}, "voters": n}}.
    audience = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["room", "number"], name="game_number_unique")
        ]
        ordering = ["room", "number"]

    def __str__(self) -> str:
        return f"{self.room} #{self.number}"


class Action(models.Model):
    """One applied action, in order: who sent it (``seat`` None is the system) and when."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    payload = FastJSONField()
    applied_at = models.FloatField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_seq_unique")
        ]
        ordering = ["game", "seq"]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}"


class Connection(models.Model):
    """One open socket, so every process agrees on who is connected, and on which processes
    serve a room (``process``: a change to a room served by its own process alone is handed to
    its sockets there, without the channel layer; ``games.live.broadcast``).

    Rows of a crashed process go stale and are swept once ``last_seen`` is old.
    """

    channel_name = models.CharField(max_length=200, primary_key=True)
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="connections")
    seat = models.ForeignKey(
        Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="connections"
    )
    last_seen = models.DateTimeField(db_index=True)
    process = models.CharField(max_length=32, default="")

    def __str__(self) -> str:
        return self.channel_name


class AudienceVote(models.Model):
    """One audience phone's answer to one question of a ballot (``games/<game>/audience.py``),
    stored so that a restart keeps the tally. It never touches the game: only tallies, summed
    on the server, are sent to screens."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="audience_votes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="audience_votes")
    ballot = models.CharField(max_length=20)
    question = models.CharField(max_length=20)
    choice = models.CharField(max_length=20)
    cast_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "ballot", "question", "seat"], name="audience_vote_unique"
            )
        ]
        indexes = [models.Index(fields=["game", "cast_at"])]

    def __str__(self) -> str:
        return f"{self.game} {self.ballot}/{self.question}"
