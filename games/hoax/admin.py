"""Hoax's admin: the characters' texts and pictures, curated; their mechanics are code."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.hoax.characters import PICTURE_TYPES
from games.hoax.models import HoaxCharacter, HoaxCharacterTranslation, translation_languages


class HoaxCharacterTranslationInline(admin.StackedInline):
    """One block per language: the texts are long, so side-by-side columns overflow the page."""

    model = HoaxCharacterTranslation
    extra = 0
    max_num = len(translation_languages())


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
