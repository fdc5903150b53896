"""Pages of the hub and its small JSON API."""

from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    # Browsers ask for /favicon.ico where a page names no icon (the admin's pages).
    path("favicon.ico", views.favicon, name="favicon"),
    path("tv/<str:code>", views.tv, name="tv"),
    path("tv/<str:code>/mirror", views.board_mirror, name="board_mirror"),
    path("join", views.join, name="join"),
    path("join/<str:code>", views.join, name="join_code"),
    path("play/<str:code>", views.play, name="play"),
    path("closed/<str:code>", views.room_closed, name="room_closed"),
    path("rooms/<str:code>/qr.svg", views.room_qr, name="room_qr"),
    path("api/games", views.api_games, name="api_games"),
    path("api/rooms", views.api_room_create, name="api_room_create"),
    path("api/rooms/<str:code>/seats", views.api_seat_join, name="api_seat_join"),
]
