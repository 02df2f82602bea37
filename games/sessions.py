"""What a browser session remembers of games: which games it may open, and where one was started from.

An anonymous visitor's games are theirs through the session (games.selectors.game_visible_to). A game
started from another page (a lesson's practice) keeps a link back to it, shown on the play page.
"""

from __future__ import annotations

from games.models import Game
from games.practice_goals import PracticeGoal
from games.selectors import SESSION_GAMES_KEY

SESSION_BACK_LINKS_KEY = "game_back_links"
REMEMBERED_GAMES = 200


def session_remember_game(session, game: Game, *, back_url: str | None = None, back_label: str = "",
                          goal: PracticeGoal | None = None) -> None:
    """Let this session open `game`; with `back_url`, its play page links back there as `back_label`, and says
    whether the game reached the `goal` that page set (a lesson's practice)."""
    ids = session.get(SESSION_GAMES_KEY, [])
    session[SESSION_GAMES_KEY] = [*ids[-(REMEMBERED_GAMES - 1):], str(game.pk)]
    if back_url:
        links = session.get(SESSION_BACK_LINKS_KEY, {})
        links = {key: value for key, value in links.items() if key in session[SESSION_GAMES_KEY]}
        links[str(game.pk)] = {"url": back_url, "label": back_label,
                               **({"goal": goal.to_dict()} if goal is not None else {})}
        session[SESSION_BACK_LINKS_KEY] = links


def session_back_link(session, game: Game) -> dict[str, str] | None:
    """{"url", "label"} of the page `game` was started from, if it was started from one."""
    if session is None:
        return None
    link = session.get(SESSION_BACK_LINKS_KEY, {}).get(str(game.pk))
    return {"url": link["url"], "label": link["label"]} if link is not None else None


def session_practice_goal(session, game: Game) -> PracticeGoal | None:
    """The goal set by the page `game` was started from (session_remember_game), if it set one."""
    if session is None:
        return None
    return PracticeGoal.from_dict(session.get(SESSION_BACK_LINKS_KEY, {}).get(str(game.pk), {}).get("goal"))
