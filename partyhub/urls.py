"""Top-level URLs: the admin, translations, the questions app, media and the games app."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.i18n import JavaScriptCatalog
from django.views.static import serve

urlpatterns = [
    path("admin/", admin.site.urls),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("questions/", include("questions.urls")),
    path("", include("games.urls")),
]

# Uploaded pictures (games' admin data) are served by the project too: a party may have no internet.
urlpatterns.append(
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT})
)
