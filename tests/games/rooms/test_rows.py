"""``games.rooms.rows``: the services' SQL reads and writes what the ORM would, on both
databases."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.rows_agree import rows_agree
from tests.support.servers import ROOT


@pytest.mark.django_db(transaction=True)
def test_rows_agree_with_the_orm_on_sqlite():
    rows_agree()


@pytest.mark.postgres
def test_rows_agree_with_the_orm_on_postgresql(postgres_url):
    result = subprocess.run(
        [sys.executable, "-m", "tests.support.rows_agree"], cwd=ROOT, capture_output=True,
        text=True, env={**os.environ, "DATABASE_URL": postgres_url, "PARTYHUB_TICKER": "0"},
        timeout=120,
    )
    assert result.returncode == 0 and result.stdout.strip().endswith("agree"), result.stderr
