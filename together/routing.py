"""WebSocket routes of the tables' pages, mounted by config.asgi under the auth middleware."""

from django.urls import path

from together.consumers import TableLobbyConsumer

websocket_urlpatterns = [
    path("ws/tables/<str:code>/", TableLobbyConsumer.as_asgi()),
]
