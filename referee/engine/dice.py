"""The random players' draws, exactly as `random.Random` makes them, with fewer Python calls.

`random.Random.choice` calls `_randbelow`, which calls `getrandbits`: two Python frames for
every card a random player picks, and a shuffle pays one frame a card. In random play that is
a third of a trick game's time. `chooser(rng)` and `shuffle(rng, cards)` draw the same bits in
the same order (`_randbelow_with_getrandbits`: k = n.bit_length() bits, drawn again while the
number is n or more), so a seed plays the same deal move for move, and leave the generator in
the same state; `tests/test_dice.py` checks both against `random.Random` itself.

The rejection loop (draw k bits, again while the number is n or more) is written out in each
function on purpose: a shared helper would put back the very call this module removes.

A generator whose class draws another way (a subclass that overrides `choice`, `shuffle` or
`_randbelow`, or one without `getrandbits`) is used through its own methods.
"""

from __future__ import annotations

import functools
import random
import weakref
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

__all__ = ["chooser", "shuffle", "between", "randrange", "bits", "Draws"]

T = TypeVar("T")
F = TypeVar("F")


def _draws_as_random_uncached(kind: type) -> bool:
    """A generator of class `kind` draws as `random.Random` does, by `getrandbits` (callers pass
    `type(rng)` themselves: a wrapper taking the generator would be one more call a draw)."""
    return (issubclass(kind, random.Random) and kind.choice is random.Random.choice
            and kind.shuffle is random.Random.shuffle and kind.randint is random.Random.randint
            and kind.randrange is random.Random.randrange
            # `_randbelow` is private to `random` (typeshed leaves it out), hence the lookups.
            and getattr(kind, "_randbelow", None) is vars(random.Random)["_randbelow_with_getrandbits"])


# Asked once per class of generator, though every deal asks several times. The annotation is
# mypy's view of the cached function (it takes a class for a non-hashable argument otherwise).
_draws_as_random: Callable[[type], bool] = functools.cache(_draws_as_random_uncached)


class Chooser(Protocol):
    """What `rng.choice` is: an element of any sequence, of that sequence's own type."""

    def __call__(self, seq: Sequence[T], /) -> T: ...


class _Last(Generic[F]):
    """The generator last asked for and the function made for it: random play asks for the same
    generator's functions every deal, and a closure costs as much as a short loop. A cache, so
    mutable, one for each kind of draw."""

    __slots__ = ("rng", "function")

    def __init__(self) -> None:
        self.rng: weakref.ref[random.Random] | None = None
        self.function: F | None = None

    def made(self, rng: random.Random) -> F | None:
        return self.function if self.rng is not None and self.rng() is rng else None

    def keep(self, rng: random.Random, function: F) -> F:
        try:
            self.rng, self.function = weakref.ref(rng), function
        except TypeError:  # a generator without weak references is simply not kept
            pass
        return function


_CHOOSER: _Last[Chooser] = _Last()
_BETWEEN: _Last[Callable[[int, int], int]] = _Last()


def chooser(rng: random.Random) -> Chooser:
    """A function that does what `rng.choice` does: the same element, the same bits drawn."""
    made = _CHOOSER.made(rng)
    if made is not None:
        return made
    if not _draws_as_random(type(rng)):
        return rng.choice
    getrandbits = rng.getrandbits

    def choose(seq: Sequence[T]) -> T:
        n = len(seq)
        if not n:  # random.Random.choice refuses too; without this the loop below would not end
            raise IndexError("Cannot choose from an empty sequence")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return seq[r]
    return _CHOOSER.keep(rng, choose)


def bits(rng: random.Random) -> Callable[[int], int] | None:
    """The generator's `getrandbits` when its draws are `random.Random`'s own, else None. A fused
    loop that picks among a few moves on every action writes the rejection loop out itself
    with it (the same bits as `chooser` and `between` draw), saving a call an action; with None
    it draws through the generator's own methods."""
    return rng.getrandbits if _draws_as_random(type(rng)) else None


def between(rng: random.Random) -> Callable[[int, int], int]:
    """A function that does what `rng.randint` does for whole numbers: the same number, the
    same bits drawn (`randrange(low, high + 1)`, which draws `_randbelow(high - low + 1)`)."""
    made = _BETWEEN.made(rng)
    if made is not None:
        return made
    if not _draws_as_random(type(rng)):
        return rng.randint
    getrandbits = rng.getrandbits

    def draw(low: int, high: int) -> int:
        n = high - low + 1
        if n <= 0:  # as randrange refuses an empty range
            raise ValueError(f"empty range in randint({low}, {high})")
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return low + r
    return _BETWEEN.keep(rng, draw)


_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""Length of a list -> its shuffle's steps, from the last place down: (place i, i + 1 places to
draw from, the bits drawn for it). Every deal shuffles a pack of the same few lengths."""


def shuffle(rng: random.Random, cards: list[T]) -> None:
    """`rng.shuffle(cards)`, drawing the same bits in the same order."""
    if not _draws_as_random(type(rng)):
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    steps = _SHUFFLE_STEPS.get(len(cards))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(cards)] = tuple((i, i + 1, (i + 1).bit_length())
                                                   for i in range(len(cards) - 1, 0, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def randrange(rng: random.Random, start: int, stop: int) -> int:
    """`rng.randrange(start, stop)`: the same number, the same bits drawn."""
    if not _draws_as_random(type(rng)):
        return rng.randrange(start, stop)
    n = stop - start
    if n <= 0:  # as randrange refuses an empty range
        raise ValueError(f"empty range in randrange({start}, {stop})")
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return start + r


class Draws:
    """A generator's draws as attributes, `choice` and `shuffle` by this module and the others
    the generator's own: a drop-in for the generator in a loop that calls `rng.choice(...)`
    (the hand-written loops in `bench/` draw through it as the referee does)."""

    __slots__ = ("choice", "shuffle", "random", "randrange", "randint", "getrandbits")

    def __init__(self, rng: random.Random) -> None:
        self.choice = chooser(rng)
        self.shuffle = functools.partial(shuffle, rng)
        self.random, self.randrange, self.randint = rng.random, rng.randrange, between(rng)
        self.getrandbits = rng.getrandbits
