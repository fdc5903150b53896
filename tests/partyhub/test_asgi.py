"""The ASGI entry point: what a server process gets when it loads the hub."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import gc, json
before = gc.get_threshold()
import partyhub.asgi
from partyhub.asgi import application
print(json.dumps({"before": before, "after": gc.get_threshold(),
                  "frozen": gc.get_freeze_count(), "app": callable(application)}))
"""


def test_loading_the_hub_freezes_start_up_objects_and_spaces_full_collections():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "partyhub.settings"},
    )
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout)
    assert probe["app"]
    young, middle, _full = probe["before"]
    assert probe["after"] == [young, middle, 100]
    assert probe["frozen"] > 10_000  # Django and the apps, out of every collection
