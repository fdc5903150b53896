from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HoaxConfig(AppConfig):
    """Hoax: its characters' data and admin, its screens and art (``static/hoax/``)."""

    name = "games.hoax"
    label = "hoax"
    verbose_name = _("Hoax")
