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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules and classes marked ``long(seconds)`` first, the longest first; the others
    after, in their order. pytest-xdist (``--dist loadscope``) hands them out in this order,
    and a long one handed out last would run on alone while the other workers idle."""

    def seconds(item: pytest.Item) -> float:
        marker = item.get_closest_marker("long")
        return marker.args[0] if marker else 0

    items.sort(key=lambda item: -seconds(item))


@pytest.fixture(autouse=True)
def no_background_ticker(settings):
    """In-process tests drive deadlines by hand; servers started by tests run their own ticker."""
    settings.PARTYHUB_TICKER = False


@pytest.fixture(autouse=True)
def limits_lifted(settings):
    """Every in-process client is one address (or none): the limits per address are lifted, and
    each test starts with no counter; tests/games/ops/test_limits.py turns them on."""
    from games.ops.limits import limiter

    settings.PARTYHUB_LIMITS = False
    limiter.reset()
    yield
    limiter.reset()


@pytest.fixture(autouse=True)
def outbox_required(settings):
    """A room service called outside every door fails loudly (``games.rooms.outbox``), as in
    development: a page, a socket or a timer that forgot its door is found by its test."""
    settings.PARTYHUB_OUTBOX_REQUIRED = True


@pytest.fixture
def services_called_directly():
    """For the tests of a module that calls the room services itself, with no screen to tell
    (``pytestmark = pytest.mark.usefixtures("services_called_directly")``): the test's own calls
    get an outbox, whose changes go nowhere. A socket or page such a test opens changes through
    its door all the same, and the test reads the frames it sends."""
    from games.rooms.outbox import outbox_open

    with outbox_open():
        yield


@pytest.fixture(autouse=True)
def language_reset():
    """Each test starts in the default language: a request through LocaleMiddleware leaves its
    language active on the thread, which would translate the next test's messages."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
