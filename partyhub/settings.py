"""PartyHub settings, all from the environment.

Nothing set: SQLite file and the in-memory channel layer, one process, DEBUG on for development.
``DATABASE_URL`` selects PostgreSQL, ``REDIS_URL`` selects channels-redis; ``DJANGO_DEBUG=0`` is
production, which refuses to start without ``DJANGO_SECRET_KEY``.
"""

from __future__ import annotations

import os
from importlib.util import find_spec
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from limits import parse_many

from partyhub.proxies import networks_parse

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    """A boolean from the environment: 1/true/yes/on are true."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "development-only-not-secret"

ALLOWED_HOSTS = [h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "*").split(",") if h]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

# Served over HTTPS (behind a proxy that terminates TLS and sends X-Forwarded-Proto, believed
# from the proxies in PARTYHUB_TRUSTED_PROXIES: partyhub/proxies.py): plain HTTP is
# redirected, cookies are sent over HTTPS only, and browsers are told to use HTTPS for a year
# (HSTS, with subdomains and preload unless the variables below say otherwise). Off for
# `make play` on a LAN, which has no certificate.
HTTPS = env_flag("DJANGO_HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS and env_flag("DJANGO_HSTS_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = HTTPS and env_flag("DJANGO_HSTS_PRELOAD", True)
X_FRAME_OPTIONS = "DENY"

# The games this hub offers: each a package exporting its ``games.kit.game.Game`` as ``GAME``,
# installed as an app (for its models, admin and static files) and read by ``games.kit.registry``.
# A test-only game registers itself in its own settings module (README, "Add a game").
PARTYHUB_GAMES = ["games.outfox", "games.hoax", "games.werewolf"]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "questions",
    "games",
    *PARTYHUB_GAMES,
    "bench",  # `manage.py bench`; nothing of the hub imports it
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "partyhub.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "partyhub.urls"
ASGI_APPLICATION = "partyhub.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "partyhub" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads write (pages, sockets, the deadline ticker): take the write lock when a
    # transaction begins and wait for it, instead of failing on a lock upgrade; WAL lets readers
    # read while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20,
        transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    )
    # Connections persist as on PostgreSQL: closing the last connection to a WAL database
    # checkpoints it with an fsync, and the sockets' database thread would pay that (plus a
    # reconnect and the PRAGMAs) on every message.

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The channel layer that carries a room's changes between processes (games/live/fanout.py):
# Channels' own classes, as named. CHANNEL_LAYER_BACKEND picks one of channels-redis's two when
# REDIS_URL is set; anything else is refused.
REDIS_LAYERS = (
    "channels_redis.core.RedisChannelLayer",
    "channels_redis.pubsub.RedisPubSubChannelLayer",
)
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    _layer = os.environ.get("CHANNEL_LAYER_BACKEND", REDIS_LAYERS[0])
    if _layer not in REDIS_LAYERS:
        raise ImproperlyConfigured(
            f"CHANNEL_LAYER_BACKEND must be one of {', '.join(REDIS_LAYERS)}; not {_layer!r}."
        )
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": _layer,
            "CONFIG": {
                # channels-redis waits for messages with 5-second BZPOPMIN calls; redis-py 8
                # times reads out after 5 s by default, which kills idle sockets at random.
                # Reads may take longer than that wait, and still fail on a dead server.
                "hosts": [
                    {"address": REDIS_URL, "max_connections": 1000, "socket_timeout": 15}
                ],
                "capacity": 1500,
                "expiry": 30,
                # Servers sharing one Redis but not one hub (a benchmark beside a party) differ.
                "prefix": os.environ.get("CHANNEL_LAYER_PREFIX", "asgi"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Channels gives every consumer a channel of its own. A screen's frames come through the fan-out
# instead, so its channel is never sent to: it lives in this process (games/live/consumers.py),
# where no other layer's failure can end the socket's consumer.
CHANNEL_LAYERS["sockets"] = {"BACKEND": "channels.layers.InMemoryChannelLayer"}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
    ("fr", _("French")),
    ("id", _("Indonesian")),
]


def locale_paths(games: list[str]) -> list[Path]:
    """Where translations are looked for, the first found winning: each game's own catalogue
    (``<its package>/locale``, written by ``make messages GAME=<id>``), so a game's words are
    translated as the game's author wrote them, then the project's (``locale/``: the platform's
    words, and those of the games that keep theirs there)."""
    return [*(package_folder(game) / "locale" for game in games), BASE_DIR / "locale"]


def package_folder(package: str) -> Path:
    """A package's folder, found without importing it (settings come before Django)."""
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ImproperlyConfigured(f"PARTYHUB_GAMES names no package: {package!r}")
    return Path(next(iter(spec.submodule_search_locations)))


