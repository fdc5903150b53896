"""The operator's kit in deploy/, checked by the tools that will read it: the systemd units
(``systemd-analyze verify``), the Prometheus alert rules (``promtool check rules`` and their
unit tests, ``promtool test rules``), and the Grafana dashboard and the rules against a real
scrape of the hub's /metrics: every series they query exists there. (deploy/nginx.conf is run
by tests/games/live/test_nginx.py.)"""

from __future__ import annotations

import configparser
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from channels.testing import HttpCommunicator
from prometheus_client.parser import text_string_to_metric_families

from games.live.drain import EXIT_SECONDS
from partyhub.asgi import application
from tests.support.servers import ROOT, service_missing

DEPLOY = ROOT / "deploy"
UNITS = sorted((DEPLOY / "systemd").iterdir())
RULES = DEPLOY / "prometheus" / "partyhub-alerts.yml"
RULE_TESTS = DEPLOY / "prometheus" / "partyhub-alerts.test.yml"
DASHBOARD = DEPLOY / "grafana" / "partyhub-dashboard.json"
# What the queries may name besides the hub's own series: Prometheus's (up) and the blackbox
# exporter's probe of /readyz (probe_success), neither served by the hub.
NOT_THE_HUBS = {"up", "probe_success"}


def tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        service_missing(f"{name} is not installed (apt-get install {package})")
    return path


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True,
                          timeout=120, cwd=cwd)


# --- systemd -------------------------------------------------------------------------------


def test_the_systemd_units_verify(tmp_path):
    """``systemd-analyze verify`` reads the units offline (no running systemd needed) and
    fails on an unknown key, a bad value or an ExecStart that is not there: the units are
    checked with this checkout in place of /srv/partyhub (its .venv has the daphne and python
    they start)."""
    analyze = tool("systemd-analyze", "systemd")
    for unit in UNITS:
        (tmp_path / unit.name).write_text(unit.read_text().replace("/srv/partyhub", str(ROOT)))
    verified = run(analyze, "verify", *sorted(tmp_path.iterdir()))
    assert verified.returncode == 0 and not verified.stderr.strip(), verified.stderr
    assert {unit.name for unit in UNITS} == {
        "partyhub@.service", "partyhub-sweep.service", "partyhub-sweep.timer"}


def unit_read(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string((DEPLOY / "systemd" / name).read_text())
    return parser


def test_systemd_waits_for_the_drain_before_it_kills():
    daphne = unit_read("partyhub@.service")["Service"]
    assert daphne["KillSignal"] == "SIGTERM"
    assert float(daphne["TimeoutStopSec"]) > EXIT_SECONDS  # plain seconds
    assert "-p %i " in daphne["ExecStart"]  # one process per port, the port its instance
    sweep = unit_read("partyhub-sweep.service")["Service"]
    assert sweep["ExecStart"].endswith("manage.py sweep_rooms")


# --- Prometheus --------------------------------------------------------------------------------


def test_the_alert_rules_check_and_pass_their_unit_tests():
    promtool = tool("promtool", "prometheus")
    checked = run(promtool, "check", "rules", RULES)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    tested = run(promtool, "test", "rules", RULE_TESTS.name, cwd=RULE_TESTS.parent)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    # Each alert the issue asked for is there, and every alert is unit-tested.
    alerts = set(re.findall(r"^ +- alert: (\w+)$", RULES.read_text(), re.M))
    assert {"PartyhubProcessDown", "PartyhubNotReady", "PartyhubMoveLatencyHigh",
            "PartyhubChannelLayerErrors", "PartyhubTickerLagging",
            "PartyhubRefusalsSpiking"} <= alerts
    assert set(re.findall(r"^ +alertname: (\w+)$", RULE_TESTS.read_text(), re.M)) == alerts


# --- the series queried exist ----------------------------------------------------------------


def queried_series(expressions: list[str]) -> set[str]:
    """The series names in PromQL expressions: what is left once label matchers, ranges,
    grouping clauses (``by (le, game)``), functions and keywords are taken out."""
    names = set()
    for expression in expressions:
        bare = re.sub(r'\{[^}]*\}|\[[^\]]*\]|"[^"]*"', "", expression)
        bare = re.sub(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "",
                      bare)
        names |= {name for name in re.findall(r"\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()", bare)
                  if name not in {"and", "or", "unless", "bool", "offset"}}
    return names


def dashboard_expressions() -> list[str]:
    dashboard = json.loads(DASHBOARD.read_text())
    return [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]


def rule_expressions() -> list[str]:
    """Each rule's ``expr``, one line each (promtool has checked the file is the rules')."""
    expressions = re.findall(r"^ +expr: (.+)$", RULES.read_text(), re.M)
    assert len(expressions) == RULES.read_text().count("- alert: ")
    return expressions


@pytest.fixture
async def scraped_series() -> set[str]:
    """Every series name a process serves at /metrics (its samples: counters' ``_total``,
    histograms' ``_bucket``, ``_sum`` and ``_count``), from zero, before any event."""
    communicator = HttpCommunicator(application, "GET", "/metrics")
    communicator.scope["client"] = ("127.0.0.1", 50000)
    response = await communicator.get_response(timeout=10)
    assert response["status"] == 200
    return {sample.name for family in text_string_to_metric_families(response["body"].decode())
            for sample in family.samples}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("source", ["dashboard", "alert rules"])
async def test_every_series_queried_is_one_the_hub_serves(source, scraped_series):
    expressions = dashboard_expressions() if source == "dashboard" else rule_expressions()
    queried = queried_series(expressions)
    assert {"partyhub_moves_total", "partyhub_move_to_screen_seconds_bucket"} <= queried
    missing = queried - NOT_THE_HUBS - scraped_series
    assert not missing, f"the {source} queries series no process serves: {sorted(missing)}"


def test_the_series_reader_finds_series_not_functions():
    assert queried_series([
        'histogram_quantile(0.99, sum by (le, game) (rate(partyhub_x_bucket{game="a"}[5m])))',
        'up{job="partyhub"} == 0 and on (instance) process_cpu_seconds_total > 0.5 * y_total',
    ]) == {"partyhub_x_bucket", "up", "process_cpu_seconds_total", "y_total"}


def test_the_dashboard_is_grafanas_json():
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["uid"] == "partyhub" and dashboard["panels"]
    for panel in dashboard["panels"]:
        assert panel["title"] and panel["targets"] and panel["gridPos"]["w"] <= 24
        assert panel["datasource"]["uid"] == "${datasource}"
