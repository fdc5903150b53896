"""The test settings: the hub's, with the test-only games registered (``make play`` never sees
them). The fourth game (tests/fourthgame/) is always here: the platform's own tests play it.
``PARTYHUB_TEST_GAMES`` (comma-separated packages) registers more, as a new game would be:
``make test`` registers the fifth (tests/fifthgame/) for the whole suite, and runs the platform's
own tests beside it without it, to show that registering a game changes no other test's
result."""

import os

from partyhub.settings import *  # noqa: F403 (the hub's settings, with games more)
from partyhub.settings import INSTALLED_APPS, PARTYHUB_GAMES, locale_paths

TEST_GAMES = ["tests.fourthgame",
              *(name.strip() for name in os.environ.get("PARTYHUB_TEST_GAMES", "").split(",")
                if name.strip())]
PARTYHUB_GAMES = [*PARTYHUB_GAMES, *TEST_GAMES]
INSTALLED_APPS = [*INSTALLED_APPS, *TEST_GAMES]
LOCALE_PATHS = locale_paths(PARTYHUB_GAMES)
