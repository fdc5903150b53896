"""The games' admin: Hoax characters (curated) and rooms (for looking, not editing)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.characters import PICTURE_TYPES
from games.models import HoaxCharacter, HoaxCharacterTranslation, Room, Seat


class HoaxCharacterTranslationInline(admin.TabularInline):
    model = HoaxCharacterTranslation
    extra = 0


class HoaxCharacterForm(forms.ModelForm):
    class Meta:
        model = HoaxCharacter
        fields = ["name", "order", "privilege", "immunity", "picture"]

    def clean_picture(self):
        """Only raster pictures whose first bytes match their type (no SVG: it can carry script)."""
        picture = self.cleaned_data.get("picture")
        if not picture or not hasattr(picture, "read"):
            return picture
        suffix = "." + picture.name.rsplit(".", 1)[-1].lower() if "." in picture.name else ""
        magic = PICTURE_TYPES.get(suffix)
        head = picture.read(8)
        picture.seek(0)
        if magic is None or not head.startswith(magic):
            raise forms.ValidationError(_("Upload a PNG, JPEG or WebP picture."))
        return picture


@admin.register(HoaxCharacter)
class HoaxCharacterAdmin(admin.ModelAdmin):
    """The seven characters: texts and pictures are editable; the identifier and count are not."""

    form = HoaxCharacterForm
    list_display = ["name", "key", "order", "privilege"]
    readonly_fields = ["key"]
    inlines = [HoaxCharacterTranslationInline]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


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
