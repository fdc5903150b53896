"""URLs of the questions app; the project includes them at ``questions/``."""

from django.urls import path

from questions import views

app_name = "questions"

urlpatterns = [
    path("count", views.card_count_view, name="count"),
]
