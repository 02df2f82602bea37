"""The live class dashboard: a teacher's open page hears when a student starts or finishes a round.

Only the class's teachers may listen. The message carries no result, only "refresh": the page
asks for its dashboard over HTTP, where permissions are checked again.
"""

from __future__ import annotations

from classroom.live import classroom_group
from classroom.selectors import classroom_for_teacher
from core.consumers import ListeningConsumer, in_any_thread


class ClassDashboardConsumer(ListeningConsumer):
    async def listen_to(self) -> str | None:
        classroom = await in_any_thread(classroom_for_teacher)(
            classroom_id=self.scope["url_route"]["kwargs"]["classroom_id"], user=self.scope.get("user"))
        return classroom_group(classroom.pk) if classroom is not None else None

    async def classroom_changed(self, event: dict) -> None:
        await self.push({"refresh": True})
