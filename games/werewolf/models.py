"""Werewolf's curated texts: each card's face (name, power, picture) and every line the game
says (the narrator's, the phones' questions, the teams' names), in the base language with one
translation per other language.

The mechanics are the rules' (``games/werewolf/rules.py``), keyed by the same ids: a card's
``key`` is a role id of ``rules.ROLES``; a line's ``key`` is a narration key, a prompt kind or a
team id of the rules, so the admin can reword every text but add or remove none.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from games.kit.curated import Originals, translation_languages
from games.werewolf import rules


def role_keys() -> list[tuple[str, str]]:
    """The cards, by the rules' ids (their English names as the admin's labels)."""
    return [(key, gettext_lazy(role["name"])) for key, role in rules.ROLES.items()]


# The starter data (`make play` loads it when the tables are empty).
STARTER = settings.BASE_DIR / "fixtures" / "werewolf_texts.json"

# The texts shipped in the starter fixture: the placeholders each curated text keeps (none in a
# card's texts), and what the pages show in place of a saved text that does not keep them.
ROLE_ORIGINALS = Originals(STARTER, "werewolf.werewolfrole", "werewolf.werewolfroletranslation",
                           "role", ("key",))
LINE_ORIGINALS = Originals(STARTER, "werewolf.werewolfline", "werewolf.werewolflinetranslation",
                           "line", ("kind", "key"))

# A phone's question is shown at night in "Hold to see"'s panel, which keeps one size on every
# phone (the secret below the question gets what the question leaves): at most this long in any
# language (the longest shipped, the lovers' in French, is 141).
QUESTION_MAX = 160


def question_check(kind: str, text: str) -> None:
    """A phone's question over ``QUESTION_MAX`` characters is refused, with its length."""
    if kind == WerewolfLine.Kind.PHONE and len(text or "") > QUESTION_MAX:
        raise ValidationError({"text": _(
            "A phone's question is at most %(max)d characters (this one has %(count)d): at "
            "night it shares a panel of one size with what the phone alone may see."
        ) % {"max": QUESTION_MAX, "count": len(text)}})


class WerewolfRole(models.Model):
    """A card's face: its name, its one-line power and its picture, curated in the admin."""

    key = models.CharField(_("identifier"), max_length=20, choices=role_keys, unique=True)
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    name = models.CharField(_("name"), max_length=40)
    power = models.TextField(_("power"))
    picture = models.FileField(
        _("picture"),
        upload_to="werewolf/",
        blank=True,
        help_text=_("PNG, JPEG or WebP. Empty: the picture shipped with PartyHub."),
    )

    class Meta:
        ordering = ["order", "key"]
        verbose_name = _("Werewolf card")
        verbose_name_plural = _("Werewolf cards")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        ROLE_ORIGINALS.validate((self.key,), {"name": self.name, "power": self.power})


class WerewolfRoleTranslation(models.Model):
    """A card's name and power in another language."""

    role = models.ForeignKey(WerewolfRole, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(_("language"), max_length=10, choices=translation_languages)
    name = models.CharField(_("name"), max_length=40)
    power = models.TextField(_("power"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["role", "language"], name="werewolf_role_translation")
        ]
        verbose_name = _("translation")
        verbose_name_plural = _("translations")

    def __str__(self) -> str:
        return f"{self.role.key} ({self.language})"

    def clean(self) -> None:
        if self.role_id is not None:
            ROLE_ORIGINALS.validate((self.role.key,), {"name": self.name, "power": self.power})


class WerewolfLine(models.Model):
    """One text the game shows or says: a narrator's line, a phone's question or a team's name.

    Its placeholders are the parameters the rules give the line, by name (``{seat}``,
    ``{target}``: a player; ``{card}``: a card; ``{seats}``, ``{candidates}``, ``{winners}``:
    players; ``{night}``, ``{day}``, ``{step}``, ``{steps}``: numbers), filled in by the screens
    (docs/protocol.md lists each line's). A text, in every language, keeps exactly the
    placeholders of the line shipped in the starter fixture (``clean``).
    """

    class Kind(models.TextChoices):
        NARRATOR = "narrator", _("Narrator's line")
        PHONE = "phone", _("Phone's question")
        TEAM = "team", _("Team's name")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    key = models.CharField(_("identifier"), max_length=30)
    text = models.TextField(_("text"))

    class Meta:
        ordering = ["kind", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="werewolf_line_unique")
        ]
        verbose_name = _("Werewolf line")
        verbose_name_plural = _("Werewolf lines")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.key}"

    def clean(self) -> None:
        LINE_ORIGINALS.validate((self.kind, self.key), {"text": self.text})
        question_check(self.kind, self.text)


class WerewolfLineTranslation(models.Model):
    """A line's text in another language."""

    line = models.ForeignKey(WerewolfLine, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(_("language"), max_length=10, choices=translation_languages)
    text = models.TextField(_("text"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["line", "language"], name="werewolf_line_translation")
        ]
        verbose_name = _("translation")
        verbose_name_plural = _("translations")

    def __str__(self) -> str:
        return f"{self.line.key} ({self.language})"

    def clean(self) -> None:
        if self.line_id is not None:
            LINE_ORIGINALS.validate((self.line.kind, self.line.key), {"text": self.text})
            question_check(self.line.kind, self.text)
