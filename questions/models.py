"""Question cards, the decks that group them, and a log of every turn played: the content of the
game that deals question cards (its adapter asks ``questions.selection`` for a room's cards)."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from questions import validation


class Deck(models.Model):
    """A named set of cards a host can pick for a room; a card may sit in several decks."""

    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), max_length=50, unique=True)
    description = models.TextField(_("description"), blank=True)
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")

    def __str__(self) -> str:
        """The name and the slug: two decks may share a name (one per language, say), and the
        admin's lists and menus must tell them apart."""
        return f"{self.name} ({self.slug})"


class Category(models.Model):
    """A card's topic, from a list the curators manage, so a typo cannot become a filter.

    Cards and deck files name a category by its slug, which is why the slug cannot change once
    saved; the name is English, with a translation per other language of the hub.
    """

    slug = models.SlugField(
        _("slug"),
        max_length=validation.CATEGORY_MAX_LENGTH,
        unique=True,
        help_text=_("What deck files write, e.g. “geography”. It cannot change once saved."),
    )
    name = models.CharField(_("name"), max_length=50, help_text=_("In English."))

    class Meta:
        ordering = ["slug"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")

    def __str__(self) -> str:
        return self.name_in(get_language())

    @classmethod
    def named_after(cls, slug: str) -> Category:
        """A new category for ``slug``, named after it until a curator names it properly."""
        return cls(slug=slug, name=slug.replace("-", " ").replace("_", " ").capitalize())

    def name_in(self, language: str | None) -> str:
        """The name in ``language`` (or its base language), else the English name; reads
        prefetched translations when there are some."""
        base = (language or "").split("-")[0]
        for translation in self.translations.all():
            if translation.language == base:
                return translation.name
        return self.name


class CategoryTranslation(models.Model):
    """A category's name in one of the hub's other languages."""

    category = models.ForeignKey(
        Category,
        on_delete=models.CASCADE,
        related_name="translations",
        verbose_name=_("category"),
    )
    language = models.CharField(
        _("language"),
        max_length=10,
        choices=[
            (code, name) for code, name in settings.LANGUAGES if code != settings.LANGUAGE_CODE
        ],
    )
    name = models.CharField(_("name"), max_length=50)

    class Meta:
        ordering = ["category", "language"]
        verbose_name = _("translation")
        verbose_name_plural = _("translations")
        constraints = [
            models.UniqueConstraint(
                fields=["category", "language"],
                name="questions_category_one_name_per_language",
                violation_error_message=_("This category already has a name in this language."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.language}: {self.name}"


class CardQuerySet(models.QuerySet):
    def asking(self, question: str) -> CardQuerySet:
        """Cards asking the same question, ignoring case and spacing."""
        return self.filter(question_key=validation.text_normalize(question))


class Card(models.Model):
    """One question with its five ranked answers and the order in which they are read aloud."""

    question = models.CharField(_("question"), max_length=validation.QUESTION_MAX_LENGTH)
    # Kept in step with ``question`` on save: lets "the same question" match on any database.
    question_key = models.CharField(
        max_length=validation.QUESTION_MAX_LENGTH, editable=False, db_index=True
    )
    source = models.CharField(
        _("source"),
        max_length=validation.SOURCE_MAX_LENGTH,
        help_text=_("Who ranked the answers, and when, e.g. “According to the UN, 2024”."),
    )
    reading_order = models.JSONField(
        _("reading order"),
        help_text=_(
            "For each of the six places read aloud, the rank (1–5) of the answer read there, "
            "or 0 for the Fox's place."
        ),
    )
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    # The slug of one of the curators' categories (see Category; checked in ``clean``).
    category = models.SlugField(_("category"), max_length=validation.CATEGORY_MAX_LENGTH)
    family_friendly = models.BooleanField(_("family-friendly"), default=True)
    active = models.BooleanField(
        _("active"),
        default=True,
        help_text=_("Inactive cards are never dealt. Nor are cards in no deck: those are drafts."),
    )
    # Was ``machine_translated``; deck files may still use that name (see deck_io).
    needs_native_review = models.BooleanField(
        _("needs a native speaker's review"),
        default=False,
        help_text=_(
            "Written or translated by a machine (or by someone who is not a native speaker of "
            "its language) and not yet reviewed by a native speaker. A native curator reviews "
            "it, then unticks this."
        ),
    )
    source_timeless = models.BooleanField(
        _("timeless source"),
        default=False,
        help_text=_(
            "The ranking cannot go out of date however old its source, e.g. the colours in "
            "Newton's Opticks, 1704: audit_decks does not list it among old sources."
        ),
    )
    # Plays before this moment are left out of the statistics (its answers changed since).
    statistics_since = models.DateTimeField(
        _("statistics counted since"), null=True, blank=True, editable=False
    )
    decks = models.ManyToManyField(Deck, related_name="cards", blank=True, verbose_name=_("decks"))
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return self.question

    def save(self, *args, **kwargs) -> None:
        self.question_key = validation.text_normalize(self.question)
        super().save(*args, **kwargs)

    def clean(self) -> None:
        problems = validation.card_problems(
            question=self.question,
            source=self.source,
            category=self.category,
            language=self.language,
            reading_order=self.reading_order,
        )
        if not problems.get("category") and not Category.objects.filter(
            slug=self.category
        ).exists():
            problems["category"] = [validation.unknown_category_message(self.category)]
        if not problems.get("question") and self.pk:
            duplicates = self.duplicate_decks(self.question, self.decks.all())
            if duplicates:
                problems["question"] = [validation.duplicate_question_message(duplicates)]
        if problems:
            raise ValidationError(problems)

    def duplicate_decks(self, question: str, decks: Iterable[Deck]) -> list[str]:
        """Names of the given decks where another card already asks ``question``."""
        others = Card.objects.asking(question).exclude(pk=self.pk)
        return list(
            Deck.objects.filter(pk__in=[deck.pk for deck in decks], cards__in=others)
            .distinct()
            .values_list("name", flat=True)
        )

    def answer_texts(self) -> list[str]:
        """The five answer texts, rank #1 first (uses prefetched answers when there are some)."""
        return [answer.text for answer in sorted(self.answers.all(), key=lambda a: a.rank)]

    def content(self) -> dict:
        """The card as the rules engine takes it: plain JSON-able data, no Django."""
        return {
            "id": self.pk,
            "question": self.question,
            "source": self.source,
            "answers": self.answer_texts(),
            "reading_order": list(self.reading_order),
            "language": self.language,
        }


class Answer(models.Model):
    """One of a card's five real answers, at its rank according to the card's source."""

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="answers", verbose_name=_("card")
    )
    rank = models.PositiveSmallIntegerField(
        _("rank"),
        choices=[(rank, f"#{rank}") for rank in validation.RANKS],
        validators=[MinValueValidator(1), MaxValueValidator(5)],
    )
    text = models.CharField(_("text"), max_length=validation.ANSWER_MAX_LENGTH)

    class Meta:
        ordering = ["card", "rank"]
        verbose_name = _("answer")
        verbose_name_plural = _("answers")
        constraints = [
            models.UniqueConstraint(
                fields=["card", "rank"],
                name="questions_answer_one_per_rank",
                violation_error_message=_("This card already has an answer at this rank."),
            )
        ]

    def __str__(self) -> str:
        return f"#{self.rank} {self.text}"


class CardPlay(models.Model):
    """One turn in which a card was played: feeds the curators' statistics and the draw order."""

    class FoxZone(models.TextChoices):
        TOP = "1", _("Fox at #1")
        MIDDLE = "2-3", _("Fox at #2–3")
        BOTTOM = "4-5", _("Fox at #4–5")
        CAUGHT = "caught", _("Fox caught")

    card = models.ForeignKey(
        Card, on_delete=models.CASCADE, related_name="plays", verbose_name=_("card")
    )
    played_at = models.DateTimeField(_("played at"), default=timezone.now)
    fox_zone = models.CharField(_("Fox placed"), max_length=6, choices=FoxZone.choices)
    correct = models.PositiveSmallIntegerField(
        _("correct answers"), validators=[MaxValueValidator(5)]
    )
    room_code = models.CharField(_("room code"), max_length=16, blank=True)

    class Meta:
        ordering = ["-played_at"]
        verbose_name = _("card play")
        verbose_name_plural = _("card plays")
        indexes = [models.Index(fields=["room_code", "card"], name="questions_play_room_card")]

    def __str__(self) -> str:
        return f"{self.card_id} @ {self.played_at:%Y-%m-%d %H:%M}"
