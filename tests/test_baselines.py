"""The OpenSpiel baselines run when open-spiel is installed (the `bench` group)."""

import pytest

pytest.importorskip("pyspiel")

from referee import baselines  # noqa: E402  (only importable usefully after the skip check)


def test_hearts_measures_at_least_one_episode() -> None:
    rate = baselines.measure("hearts", 0.2)
    assert rate is not None
    assert rate.episodes >= 1
    assert rate.per_second > 0
