"""Two moves compared on the same sampled deals (a paired comparison), as the hard bots and the coach compare them:
the noise of the deals themselves cancels out, and what is left is the difference the move makes."""

from __future__ import annotations

import math
from collections.abc import Sequence


def paired_difference(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of first[i] - second[i] over the deals both were played on (the first ones) and its standard
    error: infinite under two pairs, where nothing tells the difference from the noise."""
    differences = [a - b for a, b in zip(first, second, strict=False)]
    count = len(differences)
    if not count:
        return 0.0, math.inf
    mean = sum(differences) / count
    if count < 2:
        return mean, math.inf
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return mean, math.sqrt(variance / count)
