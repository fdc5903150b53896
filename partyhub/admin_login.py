"""The admin's login behind a lock: failed logins limited per client network and per user name.

A login costs a password hash (about 0.36 s of CPU with Django's default hasher), and the
admin's login had no limit: three tries a second fill a core, and nothing stopped a guesser. A
failed login (a wrong name or password) counts twice, on the ``limits`` counters the hub's other
limits use (``games.ops.limits``: Redis with ``REDIS_URL``, so every process counts together):

- ``logins``, per client network (``PARTYHUB_LIMIT_LOGINS``): one guesser, whatever the names;
- ``login_names``, per user name typed, from anywhere (``PARTYHUB_LIMIT_LOGIN_NAMES``, higher):
  a guesser spread over many networks, on one account.

Past either, every login of that network or name is refused before its password is hashed,
the right one too, with a message saying how long to wait (HTTP 429 and ``Retry-After``, the
admin's own login page), until the window frees. A successful login counts nothing.

The ``limits`` package rather than django-axes: the hub already counts its other limits with it
(one mechanism, one storage, one ``partyhub_limited_total``), and the check is one round trip
with nothing in the database. docs/operations.md ("The admin's login") says how to keep
``/admin/`` to an allow-list at the proxy as well, which a guesser from elsewhere never reaches.
"""

from __future__ import annotations

import hashlib

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from games.kit.errors import error_text
from games.ops import metrics
from games.ops.limits import Throttled, limiter, request_address, throttled_headers


def name_key(username: str | None) -> str:
    """What the per-name limit counts under: the name as typed, without case, hashed (a short
    key, and no user name written into Redis)."""
    return hashlib.sha256((username or "").strip().casefold().encode()).hexdigest()[:32]


class LimitedAuthenticationForm(AdminAuthenticationForm):
    """The admin's login form: refused, before the password is checked, once its network or
    its user name is over its failed logins; a wrong name or password counted against both."""

    throttled: Throttled | None = None

    def clean(self):
        address = request_address(self.request)
        name = name_key(self.cleaned_data.get("username"))
        try:
            limiter.check("logins", address, consume=False)
            limiter.check("login_names", name, consume=False)
        except Throttled as error:
            self.throttled = error
            metrics.admin_login("refused")
            raise ValidationError(error_text(error), code="rate_limited") from None
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                limiter.over("logins", address)
                limiter.over("login_names", name)
                metrics.admin_login("failed")
            raise
        metrics.admin_login("ok")
        return cleaned


def login(request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
    """The admin site's login view, answering a refusal by a limit with 429 and
    ``Retry-After`` (the page is the admin's, with the refusal as its form's error)."""
    response = admin.site.login(request, extra_context)
    context = getattr(response, "context_data", None) or {}
    throttled = getattr(context.get("form"), "throttled", None)
    if throttled is not None:
        response.status_code = 429
        for name, value in throttled_headers(throttled).items():
            response[name] = value
    return response