LOCALE_PATHS = locale_paths(PARTYHUB_GAMES)
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "partyhub" / "static"]
# The project serves its own assets (a party on a LAN may have no internet), with WhiteNoise.
# In development, from the app folders directly, as they are. In production (`make play` and
# the README's deployment run collectstatic), from STATIC_ROOT under hashed names with gzip
# copies, cached by browsers for a year (partyhub/storage.py).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG else "partyhub.storage.StaticStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
MEDIA_URL = "/media/"
MEDIA_ROOT = BASE_DIR / "media"

# One line per record on standard error: JSON for a log shipper (partyhub/logs.py), the default
# in production, or plain text. The rooms' events (created, game started and over, seats
# joined and removed) are INFO lines of "partyhub.events"; everything else logs from WARNING.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text" if DEBUG else "json")
if LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured(f"LOG_FORMAT must be json or text; not {LOG_FORMAT!r}.")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "partyhub.logs.JsonFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "filters": {"warning_without_traceback": {"()": "partyhub.logs.WarningWithoutTraceback"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        "partyhub.events": {"level": os.environ.get("LOG_EVENTS_LEVEL", "INFO")},
        # A process's stop (SIGTERM, Ctrl-C) and its drain: one line each (a SIGKILL has none).
        "games.live.drain": {"level": "INFO"},
        # A Host header naming none of ALLOWED_HOSTS is a scanner's: a WARNING, no traceback
        # (nginx's default_server drops most before they get here: deploy/nginx.conf).
        "django.security.DisallowedHost": {"filters": ["warning_without_traceback"]},
    },
}

# How often each server process looks in the database for phase deadlines, in seconds. It also
# wakes at every deadline it knows (games/live/ticker.py), so this bounds only how late a deadline
# set by a process that died since can be met.
PARTYHUB_TICK_SECONDS = float(os.environ.get("PARTYHUB_TICK_SECONDS", "5"))
# Within how many seconds a socket of a server process that died without a word (SIGKILL, a
# crash, the machine lost) counts as gone on every screen and in every count
# (games/rooms/liveness.py derives the processes' heartbeat and sweep from it). Tests shorten
# it; leave it in service.
PARTYHUB_CONNECTION_STALE_SECONDS = float(os.environ.get("PARTYHUB_CONNECTION_STALE_SECONDS", "75"))
# Whether each server process runs the deadline ticker (tests drive it by hand).
PARTYHUB_TICKER = env_flag("PARTYHUB_TICKER", True)
# A room service called outside every door (games/live/door.py) raises in development (and the
# tests turn it on), instead of the error logged in production (games/rooms/outbox.py).
PARTYHUB_OUTBOX_REQUIRED = DEBUG
# Serve the benchmark's stock Channels consumer at /ws/stock/<group> and its floor, a bare ASGI
# app, at /ws/floor/<room> (set by `manage.py bench`).
PARTYHUB_BENCH = env_flag("PARTYHUB_BENCH", False)
# Who may read each process's Prometheus metrics at /metrics (partyhub/probes.py): "local"
# (a request straight to the process from this machine, not through the proxy), "token" (with
# "Authorization: Bearer <PARTYHUB_METRICS_TOKEN>"), "public", or "off".
PARTYHUB_METRICS = os.environ.get("PARTYHUB_METRICS", "local")
PARTYHUB_METRICS_TOKEN = os.environ.get("PARTYHUB_METRICS_TOKEN", "")
if PARTYHUB_METRICS not in ("local", "token", "public", "off"):
    raise ImproperlyConfigured(
        f"PARTYHUB_METRICS must be local, token, public or off; not {PARTYHUB_METRICS!r}."
    )
if PARTYHUB_METRICS == "token" and len(PARTYHUB_METRICS_TOKEN) < 16:
    raise ImproperlyConfigured("PARTYHUB_METRICS=token needs a PARTYHUB_METRICS_TOKEN of 16 "
                               "characters or more.")
