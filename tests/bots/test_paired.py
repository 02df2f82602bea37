"""Two moves compared on the same sampled deals (games.bots.paired), as the hard bots and the coach compare them."""

from __future__ import annotations

import math

import pytest

from games.bots.paired import paired_difference


def test_the_difference_of_paired_deals_and_its_standard_error():
    mean, error = paired_difference([3, 5, 4, 8], [1, 2, 2, 3])    # differences 2, 3, 2, 5
    assert mean == pytest.approx(3.0)
    assert error == pytest.approx(math.sqrt(2 / 4))                # sample variance 2 over 4 pairs


def test_only_the_deals_both_moves_were_played_on_are_paired():
    assert paired_difference([1, 2, 9, 9], [0, 0]) == paired_difference([1, 2], [0, 0])


def test_under_two_pairs_nothing_tells_the_difference_from_the_noise():
    assert paired_difference([5], [1]) == (4.0, math.inf)
    assert paired_difference([], []) == (0.0, math.inf)


def test_the_same_difference_on_every_deal_is_sure():
    assert paired_difference([4, 6, 9], [3, 5, 8]) == (1.0, 0.0)
