"""The test settings with the test-only fourth game registered: ``make test`` runs its tests and
its browser sweep under them (``pytest --ds=tests.fourthgame.settings``); ``make play`` never
sees it."""

from partyhub.settings import *  # noqa: F403 (the hub's settings, with one game more)
from partyhub.settings import INSTALLED_APPS, PARTYHUB_GAMES

PARTYHUB_GAMES = [*PARTYHUB_GAMES, "tests.fourthgame"]
INSTALLED_APPS = [*INSTALLED_APPS, "tests.fourthgame"]