# The address phones open to join (printed by `make play`); empty: the TV page's own address.
PARTYHUB_PUBLIC_URL = os.environ.get("PARTYHUB_PUBLIC_URL", "").rstrip("/")
# A room's life (games/rooms/lifecycle.py, docs/operations.md "Retention"): a room ends this long
# after its game ended with nobody connected, or after sitting this long with no change and nobody
# connected; its code is free at once. What its games leave (setup, action log, recap, audience
# tallies) is kept this many days after the room ended, then deleted. Each server process's
# ticker sweeps every PARTYHUB_ROOM_SWEEP_SECONDS (0: never; then run `manage.py sweep_rooms`).
PARTYHUB_ROOM_AFTER_END_MINUTES = float(os.environ.get("PARTYHUB_ROOM_AFTER_END_MINUTES", "30"))
PARTYHUB_ROOM_IDLE_HOURS = float(os.environ.get("PARTYHUB_ROOM_IDLE_HOURS", "6"))
PARTYHUB_RECORD_RETENTION_DAYS = float(os.environ.get("PARTYHUB_RECORD_RETENTION_DAYS", "365"))
PARTYHUB_ROOM_SWEEP_SECONDS = float(os.environ.get("PARTYHUB_ROOM_SWEEP_SECONDS", "60"))
if min(PARTYHUB_ROOM_AFTER_END_MINUTES, PARTYHUB_ROOM_IDLE_HOURS,
       PARTYHUB_RECORD_RETENTION_DAYS, PARTYHUB_ROOM_SWEEP_SECONDS) < 0:
    raise ImproperlyConfigured("PARTYHUB_ROOM_AFTER_END_MINUTES, PARTYHUB_ROOM_IDLE_HOURS, "
                               "PARTYHUB_RECORD_RETENTION_DAYS and PARTYHUB_ROOM_SWEEP_SECONDS "
                               "cannot be negative.")

# Limits per client address (games/ops/limits.py; docs/operations.md, "Limits"), in the `limits`
# package's notation: "20/hour;100/day" (every part holds); "off" lifts one. PARTYHUB_LIMITS=0
# lifts them all (a benchmark's load comes from one address).
PARTYHUB_LIMITS = env_flag("PARTYHUB_LIMITS", True)
PARTYHUB_LIMIT_ROOMS = os.environ.get("PARTYHUB_LIMIT_ROOMS", "20/hour;100/day")
PARTYHUB_LIMIT_JOINS = os.environ.get("PARTYHUB_LIMIT_JOINS", "60/minute;600/hour")
PARTYHUB_LIMIT_CODE_GUESSES = os.environ.get("PARTYHUB_LIMIT_CODE_GUESSES", "20/hour;50/day")
PARTYHUB_LIMIT_HANDOVERS = os.environ.get("PARTYHUB_LIMIT_HANDOVERS", "10/hour")
PARTYHUB_LIMIT_CONNECTIONS = os.environ.get("PARTYHUB_LIMIT_CONNECTIONS", "60/minute;600/hour")
PARTYHUB_LIMIT_MESSAGES = os.environ.get("PARTYHUB_LIMIT_MESSAGES", "1200/minute")
# The admin's failed logins (partyhub/admin_login.py): per client network, and per user name
# from anywhere; past either, logins are refused before any password is checked.
PARTYHUB_LIMIT_LOGINS = os.environ.get("PARTYHUB_LIMIT_LOGINS", "10/hour;30/day")
PARTYHUB_LIMIT_LOGIN_NAMES = os.environ.get("PARTYHUB_LIMIT_LOGIN_NAMES", "50/hour;200/day")
for _name in ("ROOMS", "JOINS", "CODE_GUESSES", "HANDOVERS", "CONNECTIONS", "MESSAGES",
              "LOGINS", "LOGIN_NAMES"):
    _value = globals()[f"PARTYHUB_LIMIT_{_name}"].strip()
    if _value.lower() not in ("", "off"):
        try:
            parse_many(_value)
        except ValueError:
            raise ImproperlyConfigured(
                f"PARTYHUB_LIMIT_{_name} must be like 20/hour;100/day or off; not {_value!r}."
            ) from None
# The limits count an IPv6 client by its network of this many bits (a home gets a /64 and may
# take any address in it); an IPv4 client by its address (games/ops/limits.py, client_key).
_prefix = os.environ.get("PARTYHUB_LIMIT_IPV6_PREFIX", "64").strip()
if not (_prefix.isdigit() and 1 <= int(_prefix) <= 128):
    raise ImproperlyConfigured("PARTYHUB_LIMIT_IPV6_PREFIX must be a prefix length from 1 to "
                               f"128; not {_prefix!r}.")
PARTYHUB_LIMIT_IPV6_PREFIX = int(_prefix)
# The reverse proxies whose X-Forwarded-For / X-Real-IP / X-Forwarded-Proto are believed
# (partyhub/proxies.py): addresses and CIDR blocks, comma-separated. Empty: nobody's; the
# client is the peer.
try:
    PARTYHUB_TRUSTED_PROXIES = [
        str(network) for network in networks_parse(os.environ.get("PARTYHUB_TRUSTED_PROXIES", ""))
    ]
except ValueError as _error:
    raise ImproperlyConfigured(f"PARTYHUB_TRUSTED_PROXIES: {_error}.") from None
