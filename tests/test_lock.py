"""The install is the lock: every package the lock names for this Python is installed at the
locked version, production's lock is the test lock's subset, and the lock still satisfies what
pyproject.toml asks for (a dependency edited without ``make lock`` fails here)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENT = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def locked(path: Path) -> dict[str, str]:
    """The exact versions a hashed requirements file pins for this interpreter."""
    pins: dict[str, str] = {}
    for line in path.read_text().splitlines():
        found = REQUIREMENT.match(line)
        if not found:
            continue
        name, version, marker = found.groups()
        if marker is None or Marker(marker).evaluate():
            pins[canonicalize_name(name)] = version
    return pins


def installed() -> dict[str, str]:
    return {canonicalize_name(d.metadata["Name"]): d.version for d in metadata.distributions()}


def test_every_locked_package_is_installed_at_its_locked_version():
    pins = locked(ROOT / "requirements/test.txt")
    have = installed()
    assert len(pins) > 40, "the lock file was not read"
    wrong = {
        name: (version, have.get(name, "missing"))
        for name, version in pins.items()
        if have.get(name) != version
    }
    assert not wrong, f"installed differs from requirements/test.txt (locked, installed): {wrong}"


def test_every_line_pins_one_version_with_hashes():
    for name in ("prod.txt", "test.txt"):
        text = (ROOT / "requirements" / name).read_text()
        entries = [line for line in text.splitlines() if line and line[0].isalnum()]
        assert entries and all(REQUIREMENT.match(line) for line in entries), name
        assert text.count("--hash=sha256:") >= len(entries), f"{name}: a pin without its hash"


def test_production_lock_is_the_test_lock_without_the_test_tools():
    production = locked(ROOT / "requirements/prod.txt")
    test = locked(ROOT / "requirements/test.txt")
    assert {name: test.get(name) for name in production} == production
    for tool in ("pytest", "playwright", "ruff", "hypothesis"):
        assert tool in test and tool not in production, tool


def test_the_lock_satisfies_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = locked(ROOT / "requirements/test.txt")
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    unmet = []
    for line in wanted:
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate():
            continue
        version = pins.get(canonicalize_name(requirement.name))
        if version is None or not requirement.specifier.contains(version, prereleases=True):
            unmet.append((line, version))
    assert not unmet, f"pyproject.toml asks for what the lock lacks; run make lock: {unmet}"
