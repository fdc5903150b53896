"""Top-level URLs: the admin, translations, the questions app, media and the games app."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import last_modified
from django.views.decorators.vary import vary_on_headers
from django.views.i18n import JavaScriptCatalog
from django.views.static import serve

from partyhub import admin_login

# The admin is the curators' room: it says PartyHub, not Django.
admin.site.site_header = _("PartyHub administration")
admin.site.site_title = _("PartyHub admin")
admin.site.index_title = _("Curate PartyHub")
# Its login refuses a network or a user name past its failed logins (partyhub/admin_login.py).
admin.site.login_form = admin_login.LimitedAuthenticationForm

# The screens' translation catalogue changes with a deploy only, and every page loads it: kept
# by the browser for an hour, then asked again with If-Modified-Since (this process's start),
# 304 while the process runs. It is in the language the request names (the language cookie,
# else Accept-Language): it varies on both, and no shared cache keeps it.
STARTED = timezone.now()
CATALOG_SECONDS = 3600


def catalog_cached(view):
    view = last_modified(lambda request, **kwargs: STARTED)(view)
    view = cache_control(private=True, max_age=CATALOG_SECONDS)(view)
    return vary_on_headers("Accept-Language", "Cookie")(view)


urlpatterns = [
    path("admin/login/", admin_login.login),
    path("admin/", admin.site.urls),
    path("jsi18n/", catalog_cached(JavaScriptCatalog.as_view()), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("questions/", include("questions.urls")),
    path("", include("games.urls")),
]

# Uploaded pictures (games' admin data) are served by the project too: a party may have no internet.
urlpatterns.append(
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT})
)
