"""WebSocket routes, mounted by config.asgi under the auth middleware."""

from django.urls import path

from games.consumers import GameTableConsumer

websocket_urlpatterns = [
    path("ws/play/<uuid:game_id>/", GameTableConsumer.as_asgi()),
]
