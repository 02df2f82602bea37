"""A table's page before its game starts hears when its seats change or its game starts; the message says only
"refresh": the page asks for its seats over HTTP, where the code and the class are checked again."""

from __future__ import annotations

from core.consumers import ListeningConsumer, in_any_thread
from together.selectors import may_sit_at, table_for_code
from together.services import lobby_group


class TableLobbyConsumer(ListeningConsumer):
    async def listen_to(self) -> str | None:
        table = await in_any_thread(self._table)()
        return lobby_group(table) if table is not None else None

    def _table(self):
        table = table_for_code(self.scope["url_route"]["kwargs"]["code"])
        if table is None or not may_sit_at(table, user=self.scope.get("user")):
            return None
        return table

    async def lobby_changed(self, event: dict) -> None:
        await self.push({"refresh": True})
