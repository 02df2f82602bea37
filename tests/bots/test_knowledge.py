"""The public knowledge is sound (the true holding is always in its family) and uses only public
facts; the sampler deals exactly the unseen cards into hands of the right sizes."""

import random

import pytest

from games.rules.cards import rank_of, suit_of
from games.sunduchok.bots.knowledge import SET_SIZE, PublicKnowledge, holdings, suit_set
from games.sunduchok.bots.sampler import HandSampler
from tests.bots.helpers import GAME, SETUPS, ask, count, deal, play, random_positions, suits

VALID_SETUPS = [(preset, players) for preset, players in SETUPS
                if GAME.variant(preset).deal_all or players * 4 <= GAME.variant(preset).deck]


def true_holdings(state) -> dict[tuple[int, str], int]:
    """(seat, rank) -> the suit-set that seat really holds, from the whole truth."""
    truth: dict[tuple[int, str], int] = {}
    for card, place in state.card_locations().items():
        if place.startswith("hand:"):
            key = (int(place[5:]), rank_of(card))
            truth[key] = truth.get(key, 0) | suit_set(suit_of(card))
    return truth


@pytest.mark.parametrize(("preset", "players"), VALID_SETUPS)
def test_every_true_holding_stays_in_its_family(preset, players):
    rng = random.Random(players)
    for state in random_positions(preset, players, seed=players + 100, every=3):
        knowledge = PublicKnowledge(state.view(rng.randrange(players)))
        truth = true_holdings(state)
        for seat in range(players):
            for rank in knowledge.ranks:
                assert knowledge.families[seat][rank] >> truth.get((seat, rank), 0) & 1, (seat, rank)
        assert len(knowledge.laid_ranks) + sum(knowledge.unknown_chests) == sum(state.scores)


def test_the_knowledge_is_the_same_from_every_seat():
    """Private parts of the log (own draws, own hidden chests) are not used: it is public knowledge."""
    for state in random_positions("hidden-chests", 3, seed=8, every=9):
        knowledges = [PublicKnowledge(state.view(seat)) for seat in range(3)]
        assert all(knowledge.families == knowledges[0].families for knowledge in knowledges)


def test_questions_transfers_and_draws_update_the_families():
    state = deal("QH 8D AS 7C", "QC 9H KC 6D", "QD QS 7H 10C", dealer=0)   # seat 1 starts
    state = play(state, ask(2, "Q"), count(2), suits("D", "S"))             # seat 1 takes QD QS
    knowledge = PublicKnowledge(state.view(0))
    # Seat 1 asked for queens, then named two, then diamonds and spades: it held one or two queens,
    # neither the diamond nor the spade; now it holds those two as well, but not all four.
    assert holdings(knowledge.families[1]["Q"]) == [suit_set("CDS"), suit_set("DHS")]
    assert knowledge.known_suits(1, "Q") == suit_set("DS")
    assert knowledge.holds_none(2, "Q")
    assert knowledge.denials[2]["Q"].kind == "gave"
    assert knowledge.positive_facts(1, "Q")[-1].kind == "took"
    state = play(state, ask(2, "K"))                                        # no: seat 1 draws
    knowledge = PublicKnowledge(state.view(0))
    assert knowledge.holds_none(2, "K")
    assert knowledge.denials[2]["K"].kind == "no"
    assert knowledge.holds_some(1, "K")       # asking proved a king; the draw takes none away
    assert knowledge.draws_since_settled[1]["7"] == 1


def test_a_chest_completed_by_a_transfer_shows_its_rank_even_face_down():
    state = deal("QH QC 8D AS", "QD QS 7H KC", preset="hidden-chests")
    state = play(state, ask(1, "Q"), count(2), suits("D", "S"))
    assert state.view(1)["chests"][0] == [None]
    assert PublicKnowledge(state.view(1)).laid_ranks == {"Q"}


@pytest.mark.parametrize(("preset", "players"), [("standard", 3), ("deal-all", 4), ("hidden-chests", 5),
                                                 ("deck-52", 6), ("open-ranks", 2)])
def test_samples_deal_the_unseen_cards_into_hands_of_the_right_size(preset, players):
    for state in random_positions(preset, players, seed=21, every=13):
        view = state.view(state.current_player)
        sampler = HandSampler(PublicKnowledge(view), view)
        assert sampler.consistent
        samples = sampler.draw(random.Random(2), wanted=20, budget=5000)
        assert samples
        mine = {(rank_of(card), suit_set(suit_of(card))) for card in view["hand"]}
        for sample in samples:
            for opponent, seat in enumerate(sampler.opponents):
                assert sum(SET_SIZE[held] for held in sample[opponent]) == view["hand_sizes"][seat]
                for rank, held in zip(sampler.ranks, sample[opponent], strict=True):
                    assert not any(rank == own_rank and held & suit for own_rank, suit in mine)
                    assert sampler.families[opponent][sampler.rank_index[rank]] >> held & 1
