"""Werewolf's admin: the cards' and lines' texts and the cards' pictures, curated; the
mechanics are code, so rows are neither added nor deleted here."""

from __future__ import annotations

from django import forms
from django.contrib import admin

from games.kit.curated import picture_checked, translation_languages
from games.werewolf.models import (
    WerewolfLine,
    WerewolfLineTranslation,
    WerewolfRole,
    WerewolfRoleTranslation,
)


class CuratedAdmin(admin.ModelAdmin):
    """Texts are editable; which rows exist is the rules' business."""

    readonly_fields = ["key"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class WerewolfRoleTranslationInline(admin.StackedInline):
    model = WerewolfRoleTranslation
    extra = 0
    max_num = len(translation_languages())


class WerewolfRoleForm(forms.ModelForm):
    class Meta:
        model = WerewolfRole
        fields = ["name", "order", "power", "picture"]

    def clean_picture(self):
        return picture_checked(self.cleaned_data.get("picture"))


@admin.register(WerewolfRole)
class WerewolfRoleAdmin(CuratedAdmin):
    """The fourteen cards."""

    form = WerewolfRoleForm
    list_display = ["name", "key", "order", "power"]
    inlines = [WerewolfRoleTranslationInline]


class WerewolfLineTranslationInline(admin.TabularInline):
    model = WerewolfLineTranslation
    extra = 0
    max_num = len(translation_languages())


@admin.register(WerewolfLine)
class WerewolfLineAdmin(CuratedAdmin):
    """The narrator's lines, the phones' questions and the teams' names."""

    fields = ["kind", "key", "text"]
    readonly_fields = ["kind", "key"]
    list_display = ["key", "kind", "text"]
    list_filter = ["kind"]
    search_fields = ["key", "text", "translations__text"]
    inlines = [WerewolfLineTranslationInline]
