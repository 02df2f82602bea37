"""The live class dashboard: a teacher's open page hears when a student starts or finishes a round.

Only the class's teachers may listen. The message carries no result, only "refresh": the page
asks for its dashboard over HTTP, where permissions are checked again.
"""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from classroom.live import classroom_group
from classroom.selectors import classroom_for_teacher

NOT_FOUND = 4404


class ClassDashboardConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        classroom_id = self.scope["url_route"]["kwargs"]["classroom_id"]
        classroom = await database_sync_to_async(classroom_for_teacher)(
            classroom_id=classroom_id, user=self.scope.get("user"))
        if classroom is None:
            await self.close(code=NOT_FOUND)
            return
        self.group = classroom_group(classroom.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        await self.send_json({"error": "This connection only sends updates."})

    async def classroom_changed(self, event: dict) -> None:
        await self.send_json({"refresh": True})
