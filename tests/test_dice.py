"""`referee.engine.dice` draws exactly as `random.Random` does: the same element, the same
shuffle, and the generator left in the same state, so seeded play is unchanged by it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engine.dice import Draws, between, bits, chooser, randrange, shuffle


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), sizes=st.lists(st.integers(1, 70), min_size=1, max_size=30))
def test_chooser_picks_as_random_choice_and_leaves_the_same_state(seed, sizes):
    ours, theirs = random.Random(seed), random.Random(seed)
    choose = chooser(ours)
    for n in sizes:
        items = list(range(100, 100 + n))
        assert choose(items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 60))
def test_shuffle_shuffles_as_random_shuffle(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), ranges=st.lists(st.tuples(st.integers(-5, 60), st.integers(1, 70)), min_size=1,
                                                     max_size=20))
def test_randrange_draws_as_random_randrange(seed, ranges):
    ours, theirs = random.Random(seed), random.Random(seed)
    for start, width in ranges:
        assert randrange(ours, start, start + width) == theirs.randrange(start, start + width)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):
        randrange(ours, 3, 3)


def test_an_empty_choice_is_refused_not_a_loop():
    with pytest.raises(IndexError):
        chooser(random.Random(1))([])


def test_a_generator_that_draws_its_own_way_is_used_through_its_methods():
    class Loaded(random.Random):
        def choice(self, seq):
            return seq[0]

        def shuffle(self, x):
            x.reverse()

    loaded = Loaded(3)
    assert chooser(loaded)([7, 8, 9]) == 7
    assert bits(loaded) is None and bits(random.Random(3)) is not None
    cards = [1, 2, 3]
    shuffle(loaded, cards)
    assert cards == [3, 2, 1]


def test_draws_stand_in_for_the_generator():
    ours, theirs = random.Random(9), random.Random(9)
    draws = Draws(ours)
    cards = list(range(20))
    draws.shuffle(cards)
    expected = list(range(20))
    theirs.shuffle(expected)
    assert cards == expected
    assert draws.choice("abcdef") == theirs.choice("abcdef")
    assert draws.randrange(10) == theirs.randrange(10) and draws.random() == theirs.random()


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), bounds=st.lists(st.tuples(st.integers(-5, 50), st.integers(0, 70)), min_size=1, max_size=20))
def test_between_draws_as_random_randint(seed, bounds):
    ours, theirs = random.Random(seed), random.Random(seed)
    draw = between(ours)
    for low, width in bounds:
        assert draw(low, low + width) == theirs.randint(low, low + width)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):
        draw(3, 2)
