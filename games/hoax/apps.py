from django.apps import AppConfig
from django.utils.translation import pgettext_lazy


class HoaxConfig(AppConfig):
    """Hoax: its characters' data and admin, its screens and art (``static/hoax/``)."""

    name = "games.hoax"
    label = "hoax"
    verbose_name = pgettext_lazy("game title", "Hoax")
