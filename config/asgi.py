"""ASGI entry point: plain HTTP goes to Django, WebSockets to the games' consumers."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

# Set up Django (apps, settings) before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from classroom.routing import websocket_urlpatterns as classroom_websockets  # noqa: E402
from core.live import knowing_the_server_loop  # noqa: E402
from games.routing import websocket_urlpatterns as game_websockets  # noqa: E402
from together.routing import websocket_urlpatterns as table_websockets  # noqa: E402

application = knowing_the_server_loop(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(game_websockets + classroom_websockets + table_websockets))),
    }
))
