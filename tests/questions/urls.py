"""The questions URLs mounted where the project mounts them, for the view tests."""

from django.urls import include, path

urlpatterns = [path("questions/", include("questions.urls"))]
