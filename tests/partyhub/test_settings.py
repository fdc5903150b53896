"""Settings come from the environment: defaults for a laptop, PostgreSQL and Redis when named."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.support.servers import ROOT

PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'], "
    "'name': str(s.DATABASES['default']['NAME']), "
    "'layer': s.CHANNEL_LAYERS['default']['BACKEND'], "
    "'hosts': s.CHANNEL_LAYERS['default'].get('CONFIG', {}).get('hosts'), "
    "'debug': s.DEBUG}))"
)
CLEARED = (
    "DATABASE_URL", "REDIS_URL", "DJANGO_DEBUG", "DJANGO_SECRET_KEY", "CHANNEL_LAYER_BACKEND",
    "PARTYHUB_METRICS", "PARTYHUB_METRICS_TOKEN", "LOG_FORMAT",
)


def settings_probe(**env: str) -> subprocess.CompletedProcess:
    """Import the settings in a fresh interpreter with exactly this environment."""
    base = {k: v for k, v in os.environ.items() if k not in CLEARED}
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "partyhub.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_nothing_set_means_sqlite_and_the_in_memory_layer():
    result = settings_probe()
    config = json.loads(result.stdout)
    assert config["engine"] == "django.db.backends.sqlite3"
    assert config["name"].endswith("db.sqlite3")
    assert config["layer"] == "channels.layers.InMemoryChannelLayer"
    assert config["debug"] is True


def test_database_url_selects_postgresql_and_redis_url_selects_channels_redis():
    result = settings_probe(
        DATABASE_URL="postgres://party:secret@db.internal:5432/partyhub",
        REDIS_URL="redis://cache.internal:6379/2",
    )
    config = json.loads(result.stdout)
    assert config["engine"] == "django.db.backends.postgresql"
    assert config["name"] == "partyhub"
    assert config["layer"] == "channels_redis.core.RedisChannelLayer"
    (host,) = config["hosts"]
    assert host["address"] == "redis://cache.internal:6379/2"
    # redis-py's default pool of 100 connections fails at 110 consumers.
    assert host["max_connections"] >= 1000


def test_the_pubsub_layer_can_be_chosen():
    result = settings_probe(
        REDIS_URL="redis://cache.internal:6379/0",
        CHANNEL_LAYER_BACKEND="channels_redis.pubsub.RedisPubSubChannelLayer",
    )
    assert json.loads(result.stdout)["layer"] == "channels_redis.pubsub.RedisPubSubChannelLayer"


def test_a_layer_backend_that_is_not_one_of_channels_redis_layers_is_refused():
    result = settings_probe(
        REDIS_URL="redis://cache.internal:6379/0", CHANNEL_LAYER_BACKEND="games.layers.Mine"
    )
    assert result.returncode != 0
    assert "CHANNEL_LAYER_BACKEND must be one of" in result.stderr
    assert "'games.layers.Mine'" in result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    result = settings_probe(DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_production_starts_with_a_secret_key():
    result = settings_probe(DJANGO_DEBUG="0", DJANGO_SECRET_KEY="x" * 50)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["debug"] is False


def test_metrics_access_must_be_one_of_its_words_and_a_token_long_enough():
    result = settings_probe(PARTYHUB_METRICS="everyone")
    assert result.returncode != 0
    assert "PARTYHUB_METRICS must be local, token, public or off" in result.stderr
    result = settings_probe(PARTYHUB_METRICS="token", PARTYHUB_METRICS_TOKEN="short")
    assert result.returncode != 0
    assert "PARTYHUB_METRICS_TOKEN of 16 characters or more" in result.stderr
    assert settings_probe(PARTYHUB_METRICS="token",
                          PARTYHUB_METRICS_TOKEN="x" * 16).returncode == 0


def test_the_log_format_is_json_or_text():
    result = settings_probe(LOG_FORMAT="xml")
    assert result.returncode != 0
    assert "LOG_FORMAT must be json or text" in result.stderr


def test_the_ipv6_prefix_of_the_limits_is_a_prefix_length():
    for bad in ("0", "129", "/64", "sixty-four"):
        result = settings_probe(PARTYHUB_LIMIT_IPV6_PREFIX=bad)
        assert result.returncode != 0
        assert "PARTYHUB_LIMIT_IPV6_PREFIX must be a prefix length from 1 to 128" in result.stderr
    assert settings_probe(PARTYHUB_LIMIT_IPV6_PREFIX="56").returncode == 0
