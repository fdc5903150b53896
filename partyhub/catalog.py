"""The screens' translation catalogue (``/jsi18n/``): Django's JavaScript catalogue, at an
address of its own for each language, kept by the browser.

Every page loads it, and it changes with a deploy only. The page names its own language in the
address (``/jsi18n/?language=es``), so the catalogue depends on its address alone and a
browser's cache never serves one language's for another's: a ``Vary: Cookie`` would not do,
as Chromium's cache does not heed it (a phone switching its language kept the old catalogue).
Kept for an hour (``private``: no shared cache keeps it), then asked again with
``If-Modified-Since`` (this process's start), ``304`` while the process runs. Without
``language``, the request's (the language cookie, else ``Accept-Language``), varied on both.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone, translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.decorators.vary import vary_on_headers
from django.views.i18n import JavaScriptCatalog

STARTED = timezone.now()
CATALOG_SECONDS = 3600


class LanguageCatalog(JavaScriptCatalog):
    """Django's catalogue in the language its address names, else the request's."""

    def get(self, request, *args, **kwargs):
        language = request.GET.get("language")
        if language not in dict(settings.LANGUAGES):
            return super().get(request, *args, **kwargs)
        with translation.override(language):
            return super().get(request, *args, **kwargs)


catalog = vary_on_headers("Accept-Language", "Cookie")(
    cache_control(private=True, max_age=CATALOG_SECONDS)(
        last_modified(lambda request, **kwargs: STARTED)(LanguageCatalog.as_view())))
