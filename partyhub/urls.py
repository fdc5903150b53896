"""Top-level URLs: the admin, translations (the screens' catalogue: partyhub/catalog.py), the
questions app, media and the games app."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.utils.translation import gettext_lazy as _
from django.views.static import serve

from partyhub import admin_login
from partyhub.catalog import catalog

# The admin is the curators' room: it says PartyHub, not Django.
admin.site.site_header = _("PartyHub administration")
admin.site.site_title = _("PartyHub admin")
admin.site.index_title = _("Curate PartyHub")
# Its login refuses a network or a user name past its failed logins (partyhub/admin_login.py).
admin.site.login_form = admin_login.LimitedAuthenticationForm

urlpatterns = [
    path("admin/login/", admin_login.login),
    path("admin/", admin.site.urls),
    path("jsi18n/", catalog, name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("questions/", include("questions.urls")),
    path("", include("games.urls")),
]

# Uploaded pictures (games' admin data) are served by the project too: a party may have no internet.
urlpatterns.append(
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT})
)
