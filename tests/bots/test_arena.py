"""The arena's bookkeeping: fair seating, shared wins for ties, determinism, intervals, the table."""

import dataclasses

import pytest

import benchmarks.arena as arena
from benchmarks.arena import format_result, play_match, wilson_interval
from games.rules import get_game


@dataclasses.dataclass(frozen=True)
class FinishedState:
    """A game that ends at once; the dealer and the seat to the dealer's left share the win."""

    dealer: int
    players: int
    is_over: bool = True

    @property
    def winners(self):
        return [self.dealer, (self.dealer + 1) % self.players]


class InstantGame:
    title = "Instant"
    min_players, max_players = 2, 6

    def __init__(self):
        self.deals = []

    def variant(self, preset="standard"):
        return preset

    def new_game(self, players, seed, variant=None, dealer=0):
        self.deals.append((seed, dealer))
        return FinishedState(dealer=dealer, players=players)


@pytest.fixture
def instant_game(monkeypatch):
    game = InstantGame()
    monkeypatch.setattr(arena, "get_game", lambda key: game)
    # No game lasts long enough to ask a bot.
    monkeypatch.setattr(arena, "get_bot", lambda key, level, decision_seconds=None: None)
    monkeypatch.setattr(arena, "scoring_of", lambda key: arena.WinShares())   # not an installed game: no engine
    return game


def test_tied_winners_share_the_game_and_seats_rotate(instant_game):
    result = play_match("instant", 3, ["hard", "medium", "easy"], games=9, seed=1)
    # Each deal is played three times with the line-up rotated, so every bot sits once beside the
    # dealer, once as dealer and once elsewhere: half a win twice per deal.
    assert [bot.wins for bot in result.bots] == [3.0, 3.0, 3.0]
    assert sum(bot.share for bot in result.bots) == pytest.approx(1)
    assert [bot.label for bot in result.bots] == ["hard#1", "medium#2", "easy#3"]
    seeds = [seed for seed, _ in instant_game.deals]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]
    assert [dealer for _, dealer in instant_game.deals] == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_shares_sum_to_one_in_real_games():
    result = play_match("sunduchok", 3, ["easy", "easy", "medium"], games=6, seed=3)
    assert sum(bot.wins for bot in result.bots) == pytest.approx(6)
    assert all(bot.games == 6 and bot.decisions > 0 and bot.worst_ms >= bot.mean_ms > 0 for bot in result.bots)


def test_the_same_seed_gives_the_same_match():
    def outcome(seed):
        result = play_match("sunduchok", 2, ["hard", "medium"], games=2, seed=seed, preset="aurabox")
        return [(bot.wins, bot.decisions) for bot in result.bots]

    assert outcome(5) == outcome(5)


def test_without_the_deadline_a_busy_machine_changes_nothing(monkeypatch):
    """`--no-deadline`: the hard bots spend their whole budgets even when every decision is already late."""
    def outcome(**options):
        result = play_match("sunduchok", 2, ["hard", "medium"], games=2, seed=4, **options)
        return [(bot.wins, bot.decisions) for bot in result.bots]

    unhurried = outcome()                                    # the tests' bots have no deadline (tests/conftest.py)
    monkeypatch.setattr("games.bots.base.DECISION_SECONDS", 0.0)   # a machine so busy that every decision is late
    assert outcome(deadline=False) == unhurried
    assert outcome() != unhurried                            # with the deadline the hard bot stops at its minimum


def test_wilson_interval_matches_known_values():
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    low, high = wilson_interval(2.5, 5)     # a shared game counts half
    assert low < 0.5 < high


@pytest.mark.parametrize(("players", "levels", "message"), [
    (3, ["hard", "medium"], "3 players need 3 bots"),
    (2, ["hard", "expert"], "Unknown bot level 'expert'"),
    (7, ["easy"] * 7, "2 to 6 players"),
])
def test_bad_line_ups_are_value_errors(players, levels, message):
    with pytest.raises(ValueError, match=message):
        play_match("sunduchok", players, levels, games=1, seed=1)


def test_unknown_game_and_preset_are_value_errors():
    with pytest.raises(ValueError, match="chess"):
        play_match("chess", 2, ["easy", "easy"], games=1, seed=1)
    with pytest.raises(ValueError, match="preset"):
        play_match("sunduchok", 2, ["easy", "easy"], games=1, seed=1, preset="blitz")


def test_the_table_and_the_bars(instant_game):
    text = format_result(play_match("instant", 2, ["hard", "easy"], games=4, seed=1))
    assert "Instant, 2 players, preset standard, 4 games, seed 1" in text
    assert "Wilson" in text
    lines = text.splitlines()
    assert any(line.startswith("hard#1") and "50.0%" in line for line in lines)
    assert f"easy#2     |{'#' * 20}{' ' * 20}| 50.0%" in lines


def test_sunduchok_is_known_to_the_arena():
    assert get_game("sunduchok").max_players == 6
