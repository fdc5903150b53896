"""WebSocket routes of the live screens."""

from django.urls import re_path

from games.live.consumers import BoardConsumer, SeatConsumer

websocket_urlpatterns = [
    re_path(r"^ws/rooms/(?P<code>[A-Za-z]{4})/board$", BoardConsumer.as_asgi()),
    re_path(r"^ws/rooms/(?P<code>[A-Za-z]{4})/seat$", SeatConsumer.as_asgi()),
]
