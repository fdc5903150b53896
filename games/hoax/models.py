"""Hoax's curated data: each character's face (name, texts, picture) and its translations.

The characters' mechanics are the rules' (``games/hoax/rules.py``), keyed by ``key``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.kit.curated import Originals, translation_languages

# The starter data (`make play` loads it when the table is empty).
STARTER = settings.BASE_DIR / "fixtures" / "hoax_characters.json"

# The texts shipped in the starter fixture: they have no placeholder, so a curated text may have
# none either (a brace would reach the screen raw); the pages show them in place of one that has.
ORIGINALS = Originals(STARTER, "hoax.hoaxcharacter", "hoax.hoaxcharactertranslation",
                      "character", ("key",))


class HoaxCharacter(models.Model):
    """A Hoax character's face: name, texts and picture, curated in the admin.

    Its mechanics live in the rules module, keyed by ``key``, which the admin cannot change.
    """

    class Key(models.TextChoices):
        EX = "ex", _("The Ex")
        LOVER = "lover", _("The Lover")
        SON_IN_LAW = "son_in_law", _("The Son-in-Law")
        COUSIN = "cousin", _("The Distant Cousin")
        CHEF = "chef", _("The Chef")
        GARDENER = "gardener", _("The Gardener")
        BUTLER = "butler", _("The Butler")

    key = models.CharField(_("identifier"), max_length=20, choices=Key, unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    name = models.CharField(_("name"), max_length=40)
    privilege = models.TextField(_("privilege"))
    immunity = models.TextField(_("immunity"), blank=True)
    picture = models.FileField(
        _("picture"),
        upload_to="hoax/",
        blank=True,
        help_text=_("PNG, JPEG or WebP. Empty: the picture shipped with PartyHub."),
    )

    class Meta:
        db_table = "games_hoaxcharacter"  # made by the games app before Hoax had its own folder
        ordering = ["order", "key"]
        verbose_name = _("Hoax character")
        verbose_name_plural = _("Hoax characters")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        ORIGINALS.validate((self.key,), {"name": self.name, "privilege": self.privilege,
                                         "immunity": self.immunity})


class HoaxCharacterTranslation(models.Model):
    """A character's name and texts in another language."""

    character = models.ForeignKey(
        HoaxCharacter, on_delete=models.CASCADE, related_name="translations"
    )
    language = models.CharField(_("language"), max_length=10, choices=translation_languages)
    name = models.CharField(_("name"), max_length=40)
    privilege = models.TextField(_("privilege"))
    immunity = models.TextField(_("immunity"), blank=True)

    class Meta:
        db_table = "games_hoaxcharactertranslation"
        constraints = [
            models.UniqueConstraint(
                fields=["character", "language"], name="hoax_translation_unique"
            )
        ]
        verbose_name = _("translation")
        verbose_name_plural = _("translations")

    def __str__(self) -> str:
        return f"{self.character.key} ({self.language})"

    def clean(self) -> None:
        if self.character_id is not None:
            ORIGINALS.validate((self.character.key,), {
                "name": self.name, "privilege": self.privilege, "immunity": self.immunity})
