from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WerewolfConfig(AppConfig):
    """Werewolf: its cards' and lines' curated texts and admin, its screens and art
    (``static/werewolf/``)."""

    name = "games.werewolf"
    label = "werewolf"
    verbose_name = _("Werewolf")
