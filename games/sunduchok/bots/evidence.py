"""Which public fact a Sunduchok bot cites in its reason, as JSON for games.narration to say."""

from __future__ import annotations

from typing import Any

from games.sunduchok.bots.knowledge import Fact

# The kinds of positive fact, most telling first: the one a reason cites.
FACT_STRENGTH = ("took", "count", "yes", "asked")


def strongest(facts: list[Fact]) -> Fact | None:
    ranked = [fact for fact in facts if fact.kind in FACT_STRENGTH]
    if not ranked:
        return None
    return min(ranked, key=lambda fact: (FACT_STRENGTH.index(fact.kind), -fact.event_index))


def cited(seat: int, rank: str, fact: Fact) -> dict[str, Any]:
    """What the public event showed of `seat`'s holding of `rank`, as a reason's "fact" parameter."""
    params: dict[str, Any] = {"kind": fact.kind, "seat": seat, "rank": rank}
    if fact.count is not None:
        params["count"] = fact.count
    if fact.cards:
        params["cards"] = list(fact.cards)
    if fact.other is not None:
        params["other"] = fact.other
    return params
