"""The position string: `Deal.position()` and `referee.from_position` round-trip every shipped
game's positions (same text, same legal actions, same drawing), mid-match too, and a text that is
no position gets an error at its column with a hint."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import referee
from referee.errors import PositionError
from referee.limits import LIMITS
from referee.model.document import game_names, variant_names

GAMES = game_names() + variant_names()


@functools.cache
def _game(name):
    return referee.load_game(name)


def _position(name: str, seed: int, deals_before: int, actions: int):
    """A deal of a random match of `name`: `deals_before` deals played out first (so that the
    match has chosen contracts, moved chips, counted doublings), then `actions` random actions."""
    rng = random.Random(seed)
    match = referee.Match(_game(name))
    match.draw_for_dealer(rng)
    for _ in range(deals_before):
        if match.is_over():
            break
        hands, talon, upcards = match.deal_pack(rng)
        deal = match.new_deal(hands, talon=talon, upcards=upcards)
        while not deal.is_over():
            deal.push(rng.choice(deal.legal_moves()))
        match.finish_deal()
    if match.is_over():
        return None
    hands, talon, upcards = match.deal_pack(rng)
    deal = match.new_deal(hands, talon=talon, upcards=upcards)
    for _ in range(actions):
        if deal.is_over():
            break
        deal.push(rng.choice(deal.legal_moves()))
    return deal


def _same(a, b) -> None:
    assert b.position() == a.position()
    assert [str(x) for x in b.legal_actions()] == [str(x) for x in a.legal_actions()]
    assert b.draw() == a.draw()
    assert (b.to_act, b.is_over(), b.dealer) == (a.to_act, a.is_over(), a.dealer)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), deals_before=st.integers(0, 3), actions=st.integers(0, 80))
def test_a_random_position_of_every_shipped_game_round_trips(name, seed, deals_before, actions):
    deal = _position(name, seed, deals_before, actions)
    if deal is None:
        return
    text = deal.position()
    assert "\n" not in text and text.startswith(f"game {name}; ")
    _same(deal, referee.from_position(text))


def test_a_position_mid_match_writes_what_the_match_had_written():
    deal = _position("kierki", 3, 2, 5)
    text = deal.position()
    assert "deal 3 dealer" in text and text.count("chosen ") == 2
    chips = _position("bouillotte", 2, 1, 0).position()
    assert "chips: " in chips and "chips: 100 100 100 100" not in chips
    four = _position("preferans_four", 2, 1, 3)
    held = four.position().split("held: ")[1].split(";")[0].split()
    assert len(held) == 4 and held[four.dealer] == "-" and held.count("-") == 1  # the dealer sits out


def test_a_position_read_back_plays_on_as_the_deal_does():
    deal = _position("preferans", 8, 0, 6)
    copy = referee.from_position(deal.position())
    rng = random.Random(4)
    while not deal.is_over():
        move = rng.choice(deal.legal_moves())
        assert str(copy.play(str(deal.action_of(move)))) == str(deal.play(move))
    assert copy.is_over() and copy.result().scores == deal.result().scores


def test_the_games_readings_travel_with_the_position():
    game = referee.load_game("kierki", {"heart_lead": "restricted"})
    deal = referee.random_deal(game, seed=2)
    text = deal.position()
    assert "param heart_lead=restricted" in text
    assert referee.from_position(text).game.settings["heart_lead"] == "restricted"
    assert referee.from_position(text, game=game).game is game


@pytest.mark.parametrize("change, column_of, message", [
    (lambda t: "", None, "names no game"),
    (lambda t: t.replace("game kierki", "game nosuch"), "nosuch", "not a game shipped"),
    (lambda t: t.replace("dealer 1", "dealer 9"), "9; hand 1", "no seat 9"),
    (lambda t: t.replace("hand 1: ", "hand 1: ZZ "), "ZZ", "not a card of this game's pack"),
    (lambda t: t.replace("hand 2", "hand 1"), "hand 1", "written twice"),
    (lambda t: t + "; bogus 3", "bogus", "not a part of a position"),
    (lambda t: t + "; actions: play 2♣", "play 2♣", "cannot be played here"),
    (lambda t: t + "; actions: choose no_hearts,, pass", "actions", "missing between two commas"),
    (lambda t: t + "; param heart_lead=zzz", "param", "no choice"),
    (lambda t: t + "\nmore", None, "one line"),
])
def test_a_bad_position_is_an_error_at_its_column_with_the_text(change, column_of, message):
    text = change(referee.random_deal("kierki", seed=4).position())
    with pytest.raises(PositionError, match=message) as caught:
        referee.from_position(text)
    err = caught.value
    assert str(err).startswith("<position>:1:") and "error in the position" in str(err)
    if column_of is not None:
        assert err.position.column == text.rindex(column_of) + 1


def test_a_position_is_bounded_before_it_is_read():
    with pytest.raises(PositionError, match="at most"):
        referee.from_position("game kierki; " + "x" * LIMITS.position_chars)
    with pytest.raises(referee.UsageError):
        referee.from_position(None)  # type: ignore[arg-type]


@functools.cache
def _preferans_text() -> str:
    return _position("preferans", 5, 0, 12).position()


@pytest.mark.slow  # mutated input, as the other fuzzing tests
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cut=st.integers(0, 400), length=st.integers(0, 12), junk=st.text(max_size=6))
def test_a_mangled_position_is_a_clean_error_or_a_position(cut, length, junk):
    text = _preferans_text()
    mangled = text[:cut] + junk + text[cut + length:]
    try:
        deal = referee.from_position(mangled)
    except referee.RefereeError as err:
        assert str(err).startswith("<position>:1:") or isinstance(err, referee.UsageError)
    else:
        assert referee.from_position(deal.position()).position() == deal.position()
