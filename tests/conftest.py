"""Shared test set-up: no background ticker in-process, and fixtures for real services.

Tests that need PostgreSQL, Redis or Chromium skip with a printed reason on a bare machine;
``PARTYHUB_REQUIRE_SERVICES=1`` (set by .ci/run) turns those skips into failures.
"""

from __future__ import annotations

import pytest

from tests.support.private_servers import (  # noqa: F401  (fixtures)
    daphnes,
    postgres_server,
    redis_server,
)
from tests.support.servers import (  # noqa: F401  (fixtures)
    chromium_path,
    daphne_factory,
    postgres_url,
    redis_url,
)


@pytest.fixture(autouse=True)
def no_background_ticker(settings):
    """In-process tests drive deadlines by hand; servers started by tests run their own ticker."""
    settings.PARTYHUB_TICKER = False


@pytest.fixture(autouse=True)
def limits_lifted(settings):
    """Every in-process client is one address (or none): the limits per address are lifted, and
    each test starts with no counter; tests/games/test_limits.py turns them on."""
    from games.limits import limiter

    settings.PARTYHUB_LIMITS = False
    limiter.reset()
    yield
    limiter.reset()


@pytest.fixture(autouse=True)
def language_reset():
    """Each test starts in the default language: a request through LocaleMiddleware leaves its
    language active on the thread, which would translate the next test's messages."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
