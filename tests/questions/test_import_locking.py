"""A big import must not stall a live game on SQLite, where one transaction writes at a time:
``import_deck`` runs against a file database while this test writes to it, as a game's move
would, and times every write. A dry run takes no write lock at all; a real import writes in
short batches. (The bound is generous: it is not a benchmark, and the machine may be busy.
Before the batches, 3,000 cards held the lock for the whole import: 12 s on a busy machine.)"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.support.servers import ROOT, sqlite_prepared

from .conftest import deck_document

CARDS = 2000
STALL_BOUND = 2.0  # seconds


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    path = tmp_path_factory.mktemp("locking") / "db.sqlite3"
    sqlite_prepared(path)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE probe (moment REAL)")
    return path


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    cards = [
        {"question": f"Question {number}", "answers": [f"{number}-{rank}" for rank in range(5)]}
        for number in range(CARDS)
    ]
    path = tmp_path_factory.mktemp("locking") / "big.json"
    path.write_text(json.dumps(deck_document(*cards, slug="big")))
    return path


def longest_write_during(database, *args: str) -> tuple[float, int, str]:
    """Run ``import_deck`` on the database; meanwhile write to it in a loop. The longest
    write, how many writes overlapped the import, and its output."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    importer = subprocess.Popen(
        [sys.executable, "manage.py", "import_deck", *args, "-v0"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    connection = sqlite3.connect(database, timeout=60, isolation_level=None)
    longest, writes = 0.0, 0
    while importer.poll() is None:
        start = time.monotonic()
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("INSERT INTO probe VALUES (?)", (start,))
        connection.execute("COMMIT")
        longest = max(longest, time.monotonic() - start)
        writes += 1
        time.sleep(0.01)
    connection.close()
    out, err = importer.communicate()
    assert importer.returncode == 0, err
    return longest, writes, out


def cards_in(database) -> int:
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT COUNT(*) FROM questions_card").fetchone()[0]


def test_a_dry_run_takes_no_write_lock(database, big_file):
    longest, writes, out = longest_write_during(database, str(big_file), "--dry-run")
    assert f"big: {CARDS} created" in out
    assert cards_in(database) == 0
    assert writes > 10
    assert longest < STALL_BOUND


def test_an_import_writes_in_short_transactions(database, big_file):
    longest, writes, out = longest_write_during(database, str(big_file))
    assert f"big: {CARDS} created" in out
    assert cards_in(database) == CARDS
    assert writes > 10
    assert longest < STALL_BOUND
