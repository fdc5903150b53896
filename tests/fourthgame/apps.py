from django.apps import AppConfig


class FourthGameConfig(AppConfig):
    """Highest card, the test-only fourth game: its screens (``static/fourthgame/``)."""

    name = "tests.fourthgame"
    label = "fourthgame"
