"""The "What your seat knows" panel over whole bot games of all four games, several presets and seeds: at every
step, for the human seat (0) and in turn for each other seat,

(a) every card the panel names — in its data, and as a card face on the rendered panel — is named in that seat's
    view (its hand, the public piles, the log), and the rendered panel passes the hidden-card scan of the other
    web tests (no hidden card in any spelling);
(b) every claim the panel makes (its rows' facts) is true of the real state, hidden cards included.
"""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.rules import get_game
from tests.web.helpers import assert_no_hidden_cards
from tests.web.seat_knowledge import assert_facts_true, assert_names_only_seen_cards, knowledge_of, rendered

MOST_STEPS = 3000
# (game, preset, variant fields, players, seed, bot levels, language, steps or None for the whole game)
GAMES = [
    ("sunduchok", "standard", {}, 3, 1, ("medium", "easy", "medium"), "en", None),
    ("sunduchok", "standard", {}, 4, 2, ("easy",) * 4, "ru", None),
    ("sunduchok", "open-ranks", {}, 3, 3, ("easy", "medium", "easy"), "en", None),
    ("sunduchok", "aurabox", {}, 4, 4, ("medium", "easy", "medium", "easy"), "en", None),
    ("sunduchok", "hidden-chests", {}, 3, 5, ("easy", "medium", "medium"), "en", None),
    ("sunduchok", "add-hobby", {}, 2, 6, ("medium", "easy"), "en", None),
    ("sunduchok", "nastolnie-igri", {}, 5, 7, ("easy", "medium") * 3, "en", None),
    ("sunduchok", "deck-52", {}, 3, 8, ("easy",) * 3, "en", None),
    ("sunduchok", "deal-all", {}, 4, 9, ("medium",) * 4, "ru", None),
    ("hearts", "short-50", {}, 4, 1, ("medium", "easy", "medium", "easy"), "en", None),
    ("hearts", "short-50", {}, 4, 2, ("easy",) * 4, "ru", None),
    ("hearts", "openspiel", {"end_at": 50}, 4, 3, ("easy", "medium", "easy", "medium"), "en", None),
    ("hearts", "bicycle", {"end_at": 50}, 4, 4, ("medium",) * 4, "en", None),
    ("hearts", "moon-choice", {"end_at": 50}, 4, 5, ("easy",) * 4, "en", None),
    ("rooster", "standard", {}, 3, 1, ("medium", "easy", "medium"), "en", None),
    ("rooster", "standard", {}, 2, 2, ("medium", "medium"), "ru", None),
    ("rooster", "single-lead", {}, 4, 3, ("medium", "easy", "medium", "medium"), "en", None),
    ("rooster", "rank-lead", {}, 5, 4, ("medium", "easy", "medium", "medium", "easy"), "en", None),
    ("rooster", "short-hands", {}, 6, 5, ("medium",) * 6, "en", None),
    ("yashchiki", "short", {"hand_sizes": [4, 3, 2]}, 4, 1, ("medium", "easy", "medium", "easy"), "en", None),
    ("yashchiki", "short", {"hand_sizes": [5, 1, 3]}, 4, 2, ("easy",) * 4, "ru", None),
    ("yashchiki", "standard", {}, 4, 3, ("medium",) * 4, "en", 200),
    ("yashchiki", "free-draw", {}, 4, 4, ("easy", "medium", "easy", "medium"), "en", 200),
    ("yashchiki", "crates", {}, 4, 5, ("medium", "easy", "medium", "easy"), "en", 200),
]


def check_every_step(game_key, preset, fields, players, seed, levels, language, steps) -> int:
    game = get_game(game_key)
    state = game.new_game(players=players, seed=seed, variant=game.variant(preset=preset, **fields))
    bots = [get_bot(game_key, level=level) for level in levels]
    rng = random.Random(seed)
    for step in range(steps or MOST_STEPS):
        # The human seat at every step; another seat in turn, so that every seat's panel is checked too.
        for seat in {0, step % players}:
            knowledge = knowledge_of(state, seat, language)
            page = rendered(knowledge, language)
            assert_names_only_seen_cards(knowledge, page, state.view(seat))
            assert_no_hidden_cards(page, state, seat)
            assert_facts_true(state, seat, knowledge)
        if state.is_over:
            return step
        mover = state.current_player
        state = state.apply(bots[mover].choose(state.view(mover), state.legal_actions(), rng))
    assert steps, f"{game_key} ({preset}, seed {seed}) did not end in {MOST_STEPS} moves"
    return steps


@pytest.mark.parametrize("case", GAMES, ids=lambda case: f"{case[0]}-{case[1]}-{case[3]}p-seed{case[4]}")
def test_the_panel_names_no_unseen_card_and_claims_only_what_is_true(case):
    assert check_every_step(*case) > 20
