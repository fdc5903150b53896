from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OutfoxConfig(AppConfig):
    """Outfox the Fox: its screens (``static/outfox/``); its cards are the questions app's."""

    name = "games.outfox"
    label = "outfox"
    verbose_name = _("Outfox the Fox")
