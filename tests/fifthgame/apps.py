from django.apps import AppConfig


class FifthGameConfig(AppConfig):
    """Coin call, the test-only fifth game: its screens (``static/fifthgame/``), its catalogue
    (``locale/``)."""

    name = "tests.fifthgame"
    label = "fifthgame"
