"""Hoax's admin: the characters' texts and pictures, curated; their mechanics are code."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from games.hoax.models import HoaxCharacter, HoaxCharacterTranslation
from games.kit.curated import picture_checked, translation_languages


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
        return picture_checked(self.cleaned_data.get("picture"))


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
