"""The platform's admin: rooms, for looking, not editing (each game's data has its own).

The room list is the operator's view of the live rooms: each room's game, players, audience,
open screens, age and last move, and a filter for the rooms with a screen open now. Ended
rooms (kept as their games' record until the retention ends) are listed on request; an
operator may close live rooms, which ends them as the sweeper does (``games.rooms.lifecycle``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.contrib import admin, messages
from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.live.door import service_call_sync
from games.rooms import lifecycle
from games.rooms.models import Action, Connection, Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["name", "position", "is_audience", "joined_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class LiveFilter(admin.SimpleListFilter):
    """Rooms with a screen open now (a socket's row: the sweep drops those of dead sockets)."""

    title = _("connection")
    parameter_name = "live"

    def lookups(self, request, model_admin):
        return [("yes", _("A screen is open")), ("no", _("No screen open"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(pk__in=Connection.objects.values("room"))
        if self.value() == "no":
            return queryset.exclude(pk__in=Connection.objects.values("room"))
        return queryset


class EndedFilter(admin.SimpleListFilter):
    """Live rooms unless asked: the ended ones, kept as records, soon outnumber them by far."""

    title = _("life")
    parameter_name = "ended"

    def lookups(self, request, model_admin):
        return [("yes", _("Ended")), ("all", _("All rooms"))]

    def choices(self, changelist):
        yield {"selected": self.value() is None, "display": _("Open"),
               "query_string": changelist.get_query_string(remove=[self.parameter_name])}
        for value, title in self.lookup_choices:
            yield {"selected": self.value() == value, "display": title,
                   "query_string": changelist.get_query_string({self.parameter_name: value})}

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(code__isnull=True)
        if self.value() == "all":
            return queryset
        return queryset.filter(code__isnull=False)


def ago(moment) -> str:
    """How long ago, in the admin's words ("3 minutes")."""
    return timesince(moment, timezone.now(), depth=1)


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    """Rooms are played, not edited: shown read-only for support and curiosity."""

    list_display = ["room_code", "game", "status", "players", "audience", "screens", "age",
                    "last_move", "locked", "ended_at"]
    list_filter = [EndedFilter, LiveFilter, "game", "status"]
    search_fields = ["code", "ended_code"]
    ordering = ["-updated_at"]
    readonly_fields = ["code", "game", "status", "locked", "options", "version", "deadline",
                       "created_at", "updated_at", "ended_at", "ended_code", "ended_reason"]
    actions = ["rooms_close"]
    exclude = ["host_token_digest", "state", "current_game"]
    inlines = [SeatInline]

    def has_add_permission(self, request):
        return False

    def get_queryset(self, request):
        """Counted in the list's one query: seats, audience, open sockets, the last move."""
        last_move = Action.objects.filter(game=OuterRef("current_game"), seat__isnull=False)
        return super().get_queryset(request).annotate(
            players_n=Count("seats", filter=Q(seats__is_audience=False), distinct=True),
            audience_n=Count("seats", filter=Q(seats__is_audience=True), distinct=True),
            screens_n=Count("connections", distinct=True),
            last_move_at=Subquery(last_move.order_by("-seq").values("applied_at")[:1]),
        )

    @admin.action(description=_("Close the selected rooms"), permissions=["change"])
    def rooms_close(self, request, queryset):
        """End the selected live rooms now, as the sweeper ends them: their codes are free,
        their screens show that the room closed, their games stay as records."""
        ended = service_call_sync(lifecycle.rooms_end_now,
                                  list(queryset.filter(code__isnull=False)
                                       .values_list("pk", flat=True)))
        self.message_user(request, ngettext("%(n)d room closed.", "%(n)d rooms closed.",
                                            len(ended)) % {"n": len(ended)}, messages.SUCCESS)

    @admin.display(description=_("code"), ordering="code")
    def room_code(self, room: Room) -> str:
        return room.code or room.ended_code

    @admin.display(description=_("players"), ordering="players_n")
    def players(self, room: Room) -> int:
        return room.players_n

    @admin.display(description=_("audience"), ordering="audience_n")
    def audience(self, room: Room) -> int:
        return room.audience_n

    @admin.display(description=_("screens open"), ordering="screens_n")
    def screens(self, room: Room) -> int:
        return room.screens_n

    @admin.display(description=_("age"), ordering="created_at")
    def age(self, room: Room) -> str:
        return ago(room.created_at)

    @admin.display(description=_("last move"), ordering="last_move_at")
    def last_move(self, room: Room) -> str:
        if room.last_move_at is None:
            return "—"
        return _("%(time)s ago") % {
            "time": ago(datetime.fromtimestamp(room.last_move_at, tz=UTC))
        }
