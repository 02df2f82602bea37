"""WebSocket routes of the class pages, mounted by config.asgi under the auth middleware."""

from django.urls import path

from classroom.consumers import ClassDashboardConsumer

websocket_urlpatterns = [
    path("ws/classes/<int:classroom_id>/", ClassDashboardConsumer.as_asgi()),
]
