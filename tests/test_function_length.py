"""No function of the project's Python is longer than a screen: one that is does several things,
and each wants its own name (the tests' own long scenarios are not held to it)."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOST_LINES = 80


def project_python() -> list[Path]:
    """Every Python file git tracks, but the tests' and the migrations' (written by Django)."""
    listed = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split()
    return [ROOT / name for name in listed
            if not name.startswith("tests/") and "/migrations/" not in name]


def long_functions(source: str, most: int = MOST_LINES) -> list[tuple[str, int]]:
    """Each function (or method) of ``source`` longer than ``most`` lines, with its length."""
    return [(node.name, node.end_lineno - node.lineno + 1) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > most]


def test_the_check_finds_a_long_function() -> None:
    body = "\n".join(f"    x{n} = {n}" for n in range(MOST_LINES))
    assert long_functions(f"def long():\n{body}\n") == [("long", MOST_LINES + 1)]
    assert long_functions(f"def short():\n{body[:-len(body.splitlines()[-1]) - 1]}\n") == []


def test_no_function_of_the_project_is_longer_than_80_lines() -> None:
    files = project_python()
    assert len(files) > 100  # the whole project, not an empty listing
    found = [f"{path.relative_to(ROOT)}: {name} ({lines} lines)"
             for path in files for name, lines in long_functions(path.read_text())]
    assert found == []
