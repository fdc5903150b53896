from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class WerewolfConfig(AppConfig):
    """Werewolf: its cards' and lines' curated texts and admin, its screens and art
    (``static/werewolf/``)."""

    name = "games.werewolf"
    label = "werewolf"
    verbose_name = pgettext_lazy("game title", "Werewolf")
