"""The platform's admin: rooms, for looking, not editing (each game's data has its own)."""

from __future__ import annotations

from django.contrib import admin

from games.models import Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ["name", "position", "is_audience", "joined_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    """Rooms are played, not edited: shown read-only for support and curiosity."""

    list_display = ["code", "game", "status", "locked", "version", "created_at"]
    list_filter = ["game", "status"]
    search_fields = ["code"]
    readonly_fields = ["code", "game", "status", "locked", "options", "version", "deadline",
                       "created_at", "updated_at"]
    exclude = ["host_token", "state", "current_game"]
    inlines = [SeatInline]

    def has_add_permission(self, request):
        return False
