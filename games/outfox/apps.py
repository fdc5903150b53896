from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class OutfoxConfig(AppConfig):
    """Outfox the Fox: its screens (``static/outfox/``); its cards are the questions app's."""

    name = "games.outfox"
    label = "outfox"
    verbose_name = pgettext_lazy("game title", "Outfox the Fox")
