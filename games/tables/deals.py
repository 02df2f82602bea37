"""A freshly dealt game written down as a lesson DEAL (tutorials.payloads), for the lesson studio's deals from a
seed (games.declaration.Game.opening_deal).

The games whose engine state holds its hands, stock, dealer and seed as dealt use `dealt_as_is`; a game that
moves cards before anyone decides (Yashchiki's automatic draws) starts from it and puts them back.
"""

from __future__ import annotations

from typing import Any


def dealt_as_is(state) -> dict[str, Any]:
    """The hands, stock (top first; [] in a game without one), dealer and seed of `state`, a game no one has acted
    in yet: `from_deal` with them gives `state` back."""
    data = state.to_dict()
    return {"hands": [list(hand) for hand in data["hands"]], "stock": list(data.get("stock", [])),
            "dealer": data["dealer"], "seed": data["seed"]}
